package encode

import "github.com/mythos-rl/mythos/env/game"

// Writer is the part of an encoding that every game's encoder shares: the
// row being written and how (from zero, keeping a [Touched] record or not,
// or incrementally with a [Memory]), and the accessors its writers use. A
// game's writer embeds it and calls F, I, SetI and SetF for the elements
// it writes, and Changed or Rewrite before each block of its [Plan]; on a
// full encoding those two always answer "write", so one set of writers
// serves both kinds of encoding.
//
// An encoder's three entry points are then a few lines each:
//
//	func (e *Encoder) Encode(s game.State, v game.AgentID, o encode.Obs) { e.encode(s, v, o, nil, nil) }
//	func (e *Encoder) EncodeTouched(s game.State, v game.AgentID, o encode.Obs, t *encode.Touched) { e.encode(s, v, o, t, nil) }
//	func (e *Encoder) EncodeIncremental(s game.State, v game.AgentID, o encode.Obs, m *encode.Memory) { e.encode(s, v, o, nil, m) }
//
// with encode doing w := writer{Writer: encode.Start(s, v, o, t, m), ...},
// the game's writers, and w.Finish().
type Writer struct {
	O Obs
	T *Touched // full encoding keeping a record: what is written is marked first
	M *Memory  // incremental encoding, else nil

	keys   []Key    // M's keys
	keys32 []uint32 // M's keys of Narrow blocks, from narrow on
	narrow int      // the plan's first Narrow block
	full   bool     // every block is written: no memory, or M rewrites the row whole
	stale  bool     // a block Changed reports holds what it held (M, not full)
	slow   bool     // stale, or T is set: Fresh has work to do
}

// Start begins an encoding of s from viewer's view into o: incremental
// when m is not nil (t is then ignored: m's own record, see
// [Memory.Attach], is kept), else from zero, keeping the record t when it
// is not nil (see [Obs.Begin]).
func Start(s game.State, viewer game.AgentID, o Obs, t *Touched, m *Memory) Writer {
	if m != nil {
		m.Begin(s, viewer, o)
		return Writer{O: o, M: m, keys: m.keys, keys32: m.keys32, narrow: m.plan.narrow, full: m.full, stale: !m.full, slow: !m.full}
	}
	o.Begin(t)
	return Writer{O: o, T: t, full: true, slow: t != nil}
}

// Finish ends the encoding (see [Memory.End]).
func (w *Writer) Finish() {
	if w.M != nil {
		w.M.End()
	}
}

// Viewer is the seat an encoding of a game of n seats is written for:
// viewer, or seat 0 when viewer is not one of them (the game is over).
func Viewer(viewer game.AgentID, n int) int {
	if v := int(viewer); v >= 0 && v < n {
		return v
	}
	return 0
}

// Changed reports whether block b, whose key is now k, must be written
// (always, on a full encoding; see [Memory.Changed]).
func (w *Writer) Changed(b int, k Key) bool {
	if !w.full && w.keys[b] == k { // inlined: most blocks are kept
		return false
	}
	return w.changed(b, k)
}

// changed is Changed's slow path.
//
//go:noinline
func (w *Writer) changed(b int, k Key) bool {
	if w.M != nil {
		w.M.changed(b, k)
	}
	return true
}

// Changed32 is Changed for a Narrow block b, whose key is now k.
func (w *Writer) Changed32(b int, k uint32) bool {
	if !w.full && w.keys32[b-w.narrow] == k { // inlined: most blocks are kept
		return false
	}
	return w.changed32(b, k)
}

// changed32 is Changed32's slow path.
//
//go:noinline
func (w *Writer) changed32(b int, k uint32) bool {
	if w.M != nil {
		w.M.changed32(b, k)
	}
	return true
}

// Rewrite prepares block b to be written whatever it holds (nothing to do
// on a full encoding; see [Memory.Rewrite]).
func (w *Writer) Rewrite(b int) {
	if w.M != nil {
		w.M.Rewrite(b)
	}
}

