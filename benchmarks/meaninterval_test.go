package benchmarks

import (
	"math"
	"testing"
)

func TestMeanInterval(t *testing.T) {
	// ±1 scores, half each: mean 0, s = √(100/99), half-width 1.96·s/10.
	xs := make([]float64, 100)
	for i := range xs {
		xs[i] = float64(1 - 2*(i%2))
	}
	m, lo, hi := MeanInterval(xs, Z95)
	want := Z95 * math.Sqrt(100.0/99) / 10
	if m != 0 || math.Abs(hi-want) > 1e-12 || math.Abs(lo+want) > 1e-12 {
		t.Fatalf("MeanInterval = %v [%v, %v], want 0 [±%v]", m, lo, hi, want)
	}
	if m, lo, hi := MeanInterval([]float64{-2.5}, Z95); m != -2.5 || lo != m || hi != m {
		t.Fatalf("one value: %v [%v, %v]", m, lo, hi)
	}
}
