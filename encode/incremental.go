package encode

import (
	"fmt"
	"math/bits"
	"os"
	"unsafe"

	"github.com/mythos-rl/mythos/env/game"
)

// Incremental encoding. A game's decision changes a few entities (a
// card's damage, an investigator's clues, the prompt), yet an encoder that
// starts from zero clears and rewrites every row of the observation. An
// [IncrementalEncoder] instead keeps the previous observation of one row
// (the caller's buffers) and, beside it, a [Memory]: for every block of the
// observation, a [Key] of what the block was written from. A new encoding
// computes each block's key from the state and rewrites only the blocks
// whose key changed (clearing just those), and the blocks it cannot key
// cheaply (the prompt, the test, the global counters) every time. Nothing
// else is cleared.
//
// A key is exact, not a hash: two states with the same key for a block
// write the same elements there, so the result never depends on the
// history of the row, only on the row holding what the memory says. That
// holds unless someone else wrote the buffers; the memory then starts over
// with a full rewrite (a cleared row, every block written): after
// [Memory.Invalidate] (an env's reset), on buffers other than those it
// wrote last, and when the caller's [Touched] record is not valid (a
// server that cleared the row itself says so that way).
//
// The check mode ([Memory.SetCheck], or MYTHOS_CHECK_INCREMENTAL=1 in the
// environment when the memory is made) encodes every observation a second
// time from zero with the encoder's Encode and panics, naming the field and
// element, where the two differ, or where a non-zero element lies outside
// the blocks the Touched record marks.

// Span is a range of one of an observation's three buffers.
type Span struct {
	Off, N int32
	Buf    DType // the buffer: Float32, Int32 or Uint8
}

// F32Span is elements [off, off+n) of the float32 buffer.
func F32Span(off, n int) Span { return Span{Off: int32(off), N: int32(n), Buf: Float32} }

// I32Span is elements [off, off+n) of the int32 buffer.
func I32Span(off, n int) Span { return Span{Off: int32(off), N: int32(n), Buf: Int32} }

// U8Span is elements [off, off+n) of the uint8 buffer.
func U8Span(off, n int) Span { return Span{Off: int32(off), N: int32(n), Buf: Uint8} }

// clearSpan zeroes span sp of o.
func (o Obs) clearSpan(sp Span) {
	switch sp.Buf {
	case Float32:
		clear(o.F32[sp.Off : sp.Off+sp.N])
	case Int32:
		if sp.N == 1 { // an id column
			o.I32[sp.Off] = 0
		} else {
			clear(o.I32[sp.Off : sp.Off+sp.N])
		}
	default:
		clear(o.U8[sp.Off : sp.Off+sp.N])
	}
}

// Plan divides a layout into the blocks an incremental encoder rewrites
// independently. A block is one or more spans; the blocks are disjoint,
// and every element the encoder may write lies in a block. It is built
// once, with the encoder, and never changed after.
type Plan struct {
	layout *Layout
	blocks []block
	// every lists the blocks written every encoding (Always, Whole,
	// Sparse), and clear the spans of those written in part (Always),
	// which Begin clears in one pass.
	every []int
	clear []Span
	// narrow is the first block of 32-bit keys (Narrow): the blocks from
	// there on are all narrow, those before it all wide (Key).
	narrow int
	guards []guardSize   // guard.go
	sparse []sparseBlock // sparse.go
}

// MaxSpans is the most spans a block may have.
const MaxSpans = 4

// block is one block's spans: float32 ones first, then int32 ones, then
// uint8 ones.
type block struct {
	n     uint8 // spans[:n] are the block's
	spans [MaxSpans]Span
}

// NewPlan starts an empty plan over layout l.
func NewPlan(l *Layout) *Plan { return &Plan{layout: l, narrow: -1} }

