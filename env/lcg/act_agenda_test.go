package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestDoomInPlayWalksEveryCardInPlay checks doomInPlay, which walks the
// in-play zones' lists, against a walk over every card (LCG §3 Doom: the
// doom on the agenda and on cards in play), over random play of three
// investigators in each scenario with doom placed on a random card before
// each count: it counts only when that card is in play.
func TestDoomInPlayWalksEveryCardInPlay(t *testing.T) {
	rng := game.NewRNG(8)
	checked := 0
	for ep := 0; ep < 30; ep++ {
		scenario := []string{"01104", "01120", "01142"}[ep%3]
		s, err := New(Options{Investigators: []string{"01001", "01004", "01003"}, Difficulty: "hard", Scenario: scenario}, uint64(ep), false)
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; !s.Over() && steps < 5000; steps++ {
			c := s.CloneState()
			c.Cards[rng.IntN(len(c.Cards))].Doom += 2
			want := int(c.AgendaDoom)
			for i := range c.Cards {
				if inPlayZone(c.Cards[i].Zone) {
					want += int(c.Cards[i].Doom)
				}
			}
			if got := c.doomInPlay(); got != want {
				t.Fatalf("episode %d (%s): the zones' lists hold %d doom, the cards in play %d", ep, scenario, got, want)
			}
			checked++
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d states", checked)
}
