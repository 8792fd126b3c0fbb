package game

import (
	"encoding/binary"
	"math"
)

// Writer builds the canonical binary form of a state: fixed-width little-endian
// values and length-prefixed slices, in the order the game writes them.
type Writer struct {
	B []byte
}

// U8 writes one byte.
func (w *Writer) U8(v uint8) { w.B = append(w.B, v) }

// Bool writes a boolean as one byte.
func (w *Writer) Bool(v bool) {
	if v {
		w.U8(1)
	} else {
		w.U8(0)
	}
}

// I32 writes a 32-bit integer.
func (w *Writer) I32(v int32) { w.B = binary.LittleEndian.AppendUint32(w.B, uint32(v)) }

// Int writes an int as 64 bits.
func (w *Writer) Int(v int) { w.U64(uint64(v)) }

// U64 writes a 64-bit integer.
func (w *Writer) U64(v uint64) { w.B = binary.LittleEndian.AppendUint64(w.B, v) }

// F64 writes a float64 by its bits.
func (w *Writer) F64(v float64) { w.U64(math.Float64bits(v)) }

// Ints writes a length-prefixed slice of small integers.
func Ints[T ~int8 | ~int16 | ~int32 | ~int | ~uint8 | ~uint16](w *Writer, s []T) {
	w.Int(len(s))
	for _, v := range s {
		w.I32(int32(v))
	}
}

// RNG writes a generator's state.
func (w *Writer) RNG(r *RNG) {
	b, _ := r.AppendBinary(nil)
	w.Int(len(b))
	w.B = append(w.B, b...)
}

// Stack writes every frame of a stack.
func (w *Writer) Stack(st *Stack) {
	w.Int(len(st.Frames))
	for _, f := range st.Frames {
		w.I32(int32(f.Op))
		w.U8(f.Step)
		w.U8(uint8(f.Who))
		w.I32(f.Answer)
		w.I32(f.Src)
		w.I32(f.Tgt)
		w.I32(f.A)
		w.I32(f.B)
	}
}

// Prompt writes a prompt with its options.
func (w *Writer) Prompt(p *Prompt) {
	w.U8(uint8(p.Actor))
	w.U8(uint8(p.Kind))
	w.I32(p.Source)
	w.Int(len(p.Options))
	for _, o := range p.Options {
		w.I32(int32(o.Code))
		w.I32(o.Arg)
		w.I32(o.Arg2)
	}
}

// Log writes the event log.
func (w *Writer) Log(l *Log) {
	w.Bool(l.Enabled)
	w.Int(len(l.Events))
	for _, e := range l.Events {
		w.I32(int32(e.Kind))
		w.U8(uint8(e.Who))
		w.I32(e.A)
		w.I32(e.B)
		w.I32(e.C)
	}
}
