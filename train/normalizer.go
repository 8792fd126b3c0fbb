package train

import "math"

// Normalizer keeps running means and variances of the float observation
// features (Chan et al.'s parallel update, in float64) and standardises
// observations with them.
type Normalizer struct {
	// Count is the number of observations seen; Mean and Var their
	// per-feature mean and (population) variance.
	Count float64
	Mean  []float64
	Var   []float64
	// frozen float32 copies used by Apply, refreshed by Freeze
	mean32, scale32 []float32
}

// NewNormalizer starts statistics for n features (mean 0, variance 1).
func NewNormalizer(n int) *Normalizer {
	z := &Normalizer{Mean: make([]float64, n), Var: make([]float64, n)}
	for i := range z.Var {
		z.Var[i] = 1
	}
	z.Freeze()
	return z
}

// Moments accumulates a batch's statistics before they are merged.
type Moments struct {
	// Count observations with per-feature sums and sums of squares.
	Count float64
	Sum   []float64
	SumSq []float64
}

// NewMoments starts empty batch statistics for n features.
func NewMoments(n int) *Moments {
	return &Moments{Sum: make([]float64, n), SumSq: make([]float64, n)}
}

// Add counts one observation.
func (b *Moments) Add(x []float32) {
	b.Count++
	for i, v := range x {
		f := float64(v)
		b.Sum[i] += f
		b.SumSq[i] += f * f
	}
}

// AddRows counts the rows observations laid one after another in x, the
// features split over parts goroutines. Each feature's sums take the rows
// in order, as rows calls of Add do, so the sums are Add's.
func (b *Moments) AddRows(x []float32, rows, parts int) {
	n := len(b.Sum)
	b.Count += float64(rows)
	parts = max(1, min(parts, n))
	inParts(parts, func(p int) {
		lo, hi := share(n, p, parts)
		sum, sq := b.Sum[lo:hi], b.SumSq[lo:hi]
		for r := 0; r < rows; r++ {
			for i, v := range x[r*n+lo : r*n+hi] {
				f := float64(v)
				sum[i] += f
				sq[i] += f * f
			}
		}
	})
}

// Merge folds batch statistics into the running ones (and clears b).
func (z *Normalizer) Merge(b *Moments) {
	if b.Count == 0 {
		return
	}
	n := z.Count + b.Count
	for i := range z.Mean {
		bm := b.Sum[i] / b.Count
		bv := math.Max(0, b.SumSq[i]/b.Count-bm*bm)
		d := bm - z.Mean[i]
		m2 := z.Var[i]*z.Count + bv*b.Count + d*d*z.Count*b.Count/n
		z.Mean[i] += d * b.Count / n
		z.Var[i] = m2 / n
		b.Sum[i], b.SumSq[i] = 0, 0
	}
	z.Count = n
	b.Count = 0
	z.Freeze()
}

// Freeze refreshes the float32 copies Apply uses.
func (z *Normalizer) Freeze() {
	if len(z.mean32) != len(z.Mean) {
		z.mean32, z.scale32 = make([]float32, len(z.Mean)), make([]float32, len(z.Mean))
	}
	for i := range z.Mean {
		z.mean32[i] = float32(z.Mean[i])
		z.scale32[i] = float32(1 / math.Sqrt(z.Var[i]+ObsEps))
	}
}

// Apply writes clip((x - mean) / sqrt(var + eps), -clip, clip) into out.
func (z *Normalizer) Apply(x, out []float32, clip float32) {
	for i, v := range x {
		y := (v - z.mean32[i]) * z.scale32[i]
		out[i] = max(-clip, min(clip, y))
	}
}
