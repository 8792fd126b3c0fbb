package encode_test

import (
	"errors"
	"testing"

	"github.com/mythos-rl/mythos/encode"
)

// TestPlanUint8Blocks: blocks may hold uint8 spans beside float32 and int32
// ones; a memory keeps, rewrites, clears and marks them like the others,
// and its comparison names uint8 elements.
func TestPlanUint8Blocks(t *testing.T) {
	var l encode.Layout
	l.Add("f", encode.Float32, "floats", 4)
	l.Add("i", encode.Int32, "ints", 2)
	l.Add("u", encode.Uint8, "bytes", 24)
	p := encode.NewPlan(&l)
	b0 := p.Block(encode.U8Span(0, 8), encode.F32Span(0, 2), encode.I32Span(0, 1))
	b1 := p.Block(encode.U8Span(8, 8))
	o := l.NewObs()
	rec := encode.MakeTouched(&l, 1)
	m := p.NewMemory(nil)
	m.Attach(&rec[0])

	w := encode.Start(nil, 0, o, nil, m) // the first encoding: the whole row
	if !w.Changed(b0, encode.Key{1}) || !w.Changed(b1, encode.Key{2}) {
		t.Fatal("a full encoding keeps a block")
	}
	o.U8[3], o.F32[1], o.I32[0] = 5, 2, 4
	w.FreshU8(8, 8)[1] = 7
	w.Finish()
	if rec[0].U8[0] != 0b11 || rec[0].F32[0] != 1 || rec[0].I32[0] != 1 {
		t.Fatalf("record %b %b %b, want blocks 0 and 1 of the uint8 buffer and block 0 of the others", rec[0].U8, rec[0].F32, rec[0].I32)
	}

	w = encode.Start(nil, 0, o, nil, m) // b0 unchanged, b1 absent now
	if w.Changed(b0, encode.Key{1}) {
		t.Fatal("an unchanged key rewrites its block")
	}
	w.AbsentMask(b1, 1)
	w.Finish()
	if o.U8[9] != 0 || o.U8[3] != 5 || o.F32[1] != 2 || o.I32[0] != 4 {
		t.Fatalf("after keeping b0 and clearing b1: %v %v %v", o.U8, o.F32, o.I32)
	}

	w = encode.Start(nil, 0, o, nil, m) // b0 changed: its old elements are there until cleared
	if !w.Changed(b0, encode.Key{3}) {
		t.Fatal("a changed key keeps its block")
	}
	x := w.FreshU8(0, 8)
	if x[3] != 0 {
		t.Fatal("FreshU8 of a rewritten block is not zero")
	}
	x[3] = 9
	w.Finish()

	want := l.NewObs()
	want.U8[3], want.F32[1], want.I32[0] = 9, 2, 4
	if err := m.Compare(want); err != nil {
		t.Fatal(err)
	}
	want.U8[3] = 8
	var me *encode.MismatchError
	if err := m.Compare(want); !errors.As(err, &me) || !me.U8 || me.Field != "u[3]" || me.Unmarked {
		t.Fatalf("a uint8 difference: %v", err)
	}
	want.U8[3] = 9
	clear(rec[0].U8)
	if err := m.Compare(want); !errors.As(err, &me) || !me.U8 || !me.Unmarked {
		t.Fatalf("a uint8 element outside the record: %v", err)
	}
}

// TestPlanNarrowBlocksAndTag: a Narrow block is kept, rewritten and cleared
// by its 32-bit key like a wide one by its Key (and Live follows it), a
// wide block may not follow a narrow one, and a memory's tag (Within)
// other than the last encoding's makes the encoding a full rewrite.
func TestPlanNarrowBlocksAndTag(t *testing.T) {
	var l encode.Layout
	l.Add("u", encode.Uint8, "bytes", 24)
	p := encode.NewPlan(&l)
	wide := p.Block(encode.U8Span(0, 8))
	n0 := p.Narrow(encode.U8Span(8, 8))
	n1 := p.Narrow(encode.U8Span(16, 8))
	func() {
		defer func() {
			if recover() == nil {
				t.Error("a wide block after a narrow one")
			}
		}()
		p.Block(encode.U8Span(0, 1))
	}()
	o := l.NewObs()
	m := p.NewMemory(nil)
	tagA, tagB := new(int), new(int)

	m.Within(tagA)
	w := encode.Start(nil, 0, o, nil, m) // the first encoding: the whole row
	if !w.Changed(wide, encode.Key{1}) || !w.Changed32(n0, 7) || !w.Changed32(n1, 9) {
		t.Fatal("a full encoding keeps a block")
	}
	o.U8[0], o.U8[8], o.U8[16] = 1, 7, 9
	w.Finish()

	m.Within(tagA)
	w = encode.Start(nil, 0, o, nil, m)
	if w.Changed(wide, encode.Key{1}) || w.Changed32(n0, 7) {
		t.Fatal("an unchanged key rewrites its block")
	}
	if !w.Live(n0) || !w.Live(n1) {
		t.Fatal("a narrow block of a non-zero key is not live")
	}
	if !w.Changed32(n1, 8) {
		t.Fatal("a changed narrow key keeps its block")
	}
	if x := w.FreshU8(16, 8); x[0] != 0 {
		t.Fatal("FreshU8 of a rewritten narrow block is not zero")
	} else {
		x[0] = 8
	}
	w.AbsentMask(n0, 1)
	w.Finish()
	if o.U8[0] != 1 || o.U8[8] != 0 || o.U8[16] != 8 {
		t.Fatalf("after keeping, clearing and rewriting: %v", o.U8)
	}

	m.Within(tagA)
	w = encode.Start(nil, 0, o, nil, m)
	if w.Live(n0) || !w.Changed32(n0, 7) {
		t.Fatal("a cleared narrow block is live, or its old key is kept")
	}
	w.Changed32(n1, 8)
	w.Changed(wide, encode.Key{1})
	w.Finish()

	m.Within(tagB) // another tag: every block is written again
	w = encode.Start(nil, 0, o, nil, m)
	if !w.Changed(wide, encode.Key{1}) || !w.Changed32(n0, 7) || !w.Changed32(n1, 8) {
		t.Fatal("an encoding under another tag keeps a block")
	}
	w.Finish()
	if st := m.Stats(); st.Full != 2 || st.Encodings != 4 {
		t.Fatalf("stats %+v: want 2 full encodings of 4", st)
	}
}

