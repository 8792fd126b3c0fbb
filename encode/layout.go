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
)

// String returns the dtype's name as numpy spells it.
func (d DType) String() string {
	switch d {
	case Float32:
		return "float32"
	case Int32:
		return "int32"
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

// Size is the number of elements of the field.
func (f *Field) Size() int {
	n := 1
	for _, d := range f.Shape {
		n *= d
	}
	return n
}

// Layout is the fixed set of fields an encoder writes, packed in two buffers:
// one of float32 and one of int32.
type Layout struct {
	Fields []Field
	// F32 and I32 are the sizes of the two buffers.
	F32, I32 int
}

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

// NewObs allocates a buffer pair for one observation of this layout.
func (l *Layout) NewObs() Obs {
	return Obs{F32: make([]float32, l.F32), I32: make([]int32, l.I32)}
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

// Obs is one observation: views into a float32 and an int32 buffer laid out by
// a [Layout]. It is owned by whoever allocated the buffers.
type Obs struct {
	F32 []float32
	I32 []int32
}

// Float returns the float32 elements of field f.
func (o Obs) Float(f *Field) []float32 { return o.F32[f.Offset : f.Offset+f.Size()] }

// Int returns the int32 elements of field f.
func (o Obs) Int(f *Field) []int32 { return o.I32[f.Offset : f.Offset+f.Size()] }

// CopyFrom copies src's elements into o.
func (o Obs) CopyFrom(src Obs) {
	copy(o.F32, src.F32)
	copy(o.I32, src.I32)
}

// Clear zeroes both buffers.
func (o Obs) Clear() {
	clear(o.F32)
	clear(o.I32)
}
