package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// The engine walks the cards in play by their zones' lists (the
// investigator cards, the play and threat areas, the board) where the rules
// name every card in play. These tests check such walks against a walk over
// every card, at every state of random games.

// eachRandomState calls check with a clone of every state of 30 random
// games of three investigators, ten of each scenario.
func eachRandomState(t *testing.T, seed uint64, check func(where string, c *State)) {
	t.Helper()
	rng := game.NewRNG(seed)
	checked := 0
	for ep := 0; ep < 30; ep++ {
		scenario := []string{"01104", "01120", "01142"}[ep%3]
		s, err := New(Options{Investigators: []string{"01001", "01004", "01003"}, Difficulty: "hard", Scenario: scenario}, uint64(ep), false)
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; !s.Over() && steps < 5000; steps++ {
			check(scenario, s.CloneState())
			checked++
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d states", checked)
}

// TestDoomInPlayWalksEveryCardInPlay checks doomInPlay (LCG §3 Doom: the doom
// on the agenda and on cards in play) with doom placed on a random card
// before each count: it counts only when that card is in play.
func TestDoomInPlayWalksEveryCardInPlay(t *testing.T) {
	rng := game.NewRNG(8)
	eachRandomState(t, 8, func(where string, c *State) {
		c.Cards[rng.IntN(len(c.Cards))].Doom += 2
		want := int(c.AgendaDoom)
		for i := range c.Cards {
			if inPlayZone(c.Cards[i].Zone) {
				want += int(c.Cards[i].Doom)
			}
		}
		if got := c.doomInPlay(); got != want {
			t.Fatalf("%s: the zones' lists hold %d doom, the cards in play %d", where, got, want)
		}
	})
}

// TestReadyInPlayReadiesEveryCardInPlay checks readyInPlay (LCG §5.2 4.3:
// ready each exhausted card in play): with every card exhausted, it readies
// exactly the cards in play.
func TestReadyInPlayReadiesEveryCardInPlay(t *testing.T) {
	eachRandomState(t, 9, func(where string, c *State) {
		for i := range c.Cards {
			c.Cards[i].Exhausted = true
		}
		c.readyInPlay()
		for i := range c.Cards {
			if in := inPlayZone(c.Cards[i].Zone); c.Cards[i].Exhausted == in {
				t.Fatalf("%s: card %d (%s) in zone %s is exhausted: %v", where, i, c.name(int16(i)), c.Cards[i].Zone, c.Cards[i].Exhausted)
			}
		}
	})
}