// TestUnmarkedRecordKeepsValidOnly: a memory attached to a record without
// marks (MakeUnmarked) updates the row as with a marking one, marks nothing,
// sets Valid after a full rewrite and rewrites the row whole once Valid is
// false (someone else wrote it); an encoder that clears by marks refuses
// the record.
func TestUnmarkedRecordKeepsValidOnly(t *testing.T) {
	var l encode.Layout
	l.Add("f", encode.Float32, "floats", 16)
	p := encode.NewPlan(&l)
	b0 := p.Block(encode.F32Span(0, 8))
	b1 := p.Block(encode.F32Span(8, 8))
	o := l.NewObs()
	rec := encode.MakeUnmarked(1)
	if !rec[0].Unmarked() || rec[0].Valid || encode.MakeTouched(&l, 1)[0].Unmarked() {
		t.Fatal("MakeUnmarked's record is not unmarked and not valid, or MakeTouched's is unmarked")
	}
	m := p.NewMemory(nil)
	m.Attach(&rec[0])
	encodeKeys := func(k0, k1 uint64) {
		w := encode.Start(nil, 0, o, nil, m)
		if w.Changed(b0, encode.Key{k0}) {
			w.Fresh(0, 8)[0] = float32(k0)
		}
		if w.Changed(b1, encode.Key{k1}) {
			w.Fresh(8, 8)[0] = float32(k1)
		}
		w.Finish()
	}
	encodeKeys(1, 2)
	if !rec[0].Valid || rec[0].F32 != nil || o.F32[0] != 1 || o.F32[8] != 2 {
		t.Fatalf("after a full rewrite: valid %v, marks %v, row %v", rec[0].Valid, rec[0].F32, o.F32)
	}
	o.F32[9] = 5 // b1 is kept: what is there stays
	encodeKeys(3, 2)
	if st := m.Stats(); st.Full != 1 || o.F32[0] != 3 || o.F32[9] != 5 {
		t.Fatalf("an update with a valid record: %+v, row %v", st, o.F32)
	}
	rec[0].Valid = false // the row was written by other means
	encodeKeys(3, 2)
	if st := m.Stats(); st.Full != 2 || o.F32[9] != 0 || !rec[0].Valid {
		t.Fatalf("an encoding after Valid was cleared: %+v, row %v, valid %v", st, o.F32, rec[0].Valid)
	}
	defer func() {
		if recover() == nil {
			t.Error("Obs.Begin took a record without marks")
		}
	}()
	o.Begin(&rec[0])
}

// TestSparseBlockClearsWhatWasMarked: a sparse block is cleared, at the
// next encoding, in the chunks its writers marked and nowhere else; a full
// rewrite clears it whole and forgets the marks; a mark outside the block
// marks nothing; asking for the marks of a block that is not sparse panics.
func TestSparseBlockClearsWhatWasMarked(t *testing.T) {
	var l encode.Layout
	l.Add("k", encode.Uint8, "keyed", 8)
	l.Add("s", encode.Uint8, "sparse", 200)
	p := encode.NewPlan(&l)
	keyed := p.Block(encode.U8Span(0, 8))
	sparse := p.Sparse(encode.U8Span(8, 200))
	o := l.NewObs()
	m := p.NewMemory(nil)
	write := func(offs ...int) {
		w := encode.Start(nil, 0, o, nil, m)
		w.Changed(keyed, encode.Key{1})
		marks := w.Sparse(sparse)
		for _, off := range offs {
			o.U8[off] = 7
			marks.Mark(off)
		}
		w.Finish()
	}
	write(8+5, 8+150) // chunks 0 and 2
	o.U8[8+70] = 9    // chunk 1, written and not marked
	write(8 + 199)    // chunk 3
	if o.U8[8+5] != 0 || o.U8[8+150] != 0 || o.U8[8+199] != 7 || o.U8[8+70] != 9 {
		t.Fatalf("after the second encoding: %v", o.U8[8:])
	}
	m.Invalidate() // a full rewrite: everything cleared, the marks forgotten
	write()
	if o.U8[8+199] != 0 || o.U8[8+70] != 0 {
		t.Fatalf("after a full rewrite: %v", o.U8[8:])
	}
	w := encode.Start(nil, 0, o, nil, m) // a mark outside the block marks nothing
	marks := w.Sparse(sparse)
	marks.Mark(8 + 200)
	marks.Mark(0)
	w.Changed(keyed, encode.Key{1})
	w.Finish()
	o.U8[0] = 3
	write()
	if o.U8[0] != 3 {
		t.Fatalf("a mark outside the sparse block cleared element 0")
	}
	defer func() {
		if recover() == nil {
			t.Error("the marks of a block that is not sparse")
		}
	}()
	w = encode.Start(nil, 0, o, nil, m)
	w.Sparse(keyed)
}
