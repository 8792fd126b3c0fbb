package ah3obs_test

import (
	"testing"

	"github.com/mythos-rl/mythos/encode/ah3obs"
	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// teams are the tables the tests play: one to six investigators.
var teams = [][]string{
	{"Jenny Barnes"},
	{"Jenny Barnes", "Tommy Muldoon"},
	{"Marie Lambeau", "Wendy Adams", "Calvin Wright"},
	{"Jenny Barnes", "Tommy Muldoon", "Marie Lambeau", "Wendy Adams", "Calvin Wright", "Rex Murphy"},
}

// newGame prepares the shipped scenario for a team.
func newGame(tb testing.TB, team []string) *ah3.Game {
	tb.Helper()
	sc, err := content.Default()
	if err != nil {
		tb.Fatal(err)
	}
	g, err := ah3.NewGame(sc, ah3.Config{Investigators: team})
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

func encoder(tb testing.TB, g *ah3.Game) *ah3obs.Encoder {
	tb.Helper()
	e, err := ah3obs.New(g)
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

// randomStates plays random games of g and keeps every stride-th state
// (clones), n in all.
func randomStates(tb testing.TB, g *ah3.Game, n, stride int) []*ah3.State {
	tb.Helper()
	var out []*ah3.State
	rng := game.NewRNG(7)
	for seed := uint64(1); len(out) < n; seed++ {
		s := g.New(seed, false)
		for step := 0; !s.Over() && len(out) < n; step++ {
			if step%stride == 0 {
				out = append(out, s.CloneState())
			}
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

func actor(s *ah3.State) game.AgentID {
	if v := s.Prompt().Actor; v >= 0 {
		return v
	}
	return 0
}

func ah3ID(v int) game.AgentID { return game.AgentID(v) }
