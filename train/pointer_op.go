package train

import (
	"fmt"
	"hash"
	"hash/fnv"

	"github.com/chewxy/hm"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// The pointer term's scores as gorgonia ops. The term adds (h U)[j] · row_i
// to column c_i of minibatch row j for each of the row's options i: a
// scatter of dot products, a few dozen a row, where a dense formulation
// (the option rows placed in a [B, features, head columns] tensor and a
// batched product) spent most of its time on zeros and per-row calls (7%
// of a training update on Machina Arcana).

// optionScores maps P = h U [rows, feats] to the scores Q [rows, width]:
// Q[j][c_i] += P[j] · row_i over the options in in (set per minibatch).
type optionScores struct {
	in                 *pointerInputs
	rows, width, feats int
}

// optionGrads maps the scores' gradient dQ [rows, width] to P's:
// dP[j] += dQ[j][c_i] · row_i.
type optionGrads struct {
	in                 *pointerInputs
	rows, width, feats int
}

// tensorFn is the type of both ops: a matrix to a matrix of its dtype.
func tensorFn() hm.Type {
	t := G.TensorType{Dims: 2, Of: hm.TypeVariable('a')}
	return hm.NewFnType(t, t)
}

// fnvHash is an op's Hashcode: its name and the inputs it reads (one per
// loss graph), as its WriteHash writes them.
func fnvHash(op fmt.Stringer, in *pointerInputs) uint32 {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s%p", op, in)
	return h.Sum32()
}

// Arity implements G.Op.
func (op optionScores) Arity() int { return 1 }

// Type implements G.Op.
func (op optionScores) Type() hm.Type { return tensorFn() }

// InferShape implements G.Op.
func (op optionScores) InferShape(...G.DimSizer) (tensor.Shape, error) {
	return tensor.Shape{op.rows, op.width}, nil
}

// Do implements G.Op.
func (op optionScores) Do(vs ...G.Value) (G.Value, error) {
	p, ok := vs[0].Data().([]float32)
	if !ok || len(p) != op.rows*op.feats {
		return nil, fmt.Errorf("optionScores: input %v, want %d×%d float32", vs[0].Shape(), op.rows, op.feats)
	}
	out := make([]float32, op.rows*op.width)
	F := op.feats
	for k, e := range op.in.entries {
		var dot float32
		pj := p[int(e.row)*F : int(e.row+1)*F]
		for f, x := range op.in.feats[k*F : (k+1)*F] {
			dot += pj[f] * x
		}
		out[int(e.row)*op.width+int(e.col)] += dot
	}
	return tensor.New(tensor.WithShape(op.rows, op.width), tensor.WithBacking(out)), nil
}

// ReturnsPtr implements G.Op.
func (op optionScores) ReturnsPtr() bool { return false }

// CallsExtern implements G.Op.
func (op optionScores) CallsExtern() bool { return false }

// OverwritesInput implements G.Op.
func (op optionScores) OverwritesInput() int { return -1 }

// WriteHash implements G.Op.
func (op optionScores) WriteHash(h hash.Hash) { fmt.Fprintf(h, "%s%p", op, op.in) }

// Hashcode implements G.Op.
func (op optionScores) Hashcode() uint32 { return fnvHash(op, op.in) }

// String implements G.Op.
func (op optionScores) String() string { return "optionScores" }

// DiffWRT implements G.SDOp.
func (op optionScores) DiffWRT(int) []bool { return []bool{true} }

// SymDiff implements G.SDOp: dP from dQ (optionGrads).
func (op optionScores) SymDiff(_ G.Nodes, _, grad *G.Node) (G.Nodes, error) {
	d, err := G.ApplyOp(optionGrads(op), grad)
	if err != nil {
		return nil, err
	}
	return G.Nodes{d}, nil
}

// Arity implements G.Op.
func (op optionGrads) Arity() int { return 1 }

// Type implements G.Op.
func (op optionGrads) Type() hm.Type { return tensorFn() }

// InferShape implements G.Op.
func (op optionGrads) InferShape(...G.DimSizer) (tensor.Shape, error) {
	return tensor.Shape{op.rows, op.feats}, nil
}

// Do implements G.Op.
func (op optionGrads) Do(vs ...G.Value) (G.Value, error) {
	dq, ok := vs[0].Data().([]float32)
	if !ok || len(dq) != op.rows*op.width {
		return nil, fmt.Errorf("optionGrads: input %v, want %d×%d float32", vs[0].Shape(), op.rows, op.width)
	}
	F := op.feats
	out := make([]float32, op.rows*F)
	for k, e := range op.in.entries {
		if g := dq[int(e.row)*op.width+int(e.col)]; g != 0 {
			axpy(g, op.in.feats[k*F:(k+1)*F], out[int(e.row)*F:int(e.row+1)*F])
		}
	}
	return tensor.New(tensor.WithShape(op.rows, F), tensor.WithBacking(out)), nil
}

// ReturnsPtr implements G.Op.
func (op optionGrads) ReturnsPtr() bool { return false }

// CallsExtern implements G.Op.
func (op optionGrads) CallsExtern() bool { return false }

// OverwritesInput implements G.Op.
func (op optionGrads) OverwritesInput() int { return -1 }

// WriteHash implements G.Op.
func (op optionGrads) WriteHash(h hash.Hash) { fmt.Fprintf(h, "%s%p", op, op.in) }

// Hashcode implements G.Op.
func (op optionGrads) Hashcode() uint32 { return fnvHash(op, op.in) }

// String implements G.Op.
func (op optionGrads) String() string { return "optionGrads" }