// Live reports whether block b may hold something other than what its
// zero key writes: always on a full encoding, else when its key is not
// zero. A writer whose absent slots are not all zero (an id of −1) uses it
// to stop at the first slot that is absent already.
func (w *Writer) Live(b int) bool {
	if w.full {
		return true
	}
	if w.narrow >= 0 && b >= w.narrow {
		return w.keys32[b-w.narrow] != 0
	}
	return w.keys[b] != (Key{})
}

// Held is the key block b holds in the row: the key it was last written
// from, or the zero Key on a full encoding (the row is zero). A writer
// that rewrites its block every time, but only in part, reads from it what
// the block held before (the Key of a block before the plan's Narrow ones).
func (w *Writer) Held(b int) Key {
	if w.full {
		return Key{}
	}
	return w.keys[b]
}

// Overwrite prepares block b to be written whole, every element (nothing
// to do on a full encoding; see [Memory.Overwrite]).
func (w *Writer) Overwrite(b int) {
	if w.M != nil {
		w.M.Overwrite(b)
	}
}

// Absent says that blocks [first, first+n) are absent from the state (all
// zero; see [Memory.Absent]): nothing to do on a full encoding.
func (w *Writer) Absent(first, n int) {
	if w.M != nil {
		w.M.Absent(first, n)
	}
}

// AbsentMask says that blocks first+k, for each bit k set in mask, are
// absent from the state (see [Memory.AbsentMask]).
func (w *Writer) AbsentMask(first int, mask uint64) {
	if w.M != nil {
		w.M.AbsentMask(first, mask)
	}
}

// F returns elements [off, off+n) of the float32 buffer, to be written.
func (w *Writer) F(off, n int) []float32 {
	if w.T != nil {
		markF32(w.T, off, n)
	}
	return w.O.F32[off : off+n]
}

// I returns elements [off, off+n) of the int32 buffer, to be written.
func (w *Writer) I(off, n int) []int32 {
	if w.T != nil {
		markI32(w.T, off, n)
	}
	return w.O.I32[off : off+n]
}

// Fresh returns elements [off, off+n) of the float32 buffer, zero, to be
// written in part: a block that Changed reports holds its old elements
// (elsewhere they are zero already and Fresh is F).
func (w *Writer) Fresh(off, n int) []float32 {
	x := w.O.F32[off : off+n]
	if w.slow {
		w.fresh(x, off)
	}
	return x
}

// fresh is Fresh's slow path: it marks or clears x, at off.
//
//go:noinline
func (w *Writer) fresh(x []float32, off int) {
	if w.T != nil {
		w.T.MarkF32(off, len(x))
	}
	if w.stale {
		clear(x)
	}
}

// SetF writes x at element off of the float32 buffer.
func (w *Writer) SetF(off int, x float32) {
	if w.T != nil {
		markF32(w.T, off, 1)
	}
	w.O.F32[off] = x
}

// SetI writes x at element off of the int32 buffer.
func (w *Writer) SetI(off int, x int32) {
	if w.T != nil {
		markI32(w.T, off, 1)
	}
	w.O.I32[off] = x
}

// markF32 and markI32 are kept out of line so that the accessors stay small
// enough to be inlined on the step path.
//
//go:noinline
func markF32(t *Touched, off, n int) { t.MarkF32(off, n) }

//go:noinline
func markI32(t *Touched, off, n int) { t.MarkI32(off, n) }

// FreshU8 returns elements [off, off+n) of the uint8 buffer, zero, to be
// written in part: Fresh for the uint8 buffer.
func (w *Writer) FreshU8(off, n int) []uint8 {
	x := w.O.U8[off : off+n]
	if w.slow {
		w.freshU8(x, off)
	}
	return x
}

// freshU8 is FreshU8's slow path: it marks or clears x, at off.
//
//go:noinline
func (w *Writer) freshU8(x []uint8, off int) {
	if w.T != nil {
		w.T.MarkU8(off, len(x))
	}
	if w.stale {
		clear(x)
	}
}

// Stale reports whether a block that Changed reports must be written holds
// what it held (an incremental encoding that keeps the row), so that a
// writer that writes it in part must clear it first.
func (w *Writer) Stale() bool { return w.stale }
