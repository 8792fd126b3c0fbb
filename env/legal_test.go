package env_test

import (
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// TestLegalListsTheMask: for every env id, over random games, Info.Legal
// holds exactly the ids where Info.Mask is 1, in increasing order, after
// Reset and every Step (and the wrappers pass it on), and agents.Pick on it
// draws what agents.Uniform draws on the mask with the same generator.
func TestLegalListsTheMask(t *testing.T) {
	for _, id := range env.IDs() {
		t.Run(id, func(t *testing.T) {
			e, err := env.Make(id, nil)
			if err != nil {
				t.Fatal(err)
			}
			a, b := game.NewRNG(3), game.NewRNG(3)
			_, info := e.Reset(1)
			for n, seed := 0, uint64(1); n < 3000; n++ {
				checkLegal(t, n, &info)
				x, y := agents.Pick(&a, &info), agents.Uniform(&b, info.Mask)
				if x != y {
					t.Fatalf("decision %d: Pick drew %d from Legal, Uniform %d from the mask", n, x, y)
				}
				tr, err := e.Step(x)
				if err != nil {
					t.Fatal(err)
				}
				info = tr.Info
				if tr.Done() {
					checkLegal(t, n, &info)
					seed++
					_, info = e.Reset(seed)
				}
			}
		})
	}
}

func checkLegal(t *testing.T, n int, info *env.Info) {
	t.Helper()
	if info.Legal == nil {
		t.Fatalf("decision %d: no Legal list", n)
	}
	k := 0
	for a, m := range info.Mask {
		if m == 0 {
			continue
		}
		if k >= len(info.Legal) || int(info.Legal[k]) != a {
			t.Fatalf("decision %d: Legal %v does not list the mask's ids in order (id %d is legal)", n, info.Legal, a)
		}
		k++
	}
	if k != len(info.Legal) {
		t.Fatalf("decision %d: Legal %v lists %d ids, the mask %d", n, info.Legal, len(info.Legal), k)
	}
}
