package train

import "gonum.org/v1/gonum/blas/gonum"

// blas is gonum's pure-Go BLAS: its single-precision kernels run on the
// CPU's vector instructions (assembly on amd64).
var blas gonum.Implementation
