package encode_test

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/encode"
)

// TestGuardSkipsAnUnchangedGroup: a guard reports its input the same only
// when every byte of it is, never on a full rewrite, keeps what the group's
// writers derived, and an encoding that does not consult it panics at End.
func TestGuardSkipsAnUnchangedGroup(t *testing.T) {
	var l encode.Layout
	l.Add("u", encode.Uint8, "bytes", 4)
	p := encode.NewPlan(&l)
	p.Block(encode.U8Span(0, 4))
	g := p.Guard(5, 2)
	o := l.NewObs()
	m := p.NewMemory(nil)

	cards := [3]int8{1, 2, 3}
	ctx := [2]uint8{7, 8}
	encoding := func(want bool, what string) {
		t.Helper()
		w := encode.Start(nil, 0, o, nil, m)
		if got := w.Same(g, encode.Bytes(&cards), encode.Bytes(&ctx)); got != want {
			t.Fatalf("%s: Same = %v, want %v", what, got, want)
		}
		if !want {
			copy(w.Keep(g), []byte{byte(cards[0]), ctx[1]})
		}
		w.Finish()
	}
	encoding(false, "the first encoding (a full rewrite)")
	encoding(true, "nothing changed")
	cards[2] = 4
	encoding(false, "a card changed")
	encoding(true, "nothing changed since")
	ctx[0] = 9
	encoding(false, "the last piece changed")
	if k := m.Keep(g); k[0] != 1 || k[1] != 8 {
		t.Fatalf("Keep = %v, want what the writers saved [1 8]", k)
	}
	m.Within("another content") // the next encoding rewrites the row
	encoding(false, "after the memory's tag changed")

	w := encode.Start(nil, 0, o, nil, m)
	func() {
		defer func() {
			r, _ := recover().(string)
			if !strings.Contains(r, "consulted guards") {
				t.Fatalf("End without consulting the guard: recover() = %q, want a panic naming the guards", r)
			}
		}()
		w.Finish()
	}()

	w = encode.Start(nil, 0, o, nil, m)
	func() {
		defer func() {
			if r, _ := recover().(string); !strings.Contains(r, "given 4") {
				t.Fatalf("Same with too few bytes: recover() = %q, want a panic", r)
			}
		}()
		w.Same(g, encode.Bytes(&cards), []byte{1})
	}()
}

// TestGuardWithoutMemory: a full encoding without a memory never skips.
func TestGuardWithoutMemory(t *testing.T) {
	var l encode.Layout
	l.Add("u", encode.Uint8, "bytes", 4)
	o := l.NewObs()
	w := encode.Start(nil, 0, o, nil, nil)
	if w.Same(0, []byte{1}) || w.Keep(0) != nil {
		t.Fatal("a guard without a memory skips a group or keeps bytes")
	}
}

// TestCheckModeNeedsAnEncoder: a memory made with no encoder has no full
// encoding to compare with: CheckEnv leaves it unchecked, and SetCheck(true)
// panics with a message that says why.
func TestCheckModeNeedsAnEncoder(t *testing.T) {
	var l encode.Layout
	l.Add("u", encode.Uint8, "bytes", 4)
	p := encode.NewPlan(&l)
	p.Block(encode.U8Span(0, 4))
	t.Setenv(encode.CheckEnv, "1")
	m := p.NewMemory(nil)
	if m.Checking() {
		t.Fatal("CheckEnv=1 turned the check mode on for a memory with no encoder")
	}
	defer func() {
		if r, _ := recover().(string); !strings.Contains(r, "encoder") {
			t.Fatalf("SetCheck(true) with no encoder: recover() = %q, want a panic naming the encoder", r)
		}
	}()
	m.SetCheck(true)
}
