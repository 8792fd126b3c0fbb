package train

import (
	"math"
	"testing"
)

// TestHeadColumnsMatchFullHead runs one minibatch of Machina Arcana (1,927
// action ids, a few dozen legal) through the full loss graph and through
// the graph of the legal columns only, and checks the same loss terms and
// the same gradient for every parameter, zero in the head's left-out
// columns.
func TestHeadColumnsMatchFullHead(t *testing.T) {
	cfg := encoderConfig(machinaID)
	cfg.Network = NetworkConfig{Crop: CropConfig{Size: 5, Center: "actor_cell"}}
	const n = 40
	r, m := encoderRows(t, machinaID, &cfg, n)
	net := m.Nets[0]
	for _, p := range net.Params() { // biases and a head far from their start
		for j := range p.Data {
			if len(p.Shape) == 1 {
				p.Data[j] = 0.03*float32(j%7) - 0.1
			}
		}
	}
	for j := range net.Pi[0].Data {
		net.Pi[0].Data[j] *= 40
	}
	m.Prepare()
	r.sparsify(m.z0)
	A := m.Arch.Actions
	tr := &Trainer{Config: cfg, Model: m}
	rows := make([]int32, 0, n)
	for i := n - 1; i >= 0; i -= 2 { // every other row, out of order
		rows = append(rows, int32(i))
	}
	for i := range r.adv[:n] {
		r.adv[i] = float32(i%5) - 2
		r.logp[i] = -1.5
	}
	run := func(width int, cols []int32) (stats, [][]float32) {
		lg, err := newHeadGraph(net, m.Arch.Floats(), len(rows)+3, width, &cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer lg.close()
		if cols != nil {
			tr.cols = cols
		}
		tr.fill(lg, r, rows, false)
		grads := zerosLike(net.Params())
		for _, g := range grads { // stale values must be overwritten
			for j := range g {
				g[j] = 9
			}
		}
		st, err := lg.run(grads)
		if err != nil {
			t.Fatal(err)
		}
		lg.backPX(r, rows, grads[len(net.Embeds)])
		lg.backEmb(r, rows, grads)
		return st, grads
	}
	stFull, gFull := run(A, nil)
	cols := append([]int32(nil), tr.legalColumns(r, rows)...)
	w := headWidth(len(cols), A)
	if len(cols) < 2 || w >= A || w < len(cols) {
		t.Fatalf("%d legal columns, width %d of %d: the test needs a narrow head", len(cols), w, A)
	}
	stCols, gCols := run(w, cols)
	near := func(what string, a, b float64) {
		if math.Abs(a-b) > 1e-5*math.Max(1, math.Abs(a)) {
			t.Errorf("%s: %v with the full head, %v with %d columns", what, a, b, w)
		}
	}
	near("loss", stFull.Loss, stCols.Loss)
	near("entropy", stFull.Entropy, stCols.Entropy)
	near("policy loss", stFull.PolicyLoss, stCols.PolicyLoss)
	near("value loss", stFull.ValueLoss, stCols.ValueLoss)
	legal := make([]bool, A)
	for _, a := range cols {
		legal[a] = true
	}
	for i, p := range net.Params() {
		for j := range gFull[i] {
			near(p.Name, float64(gFull[i][j]), float64(gCols[i][j]))
			if p == net.Pi[0] && !legal[j%A] && gCols[i][j] != 0 {
				t.Fatalf("%s: left-out column %d has gradient %v", p.Name, j%A, gCols[i][j])
			}
		}
	}
	t.Logf("%d rows, %d legal actions of %d, head width %d, loss %.6f", len(rows), len(cols), A, w, stCols.Loss)
}

// TestForwardLegalMatchesForward checks that the legal logits of
// ForwardLegal are bit for bit Forward's, and the others MaskedLogit, over
// Machina Arcana observations.
func TestForwardLegalMatchesForward(t *testing.T) {
	cfg := encoderConfig(machinaID)
	cfg.Network = NetworkConfig{}
	const n = 30
	r, m := encoderRows(t, machinaID, &cfg, n)
	A, F := m.Arch.Actions, m.Arch.Floats()
	s := m.NewScratch()
	full, legal := make([]float32, A), make([]float32, A)
	for row := 0; row < n; row++ {
		x, ids, mask := r.x[row*F:(row+1)*F], r.ids[row*m.Arch.I32:(row+1)*m.Arch.I32], r.mask[row*A:(row+1)*A]
		v1 := m.Nets[0].Forward(x, nil, ids, full, s)
		v2 := m.Nets[0].ForwardLegal(x, nil, ids, mask, legal, s)
		if v1 != v2 {
			t.Fatalf("row %d: value %v and %v", row, v1, v2)
		}
		for a := range full {
			want := full[a]
			if mask[a] == 0 {
				want = MaskedLogit
			}
			if legal[a] != want {
				t.Fatalf("row %d, action %d (legal %v): %v, want %v", row, a, mask[a] != 0, legal[a], want)
			}
		}
	}
}
