//go:build !amd64

package train

// hasAVX2 is false off amd64: axpy and Sgemm are gonum's.
var hasAVX2 = false

// axpy adds a·x to y element by element (len(y) ≥ len(x)): the inner loop of
// the network's sparse first layer, its dense layers and their gradients.
// Each element gets the same two roundings (the product, then the sum) as
// the plain Go loop, so the results are bit for bit the loop's.
func axpy(a float32, x, y []float32) { blas.Saxpy(len(x), a, x, 1, y, 1) }
