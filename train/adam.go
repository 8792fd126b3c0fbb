package train

import "math"

// Adam is the Adam optimiser (Kingma and Ba) over a list of parameters, with
// optional clipping of the global gradient norm. Its moments are part of a
// checkpoint, so a resumed run continues exactly.
type Adam struct {
	// Beta1 and Beta2 are the moment decay rates, Eps the denominator's guard.
	Beta1, Beta2, Eps float64
	// Step counts the updates made so far.
	Step int
	// M and V are the first and second moments, one slice per parameter.
	M, V [][]float32
	// parts is how many goroutines share an update (parts.go); the update
	// is element by element, so it never changes results.
	parts int
}

// NewAdam makes an optimiser for params with the usual constants.
func NewAdam(params []*Param) *Adam {
	return &Adam{Beta1: 0.9, Beta2: 0.999, Eps: 1e-5, M: zerosLike(params), V: zerosLike(params)}
}

// zerosLike allocates one zeroed slice per parameter, each of its size (the
// shape of a gradient or of a moment).
func zerosLike(params []*Param) [][]float32 {
	out := make([][]float32, len(params))
	for i, p := range params {
		out[i] = make([]float32, len(p.Data))
	}
	return out
}

// clipScale returns the global L2 norm of grads and the factor that brings
// it down to maxNorm (1 when it is within, or maxNorm ≤ 0).
func clipScale(grads [][]float32, maxNorm float64) (float64, float32) {
	sum := 0.0
	for _, g := range grads {
		for _, v := range g {
			sum += float64(v) * float64(v)
		}
	}
	norm := math.Sqrt(sum)
	if maxNorm > 0 && norm > maxNorm {
		return norm, float32(maxNorm / (norm + 1e-6))
	}
	return norm, 1
}

// ClipAndUpdate applies one Adam step with learning rate lr to params (in
// the same order as at construction), each gradient first scaled so that
// their global L2 norm is at most maxNorm (when maxNorm > 0), and returns
// the norm before clipping. grads are left unscaled.
func (a *Adam) ClipAndUpdate(params []*Param, grads [][]float32, maxNorm, lr float64) float64 {
	norm, scale := clipScale(grads, maxNorm)
	a.Step++
	c1 := 1 - math.Pow(a.Beta1, float64(a.Step))
	c2 := 1 - math.Pow(a.Beta2, float64(a.Step))
	b1, b2 := float32(a.Beta1), float32(a.Beta2)
	step := float32(lr * math.Sqrt(c2) / c1)
	eps := float32(a.Eps * math.Sqrt(c2))
	parts := max(1, a.parts)
	inParts(parts, func(part int) {
		for k, p := range params {
			lo, hi := share(len(p.Data), part, parts)
			m, v, g, w := a.M[k][lo:hi], a.V[k][lo:hi], grads[k][lo:hi], p.Data[lo:hi]
			for i := range w {
				gi := g[i]
				if scale != 1 {
					gi = float32(gi * scale)
				}
				m[i] = b1*m[i] + (1-b1)*gi
				v[i] = b2*v[i] + (1-b2)*gi*gi
				w[i] -= step * m[i] / (float32(math.Sqrt(float64(v[i]))) + eps)
			}
		}
	})
	return norm
}
