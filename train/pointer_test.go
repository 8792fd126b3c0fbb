package train

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/lcg"
)

// pointerConfig is tinyConfig with the pointer term on envID.
func pointerConfig(envID string) Config {
	cfg := encoderConfig(envID)
	cfg.Network = NetworkConfig{Pointer: true}
	return cfg
}

// TestPointerGraphMatchesForward checks, on Machina Arcana and The
// Gathering (both list their options as rows), that the pointer term
// changes the logits of the options' actions, that the gorgonia graph (the
// full head and a gathered one) gives the Go forward pass's logits, and
// that its gradient of the pointer weight agrees with finite differences.
func TestPointerGraphMatchesForward(t *testing.T) {
	for _, id := range []string{machinaID, lcg.TheGatheringID} {
		t.Run(id, func(t *testing.T) {
			cfg := pointerConfig(id)
			const B = 8
			r, m := encoderRows(t, id, &cfg, B)
			net := m.Nets[0]
			d := net.Desc.Pointer
			if d == nil || m.Arch.Format != FormatPointer || net.Ptr == nil || d.Rows < 2 || d.Width < 2 {
				t.Fatalf("pointer %+v, format %s", d, m.Arch.Format)
			}
			for j := range net.Ptr.Data { // a term of the head's scale
				net.Ptr.Data[j] *= 300
			}
			A, floats := m.Arch.Actions, m.Arch.Floats()
			s := m.NewScratch()
			forward := func(row int, logits []float32) float32 {
				return net.Forward(r.x[row*floats:(row+1)*floats], r.enc[row*r.encW:(row+1)*r.encW], r.ids[row*r.i32:(row+1)*r.i32], logits, s)
			}
			// the term moves the logits of the options' actions, no other
			with, without := make([]float32, A), make([]float32, A)
			ptr := net.Ptr
			moved := 0
			for row := 0; row < B; row++ {
				forward(row, with)
				net.Ptr = nil
				forward(row, without)
				net.Ptr = ptr
				opts := r.ids[row*r.i32+d.Offset : row*r.i32+d.Offset+d.Rows]
				for a := range with {
					switch {
					case with[a] != without[a] && !slices.Contains(opts, int32(a)):
						t.Fatalf("row %d: action %d is no option but its logit moved", row, a)
					case with[a] != without[a]:
						moved++
					}
				}
			}
			if moved < B {
				t.Fatalf("the pointer term moved %d logits in %d rows", moved, B)
			}
			rows := []int32{0, 1, 2, 3, 4, 5, 6} // the last graph row is padding
			tr := &Trainer{Config: cfg}
			n := len(tr.legalColumns(r, rows))
			for _, width := range []int{A, headWidth(n, A)} {
				lg, err := newHeadGraph(net, floats, B, width, &cfg)
				if err != nil {
					t.Fatal(err)
				}
				defer lg.close()
				tr.fill(lg, r, rows, false)
				if err := lg.vm.RunAll(); err != nil {
					t.Fatal(err)
				}
				gl := append([]float32(nil), lg.outLogits.Data().([]float32)...)
				lg.vm.Reset()
				logits := make([]float32, A)
				worst := 0.0
				for _, row := range rows {
					forward(int(row), logits)
					for a := range logits {
						c := a
						if width != A {
							if r.mask[int(row)*A+a] == 0 {
								continue
							}
							c = int(tr.colOf[a])
						}
						worst = max(worst, math.Abs(float64(logits[a]-gl[int(row)*width+c])))
					}
				}
				if worst > 1e-3 {
					t.Fatalf("head of %d columns: Go forward and graph differ by %v", width, worst)
				}
				grads := zerosLike(net.Params())
				if _, err := lg.run(grads); err != nil {
					t.Fatal(err)
				}
				g := grads[slices.Index(net.Params(), ptr)]
				cost := graphCost(t, tr, lg, r, rows)
				// the entries of largest gradient, and a fixed few
				big := 0
				for j := range g {
					if math.Abs(float64(g[j])) > math.Abs(float64(g[big])) {
						big = j
					}
				}
				if g[big] == 0 {
					t.Fatal("the pointer weight gets no gradient")
				}
				for _, j := range []int{big, 0, len(g) / 3, len(g) - 1} {
					if num := centralDiff(cost, ptr, j, 1e-2); math.Abs(num-float64(g[j])) > 2e-3+0.05*math.Abs(num) {
						t.Errorf("head of %d columns: d loss / d %s[%d]: graph %v, finite difference %v", width, ptr.Name, j, g[j], num)
					}
				}
			}
		})
	}
}

// An env without option rows refuses the pointer term with a clear error.
func TestPointerNeedsOptionRows(t *testing.T) {
	cfg := tinyConfig()
	e, _ := tinyEnv(t, &cfg)
	cfg.Network.Pointer = true
	_, err := NewArch(e.Spec(), cfg.EnvOptions, &cfg)
	if err == nil || !strings.Contains(err.Error(), `"options"`) {
		t.Fatalf("NewArch on an env without option rows: %v", err)
	}
}
