package ah3obs_test

import (
	"slices"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/env/game"
)

// hiddenChange changes one thing no investigator can see in s and reports
// whether there was anything to change.
type hiddenChange struct {
	name   string
	change func(s *ah3.State, rng *game.RNG) bool
}

// permute rotates then shuffles a pile's cards, reporting whether it has two
// or more (so that the order could change).
func permute(rng *game.RNG, p *ah3.Pile) bool {
	c := p.Cards()
	if len(c) < 2 {
		return false
	}
	first := c[0]
	copy(c, c[1:])
	c[len(c)-1] = first
	game.ShuffleInts(rng, c[1:])
	return true
}

var hiddenChanges = []hiddenChange{
	{"street deck order", func(s *ah3.State, rng *game.RNG) bool { return permute(rng, &s.Street) }},
	{"event deck order", func(s *ah3.State, rng *game.RNG) bool { return permute(rng, &s.Event) }},
	{"monster deck order", func(s *ah3.State, rng *game.RNG) bool { return permute(rng, &s.MonsterDeck) }},
	{"headline deck order", func(s *ah3.State, rng *game.RNG) bool { return permute(rng, &s.Headlines) }},
	{"item, spell, ally and anomaly deck orders", func(s *ah3.State, rng *game.RNG) bool {
		a, b, c, d := permute(rng, &s.Items), permute(rng, &s.Spells), permute(rng, &s.Allies), permute(rng, &s.Anomalies)
		return a || b || c || d
	}},
	{"neighborhood deck orders", func(s *ah3.State, rng *game.RNG) bool {
		changed := false
		for h := range s.Game().Sc.Neighborhoods {
			changed = permute(rng, &s.Hood[h]) || changed
		}
		return changed
	}},
	{"which headlines are in the deck", func(s *ah3.State, rng *game.RNG) bool {
		// Swap a card of the deck with a headline never chosen.
		for h := range s.Game().Sc.Headlines {
			if !s.HeadlineIn[h] && s.Headlines.N > 0 {
				k := rng.IntN(int(s.Headlines.N))
				s.HeadlineIn[s.Headlines.C[k]] = false
				s.Headlines.C[k], s.HeadlineIn[h] = int16(h), true
				return true
			}
		}
		return false
	}},
	{"unrevealed archive variants", func(s *ah3.State, rng *game.RNG) bool {
		changed := false
		for i, a := range s.Game().Sc.Archive {
			if s.Revealed&(1<<uint(a.Number)) == 0 && s.Variant[a.Number] != int16(i) {
				s.Variant[a.Number] = int16(i)
				changed = true
			}
		}
		return changed
	}},
	{"the card behind each unflipped condition", func(s *ah3.State, rng *game.RNG) bool {
		g := s.Game()
		changed := false
		for seat := 0; seat < int(s.N); seat++ {
			st := &s.Seats[seat]
			for k := 0; k < int(st.NAssets); k++ {
				a := &st.Assets[k]
				cls, ok := g.ConditionClass(a.Card)
				if !ok || a.Flipped {
					continue
				}
				for c := range g.Sc.Assets {
					if o, ok := g.ConditionClass(int16(c)); ok && o == cls && int16(c) != a.Card {
						a.Card, changed = int16(c), true
						break
					}
				}
			}
		}
		return changed
	}},
	{"forced dice and mythos tokens of scripted cases", func(s *ah3.State, rng *game.RNG) bool {
		s.ForceDice(6, 6, 1)
		return true
	}},
	{"the state's RNG (future dice, draws and shuffles)", func(s *ah3.State, rng *game.RNG) bool {
		s.RNG().Seed(rng.Uint64())
		return true
	}},
	{"ah3.State.Determinize", func(s *ah3.State, rng *game.RNG) bool {
		s.Determinize(s.Prompt().Actor, rng)
		return true
	}},
}

// TestHiddenInformationDoesNotLeak changes each hidden part of the state, in
// many states of random play and for every viewer, and checks that no
// element of any field moves (DESIGN: no tensor carries what the agent
// cannot see).
func TestHiddenInformationDoesNotLeak(t *testing.T) {
	for _, team := range teams[1:] {
		g := newGame(t, team)
		e := encoder(t, g)
		l := e.Layout()
		before, after := l.NewObs(), l.NewObs()
		rng := game.NewRNG(3)
		states := randomStates(t, g, 300, 5)
		for _, hc := range hiddenChanges {
			changed := 0
			for _, s := range states {
				c := s.CloneState()
				if !hc.change(c, &rng) {
					continue
				}
				changed++
				for v := 0; v < int(s.N); v++ {
					e.Encode(s, game.AgentID(v), before)
					e.Encode(c, game.AgentID(v), after)
					if f := differs(l, before, after); f != "" {
						t.Fatalf("%d seats: changing %s moves field %s (viewer %d, round %d)", len(team), hc.name, f, v, s.Round)
					}
				}
			}
			if changed == 0 {
				t.Errorf("%d seats: no state had %s to change", len(team), hc.name)
			}
		}
	}
}

// The test must see a leak: a change of public state moves the tensors.
func TestLeakCheckSeesPublicChanges(t *testing.T) {
	g := newGame(t, teams[1])
	e := encoder(t, g)
	l := e.Layout()
	s := randomStates(t, g, 1, 1)[0]
	a, b := l.NewObs(), l.NewObs()
	e.Encode(s, 0, a)
	c := s.CloneState()
	c.Doom[0]++
	e.Encode(c, 0, b)
	if differs(l, a, b) == "" {
		t.Fatal("a change of doom moves no field")
	}
}

// differs names the first field whose elements differ between a and b.
func differs(l *encode.Layout, a, b encode.Obs) string {
	for k := range l.Fields {
		f := &l.Fields[k]
		if f.DType == encode.Float32 && !slices.Equal(a.Float(f), b.Float(f)) || f.DType == encode.Int32 && !slices.Equal(a.Int(f), b.Int(f)) {
			return f.Name
		}
	}
	return ""
}
