package train

import (
	"runtime"

	gblas "gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
	"gorgonia.org/tensor"
)

// gemm is the BLAS that the loss graph's matrix products run on: gonum's,
// with Sgemm's two axpy-shaped cases, C = βC + αA·B and C = βC + αAᵀ·B, on
// axpy's kernel (the AVX2 one where the CPU has it, which is about three
// times gonum's). Each element of C gets the same products, each rounded
// the same way, added in the same order (ascending along k) as in gonum's
// Sgemm, whose blocks split only the rows and columns of C, so the results
// are gonum's bit for bit: a run trains the same weights on either. The
// other cases (B transposed) are gonum's own.
type gemm struct{ gonum.Implementation }

func init() { tensor.Use(gemm{}) }

// gemmParallel is the fewest elements of C for which Sgemm splits its rows
// over the cores, as gonum's does from four 64×64 blocks.
const gemmParallel = 4 * 64 * 64

// Sgemm implements blas.Float32 (see the type's doc).
func (g gemm) Sgemm(tA, tB gblas.Transpose, m, n, k int, alpha float32, a []float32, lda int, b []float32, ldb int, beta float32, c []float32, ldc int) {
	aT := tA == gblas.Trans || tA == gblas.ConjTrans
	if !hasAVX2 || tB != gblas.NoTrans || !(aT || tA == gblas.NoTrans) || !gemmArgsValid(aT, m, n, k, a, lda, b, ldb, c, ldc) {
		// gonum's kernels, or gonum's panic on arguments it refuses.
		g.Implementation.Sgemm(tA, tB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
		return
	}
	if m == 0 || n == 0 || (alpha == 0 || k == 0) && beta == 1 {
		return
	}
	if beta != 1 {
		for i := 0; i < m; i++ {
			row := c[i*ldc : i*ldc+n]
			if beta == 0 {
				clear(row)
				continue
			}
			for j := range row {
				row[j] *= beta
			}
		}
	}
	rows := func(i0, i1 int) {
		if aT {
			gemmTransNot(i0, i1, n, k, alpha, a, lda, b, ldb, c, ldc)
		} else {
			gemmNotNot(i0, i1, n, k, alpha, a, lda, b, ldb, c, ldc)
		}
	}
	parts := runtime.GOMAXPROCS(0)
	if parts < 2 || m < 2 || m*n < gemmParallel {
		rows(0, m)
		return
	}
	parts = min(parts, m)
	inParts(parts, func(p int) { rows(share(m, p, parts)) })
}

// gemmArgsValid reports whether Sgemm's arguments pass gonum's checks
// (B not transposed).
func gemmArgsValid(aT bool, m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int) bool {
	if m < 0 || n < 0 || k < 0 || ldb < max(1, n) || ldc < max(1, n) {
		return false
	}
	if aT && lda < max(1, m) || !aT && lda < max(1, k) {
		return false
	}
	if m == 0 || n == 0 {
		return true
	}
	if aT && len(a) < (k-1)*lda+m || !aT && len(a) < (m-1)*lda+k {
		return false
	}
	return len(b) >= (k-1)*ldb+n && len(c) >= (m-1)*ldc+n
}

// gemmNotNot adds αA·B to rows [i0, i1) of C: gonum's sgemmSerialNotNot.
func gemmNotNot(i0, i1, n, k int, alpha float32, a []float32, lda int, b []float32, ldb int, c []float32, ldc int) {
	for i := i0; i < i1; i++ {
		row := c[i*ldc : i*ldc+n]
		for l, v := range a[i*lda : i*lda+k] {
			if t := alpha * v; t != 0 {
				axpy(t, b[l*ldb:l*ldb+n], row)
			}
		}
	}
}

// gemmTransNot adds αAᵀ·B to rows [i0, i1) of C: gonum's
// sgemmSerialTransNot.
func gemmTransNot(i0, i1, n, k int, alpha float32, a []float32, lda int, b []float32, ldb int, c []float32, ldc int) {
	for l := 0; l < k; l++ {
		brow := b[l*ldb : l*ldb+n]
		for i, v := range a[l*lda+i0 : l*lda+i1] {
			if t := alpha * v; t != 0 {
				axpy(t, brow, c[(i0+i)*ldc:(i0+i)*ldc+n])
			}
		}
	}
}
