package encode

import (
	"slices"
	"testing"
)

// touchLayout is a layout of 70 float32 and 9 int32 elements: blocks that
// end short of TouchBlock at the end of each buffer.
func touchLayout() *Layout {
	var l Layout
	l.Add("a", Float32, "", 70)
	l.Add("b", Int32, "", 9)
	return &l
}

func TestMakeTouchedSizesAndIndependence(t *testing.T) {
	l := touchLayout()
	ts := MakeTouched(l, 3)
	for i := range ts {
		if len(ts[i].F32) != 1 || len(ts[i].I32) != 1 || ts[i].Valid {
			t.Fatalf("record %d: %d and %d words, valid %v", i, len(ts[i].F32), len(ts[i].I32), ts[i].Valid)
		}
	}
	ts[1].MarkF32(69, 1)
	ts[1].MarkI32(0, 9)
	if ts[0].F32[0] != 0 || ts[2].F32[0] != 0 || ts[0].I32[0] != 0 || ts[2].I32[0] != 0 {
		t.Fatal("marking one record changed its neighbours")
	}
	if ts[1].F32[0] != 1<<8 || ts[1].I32[0] != 0b11 {
		t.Fatalf("marks: f32 %b, i32 %b", ts[1].F32[0], ts[1].I32[0])
	}
	// Records past 64 blocks use a second word.
	var big Layout
	big.Add("x", Float32, "", 64*TouchBlock+1)
	tb := MakeTouched(&big, 1)[0]
	tb.MarkF32(64*TouchBlock-1, 2)
	if len(tb.F32) != 2 || tb.F32[0] != 1<<63 || tb.F32[1] != 1 {
		t.Fatalf("a range across words: %b", tb.F32)
	}
}

func TestBeginClearsWhatItMust(t *testing.T) {
	l := touchLayout()
	fill := func(o Obs) {
		for i := range o.F32 {
			o.F32[i] = float32(i + 1)
		}
		for i := range o.I32 {
			o.I32[i] = int32(i + 1)
		}
	}
	allZero := func(o Obs) bool {
		return !slices.ContainsFunc(o.F32, func(v float32) bool { return v != 0 }) &&
			!slices.ContainsFunc(o.I32, func(v int32) bool { return v != 0 })
	}

	// Without a record, or with one not valid: everything is cleared.
	o := l.NewObs()
	fill(o)
	o.Begin(nil)
	if !allZero(o) {
		t.Fatal("Begin without a record left elements")
	}
	tr := &MakeTouched(l, 1)[0]
	tr.F32[0] = 1 // a stale mark of a record that is not valid
	fill(o)
	o.Begin(tr)
	if !allZero(o) || !tr.Valid || tr.F32[0] != 0 {
		t.Fatalf("Begin with a record not valid: zero %v, valid %v, marks %b", allZero(o), tr.Valid, tr.F32[0])
	}

	// With a valid record only the marked blocks are cleared (the contract:
	// the rest is zero already), and the marks are dropped.
	tr.MarkF32(10, 3) // block 1
	tr.MarkF32(68, 1) // block 8, short
	tr.MarkI32(8, 1)  // block 1, short
	fill(o)
	o.Begin(tr)
	for i, v := range o.F32 {
		marked := i/TouchBlock == 1 || i/TouchBlock == 8
		if marked != (v == 0) {
			t.Fatalf("f32 element %d is %v after Begin (block marked: %v)", i, v, marked)
		}
	}
	for i, v := range o.I32 {
		if (i >= 8) != (v == 0) {
			t.Fatalf("i32 element %d is %v after Begin", i, v)
		}
	}
	if tr.F32[0] != 0 || tr.I32[0] != 0 || !tr.Valid {
		t.Fatal("Begin kept the marks")
	}

	// A record of another layout is refused.
	defer func() {
		if recover() == nil {
			t.Fatal("a record of another layout was accepted")
		}
	}()
	var other Layout
	other.Add("x", Float32, "", 1000)
	o.Begin(&MakeTouched(&other, 1)[0])
}

// TestMarkSetsExactlyTheBlocks checks mark against a block-by-block
// reference over ranges within a word, across words and over whole words.
func TestMarkSetsExactlyTheBlocks(t *testing.T) {
	const elems = 3 * 64 * TouchBlock
	for off := 0; off < elems; off += 37 {
		for _, n := range []int{0, 1, 7, 8, 9, 100, 64 * TouchBlock, 2*64*TouchBlock + 5} {
			if off+n > elems {
				continue
			}
			got, want := make([]uint64, 3), make([]uint64, 3)
			mark(got, off, n)
			for i := off; i < off+n; i++ {
				b := i / TouchBlock
				want[b/64] |= 1 << (b % 64)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("mark(%d, %d) = %x, want %x", off, n, got, want)
			}
		}
	}
}
