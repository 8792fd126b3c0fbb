package agents

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
)

// machinaGame sets up The Frozen Engine with two pioneers.
func machinaGame(t testing.TB, seed uint64, coop bool) *machina.State {
	t.Helper()
	ct, err := machina.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	s, err := machina.New(ct.Scenario("frozen_engine"), machina.Config{Pioneers: []string{"lorre", "hank"}, Cooperative: coop, RoundCap: 30}, seed, false)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMachinaHeuristicPlays: the heuristic finishes games on both sides,
// always with a legal option, and its evaluation stays in [-1, 1]; it is
// deterministic for a seed.
func TestMachinaHeuristicPlays(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		var trail [2][]int
		for run := 0; run < 2; run++ {
			s := machinaGame(t, seed, seed%2 == 0)
			rng := game.NewRNG(seed)
			for n := 0; !s.Over(); n++ {
				if n > 100000 {
					t.Fatalf("seed %d: no end", seed)
				}
				if v := evaluateMachina(s); v < -1 || v > 1 {
					t.Fatalf("seed %d: evaluation %v", seed, v)
				}
				c := chooseMachina(s, &rng)
				trail[run] = append(trail[run], c)
				if err := s.Apply(c); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
		}
		if len(trail[0]) != len(trail[1]) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
	}
}
