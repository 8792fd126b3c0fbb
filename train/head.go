package train

import "fmt"

// The policy head in the loss graph computes only the columns of the
// actions legal somewhere in the minibatch. An action illegal in every row
// has probability 0 in every row (its logit is masked), so it adds nothing
// to the loss and gets a zero gradient: leaving its column out changes no
// result but the time. Machina Arcana has 1,927 action ids and a minibatch
// of 256 decisions uses a few dozen of them; the full head was half of a
// training update there (matrix products and the log-softmax over [256,
// 1927]). The graphs come in widths of 64·2^k columns, built when first
// needed (a minibatch with more legal actions than the widest bucket below
// the action count uses the full head).

// minHeadWidth is the narrowest bucket of head columns.
const minHeadWidth = 64

// headWidth is the bucket of head columns for n legal actions out of all.
func headWidth(n, all int) int {
	w := minHeadWidth
	for w < n {
		w *= 2
	}
	return min(w, all)
}

// legalColumns writes into t.cols the actions legal in any of the rows of r
// (and so every action taken in them), in ascending order, and into t.colOf
// each one's column.
func (t *Trainer) legalColumns(r *rollout, rows []int32) []int32 {
	A := r.actions
	if len(t.seen) != A {
		t.seen = make([]bool, A)
		t.colOf = make([]int32, A)
	}
	clear(t.seen)
	for _, row := range rows {
		for a, m := range r.mask[int(row)*A : (int(row)+1)*A] {
			if m != 0 {
				t.seen[a] = true
			}
		}
		t.seen[r.act[row]] = true // legal anyway; a teacher's too
	}
	t.cols = t.cols[:0]
	for a, ok := range t.seen {
		if ok {
			t.colOf[a] = int32(len(t.cols))
			t.cols = append(t.cols, int32(a))
		}
	}
	return t.cols
}

// graphFor returns network k's loss graph for minibatches with n legal
// actions, building it on first use.
func (t *Trainer) graphFor(k, n int) (*lossGraph, error) {
	full := t.graphs[k]
	w := headWidth(n, full.Width)
	if w == full.Width {
		return full, nil
	}
	for _, lg := range t.heads[k] {
		if lg.Width == w {
			return lg, nil
		}
	}
	lg, err := newHeadGraph(full.net, t.Model.Arch.Floats(), full.B, w, &t.Config)
	if err != nil {
		return nil, fmt.Errorf("the loss graph of %d head columns: %w", w, err)
	}
	t.heads[k] = append(t.heads[k], lg)
	return lg, nil
}

// setHead gathers the policy head's columns cols (all actions, in order,
// when nil) into the graph's head inputs; the padding columns are zero.
func (lg *lossGraph) setHead(cols []int32) {
	w, b := lg.net.Pi[0], lg.net.Pi[1]
	A, W := w.Shape[1], lg.Width
	hw, hb := data(lg.headW), data(lg.headB)
	if cols == nil {
		copy(hw, w.Data)
		copy(hb, b.Data)
		lg.cols = nil
		return
	}
	clear(hw)
	clear(hb)
	for r := 0; r < w.Shape[0]; r++ {
		src, dst := w.Data[r*A:(r+1)*A], hw[r*W:(r+1)*W]
		for j, a := range cols {
			dst[j] = src[a]
		}
	}
	for j, a := range cols {
		hb[j] = b.Data[a]
	}
	lg.cols = cols
}

// scatterHead writes the gradient g of the gathered head (rows of Width
// columns) into dst, the gradient of the whole head (rows of every action):
// zero in the columns left out.
func (lg *lossGraph) scatterHead(dst, g []float32) {
	if lg.cols == nil {
		copy(dst, g)
		return
	}
	clear(dst)
	A := lg.net.Pi[0].Shape[1]
	for r := 0; r < len(dst)/A; r++ {
		src, out := g[r*lg.Width:(r+1)*lg.Width], dst[r*A:(r+1)*A]
		for j, a := range lg.cols {
			out[a] = src[j]
		}
	}
}
