package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/gametest"
)

// newCampaign starts Night of the Zealot as one game.
func newCampaign(t *testing.T, invs []string, seed uint64, seats ...CampaignSeatSetup) *State {
	t.Helper()
	s, err := New(Options{Investigators: invs, Difficulty: "standard", Mulligan: true, Campaign: true, UniqueWeaknesses: true, CampaignSeats: seats}, seed, false)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCampaignRandomPlay plays whole campaigns with random choices: every
// game reaches the end of the campaign with the invariants holding, the
// scenarios in order, and the decks keeping their size.
func TestCampaignRandomPlay(t *testing.T) {
	scenarios := map[int]int{}
	upgrades := 0
	for seed := uint64(1); seed <= 12; seed++ {
		invs := []string{"roland", "daisy", "skids", "agnes"}[:1+seed%4]
		// Half the games start with experience to spend between scenarios.
		var seats []CampaignSeatSetup
		if seed%2 == 0 {
			seats = []CampaignSeatSetup{{XP: 9}, {XP: 5}}[:min(len(invs), 2)]
		}
		s := newCampaign(t, invs, seed, seats...)
		rng := game.NewRNG(seed)
		n := 0
		for !s.Over() && n < 60000 {
			p := s.Prompt()
			if p.Kind == PkUpgrade && len(p.Options) > 1 {
				upgrades++
			}
			if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, n, err)
			}
			n++
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, n, err)
			}
		}
		if !s.Over() || s.Camp.Step != CampOver {
			t.Fatalf("seed %d: campaign not over after %d decisions (step %d)", seed, n, s.Camp.Step)
		}
		scenarios[int(s.Camp.Index)]++
		if !s.Camp.Lost && s.Camp.Index != 2 {
			t.Fatalf("seed %d: the campaign ended at scenario %d, not lost", seed, s.Camp.Index)
		}
	}
	t.Logf("campaigns ended at scenario: %v; upgrade prompts with a purchase: %d", scenarios, upgrades)
	if scenarios[2] == 0 {
		t.Errorf("no campaign reached The Devourer Below: %v", scenarios)
	}
	if upgrades == 0 {
		t.Errorf("no upgrade step offered a purchase")
	}
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