// Block adds a block of the given spans, keyed by a [Key], and returns its
// index. Spans of one buffer that follow each other (one field after
// another in the layout) are merged: a block may have at most MaxSpans
// after merging. Every Block comes before the first Narrow one.
func (p *Plan) Block(spans ...Span) int {
	if p.narrow >= 0 {
		panic("encode: a block keyed by a Key after one keyed by 32 bits (Narrow)")
	}
	return p.add(spans)
}

// Narrow adds a block keyed by 32 bits (a [Memory] keeps 4 bytes for it
// instead of 16): one of many rows (cards) whose inputs pack that small.
// Its writer calls Changed32 instead of Changed. Narrow blocks come after
// every other one.
func (p *Plan) Narrow(spans ...Span) int {
	b := p.add(spans)
	if p.narrow < 0 {
		p.narrow = b
	}
	return b
}

// wide is the number of blocks keyed by a Key.
func (p *Plan) wide() int {
	if p.narrow < 0 {
		return len(p.blocks)
	}
	return p.narrow
}

// add adds a block of the given spans and returns its index.
func (p *Plan) add(spans []Span) int {
	var bl block
	add := func(s Span) {
		if bl.n > 0 {
			if last := &bl.spans[bl.n-1]; last.Buf == s.Buf && last.Off+last.N == s.Off {
				last.N += s.N
				return
			}
		}
		if bl.n == MaxSpans {
			panic(fmt.Sprintf("encode: a block of more than %d spans", MaxSpans))
		}
		bl.spans[bl.n] = s
		bl.n++
	}
	for _, s := range spans {
		var size int
		switch s.Buf {
		case Float32:
			size = p.layout.F32
		case Int32:
			size = p.layout.I32
		case Uint8:
			size = p.layout.U8
		default:
			panic(fmt.Sprintf("encode: span %+v of no buffer", s))
		}
		if s.Off < 0 || s.N < 0 || int(s.Off+s.N) > size {
			panic(fmt.Sprintf("encode: span %+v outside a buffer of %d elements", s, size))
		}
	}
	for _, dt := range [...]DType{Float32, Int32, Uint8} {
		for _, s := range spans {
			if s.Buf == dt && s.N > 0 {
				add(s)
			}
		}
	}
	p.blocks = append(p.blocks, bl)
	return len(p.blocks) - 1
}

// Always adds a block that the encoder writes every encoding, in part (the
// counters, the prompt, the test: blocks whose inputs cost as much to key
// as to write): each incremental encoding starts by clearing it. It has no
// key; the writers need not call Changed or Rewrite for it.
func (p *Plan) Always(spans ...Span) int {
	b := p.Block(spans...)
	bl := &p.blocks[b]
	p.every = append(p.every, b)
	p.clear = append(p.clear, bl.spans[:bl.n]...)
	return b
}

// Whole adds a block that the encoder writes every encoding, every element
// of it (zeros included): nothing is cleared.
func (p *Plan) Whole(spans ...Span) int {
	b := p.Block(spans...)
	p.every = append(p.every, b)
	return b
}

// Blocks is the number of blocks.
func (p *Plan) Blocks() int { return len(p.blocks) }

// Layout is the layout the plan divides.
func (p *Plan) Layout() *Layout { return p.layout }

// Key is what a block was written from: two words an encoder packs from
// the state, such that equal keys write equal elements. A block absent
// from the state (a free slot) conventionally has the zero key. A Narrow
// block's key is a uint32 of the same meaning.
type Key [2]uint64

// KeyU8 is the 8 bits of a small signed value, for packing a [Key].
func KeyU8[T ~int8 | ~int16 | ~int](x T) uint64 { return uint64(uint8(x)) }

// KeyU16 is the 16 bits of a small signed value, for packing a [Key].
func KeyU16[T ~int8 | ~int16 | ~int](x T) uint64 { return uint64(uint16(x)) }

