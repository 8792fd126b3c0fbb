package ah3obs_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/ah3"
)

// Encode allocates nothing, with or without a Touched record, nor do Mask
// and Choice.
func TestEncodeDoesNotAllocate(t *testing.T) {
	g := newGame(t, teams[3])
	e := encoder(t, g)
	states := randomStates(t, g, 64, 13)
	o := e.Layout().NewObs()
	tr := encode.MakeTouched(e.Layout(), 1)
	mask := make([]int8, e.Actions())
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		s := states[i%len(states)]
		i++
		e.Encode(s, actor(s), o)
		e.EncodeTouched(s, actor(s), o, &tr[0])
		e.Mask(s, mask)
		e.Choice(s, int(s.Prompt().Options[0].Code))
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per encoding, want 0", allocs)
	}
}

// EncodeTouched writes what Encode writes, leaves zeros outside the marked
// blocks, and clears what the last encoding wrote.
func TestEncodeTouchedMatchesEncode(t *testing.T) {
	for _, team := range teams {
		g := newGame(t, team)
		e := encoder(t, g)
		want, got := e.Layout().NewObs(), e.Layout().NewObs()
		tr := encode.MakeTouched(e.Layout(), 1)
		for _, s := range randomStates(t, g, 150, 7) {
			for v := 0; v < int(s.N); v++ {
				e.Encode(s, ah3ID(v), want)
				e.EncodeTouched(s, ah3ID(v), got, &tr[0])
				if !slices.Equal(want.F32, got.F32) || !slices.Equal(want.I32, got.I32) {
					t.Fatalf("%d seats, viewer %d: EncodeTouched differs from Encode", len(team), v)
				}
				for i, x := range got.F32 {
					if x != 0 && tr[0].F32[i/encode.TouchBlock/64]&(1<<(uint(i/encode.TouchBlock)%64)) == 0 {
						t.Fatalf("float32 element %d is set outside the marked blocks", i)
					}
				}
			}
		}
	}
}

// Every field is written by some state, and no value is NaN.
func TestEveryFieldIsUsed(t *testing.T) {
	g := newGame(t, teams[3])
	e := encoder(t, g)
	l := e.Layout()
	used := make([]bool, len(l.Fields))
	o := l.NewObs()
	for _, s := range randomStates(t, g, 2000, 3) {
		e.Encode(s, actor(s), o)
		for k := range l.Fields {
			f := &l.Fields[k]
			if f.DType == encode.Float32 {
				for _, x := range o.Float(f) {
					if x != x {
						t.Fatalf("%s holds NaN", f.Name)
					}
					if x != 0 {
						used[k] = true
					}
				}
			} else {
				for _, x := range o.Int(f) {
					if x != 0 {
						used[k] = true
					}
				}
			}
		}
	}
	for k, u := range used {
		if !u {
			t.Errorf("field %s is zero in every state", l.Fields[k].Name)
		}
	}
}

// The mask has a 1 exactly at the codes of the prompt's options; Choice
// maps each legal id to its option and refuses the others; no two options
// of a prompt share a code (the mapping is one to one).
func TestMaskAndChoice(t *testing.T) {
	g := newGame(t, teams[2])
	e := encoder(t, g)
	mask := make([]int8, e.Actions())
	for _, s := range randomStates(t, g, 3000, 1) {
		e.Mask(s, mask)
		p := s.Prompt()
		seen := map[int]bool{}
		for i, o := range p.Options {
			if seen[int(o.Code)] {
				t.Fatalf("prompt %d has code %d twice", p.Kind, o.Code)
			}
			seen[int(o.Code)] = true
			if c, ok := e.Choice(s, int(o.Code)); !ok || c != i {
				t.Fatalf("Choice(%d) = %d, %v, want %d", o.Code, c, ok, i)
			}
		}
		for a, m := range mask {
			if (m == 1) != seen[a] {
				t.Fatalf("mask[%d] = %d", a, m)
			}
			if _, ok := e.Choice(s, a); ok != seen[a] {
				t.Fatalf("Choice(%d) legal=%v", a, ok)
			}
		}
		if _, ok := e.Choice(s, -1); ok {
			t.Fatal("Choice(-1) is legal")
		}
	}
}

// Every action id has a name that says what it does.
func TestEveryActionIsDocumented(t *testing.T) {
	e := encoder(t, newGame(t, teams[0]))
	if e.Actions() != ah3.NumActions {
		t.Fatalf("Actions() = %d", e.Actions())
	}
	for a := 0; a < e.Actions(); a++ {
		if n := e.ActionName(a); !strings.Contains(n, ": ") {
			t.Errorf("action %d is not described: %q", a, n)
		}
	}
	if e.ActionName(-1) != "" || e.ActionName(e.Actions()) != "" {
		t.Error("out-of-range action ids have names")
	}
}

// The layout does not depend on the table: every team shares it.
func TestLayoutIsShared(t *testing.T) {
	a, b := encoder(t, newGame(t, teams[0])), encoder(t, newGame(t, teams[3]))
	if a.Layout() != b.Layout() {
		t.Fatal("two tables have different layouts")
	}
}
