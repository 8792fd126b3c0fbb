package ah3

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestNarratorCoversAGame renders, describes and narrates a whole logged
// game without panics or placeholders.
func TestNarratorCoversAGame(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		s := newGame(t, teams[seed%uint64(len(teams))], seed)
		s.log.Enabled = true
		s.Reset(seed)
		rng := game.NewRNG(seed)
		for !s.Over() {
			_ = s.Render(s.Prompt().Actor)
			for i := range s.Prompt().Options {
				if d := s.Describe(i); d == "" || d == "?" {
					t.Fatalf("seed %d: option %d undescribed", seed, i)
				}
			}
			s.Apply(rng.IntN(len(s.Prompt().Options)))
		}
		for _, l := range s.Log().Lines(s) {
			if strings.HasPrefix(l, "event ") {
				t.Fatalf("seed %d: unnarrated %q", seed, l)
			}
		}
		if !strings.Contains(s.Render(0), "the investigators have") {
			t.Fatal("the final render does not say how the game ended")
		}
	}
}
