package train

import "testing"

// BenchmarkAdam is one clipped Adam step over parameters of Machina
// Arcana's MLP size (a first layer of 14,877 × 128, the head 128 × 1,927).
func BenchmarkAdam(b *testing.B) { benchAdam(b, 1) }

// BenchmarkAdamTwoParts is BenchmarkAdam shared by two goroutines.
func BenchmarkAdamTwoParts(b *testing.B) { benchAdam(b, 2) }

func benchAdam(b *testing.B, parts int) {
	params := []*Param{newParam("w1", 14877, 128), newParam("b1", 128), newParam("w2", 128, 128), newParam("pi", 128, 1927)}
	grads := zerosLike(params)
	for _, g := range grads {
		for i := range g {
			g[i] = float32(i%7) - 3
		}
	}
	a := NewAdam(params)
	a.parts = parts
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a.ClipAndUpdate(params, grads, 0.5, 1e-4)
	}
}
