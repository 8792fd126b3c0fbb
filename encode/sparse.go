package encode

import (
	"fmt"
	"math/bits"
)

// A sparse block is written every encoding, like an Always block, but its
// writers set few of its elements: the figures on a board's planes, a dozen
// cells of thousands. Clearing it whole every encoding costs more than the
// writing, and in a vector of many envs it brings the whole block into the
// cache for every decision. A memory instead remembers which chunks of
// [SparseChunk] elements the last encoding wrote there, and Begin clears
// only those. Its writers mark every element they write ([Writer.Sparse])
// before or after writing it; an element written and not marked stays in
// the row at the next encoding, which the check mode (see
// [Memory.SetCheck]) reports.

// SparseChunk is the number of elements of one chunk of a sparse block:
// a 64-byte line of a uint8 block.
const SparseChunk = 64

// sparseBlock is a sparse block of a plan: its index and its one span.
type sparseBlock struct {
	b    int
	span Span
}

// Sparse adds a sparse block of one span, written every encoding, and
// returns its index.
func (p *Plan) Sparse(s Span) int {
	b := p.Block(s)
	p.every = append(p.every, b)
	p.sparse = append(p.sparse, sparseBlock{b: b, span: s})
	return b
}

// newSparse returns the memory's marks of the plan's sparse blocks: one bit
// per chunk.
func (p *Plan) newSparse() [][]uint64 {
	marks := make([][]uint64, len(p.sparse))
	for i, sb := range p.sparse {
		chunks := (int(sb.span.N) + SparseChunk - 1) / SparseChunk
		marks[i] = make([]uint64, (chunks+63)/64)
	}
	return marks
}

// clearSparse clears the chunks of the sparse blocks that the last
// encoding marked, or only forgets the marks when the row is cleared whole.
func (m *Memory) clearSparse(o Obs, whole bool) {
	for i, words := range m.sparse {
		if whole {
			clear(words)
			continue
		}
		sp := m.plan.sparse[i].span
		switch sp.Buf {
		case Uint8:
			clearChunks(o.U8[sp.Off:sp.Off+sp.N], words)
		case Float32:
			clearChunks(o.F32[sp.Off:sp.Off+sp.N], words)
		default:
			clearChunks(o.I32[sp.Off:sp.Off+sp.N], words)
		}
	}
}

// clearChunks zeroes the chunks of buf that words marks, and the marks.
func clearChunks[T float32 | int32 | uint8](buf []T, words []uint64) {
	for w, word := range words {
		for ; word != 0; word &= word - 1 {
			lo := (w<<6 + bits.TrailingZeros64(word)) * SparseChunk
			if lo+SparseChunk <= len(buf) {
				*(*[SparseChunk]T)(buf[lo : lo+SparseChunk]) = [SparseChunk]T{}
			} else {
				clear(buf[lo:])
			}
		}
		words[w] = 0
	}
}

// SparseMarks marks the elements an encoding writes in one sparse block
// (see [Writer.Sparse]). Its zero value, an encoding without a memory's,
// marks nothing: a full encoding starts from a cleared row. Keep it in a
// variable (its Mark has a pointer receiver).
type SparseMarks struct {
	words []uint64 // the memory's marks of the block
	off   uint     // the block's first element in its buffer
	n     uint     // its elements
}

// Sparse returns the marks of sparse block b for this encoding: a writer
// marks every element it writes there (Mark), so that the next encoding
// clears it.
func (w *Writer) Sparse(b int) SparseMarks {
	if w.M == nil {
		return SparseMarks{}
	}
	m := w.M
	for i := range m.plan.sparse {
		if sb := &m.plan.sparse[i]; sb.b == b {
			return SparseMarks{words: m.sparse[i], off: uint(sb.span.Off), n: uint(sb.span.N)}
		}
	}
	panic(fmt.Sprintf("encode: block %d is not sparse (Plan.Sparse)", b))
}

// Mark records that element off of the block's buffer (an offset in the
// whole buffer, as written) is written by this encoding. An element outside
// the block is not marked: it is not the block's to clear (what a writer
// leaves behind there, the check mode reports).
func (s *SparseMarks) Mark(off int) {
	if d := uint(off) - s.off; d < s.n { // n is 0 without a memory
		s.words[d/SparseChunk>>6] |= 1 << (d / SparseChunk & 63)
	}
}
