package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestSkillsOfMatchesSkillOf: the four skills at once are SkillOf's, for
// every seat, over random play of every team.
func TestSkillsOfMatchesSkillOf(t *testing.T) {
	rng := game.NewRNG(9)
	checked := 0
	for i, team := range teams {
		for ep := 0; ep < 6; ep++ {
			s := newGame(t, uint64(100*i+ep), team...)
			for !s.Over() {
				for seat := -1; seat <= int(s.N); seat++ {
					got := s.SkillsOf(seat)
					for k := 0; k < 4; k++ {
						if want := s.SkillOf(seat, k); got[k] != want {
							t.Fatalf("team %v, seat %d, skill %d: SkillsOf %d, SkillOf %d", team, seat, k, got[k], want)
						}
					}
				}
				checked++
				if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d states", checked)
	}
}
