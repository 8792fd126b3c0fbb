package benchmarks

import "math"

// Z95 is the standard normal quantile of a two-sided 95% interval.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval for wins successes in n trials at
// normal quantile z (use [Z95] for 95%). With n = 0 it returns [0, 1].
//
//	centre = (p + z²/2n) / (1 + z²/n)
//	half   = z·sqrt(p(1−p)/n + z²/4n²) / (1 + z²/n)
func Wilson(wins, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(wins) / nf
	z2 := z * z
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	return math.Max(0, centre-half), math.Min(1, centre+half)
}
