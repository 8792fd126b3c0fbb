package encode

import "math/bits"

// TouchBlock is the number of elements of one block of a [Touched] record.
const TouchBlock = 8

// Touched records which blocks of [TouchBlock] elements of an observation's
// buffers an encoder wrote. The card games' observations are mostly zero:
// with the record, a reader that wants the non-zero elements (the server's
// sparse replies) visits only the written blocks instead of the whole
// buffers, and the next encoding into the same buffers clears only those
// blocks instead of all of them.
//
// An encoder that keeps the record ([TouchEncoder]) starts with [Obs.Begin]
// and marks a block before it writes there, so the buffers are zero outside
// the marked blocks at every moment. Whoever writes the buffers by other
// means must set Valid to false. The record travels beside the Obs, not in
// it: Obs stays two slices, cheap to pass and return on the step path.
type Touched struct {
	// F32 and I32 hold one bit per block of the buffer of that dtype: bit
	// k%64 of word k/64 is set when block k (elements [8k, 8k+8)) was written.
	F32, I32 []uint64
	// U8 is the record of the uint8 buffer, with the same blocks of
	// [TouchBlock] elements. Readers that want non-zero elements read the
	// uint8 rows whole (they are compact already); the record lets Begin
	// clear only what was written.
	U8 []uint64
	// Valid says the buffers are zero outside the marked blocks: a reader
	// may skip the others, and Begin clears only the marked ones. It is
	// false until an encoder that keeps the record has written the buffers.
	// In a record without marks (MakeUnmarked) it says only that the
	// buffers hold what the last encoding wrote there.
	Valid bool
	// unmarked: the record marks no block (MakeUnmarked).
	unmarked bool
}

// touchWords is the number of words of a record of a buffer of n elements.
func touchWords(n int) int { return (n + 64*TouchBlock - 1) / (64 * TouchBlock) }

// MakeTouched returns n records sized for buffers laid out by l, backed by
// one array; none is valid yet.
func MakeTouched(l *Layout, n int) []Touched {
	wf, wi, wu := touchWords(l.F32), touchWords(l.I32), touchWords(l.U8)
	words := make([]uint64, n*(wf+wi+wu))
	t := make([]Touched, n)
	for i := range t {
		t[i].F32, words = words[:wf:wf], words[wf:]
		t[i].I32, words = words[:wi:wi], words[wi:]
		t[i].U8, words = words[:wu:wu], words[wu:]
	}
	return t
}

// MakeUnmarked returns n records that keep Valid alone and mark no block,
// for rows that only incremental encoders write (an
// [IncrementalEncoder]'s [Memory] attached to each): such an encoder needs
// to know whether its row still holds its last encoding, not where the row
// is non-zero, and marking every block it writes costs a tenth of a card
// game's step. A reader that skips unmarked blocks (a server's sparse
// replies) needs MakeTouched's records; so does a [TouchEncoder], which
// panics on one of these.
func MakeUnmarked(n int) []Touched {
	t := make([]Touched, n)
	for i := range t {
		t[i].unmarked = true
	}
	return t
}

// Unmarked reports whether t is a record without marks (MakeUnmarked).
func (t *Touched) Unmarked() bool { return t.unmarked }

// mark sets the bits of the blocks that hold elements [off, off+n).
func mark(words []uint64, off, n int) {
	if n <= 0 {
		return
	}
	lo, hi := uint(off)/TouchBlock, uint(off+n-1)/TouchBlock
	wl, wh := lo>>6, hi>>6
	if wl == wh {
		words[wl] |= (^uint64(0) >> (63 - (hi - lo))) << (lo & 63)
		return
	}
	words[wl] |= ^uint64(0) << (lo & 63)
	for w := wl + 1; w < wh; w++ {
		words[w] = ^uint64(0)
	}
	words[wh] |= ^uint64(0) >> (63 - hi&63)
}

// MarkF32 records that elements [off, off+n) of the float32 buffer are
// about to be written.
func (t *Touched) MarkF32(off, n int) { mark(t.F32, off, n) }

// MarkI32 records that elements [off, off+n) of the int32 buffer are about
// to be written.
func (t *Touched) MarkI32(off, n int) { mark(t.I32, off, n) }

// MarkU8 records that elements [off, off+n) of the uint8 buffer are about
// to be written.
func (t *Touched) MarkU8(off, n int) { mark(t.U8, off, n) }

// clearMarked zeroes the marked blocks of buf and their bits.
func clearMarked[T float32 | int32 | uint8](buf []T, words []uint64) {
	for w, word := range words {
		for word != 0 {
			lo := (w<<6 + bits.TrailingZeros64(word)) * TouchBlock
			word &= word - 1
			if lo+TouchBlock <= len(buf) {
				*(*[TouchBlock]T)(buf[lo : lo+TouchBlock]) = [TouchBlock]T{}
			} else {
				clear(buf[lo:])
			}
		}
		words[w] = 0
	}
}

// Begin makes o ready for an encoder to write a new observation: without a
// record t (nil), or with one that is not valid, it zeroes both buffers;
// with a valid record, only the blocks it marks (the rest are zero
// already). The record, if any, is then empty and valid: the encoder marks
// what it writes.
func (o Obs) Begin(t *Touched) {
	if t == nil {
		clear(o.F32)
		clear(o.I32)
		clear(o.U8)
		return
	}
	if t.unmarked {
		panic("encode: a record without marks (MakeUnmarked) given to an encoder that clears by its marks")
	}
	if len(t.F32) != touchWords(len(o.F32)) || len(t.I32) != touchWords(len(o.I32)) || len(t.U8) != touchWords(len(o.U8)) {
		panic("encode: the Touched record is sized for another layout (see MakeTouched)")
	}
	if t.Valid {
		clearMarked(o.F32, t.F32)
		clearMarked(o.I32, t.I32)
		clearMarked(o.U8, t.U8)
		return
	}
	clear(o.F32)
	clear(o.I32)
	clear(o.U8)
	clear(t.F32)
	clear(t.I32)
	clear(t.U8)
	t.Valid = true
}
