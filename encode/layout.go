package encode

import (
	"fmt"
	"strings"
)

// DType is the element type of an observation field.
type DType uint8

const (
	// Float32 fields hold features (counts, flags, normalised values).
	Float32 DType = iota + 1
	// Int32 fields hold identities (card ids, location ids) for embedding tables.
	Int32
	// Uint8 fields hold flags and small counts (0 to 255) compactly: the
	// spatial planes a convolutional policy reads, as Atari-style envs give
	// them. Consumers convert them to float; an encoder must never write a
	// value outside [0, 255] (encoders test this: no silent truncation).
	Uint8
)

// String returns the dtype's name as numpy spells it.
func (d DType) String() string {
	switch d {
	case Float32:
		return "float32"
	case Int32:
		return "int32"
	case Uint8:
		return "uint8"
	}
	return fmt.Sprintf("dtype(%d)", uint8(d))
}

// Field is one named tensor of an observation.
type Field struct {
	Name  string
	DType DType
	Shape []int
	// Doc says what the field means, for the generated layout docs.
	Doc string
	// Offset is where the field starts in the buffer of its dtype.
	Offset int
}

// ElemSize is the number of bytes of one element of the dtype.
func (d DType) ElemSize() int {
	if d == Uint8 {
		return 1
	}
	return 4
}

// Size is the number of elements of the field.
func (f *Field) Size() int {
	n := 1
	for _, d := range f.Shape {
		n *= d
	}
	return n
}

// Layout is the fixed set of fields an encoder writes, packed in three
// buffers: one of float32, one of int32 and one of uint8 (empty for layouts
// without uint8 fields).
type Layout struct {
	Fields []Field
	// F32, I32 and U8 are the sizes (elements) of the three buffers.
	F32, I32, U8 int
}

// Bytes is the size of one observation of the layout in bytes.
func (l *Layout) Bytes() int { return 4*(l.F32+l.I32) + l.U8 }

// Add appends a field and returns its index. Offsets are assigned in order.
func (l *Layout) Add(name string, dt DType, doc string, shape ...int) int {
	f := Field{Name: name, DType: dt, Shape: shape, Doc: doc}
	switch dt {
	case Float32:
		f.Offset = l.F32
		l.F32 += f.Size()
	case Int32:
		f.Offset = l.I32
		l.I32 += f.Size()
	case Uint8:
		f.Offset = l.U8
		l.U8 += f.Size()
	default:
		panic("encode: unknown dtype")
	}
	l.Fields = append(l.Fields, f)
	return len(l.Fields) - 1
}

// Field returns the field with the given name.
func (l *Layout) Field(name string) (*Field, bool) {
	for i := range l.Fields {
		if l.Fields[i].Name == name {
			return &l.Fields[i], true
		}
	}
	return nil, false
}

// NewObs allocates the buffers of one observation of this layout.
func (l *Layout) NewObs() Obs {
	o := Obs{F32: make([]float32, l.F32), I32: make([]int32, l.I32)}
	if l.U8 > 0 {
		o.U8 = make([]uint8, l.U8)
	}
	return o
}

// Row returns the observation of row i of batch buffers laid out by l (N
// rows of each dtype back to back): the views every vector and session
// hands its envs.
func (l *Layout) Row(f32 []float32, i32 []int32, u8 []uint8, i int) Obs {
	return Obs{
		F32: f32[i*l.F32 : (i+1)*l.F32 : (i+1)*l.F32],
		I32: i32[i*l.I32 : (i+1)*l.I32 : (i+1)*l.I32],
		U8:  u8[i*l.U8 : (i+1)*l.U8 : (i+1)*l.U8],
	}
}

// Markdown lists the fields as a Markdown table.
func (l *Layout) Markdown() string {
	var b strings.Builder
	b.WriteString("| field | dtype | shape | meaning |\n|---|---|---|---|\n")
	for _, f := range l.Fields {
		fmt.Fprintf(&b, "| `%s` | %s | %v | %s |\n", f.Name, f.DType, f.Shape, f.Doc)
	}
	return b.String()
}

// Obs is one observation: views into a float32, an int32 and a uint8 buffer
// laid out by a [Layout]. It is owned by whoever allocated the buffers.
type Obs struct {
	F32 []float32
	I32 []int32
	U8  []uint8
}

// Float returns the float32 elements of field f.
func (o Obs) Float(f *Field) []float32 { return o.F32[f.Offset : f.Offset+f.Size()] }

// Int returns the int32 elements of field f.
func (o Obs) Int(f *Field) []int32 { return o.I32[f.Offset : f.Offset+f.Size()] }

// Bytes returns the uint8 elements of field f.
func (o Obs) Bytes(f *Field) []uint8 { return o.U8[f.Offset : f.Offset+f.Size()] }

// CopyFrom copies src's elements into o.
func (o Obs) CopyFrom(src Obs) {
	copy(o.F32, src.F32)
	copy(o.I32, src.I32)
	copy(o.U8, src.U8)
}

// Clear zeroes the buffers.
func (o Obs) Clear() {
	clear(o.F32)
	clear(o.I32)
	clear(o.U8)
}
