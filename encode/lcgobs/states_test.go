package lcgobs_test

import (
	"testing"

	"github.com/mythos-rl/mythos/encode/lcgobs"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// teams are the investigator line-ups the tests play.
var teams = [][]string{{"01001", "01002"}, {"01003"}, {"01004", "01005", "01001", "01002"}, {"01002", "01003", "01005"}}

// scenario builds The Gathering for a team.
func scenario(t testing.TB, team []string) *lcg.Scenario {
	t.Helper()
	sc, err := lcg.NewScenario(lcg.Options{Investigators: team, Difficulty: "standard", Mulligan: true})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// encoder builds the encoder of a scenario.
func encoder(t testing.TB, sc *lcg.Scenario) *lcgobs.Encoder {
	t.Helper()
	e, err := lcgobs.New(sc.Info())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// randomStates plays episodes uniformly at random and returns a copy of
// every state met along the way (the finished ones included).
func randomStates(t testing.TB, sc *lcg.Scenario, episodes int, seed uint64) []*lcg.State {
	t.Helper()
	rng := game.NewRNG(seed)
	var out []*lcg.State
	for ep := 0; ep < episodes; ep++ {
		s := sc.New(seed*1000+uint64(ep), false)
		for {
			out = append(out, s.CloneState())
			if s.Over() {
				break
			}
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}
