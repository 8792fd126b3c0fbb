package lcgobs_test

import (
	"slices"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/encode/lcgobs"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// hiddenChange changes one thing viewer cannot see (LCG §12.4) in s and
// reports whether there was anything to change.
type hiddenChange struct {
	name   string
	change func(s *lcg.State, viewer int, rng *game.RNG) bool
}

// permute shuffles ids in place and reports whether the list had two or more
// cards (so that a change was possible).
func permute(rng *game.RNG, ids []int16) bool {
	if len(ids) < 2 {
		return false
	}
	// Rotate by one, then shuffle: the order always changes where the cards differ.
	first := ids[0]
	copy(ids, ids[1:])
	ids[len(ids)-1] = first
	game.ShuffleInts(rng, ids[1:])
	return true
}

var hiddenChanges = []hiddenChange{
	{"own deck order", func(s *lcg.State, v int, rng *game.RNG) bool { return permute(rng, s.Inv[v].Deck) }},
	{"other decks' order", func(s *lcg.State, v int, rng *game.RNG) bool {
		changed := false
		for i := 0; i < int(s.N); i++ {
			if i != v && permute(rng, s.Inv[i].Deck) {
				changed = true
			}
		}
		return changed
	}},
	{"other investigators' hands (swapped with their decks)", func(s *lcg.State, v int, rng *game.RNG) bool {
		changed := false
		for i := 0; i < int(s.N); i++ {
			inv := &s.Inv[i]
			if i == v || len(inv.Hand) == 0 || len(inv.Deck) == 0 {
				continue
			}
			for h := range inv.Hand {
				d := rng.IntN(len(inv.Deck))
				inv.Hand[h], inv.Deck[d] = inv.Deck[d], inv.Hand[h]
				s.Cards[inv.Hand[h]].Zone, s.Cards[inv.Deck[d]].Zone = lcg.ZoneHand, lcg.ZoneDeck
			}
			changed = true
		}
		return changed
	}},
	{"other investigators' hands (other cards)", func(s *lcg.State, v int, rng *game.RNG) bool {
		changed := false
		for i := 0; i < int(s.N); i++ {
			if i == v {
				continue
			}
			for _, id := range s.Inv[i].Hand {
				s.Cards[id].Def = cards.ID(1 + rng.IntN(len(cards.All())-1))
				changed = true
			}
		}
		return changed
	}},
	{"encounter deck order", func(s *lcg.State, v int, rng *game.RNG) bool { return permute(rng, s.EncDeck) }},
	{"encounter deck cards", func(s *lcg.State, v int, rng *game.RNG) bool {
		for _, id := range s.EncDeck {
			s.Cards[id].Def = cards.ID(1 + rng.IntN(len(cards.All())-1))
		}
		return len(s.EncDeck) > 0
	}},
	{"set-aside cards", func(s *lcg.State, v int, rng *game.RNG) bool {
		for _, id := range s.SetAside {
			s.Cards[id].Exhausted = !s.Cards[id].Exhausted
			s.Cards[id].Clues += 2
		}
		return permute(rng, s.SetAside) || len(s.SetAside) > 0
	}},
	{"unrevealed locations' revealed side", func(s *lcg.State, v int, rng *game.RNG) bool {
		// Swap the card ids of unrevealed locations in play (their revealed
		// sides) and put clues on them, keeping the Parlor, whose unrevealed
		// side blocks movement (a public fact), where it is.
		var hidden []int16
		for k := 0; k < lcg.MaxLocations; k++ {
			id := s.LocInst[k]
			if id >= 0 && s.LocationInPlay(k) && !s.Cards[id].Revealed && cards.All()[s.Cards[id].Def].Name != "Parlor" {
				hidden = append(hidden, id)
				s.Cards[id].Clues += 3
			}
		}
		for i := 1; i < len(hidden); i++ {
			a, b := &s.Cards[hidden[i-1]], &s.Cards[hidden[i]]
			a.Def, b.Def = b.Def, a.Def
		}
		return len(hidden) > 0
	}},
	{"the state's RNG (future chaos tokens and shuffles)", func(s *lcg.State, v int, rng *game.RNG) bool {
		s.RNG().Seed(rng.Uint64())
		return true
	}},
	{"lcg.State.Determinize", func(s *lcg.State, v int, rng *game.RNG) bool {
		s.Determinize(game.AgentID(v), rng)
		return true
	}},
}

// TestHiddenInformationDoesNotLeak changes each part of the state the viewer
// cannot see, in many states of random play and for every viewer, and checks
// that no element of any field moves (DESIGN: no tensor carries what the
// agent cannot see).
func TestHiddenInformationDoesNotLeak(t *testing.T) {
	rng := game.NewRNG(99)
	applied := make([]int, len(hiddenChanges))
	for ti, team := range teams {
		sc := scenario(t, team)
		e := encoder(t, sc)
		states := randomStates(t, sc, 6, uint64(ti+1))
		base, got := e.Layout().NewObs(), e.Layout().NewObs()
		for si, s := range states {
			for v := 0; v < int(s.N); v++ {
				e.Encode(s, game.AgentID(v), base)
				for ci, hc := range hiddenChanges {
					c := s.CloneState()
					if !hc.change(c, v, &rng) {
						continue
					}
					applied[ci]++
					e.Encode(c, game.AgentID(v), got)
					if f, i := firstDiff(e.Layout(), base, got); f != "" {
						t.Fatalf("team %v, state %d, viewer %d: changing %s moved %s[%d]", team, si, v, hc.name, f, i)
					}
				}
			}
		}
		t.Logf("team %v: %d states", team, len(states))
	}
	for ci, n := range applied {
		if n == 0 {
			t.Errorf("%q never applied: the test exercised nothing", hiddenChanges[ci].name)
		}
	}
	t.Logf("changes applied: %v", applied)
}

// TestUnrevealedLocationsAreTested makes sure some random state has an
// unrevealed location in play, so the revealed-side check above ran.
func TestUnrevealedLocationsAreTested(t *testing.T) {
	sc := scenario(t, teams[0])
	for _, s := range randomStates(t, sc, 20, 7) {
		for k := 0; k < lcg.MaxLocations; k++ {
			id := s.LocInst[k]
			if id >= 0 && s.LocationInPlay(k) && !s.Cards[id].Revealed && cards.All()[s.Cards[id].Def].Name != "Parlor" {
				return
			}
		}
	}
	t.Fatal("no random state had an unrevealed location other than the Parlor in play")
}

// TestPublicChangesMove is the control of the leak test: changing what the
// viewer can see does move the tensors, so equality above means something.
func TestPublicChangesMove(t *testing.T) {
	sc := scenario(t, teams[0])
	e := encoder(t, sc)
	states := randomStates(t, sc, 3, 5)
	s := states[len(states)/2]
	base, got := e.Layout().NewObs(), e.Layout().NewObs()
	e.Encode(s, 0, base)
	public := []struct {
		name, field string
		change      func(c *lcg.State)
	}{
		{"own hand card", "hand", func(c *lcg.State) { c.Cards[c.Inv[0].Hand[0]].Def = cards.MustCode("01030") }},
		{"other's resources", "others", func(c *lcg.State) { c.Inv[1].Resources += 3 }},
		{"other's deck size", "others", func(c *lcg.State) { c.Inv[1].Deck = c.Inv[1].Deck[1:] }},
		{"other's hand size", "others", func(c *lcg.State) { c.Inv[1].Hand = c.Inv[1].Hand[1:] }},
		{"chaos bag", "chaos_bag", func(c *lcg.State) { c.Bag = c.Bag[1:] }},
		{"agenda doom", "global", func(c *lcg.State) { c.AgendaDoom++ }},
		{"encounter deck size", "global", func(c *lcg.State) { c.EncDeck = c.EncDeck[1:] }},
	}
	for _, p := range public {
		c := s.CloneState()
		p.change(c)
		e.Encode(c, 0, got)
		if f, _ := firstDiff(e.Layout(), base, got); f != p.field {
			t.Errorf("changing %s: first moved field %q, want %q", p.name, f, p.field)
		}
	}
}

// firstDiff names the first field, and the element, where a and b differ.
func firstDiff(l *encode.Layout, a, b encode.Obs) (string, int) {
	for i := range l.Fields {
		f := &l.Fields[i]
		switch f.DType {
		case encode.Float32:
			if k := diffAt(a.Float(f), b.Float(f)); k >= 0 {
				return f.Name, k
			}
		case encode.Int32:
			if k := diffAt(a.Int(f), b.Int(f)); k >= 0 {
				return f.Name, k
			}
		}
	}
	return "", -1
}

func diffAt[T comparable](a, b []T) int {
	if slices.Equal(a, b) {
		return -1
	}
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

var _ = lcgobs.MaxOptions
