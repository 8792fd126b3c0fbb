package train

import (
	"github.com/mythos-rl/mythos/env/game"
)

// rollout holds one batch of experience: RolloutSteps steps of NumEnvs envs,
// row t*N+i for step t of env i. Float observations are stored already
// normalised (with the statistics frozen during the rollout), so the update
// sees exactly what the policy saw.
type rollout struct {
	n, steps, f32, i32, actions int
	x                           []float32
	// enc holds each row's encoder input (Arch.EncInput), encW wide.
	encW                int
	enc                 []float32
	ids                 []int32
	mask                []int8
	act                 []int32
	agent               []int32
	logp, value, reward []float32
	done                []bool
	adv, ret            []float32
	lastValue           []float32
	// z0 is the normalised value of a raw 0 during this rollout; row j's
	// features that differ from it are spIdx/spVal[spStart[j]:spStart[j+1]]
	// (x - z0, the sparse form the first layer uses).
	z0             []float32
	spStart, spIdx []int32
	spVal          []float32
	spParts        []sparseRows // sparsifyParts' lists, one per part, kept for the next rollout
}

func newRollout(n, steps, f32, i32, encW, actions int) *rollout {
	rows := n * steps
	return &rollout{
		n: n, steps: steps, f32: f32, i32: i32, actions: actions, encW: encW, enc: make([]float32, rows*encW),
		x: make([]float32, rows*f32), ids: make([]int32, rows*i32), mask: make([]int8, rows*actions),
		act: make([]int32, rows), agent: make([]int32, rows),
		logp: make([]float32, rows), value: make([]float32, rows), reward: make([]float32, rows),
		done: make([]bool, rows), adv: make([]float32, rows), ret: make([]float32, rows),
		lastValue: make([]float32, n),
		z0:        make([]float32, f32), spStart: make([]int32, rows+1),
	}
}

// sparsify builds the sparse form of x relative to z0.
func (r *rollout) sparsify(z0 []float32) { r.sparsifyParts(z0, 1) }

// sparsifyParts is sparsify with the rows split over parts goroutines,
// each gathering its rows' features into its own lists, which are then
// joined in row order: the result is sparsify's.
func (r *rollout) sparsifyParts(z0 []float32, parts int) {
	copy(r.z0, z0)
	rows := r.rows()
	parts = max(1, min(parts, rows))
	for len(r.spParts) < parts {
		r.spParts = append(r.spParts, sparseRows{})
	}
	inParts(parts, func(p int) {
		lo, hi := share(rows, p, parts)
		sp := &r.spParts[p]
		sp.idx, sp.val = sp.idx[:0], sp.val[:0]
		for row := lo; row < hi; row++ {
			r.spStart[row] = int32(len(sp.idx)) // within the part, until joined
			for i, v := range r.x[row*r.f32 : (row+1)*r.f32] {
				if d := v - z0[i]; d != 0 {
					sp.idx = append(sp.idx, int32(i))
					sp.val = append(sp.val, d)
				}
			}
		}
	})
	r.spIdx, r.spVal = r.spIdx[:0], r.spVal[:0]
	for p := 0; p < parts; p++ {
		lo, hi := share(rows, p, parts)
		base := int32(len(r.spIdx))
		for row := lo; row < hi; row++ {
			r.spStart[row] += base
		}
		r.spIdx = append(r.spIdx, r.spParts[p].idx...)
		r.spVal = append(r.spVal, r.spParts[p].val...)
	}
	r.spStart[rows] = int32(len(r.spIdx))
}

// sparseRows is one part's share of the sparse form while sparsifyParts
// builds it.
type sparseRows struct {
	idx []int32
	val []float32
}

// rows is the number of samples.
func (r *rollout) rows() int { return r.n * r.steps }

// computeGAE fills adv and ret with generalised advantage estimates:
// δ_t = r_t + γ V(s_{t+1}) (1 - done_t) - V(s_t), A_t = δ_t + γ λ (1 - done_t) A_{t+1},
// return = A + V. Truncated episodes were already bootstrapped into r_t.
func (r *rollout) computeGAE(gamma, lambda float64) {
	for i := 0; i < r.n; i++ {
		gae := 0.0
		for t := r.steps - 1; t >= 0; t-- {
			row := t*r.n + i
			next := float64(r.lastValue[i])
			if t+1 < r.steps {
				next = float64(r.value[row+r.n])
			}
			live := 1.0
			if r.done[row] {
				live = 0
			}
			delta := float64(r.reward[row]) + gamma*next*live - float64(r.value[row])
			gae = delta + gamma*lambda*live*gae
			r.adv[row] = float32(gae)
			r.ret[row] = float32(gae + float64(r.value[row]))
		}
	}
}

// sample draws an action from probs with rng (inverse CDF over the legal
// actions; falls back to the last legal action on rounding).
func sample(rng *game.RNG, probs []float32, mask []int8) int {
	u := rng.Float64()
	acc, last := 0.0, -1
	for a, p := range probs {
		if mask[a] == 0 {
			continue
		}
		last = a
		acc += float64(p)
		if u < acc {
			return a
		}
	}
	return last
}

// argmax returns the most probable legal action (the lowest id on ties).
func argmax(probs []float32, mask []int8) int {
	best := -1
	for a, p := range probs {
		if mask[a] != 0 && (best < 0 || p > probs[best]) {
			best = a
		}
	}
	return best
}
