package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/gametest"
)

// TestKernelContract runs the kernel's shared contract checks on The Gathering.
func TestKernelContract(t *testing.T) {
	sc, err := NewScenario(Options{Investigators: []string{"roland", "wendy"}, Difficulty: "hard", Mulligan: true})
	if err != nil {
		t.Fatal(err)
	}
	mk := func(seed uint64, logging bool) game.State { return sc.New(seed, logging) }
	seeds := []uint64{1, 2, 3, 4, 5, 6, 7, 8}
	gametest.Determinism(t, mk, seeds, 300)
	gametest.CloneIndependence(t, mk, 9, 20, 300)
	gametest.IllegalChoices(t, mk, 10, 300)
	gametest.Invariants(t, mk, seeds, 500, func(s game.State) error { return s.(*State).CheckInvariants() })
}

// TestCampaignContract runs the kernel's contract checks on campaign play.
func TestCampaignContract(t *testing.T) {
	mk := func(seed uint64, logging bool) game.State {
		s, err := New(Options{Investigators: []string{"roland", "agnes"}, Difficulty: "easy", Mulligan: true, Campaign: true}, seed, logging)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	seeds := []uint64{1, 2, 3, 4}
	gametest.Determinism(t, mk, seeds, 3000)
	gametest.CloneIndependence(t, mk, 9, 20, 3000)
	gametest.IllegalChoices(t, mk, 10, 3000)
}
