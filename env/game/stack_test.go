package game_test

import (
	"reflect"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// trace is a toy state that records the order in which frames ran.
type trace struct {
	st  game.Stack
	ran []string
}

const (
	opParent uint16 = iota
	opChild
	opAsk
)

var traceHandlers = []game.Handler[*trace]{
	opParent: func(s *trace, f *game.Frame) game.Control {
		switch f.Step {
		case 0:
			s.ran = append(s.ran, "parent:start")
			f.Step = 1
			s.st.Push(opChild, 0, 0, 1, 0, 0)
			s.st.Push(opChild, 0, 0, 2, 0, 0) // runs first
			return game.Again
		default:
			s.ran = append(s.ran, "parent:then")
			return game.Done
		}
	},
	opChild: func(s *trace, f *game.Frame) game.Control {
		s.ran = append(s.ran, "child"+string(rune('0'+f.Tgt)))
		return game.Done
	},
	opAsk: func(s *trace, f *game.Frame) game.Control {
		if f.Answer == game.NoAnswer {
			s.ran = append(s.ran, "ask:wait")
			return game.Wait
		}
		s.ran = append(s.ran, "ask:answered"+string(rune('0'+f.Answer)))
		// Done after pushing: the pushed frame stays and runs next.
		s.st.Push(opChild, 0, 0, 9, 0, 0)
		return game.Done
	},
}

func TestResolveContinuationRunsAfterChildren(t *testing.T) {
	s := &trace{}
	s.st.Push(opParent, 0, 0, 0, 0, 0)
	if c := game.Resolve(&s.st, s, traceHandlers); c != game.Done {
		t.Fatalf("Resolve = %d, want Done", c)
	}
	want := []string{"parent:start", "child2", "child1", "parent:then"}
	if !reflect.DeepEqual(s.ran, want) {
		t.Fatalf("ran %v, want %v", s.ran, want)
	}
}

func TestResolvePausesAndResumesWithAnswer(t *testing.T) {
	s := &trace{}
	s.st.Push(opChild, 0, 0, 5, 0, 0) // below: runs last
	s.st.Push(opAsk, 0, 0, 0, 0, 0)
	if c := game.Resolve(&s.st, s, traceHandlers); c != game.Wait {
		t.Fatalf("Resolve = %d, want Wait", c)
	}
	if s.st.Len() != 2 {
		t.Fatalf("stack has %d frames while waiting, want 2", s.st.Len())
	}
	s.st.Answer(3)
	if c := game.Resolve(&s.st, s, traceHandlers); c != game.Done {
		t.Fatalf("Resolve = %d, want Done", c)
	}
	want := []string{"ask:wait", "ask:answered3", "child9", "child5"}
	if !reflect.DeepEqual(s.ran, want) {
		t.Fatalf("ran %v, want %v", s.ran, want)
	}
}

func TestStackCloneIsIndependent(t *testing.T) {
	var a, b game.Stack
	a.Push(opChild, 1, 2, 3, 4, 5)
	a.CloneInto(&b)
	b.Top().A = 99
	if a.Top().A != 4 {
		t.Fatal("clone shares frames with its origin")
	}
}

func TestResolveRefusesPushThenWait(t *testing.T) {
	s := &trace{}
	bad := []game.Handler[*trace]{func(s *trace, f *game.Frame) game.Control {
		s.st.Push(1, 0, 0, 0, 0, 0)
		return game.Wait
	}, traceHandlers[opChild]}
	s.st.Push(0, 0, 0, 0, 0, 0)
	defer func() {
		if recover() == nil {
			t.Fatal("a handler that pushed and then waited was not caught")
		}
	}()
	game.Resolve(&s.st, s, bad)
}
