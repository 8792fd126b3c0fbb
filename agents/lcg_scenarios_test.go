package agents_test

import (
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/lcg"
)

// TestScenarioAgentsReachAResolution: random, heuristic and ISMCTS play The
// Midnight Masks and The Devourer Below to a resolution with 1 to 4
// investigators (short mode: a few episodes each, and a small ISMCTS
// budget).
func TestScenarioAgentsReachAResolution(t *testing.T) {
	n, iters := 40, "100"
	if testing.Short() {
		n, iters = 6, "30"
	}
	for _, id := range []string{lcg.TheMidnightMasksID, lcg.TheDevourerBelowID} {
		for _, spec := range []string{"random", "heuristic", "ismcts:iters=" + iters} {
			a, err := agents.New(spec)
			if err != nil {
				t.Fatal(err)
			}
			episodes := n
			if spec != "random" && spec != "heuristic" {
				episodes = max(2, n/10)
			}
			for k := 0; k < episodes; k++ {
				e, err := env.Make(id, env.Options{"investigators": []string{"1", "2", "3", "4"}[k%4]})
				if err != nil {
					t.Fatal(err)
				}
				ep, err := agents.Play(e, a, uint64(k+1))
				if err != nil {
					t.Fatalf("%s, %s episode %d: %v", id, spec, k, err)
				}
				if ep.Truncated || ep.Score == 0 {
					t.Fatalf("%s, %s episode %d: no resolution (score %v, %d decisions)", id, spec, k, ep.Score, ep.Length)
				}
			}
		}
	}
}
