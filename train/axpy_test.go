package train

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// axpyLoop is the plain Go loop that axpy must equal bit for bit.
func axpyLoop(a float32, x, y []float32) {
	for i, v := range x {
		y[i] += a * v
	}
}

// TestAxpyMatchesTheLoop checks every kernel of axpy (AVX2 where the CPU
// has it, and gonum's) against the plain loop, bit for bit, over lengths
// that exercise each of the kernel's loops and its tail, at unaligned
// offsets, with values from tiny to huge.
func TestAxpyMatchesTheLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	value := func() float32 {
		v := float32(rng.NormFloat64()) * float32(math.Pow(10, float64(rng.IntN(16)-8)))
		if rng.IntN(10) == 0 {
			v = 0
		}
		return v
	}
	kernels := []struct {
		name string
		avx2 bool
	}{{"gonum", false}}
	if hasAVX2 {
		kernels = append(kernels, struct {
			name string
			avx2 bool
		}{"avx2", true})
	}
	defer func(h bool) { hasAVX2 = h }(hasAVX2)
	for _, k := range kernels {
		hasAVX2 = k.avx2
		for n := 0; n <= 300; n++ {
			for _, off := range []int{0, 1, 3} {
				x, y := make([]float32, n+off+5), make([]float32, n+off+5)
				for i := range x {
					x[i], y[i] = value(), value()
				}
				want := append([]float32(nil), y...)
				a := value()
				axpyLoop(a, x[off:off+n], want[off:])
				axpy(a, x[off:off+n], y[off:])
				for i := range y {
					if math.Float32bits(y[i]) != math.Float32bits(want[i]) {
						t.Fatalf("%s: n %d, offset %d: y[%d] = %g, want %g (the loop's)", k.name, n, off, i, y[i], want[i])
					}
				}
			}
		}
	}
}

// BenchmarkAxpy times axpy on rows of the hidden widths, on the kernel
// this CPU uses and on gonum's.
func BenchmarkAxpy(b *testing.B) {
	defer func(h bool) { hasAVX2 = h }(hasAVX2)
	for _, kernel := range []string{"auto", "gonum"} {
		if kernel == "gonum" {
			hasAVX2 = false
		}
		for _, n := range []int{64, 128, 256} {
			x, y := make([]float32, n), make([]float32, n)
			for i := range x {
				x[i] = float32(i)
			}
			b.Run(kernel+"/"+strconv.Itoa(n), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					axpy(0.5, x, y)
				}
			})
		}
	}
}