// KeyBit is 1 for true, for packing a [Key].
func KeyBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// IncrementalEncoder is an [Encoder] that can bring a row it wrote before
// up to date instead of writing it from zero.
type IncrementalEncoder interface {
	Encoder
	// NewMemory returns an empty memory for one row of the encoder's
	// layout (usually Plan.NewMemory(e)). The first encoding with it is a
	// full rewrite.
	NewMemory() *Memory
	// EncodeIncremental is Encode into o, a row that m describes: it
	// writes only the blocks that changed since the last encoding with m,
	// or the whole row when m cannot vouch for o. If m has a Touched
	// record (Memory.Attach), the buffers stay zero outside the blocks it
	// marks.
	EncodeIncremental(s game.State, viewer game.AgentID, o Obs, m *Memory)
}

// Memory is an incremental encoder's memory of one row: the key of every
// block as the row holds it. It belongs to whoever owns the row (an env),
// not to the encoder, which stays free of per-state memory.
type Memory struct {
	plan   *Plan
	enc    Encoder
	keys   []Key          // of the blocks before plan.narrow
	keys32 []uint32       // of the Narrow blocks, from plan.narrow on
	live   []uint64       // bit b set when block b's key is not zero
	tag    any            // of the last encoding (Within)
	t      *Touched       // the caller's record of the row, or nil
	marks  bool           // t marks the blocks written (not MakeUnmarked's)
	f32    unsafe.Pointer // the row last written (its first elements)
	i32    unsafe.Pointer
	u8     unsafe.Pointer
	valid  bool             // keys describe the row at f32, i32
	full   bool             // the encoding in progress rewrites every block
	o      Obs              // the row of the encoding in progress
	check  Obs              // the full encoding, in check mode
	viewer game.AgentID     // of the encoding in progress, for the check
	state  game.State       // of the encoding in progress, for the check
	stats  IncrementalStats // Kept is derived (Stats)
	// guards holds each guard's input, then its keep bytes (guard.go);
	// consulted has bit g set once the encoding in progress consulted
	// guard g.
	guards    [][]byte
	consulted uint64
	// sparse holds the chunks of each sparse block written by the last
	// encoding (sparse.go).
	sparse [][]uint64
}

// IncrementalStats counts what a memory's encodings did, for tests and
// benchmarks.
type IncrementalStats struct {
	Encodings, Full int // encodings, and those that rewrote the whole row
	Kept, Rewritten int // blocks left as they were, and blocks rewritten
	Checked         int // encodings compared with a full encoding
}

// CheckEnv is the environment variable that turns the check mode on for
// every memory made while it is "1".
const CheckEnv = "MYTHOS_CHECK_INCREMENTAL"

// NewMemory returns an empty memory for rows of p's layout written by e
// (e's Encode is what the check mode compares with). A memory with no
// encoder (nil: a caller that writes rows by hand) has no full encoding to
// compare with, so CheckEnv leaves it unchecked.
func (p *Plan) NewMemory(e Encoder) *Memory {
	m := &Memory{plan: p, enc: e, keys: make([]Key, p.wide()), keys32: make([]uint32, p.Blocks()-p.wide()),
		live: make([]uint64, (p.Blocks()+63)/64), guards: p.newGuards(), sparse: p.newSparse()}
	if e != nil && os.Getenv(CheckEnv) == "1" {
		m.SetCheck(true)
	}
	return m
}

// SetCheck turns the check mode on or off: with it on, every encoding is
// compared with a full one (see the package's notes on incremental
// encoding), at the cost of a second buffer pair and a full encoding. It
// panics when turned on for a memory made with no encoder.
func (m *Memory) SetCheck(on bool) {
	if on && m.enc == nil {
		panic("encode: the check mode needs the memory's encoder (NewMemory was given nil)")
	}
	if on && m.check.F32 == nil {
		m.check = m.plan.layout.NewObs()
	} else if !on {
		m.check = Obs{}
	}
}

// Checking reports whether the check mode is on.
func (m *Memory) Checking() bool { return m.check.F32 != nil }

// Stats returns the counts of m's encodings so far.
func (m *Memory) Stats() IncrementalStats {
	st := m.stats
	st.Kept = st.Encodings*m.plan.Blocks() - st.Rewritten
	return st
}

