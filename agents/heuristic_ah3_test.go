package agents_test

import (
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
)

// The heuristic plays AH3 legally, estimates unfinished games in [-1, 1],
// and wins more games than random play over the same seeds.
func TestHeuristicAH3(t *testing.T) {
	e, err := env.Make(env.AH3ID, env.Options{"investigators": "2"})
	if err != nil {
		t.Fatal(err)
	}
	wins := map[string]int{}
	for _, name := range []string{"random", "heuristic"} {
		a, err := agents.New(name)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(0); seed < 400; seed++ {
			a.Reset(seed)
			_, info := e.Reset(seed)
			for {
				if v := (agents.HeuristicPolicy{}).Evaluate(e.State()); v < -1 || v > 1 {
					t.Fatalf("Evaluate = %v", v)
				}
				tr, err := e.Step(a.Act(e, &info))
				if err != nil {
					t.Fatal(err)
				}
				info = tr.Info
				if tr.Terminated {
					if tr.Reward > 0 {
						wins[name]++
					}
					break
				}
			}
		}
	}
	t.Logf("wins of 400: %v", wins)
	if wins["heuristic"] <= wins["random"] {
		t.Fatalf("the heuristic does not beat random play: %v", wins)
	}
}

// ISMCTS searches AH3 through Determinize and picks legal actions.
func TestISMCTSPlaysAH3(t *testing.T) {
	e, err := env.Make(env.AH3ID, env.Options{"investigators": "2", "skip_trivial": "true"})
	if err != nil {
		t.Fatal(err)
	}
	a, err := agents.New("ismcts:iters=20")
	if err != nil {
		t.Fatal(err)
	}
	a.Reset(1)
	_, info := e.Reset(1)
	for i := 0; i < 60; i++ {
		act := a.Act(e, &info)
		if act < 0 || act >= len(info.Mask) || info.Mask[act] != 1 {
			t.Fatalf("illegal action %d", act)
		}
		tr, err := e.Step(act)
		if err != nil {
			t.Fatal(err)
		}
		info = tr.Info
		if tr.Terminated {
			return
		}
	}
}
