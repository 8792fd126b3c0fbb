package machinaobs_test

import (
	"slices"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
)

// hide changes what no seat can see (MA §23.5) in s, in one of several ways.
type hide struct {
	name string
	f    func(s *machina.State, rng *game.RNG)
}

var hides = []hide{
	{"determinize", func(s *machina.State, rng *game.RNG) { s.Determinize(0, rng) }},
	{"item deck orders", func(s *machina.State, rng *game.RNG) {
		for d := range s.ItemDecks {
			slices.Reverse(s.ItemDecks[d])
		}
	}},
	{"monster deck order", func(s *machina.State, rng *game.RNG) { slices.Reverse(s.MonsterDeck) }},
	{"event deck orders", func(s *machina.State, rng *game.RNG) {
		slices.Reverse(s.EventDecks[0])
		slices.Reverse(s.EventDecks[1])
	}},
	{"tile stack: order and faces", func(s *machina.State, rng *game.RNG) {
		slices.Reverse(s.Tiles)
		for i := range s.Tiles {
			s.Tiles[i].Face ^= 1
		}
	}},
	{"boxed events", func(s *machina.State, rng *game.RNG) {
		// Swap a boxed event with one in its deck: which were kept at setup
		// (MA §4.1 steps 6–7) is hidden.
		ct := s.Content()
		for k := 0; k < 2; k++ {
			deck := s.EventDecks[k]
			if len(deck) == 0 {
				continue
			}
			for e := range ct.Events {
				if s.Events[e].Zone == machina.ZoneBoxed && ct.Events[e].Horror == (k == 1) && ct.Events[e].Scenario == "" {
					old := deck[0]
					s.Events[old].Zone, s.Events[e].Zone = machina.ZoneBoxed, machina.ZoneDeck
					deck[0] = int16(e)
					break
				}
			}
		}
	}},
	{"rng", func(s *machina.State, rng *game.RNG) { s.RNG().Seed(rng.Uint64()) }},
}

// TestHiddenInformationDoesNotLeak changes each kind of hidden information
// at many points of random games and checks that no element of any seat's
// observation moves.
func TestHiddenInformationDoesNotLeak(t *testing.T) {
	checked := 0
	for seed := uint64(0); seed < 8; seed++ {
		s := newState(t, seed, machina.Config{})
		e := encoderFor(t, s)
		l := e.Layout()
		before, after := l.NewObs(), l.NewObs()
		rng := game.NewRNG(seed + 100)
		for n := 0; !s.Over() && n < 1500; n++ {
			if n%25 == 0 {
				for _, h := range hides {
					c := s.Clone().(*machina.State)
					h.f(c, &rng)
					for v := 0; v <= int(s.N); v++ {
						e.Encode(s, game.AgentID(v), before)
						e.Encode(c, game.AgentID(v), after)
						if k, dt := firstDiff(before, after); k >= 0 {
							t.Fatalf("seed %d step %d, %s: viewer %d's %s element %d (%s) moved", seed, n, h.name, v, dt, k, fieldAt(l, dt, k))
						}
						checked++
					}
				}
			}
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d observations compared", checked)
}

// TestHiddenChangesAreDetected: a deck's size is public; when it changes,
// only the size columns move (a sanity check of the test above).
func TestHiddenChangesAreDetected(t *testing.T) {
	s := newState(t, 2, machina.Config{})
	e := encoderFor(t, s)
	l := e.Layout()
	a, b := l.NewObs(), l.NewObs()
	e.Encode(s, 0, a)
	c := s.Clone().(*machina.State)
	c.MonsterDeck = c.MonsterDeck[:len(c.MonsterDeck)-1]
	e.Encode(c, 0, b)
	k, dt := firstDiff(a, b)
	if k < 0 || fieldAt(l, dt, k) != "global" {
		t.Fatalf("a smaller monster deck changed element %d (%s)", k, fieldAt(l, dt, k))
	}
}

func firstDiff(a, b encode.Obs) (int, string) {
	for k := range a.F32 {
		if a.F32[k] != b.F32[k] {
			return k, "float32"
		}
	}
	for k := range a.I32 {
		if a.I32[k] != b.I32[k] {
			return k, "int32"
		}
	}
	for k := range a.U8 {
		if a.U8[k] != b.U8[k] {
			return k, "uint8"
		}
	}
	return -1, ""
}

func fieldAt(l *encode.Layout, dt string, k int) string {
	for _, f := range l.Fields {
		if f.DType.String() == dt && k >= f.Offset && k < f.Offset+f.Size() {
			return f.Name
		}
	}
	return "?"
}
