package agents_test

import (
	"reflect"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/internal/fixture"
)

func winRate(t *testing.T, agent string, episodes int) float64 {
	t.Helper()
	fixture.Register()
	res, err := agents.Rollout(agents.RolloutConfig{Env: fixture.ID, Agent: agent, Episodes: episodes, Seed: 11, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	wins := 0
	for _, e := range res {
		if e.Won() {
			wins++
		}
	}
	return float64(wins) / float64(episodes)
}

func TestISMCTSBeatsRandomOnCipher(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 60
	}
	r, m := winRate(t, "random", n), winRate(t, "ismcts:iters=200", n)
	t.Logf("win rate over %d games: random %.2f, ismcts %.2f", n, r, m)
	if m < r+0.2 {
		t.Fatalf("ismcts %.2f does not clearly beat random %.2f", m, r)
	}
}

func TestISMCTSIsDeterministicAcrossWorkers(t *testing.T) {
	a, b := winRate(t, "ismcts:iters=60,workers=1", 30), winRate(t, "ismcts:iters=60,workers=1", 30)
	if a != b {
		t.Fatalf("same seed, win rates %.2f and %.2f", a, b)
	}
	c, d := winRate(t, "ismcts:iters=60,workers=3", 30), winRate(t, "ismcts:iters=60,workers=3", 30)
	if c != d {
		t.Fatalf("root-parallel search is not reproducible: %.2f vs %.2f", c, d)
	}
}

func TestISMCTSOptions(t *testing.T) {
	for _, spec := range []string{"ismcts:iters=0", "ismcts:c=abc", "ismcts:rollout=genius", "ismcts:speed=9",
		"ismcts:prior=genius", "ismcts:prior=heuristic,pw=1.5", "ismcts:prior=heuristic,pw=x", "ismcts:pw=0.3"} {
		if _, err := agents.New(spec); err == nil {
			t.Errorf("%s accepted", spec)
		}
	}
}

func TestISMCTSBudgetOptions(t *testing.T) {
	for _, spec := range []string{"ismcts:iters=5,ms=5", "ismcts:ms=-1", "ismcts:c=-1", "ismcts:workers=0", "ismcts:depth=0"} {
		if _, err := agents.New(spec); err == nil {
			t.Errorf("%s accepted", spec)
		}
	}
	for _, spec := range []string{"ismcts:ms=5", "ismcts:iters=2000,rollout=heuristic", "ismcts:rollout=random,c=1.2,depth=50,workers=2"} {
		if _, err := agents.New(spec); err != nil {
			t.Errorf("%s: %v", spec, err)
		}
	}
}

func TestISMCTSTimeBudgetPlaysLegally(t *testing.T) {
	fixture.Register()
	res, err := agents.Rollout(agents.RolloutConfig{Env: fixture.ID, Agent: "ismcts:ms=2,workers=2", Episodes: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 3 {
		t.Fatal(len(res))
	}
}

func TestISMCTSWithHeuristicRolloutsIsDeterministicOnTheGathering(t *testing.T) {
	a := rollout(t, lcg.TheGatheringID, "ismcts:iters=16,rollout=heuristic,workers=2", 2, 1, 5)
	b := rollout(t, lcg.TheGatheringID, "ismcts:iters=16,rollout=heuristic,workers=2", 2, 2, 5)
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("same seed, different episodes: %+v vs %+v", a, b)
	}
}

// ISMCTS with the heuristic's prior plays Machina Arcana legally, the same
// for the same seed whatever the workers, against a fixed monster side.
func TestISMCTSWithPriorIsDeterministicOnMachina(t *testing.T) {
	play := func(workers int) []agents.Episode {
		eps, err := agents.Rollout(agents.RolloutConfig{Env: "MachinaArcana/TheFrozenEngine-v0",
			Options: env.Options{"variant": "very_quick", "round_cap": "3"}, Agent: "ismcts:iters=12,depth=10,prior=heuristic,pw=0.6",
			Seats: []agents.SeatAgent{{Seat: "monsters", Agent: "heuristic"}}, Episodes: 2, Seed: 3, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		return eps
	}
	if a, b := play(1), play(2); !reflect.DeepEqual(a, b) || a[0].Length == 0 {
		t.Fatalf("same seed, different episodes: %+v vs %+v", a, b)
	}
}
