package train

import "golang.org/x/sys/cpu"

// hasAVX2 selects the AVX2 kernel of axpy; without it, gonum's.
var hasAVX2 = cpu.X86.HasAVX2

// axpyAVX2 is axpy's kernel on CPUs with AVX2 (axpy_amd64.s): eight lanes
// at a time, a multiply then an add, no fused multiply-add.
//
//go:noescape
func axpyAVX2(a float32, x, y []float32)

// axpy adds a·x to y element by element (len(y) ≥ len(x)): the inner loop of
// the network's sparse first layer, its dense layers and their gradients.
// Each element gets the same two roundings (the product, then the sum) as
// the plain Go loop, so the results are bit for bit the loop's on every
// kernel.
func axpy(a float32, x, y []float32) {
	if hasAVX2 {
		_ = y[:len(x)] // the kernel writes len(x) elements of y
		axpyAVX2(a, x, y)
		return
	}
	blas.Saxpy(len(x), a, x, 1, y, 1)
}
