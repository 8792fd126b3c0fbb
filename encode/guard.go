package encode

import (
	"fmt"
	"unsafe"
)

// A guard lets an incremental encoder skip a whole group of blocks (many
// card rows) with one comparison instead of keying each block: the guard
// holds the bytes of state the group is written from, as they were at the
// row's last encoding. When they are the same again, every block of the
// group holds what it would be written with, and the writers of the group
// need not run; what they derive for other writers (counts, say) comes from
// the guard's keep bytes, saved when they last ran.
//
// The inputs are compared as raw bytes (see [Bytes]): two states that
// differ only in bytes the writers do not read (padding, fields of no
// concern) look different, which costs a rewrite of the group but never a
// stale element. An encoder consults each guard of its plan exactly once
// in every incremental encoding ([Memory.End] panics otherwise), so that
// the bytes a guard holds are always those of the last encoding.

// guardSize is the size of one guard's memory: in bytes of input, then
// keep bytes.
type guardSize struct{ in, keep int }

// MaxGuards is the most guards a plan may have.
const MaxGuards = 64

// Guard adds a guard of in bytes of input and keep bytes of derived values
// to the plan and returns its index (see [Memory.Same]).
func (p *Plan) Guard(in, keep int) int {
	if len(p.guards) == MaxGuards {
		panic(fmt.Sprintf("encode: more than %d guards", MaxGuards))
	}
	if in <= 0 || keep < 0 {
		panic(fmt.Sprintf("encode: a guard of %d input and %d keep bytes", in, keep))
	}
	p.guards = append(p.guards, guardSize{in, keep})
	return len(p.guards) - 1
}

// Bytes is the memory of *x as bytes, for a guard's input: a fixed-size
// array or struct of plain values (no pointers, slices or strings, whose
// bytes would be addresses, not contents).
func Bytes[T any](x *T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(x)), unsafe.Sizeof(*x))
}

// Same reports whether the input of guard g (the bytes of in, one after
// another) is what it was at the row's last encoding, in which case every
// block of the guard's group holds what it would be written with: the
// encoder skips their writers (their keys stay as they are) and reads what
// they derived from Keep(g). Otherwise the memory takes the new input and
// the encoder writes the group as usual, then saves what it derives in
// Keep(g). On a full rewrite Same reports false.
func (m *Memory) Same(g int, in ...[]byte) bool {
	m.consulted |= 1 << uint(g)
	mem := m.guards[g][:m.plan.guards[g].in]
	same := !m.full
	for _, b := range in {
		if len(b) > len(mem) {
			panic(fmt.Sprintf("encode: guard %d holds %d bytes of input, given more", g, m.plan.guards[g].in))
		}
		if same {
			same = string(mem[:len(b)]) == string(b)
		}
		if !same {
			copy(mem, b)
		}
		mem = mem[len(b):]
	}
	if len(mem) != 0 {
		panic(fmt.Sprintf("encode: guard %d holds %d bytes of input, given %d", g, m.plan.guards[g].in, m.plan.guards[g].in-len(mem)))
	}
	return same
}

// Keep returns guard g's keep bytes: what the writers of its group derived
// when they last ran, for an encoding that Same lets skip them.
func (m *Memory) Keep(g int) []byte { return m.guards[g][m.plan.guards[g].in:] }

// newGuards returns the memory of the plan's guards, one buffer each.
func (p *Plan) newGuards() [][]byte {
	g := make([][]byte, len(p.guards))
	for i, sz := range p.guards {
		g[i] = make([]byte, sz.in+sz.keep)
	}
	return g
}

// Same reports whether guard g's group may be skipped (see [Memory.Same]):
// never without a memory.
func (w *Writer) Same(g int, in ...[]byte) bool {
	if w.M == nil {
		return false
	}
	return w.M.Same(g, in...)
}

// Keep returns guard g's keep bytes (see [Memory.Keep]), nil without a
// memory.
func (w *Writer) Keep(g int) []byte {
	if w.M == nil {
		return nil
	}
	return w.M.Keep(g)
}
