package agents_test

import (
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/lcg"
)

// TestDevourerBelowAgentsReachAResolution: random, heuristic and ISMCTS play
// The Devourer Below to a resolution (short mode: a few episodes each, and a
// small ISMCTS budget).
func TestDevourerBelowAgentsReachAResolution(t *testing.T) {
	n, iters := 40, "100"
	if testing.Short() {
		n, iters = 6, "30"
	}
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
			e, err := env.Make(lcg.TheDevourerBelowID, env.Options{"investigators": []string{"1", "2", "3", "4"}[k%4]})
			if err != nil {
				t.Fatal(err)
			}
			ep, err := agents.Play(e, a, uint64(k+1))
			if err != nil {
				t.Fatalf("%s episode %d: %v", spec, k, err)
			}
			if ep.Truncated || ep.Score == 0 {
				t.Fatalf("%s episode %d: no resolution (score %v, %d decisions)", spec, k, ep.Score, ep.Length)
			}
		}
	}
}
