package lcgobs_test

import (
	"math"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/encode/lcgobs"
	"github.com/mythos-rl/mythos/env/game"
)

// TestTouchedEncodingMatchesFresh checks the direct path against the old
// one over many random states, from every seat's view: encoding into one
// reused buffer with a Touched record (which clears only the blocks the last
// encoding wrote) gives exactly the tensors of encoding into a zeroed buffer
// without one, and every non-zero element lies in a block the record marks
// (what the server's sparse packing relies on).
func TestTouchedEncodingMatchesFresh(t *testing.T) {
	compared := 0
	for k, team := range teams {
		sc := scenario(t, team)
		e := encoder(t, sc)
		l := e.Layout()
		o, touched := l.NewObs(), &encode.MakeTouched(l, 1)[0]
		ref := l.NewObs()
		for _, s := range randomStates(t, sc, 4, uint64(40+k)) {
			for v := game.AgentID(0); int(v) < len(team); v++ {
				clear(ref.F32)
				clear(ref.I32)
				e.Encode(s, v, ref)
				e.EncodeTouched(s, v, o, touched)
				if d := diffAt(u32(ref.F32), u32(o.F32)); d >= 0 {
					t.Fatalf("team %v, viewer %d: float32 element %d is %v, want %v", team, v, d, o.F32[d], ref.F32[d])
				}
				if d := diffAt(ref.I32, o.I32); d >= 0 {
					t.Fatalf("team %v, viewer %d: int32 element %d is %v, want %v", team, v, d, o.I32[d], ref.I32[d])
				}
				if !touched.Valid {
					t.Fatal("the record is not valid after Encode")
				}
				for i, x := range o.F32 {
					if x != 0 && !marked(touched.F32, i) {
						t.Fatalf("float32 element %d is %v outside the marked blocks", i, x)
					}
				}
				for i, x := range o.I32 {
					if x != 0 && !marked(touched.I32, i) {
						t.Fatalf("int32 element %d is %v outside the marked blocks", i, x)
					}
				}
				compared++
			}
		}
	}
	t.Logf("%d observations compared", compared)
}

// marked reports whether element i's block is set in a Touched record.
func marked(words []uint64, i int) bool {
	b := i / encode.TouchBlock
	return words[b/64]&(1<<(b%64)) != 0
}

// u32 compares float32 elements by their bits (so -0 differs from 0).
func u32(f []float32) []uint32 {
	out := make([]uint32, len(f))
	for i, v := range f {
		out[i] = math.Float32bits(v)
	}
	return out
}

// TestEncodersShareTheirLayout checks that encoders of different teams
// share one layout and one set of action names, and that building another
// encoder costs next to nothing.
func TestEncodersShareTheirLayout(t *testing.T) {
	a, b := encoder(t, scenario(t, teams[0])), encoder(t, scenario(t, teams[2]))
	if a.Layout() != b.Layout() {
		t.Fatal("two encoders of the LCG vocabulary have their own layouts")
	}
	for id := 0; id < a.Actions(); id++ {
		if a.ActionName(id) != b.ActionName(id) || a.ActionName(id) == "" {
			t.Fatalf("action %d: names %q and %q", id, a.ActionName(id), b.ActionName(id))
		}
	}
	info := scenario(t, teams[1]).Info()
	if n := testing.AllocsPerRun(50, func() {
		if _, err := lcgobs.New(info); err != nil {
			t.Fatal(err)
		}
	}); n > 1 {
		t.Fatalf("New of a known vocabulary allocates %v times (the layout is rebuilt?)", n)
	}
}