// Invalidate makes the next encoding a full rewrite (after a reset, or
// when the row was written by other means).
func (m *Memory) Invalidate() { m.valid = false }

// Within says what the encoding about to start (Begin) depends on beyond
// its blocks' keys: an encoder whose keys leave out what cannot change
// within a game (a game's content: the cards' printed values) names it
// here, and a tag other than the last encoding's (compared with ==) makes
// this one a full rewrite. The memory holds the tag until the next.
func (m *Memory) Within(tag any) {
	if tag != m.tag {
		m.tag, m.valid = tag, false
	}
}

// Attach makes t the record of the row's blocks (nil: none). A different
// record than before makes the next encoding a full rewrite. A record
// without marks (MakeUnmarked) only vouches, by its Valid, that the row
// holds the last encoding: nothing is marked in it.
func (m *Memory) Attach(t *Touched) {
	if t != m.t { // inlined: the same record step after step
		m.attach(t)
	}
}

// attach is Attach's slow path: a record other than the last.
func (m *Memory) attach(t *Touched) {
	if l := m.plan.layout; t != nil && !t.unmarked && (len(t.F32) != touchWords(l.F32) || len(t.I32) != touchWords(l.I32) || len(t.U8) != touchWords(l.U8)) {
		panic("encode: the Touched record is sized for another layout (see MakeTouched)")
	}
	m.t, m.valid = t, false
	m.marks = t != nil && !t.unmarked
}

// Begin starts an encoding of s from viewer's view into o: it decides
// whether the row can be updated or must be rewritten whole, and in that
// case clears it (and the Touched record); else it clears the Always
// blocks and what the last encoding wrote in the sparse ones (sparse.go).
// The encoder then calls Changed, Absent, AbsentMask, Rewrite or Overwrite
// once for every keyed block of the plan, in any order, writes the Always,
// Whole and Sparse blocks, and calls End.
func (m *Memory) Begin(s game.State, viewer game.AgentID, o Obs) {
	l := m.plan.layout
	if len(o.F32) != l.F32 || len(o.I32) != l.I32 || len(o.U8) != l.U8 {
		panic(fmt.Sprintf("encode: a row of %d float32, %d int32 and %d uint8 elements for a layout of %d, %d and %d",
			len(o.F32), len(o.I32), len(o.U8), l.F32, l.I32, l.U8))
	}
	m.o, m.state, m.viewer = o, s, viewer
	m.consulted = 0
	if m.t != nil && !m.t.Valid {
		m.valid = false
	}
	f, i, u := unsafe.Pointer(unsafe.SliceData(o.F32)), unsafe.Pointer(unsafe.SliceData(o.I32)), unsafe.Pointer(unsafe.SliceData(o.U8))
	m.full = !m.valid || f != m.f32 || i != m.i32 || u != m.u8
	m.stats.Encodings++
	p := m.plan
	m.stats.Rewritten += len(p.every)
	if !m.full {
		if m.marks {
			for _, b := range p.every {
				m.mark(b)
			}
		}
		for _, s := range p.clear {
			o.clearSpan(s)
		}
		if len(m.sparse) != 0 {
			m.clearSparse(o, false)
		}
		return
	}
	m.stats.Full++
	m.f32, m.i32, m.u8 = f, i, u
	o.Clear()
	if len(m.sparse) != 0 {
		m.clearSparse(o, true)
	}
	if m.t != nil {
		clear(m.t.F32)
		clear(m.t.I32)
		clear(m.t.U8)
		m.t.Valid = true
		if m.marks {
			for _, b := range p.every {
				m.mark(b)
			}
		}
	}
}

