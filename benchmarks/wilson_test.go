package benchmarks

import (
	"math"
	"testing"
)

func TestWilsonInterval(t *testing.T) {
	z2 := Z95 * Z95
	for _, c := range []struct {
		wins, n int
		lo, hi  float64
	}{
		// Closed forms at the edges: 0 wins → [0, z²/(n+z²)]; n wins → [n/(n+z²), 1].
		{0, 10, 0, z2 / (10 + z2)},
		{10, 10, 10 / (10 + z2), 1},
		// Half: symmetric about 0.5.
		{5, 10, 0.236593090512564, 0.7634069094874361},
		{29, 200, 0.10289350642004402, 0.20048667530781522},
		{0, 0, 0, 1},
	} {
		lo, hi := Wilson(c.wins, c.n, Z95)
		if math.Abs(lo-c.lo) > 1e-9 || math.Abs(hi-c.hi) > 1e-9 {
			t.Errorf("Wilson(%d, %d) = [%.6f, %.6f], want [%.6f, %.6f]", c.wins, c.n, lo, hi, c.lo, c.hi)
		}
	}
	// The interval narrows as n grows at the same rate, and always holds p.
	lo1, hi1 := Wilson(20, 100, Z95)
	lo2, hi2 := Wilson(200, 1000, Z95)
	if !(lo1 < 0.2 && 0.2 < hi1 && hi2-lo2 < hi1-lo1) {
		t.Fatalf("[%f %f] vs [%f %f]", lo1, hi1, lo2, hi2)
	}
}
