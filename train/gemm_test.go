package train

import (
	"math"
	"math/rand/v2"
	"testing"

	gblas "gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
)

// TestGemmMatchesGonum checks the loss graph's Sgemm against gonum's, bit
// for bit, for every transpose case, shapes on both sides of gonum's 64-row
// blocks and of the parallel split, padded leading dimensions, and the
// scalings β = 0, 1 and another.
func TestGemmMatchesGonum(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	fill := func(x []float32) {
		for i := range x {
			x[i] = float32(rng.NormFloat64())
			if rng.IntN(8) == 0 {
				x[i] = 0
			}
		}
	}
	shapes := [][3]int{{1, 1, 1}, {3, 5, 7}, {64, 64, 64}, {65, 130, 70}, {200, 128, 33}, {256, 128, 300}, {7, 200, 129}}
	trans := []gblas.Transpose{gblas.NoTrans, gblas.Trans}
	for _, sh := range shapes {
		m, n, k := sh[0], sh[1], sh[2]
		for _, tA := range trans {
			for _, tB := range trans {
				for _, ab := range [][2]float32{{1, 0}, {1, 1}, {0.7, -1.3}, {0, 0.5}} {
					rowsA, colsA := m, k
					if tA == gblas.Trans {
						rowsA, colsA = k, m
					}
					rowsB, colsB := k, n
					if tB == gblas.Trans {
						rowsB, colsB = n, k
					}
					lda, ldb, ldc := colsA+2, colsB+1, n+3
					a, b := make([]float32, rowsA*lda), make([]float32, rowsB*ldb)
					c := make([]float32, m*ldc)
					fill(a)
					fill(b)
					fill(c)
					want := append([]float32(nil), c...)
					gonum.Implementation{}.Sgemm(tA, tB, m, n, k, ab[0], a, lda, b, ldb, ab[1], want, ldc)
					gemm{}.Sgemm(tA, tB, m, n, k, ab[0], a, lda, b, ldb, ab[1], c, ldc)
					for i := range c {
						if math.Float32bits(c[i]) != math.Float32bits(want[i]) {
							t.Fatalf("%v×%v, tA %c tB %c, α %g β %g: c[%d] = %g, gonum %g", sh, [3]int{lda, ldb, ldc}, tA, tB, ab[0], ab[1], i, c[i], want[i])
						}
					}
				}
			}
		}
	}
}

// TestGemmRefusesWhatGonumRefuses checks that bad arguments still get
// gonum's panic.
func TestGemmRefusesWhatGonumRefuses(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("Sgemm with a short C did not panic")
		}
	}()
	a, b, c := make([]float32, 4), make([]float32, 4), make([]float32, 3)
	gemm{}.Sgemm(gblas.NoTrans, gblas.NoTrans, 2, 2, 2, 1, a, 2, b, 2, 0, c, 2)
}