// Changed reports whether block b, whose key is now k, must be written: its
// key changed since the row's last encoding, or the row is rewritten whole.
// When it must, the memory holds k and (with a record) the block is marked
// on return, but its elements still hold what they held: the encoder
// writes every one of them (Writer.Fresh clears a range it then writes in
// part). When it need not, the block keeps what it holds. Blocks absent
// (zero) in the state are cheaper through Absent.
func (m *Memory) Changed(b int, k Key) bool {
	if m.keys[b] == k && !m.full { // inlined: most blocks are kept
		return false
	}
	m.changed(b, k)
	return true
}

// changed is Changed's slow path: block b must be written from key k.
func (m *Memory) changed(b int, k Key) {
	m.keys[b] = k
	m.rewritten(b, k != Key{})
}

// Changed32 is Changed for a Narrow block b, whose key is now k.
func (m *Memory) Changed32(b int, k uint32) bool {
	if m.keys32[b-m.plan.narrow] == k && !m.full {
		return false
	}
	m.changed32(b, k)
	return true
}

// changed32 is Changed32's slow path.
func (m *Memory) changed32(b int, k uint32) {
	m.keys32[b-m.plan.narrow] = k
	m.rewritten(b, k != 0)
}

// rewritten notes that block b is written from a key, zero or not (live).
func (m *Memory) rewritten(b int, live bool) {
	m.stats.Rewritten++
	if live {
		m.live[b>>6] |= 1 << (uint(b) & 63)
	} else {
		m.live[b>>6] &^= 1 << (uint(b) & 63)
	}
	if m.marks {
		m.mark(b)
	}
}

// Absent is Changed(b, Key{}) for each block b of [first, first+n), blocks
// absent from the state whose elements are all zero then (free slots): the
// ones that held something are cleared. There is nothing to write.
func (m *Memory) Absent(first, n int) {
	for ; n >= 64; first, n = first+64, n-64 {
		m.AbsentMask(first, ^uint64(0))
	}
	if n > 0 {
		m.AbsentMask(first, 1<<uint(n)-1)
	}
}

// AbsentMask is Absent for the blocks first+k of each bit k set in mask.
func (m *Memory) AbsentMask(first int, mask uint64) {
	w, sh := first>>6, uint(first)&63
	live := m.live[w] >> sh
	if sh != 0 && w+1 < len(m.live) {
		live |= m.live[w+1] << (64 - sh)
	}
	for hit := live & mask; hit != 0; hit &= hit - 1 {
		b := first + bits.TrailingZeros64(hit)
		if n := m.plan.narrow; n >= 0 && b >= n {
			m.keys32[b-n] = 0
		} else {
			m.keys[b] = Key{}
		}
		m.live[b>>6] &^= 1 << (uint(b) & 63)
		if !m.full { // else the row is zero already
			m.reset(b)
		}
	}
}

// Rewrite makes block b ready to be written again from zero, whatever it
// was written from: for blocks whose inputs cost as much to key as to
// write (counters, the prompt). Such a block's key stays zero.
func (m *Memory) Rewrite(b int) { m.reset(b) }

// Overwrite is Rewrite for a block whose writer writes every one of its
// elements (zeros included): nothing is cleared.
func (m *Memory) Overwrite(b int) {
	m.stats.Rewritten++
	if m.marks {
		m.mark(b)
	}
}

// reset clears block b (unless the whole row was just cleared) and marks
// it in the record.
func (m *Memory) reset(b int) {
	m.stats.Rewritten++
	bl := &m.plan.blocks[b]
	if !m.full {
		for _, s := range bl.spans[:bl.n] {
			m.o.clearSpan(s)
		}
	}
	if m.marks {
		m.mark(b)
	}
}

// mark marks block b in the record.
func (m *Memory) mark(b int) {
	bl, t := &m.plan.blocks[b], m.t
	for _, s := range bl.spans[:bl.n] {
		switch s.Buf {
		case Float32:
			t.MarkF32(int(s.Off), int(s.N))
		case Int32:
			t.MarkI32(int(s.Off), int(s.N))
		default:
			t.MarkU8(int(s.Off), int(s.N))
		}
	}
}

