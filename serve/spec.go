package serve

import (
	"github.com/mythos-rl/mythos/env"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// specMessage describes an env spec on the wire.
func specMessage(s *env.Spec) *pb.EnvSpec {
	m := &pb.EnvSpec{
		Id:          s.ID,
		Description: s.Description,
		NumActions:  int32(s.Actions),
		ActionNames: append([]string(nil), s.ActionNames...),
		Agents:      append([]string(nil), s.Agents...),
		Markdown:    s.Markdown(),
	}
	for _, f := range s.Layout.Fields {
		dims := make([]int64, len(f.Shape))
		for i, d := range f.Shape {
			dims[i] = int64(d)
		}
		m.Fields = append(m.Fields, &pb.FieldSpec{Name: f.Name, Dtype: dtypeOf(f.DType), Shape: dims, Doc: f.Doc, Offset: int64(f.Offset)})
	}
	for _, o := range s.Options {
		m.Options = append(m.Options, &pb.OptionSpec{Name: o.Name, DefaultValue: o.Default, Doc: o.Doc})
	}
	return m
}

// resultBytes bounds the encoded size of a StepResult of n envs of spec s.
// In the tensor encoding sparse observations take at most twice the dense
// size (index and value); in the packed encoding a sparse reply is never
// larger than the dense one (packedWire falls back to dense when sparse
// would be larger), so the bound is the dense size for both. Uint8 fields
// are always dense, one byte an element.
func resultBytes(s *env.Spec, n int, final, sparse, packed bool) int {
	l := s.Layout
	if packed {
		obs := l.Bytes()
		row := obs + s.Actions + 4*len(s.Agents) + 3*4 + 2*4 + 2 + 8
		if final {
			row += obs
		}
		return n*row + 1024
	}
	obs := 4*(l.F32+l.I32) + 16*len(l.Fields)
	if sparse {
		obs *= 2
	}
	obs += l.U8 // uint8 fields are dense in every encoding
	row := obs + s.Actions + 4*len(s.Agents) + 4 + 4 + 1 + 1 + 4 + 4 + 8 + 4
	if final {
		row += obs
	}
	return n*row + 64*len(l.Fields) + 1024
}
