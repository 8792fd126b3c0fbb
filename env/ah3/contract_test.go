package ah3

import (
	"testing"

	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/gametest"
)

// TestKernelContract runs the kernel's shared contract checks (the same ones
// the LCG passes) on The Drowned Lantern, with every table size, logging on
// and off.
func TestKernelContract(t *testing.T) {
	sc, err := content.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, inv := range teams {
		g, err := NewGame(sc, Config{Investigators: inv})
		if err != nil {
			t.Fatal(err)
		}
		mk := func(seed uint64, logging bool) game.State { return g.New(seed, logging) }
		seeds := []uint64{1, 2, 3, 4, 5, 6, 7, 8}
		gametest.Determinism(t, mk, seeds, 300)
		gametest.CloneIndependence(t, mk, 9, 20, 300)
		gametest.IllegalChoices(t, mk, 10, 300)
		gametest.Invariants(t, mk, seeds, 500, func(s game.State) error { return s.(*State).CheckInvariants() })
	}
}