// End finishes the encoding: the memory now vouches for the row. In check
// mode it compares the row with a full encoding and panics where they
// differ.
func (m *Memory) End() {
	if all := uint64(1)<<uint(len(m.guards)) - 1; m.consulted != all {
		panic(fmt.Sprintf("encode: an encoding consulted guards %b of %b (each must be, once every encoding)", m.consulted, all))
	}
	m.valid = true
	if m.check.F32 != nil {
		m.stats.Checked++
		m.enc.Encode(m.state, m.viewer, m.check)
		if err := m.Compare(m.check); err != nil {
			panic(err)
		}
	}
	m.state = nil
}

// Compare reports the first difference between the row of the last
// encoding and want (a full encoding of the same state and viewer), and
// a non-zero element of the row outside the blocks its Touched record
// marks (a record with marks); nil if there is none.
func (m *Memory) Compare(want Obs) error {
	o, l := m.o, m.plan.layout
	for i := range o.F32 {
		if o.F32[i] != want.F32[i] {
			return &MismatchError{Field: l.fieldAt(Float32, i), Index: i, Got: float64(o.F32[i]), Want: float64(want.F32[i])}
		}
		if m.marks && o.F32[i] != 0 && m.t.F32[i/TouchBlock/64]&(1<<(uint(i/TouchBlock)&63)) == 0 {
			return &MismatchError{Field: l.fieldAt(Float32, i), Index: i, Got: float64(o.F32[i]), Want: float64(want.F32[i]), Unmarked: true}
		}
	}
	for i := range o.I32 {
		if o.I32[i] != want.I32[i] {
			return &MismatchError{Field: l.fieldAt(Int32, i), Index: i, Got: float64(o.I32[i]), Want: float64(want.I32[i]), Int: true}
		}
		if m.marks && o.I32[i] != 0 && m.t.I32[i/TouchBlock/64]&(1<<(uint(i/TouchBlock)&63)) == 0 {
			return &MismatchError{Field: l.fieldAt(Int32, i), Index: i, Got: float64(o.I32[i]), Want: float64(want.I32[i]), Int: true, Unmarked: true}
		}
	}
	for i := range o.U8 {
		if o.U8[i] != want.U8[i] {
			return &MismatchError{Field: l.fieldAt(Uint8, i), Index: i, Got: float64(o.U8[i]), Want: float64(want.U8[i]), U8: true}
		}
		if m.marks && o.U8[i] != 0 && m.t.U8[i/TouchBlock/64]&(1<<(uint(i/TouchBlock)&63)) == 0 {
			return &MismatchError{Field: l.fieldAt(Uint8, i), Index: i, Got: float64(o.U8[i]), Want: float64(want.U8[i]), U8: true, Unmarked: true}
		}
	}
	return nil
}

// MismatchError is where an incremental encoding differs from a full one.
type MismatchError struct {
	Field     string // the field's name and the element's index in it
	Index     int    // the element's index in its buffer
	Int       bool   // the int32 buffer
	U8        bool   // the uint8 buffer (neither: the float32 one)
	Got, Want float64
	Unmarked  bool // the values agree but the element lies outside the marked blocks
}

func (e *MismatchError) Error() string {
	if e.Unmarked {
		return fmt.Sprintf("encode: incremental encoding: %s = %v lies outside the blocks its Touched record marks", e.Field, e.Got)
	}
	return fmt.Sprintf("encode: incremental encoding: %s = %v, a full encoding writes %v", e.Field, e.Got, e.Want)
}

// fieldAt names element i of the buffer of dtype dt: the field and the
// index inside it.
func (l *Layout) fieldAt(dt DType, i int) string {
	for k := range l.Fields {
		f := &l.Fields[k]
		if f.DType == dt && i >= f.Offset && i < f.Offset+f.Size() {
			return fmt.Sprintf("%s[%d]", f.Name, i-f.Offset)
		}
	}
	return fmt.Sprintf("%s element %d", dt, i)
}
