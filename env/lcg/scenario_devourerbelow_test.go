package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// devourerRandom plays random legal decisions on The Devourer Below,
// checking the invariants after each step, until the decisions are spent;
// it returns the resolutions reached.
func devourerRandom(t *testing.T, total int) map[uint8]int {
	t.Helper()
	diffs := []string{"easy", "standard", "hard", "expert"}
	logs := [][]string{nil, {"past midnight"}, {"ghoul priest", "lita", "cultists who got away: Herman Collins, Ruth Turner, The Masked Hunter"},
		{"past midnight", "cultists who got away: \"Wolf-Man\" Drew, Herman Collins, Peter Warren, Victoria Devereux, Ruth Turner, The Masked Hunter", "lita"}}
	res := map[uint8]int{}
	decisions := 0
	for seed := uint64(0); decisions < total; seed++ {
		inv := teams[seed%uint64(len(teams))]
		s, err := New(Options{Investigators: inv, Difficulty: diffs[seed%4], Mulligan: seed%3 != 0,
			Scenario: "devourer", CampaignLog: logs[seed/4%4], Start: Start{Act: 1 + int(seed%3), Clues: int(seed % 3)}}, seed, false)
		if err != nil {
			t.Fatal(err)
		}
		n := playChecked(t, s, seed, func(p *game.Prompt, c int, rng *game.RNG) int {
			if p.Options[c].Code == ActResign && rng.IntN(20) > 0 {
				c = (c + 1) % len(p.Options) // mostly stay: the Main Path's Resign is always there
			}
			return c
		})
		res[s.Resolution]++
		decisions += n
	}
	return res
}

// TestDevourerBelowRandomPlay: random play reaches a resolution on every
// seed with the invariants held after each decision (short mode: 100k
// decisions; otherwise 1M).
func TestDevourerBelowRandomPlay(t *testing.T) {
	total := 1_000_000
	if testing.Short() {
		total = 100_000
	}
	res := devourerRandom(t, total)
	t.Logf("resolutions: %v", res)
}

// TestDevourerBelowDescribeAndNarrate: every option of random Devourer
// Below games is described in words and every event narrated, without a
// "?" or a panic.
func TestDevourerBelowDescribeAndNarrate(t *testing.T) {
	for seed := uint64(1); seed <= 60; seed++ {
		s, err := New(Options{Investigators: teams[seed%uint64(len(teams))], Difficulty: "hard", Scenario: "devourer",
			CampaignLog: []string{"lita", "cultists who got away: Herman Collins, Peter Warren"}}, seed, true)
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(seed)
		for n := 0; !s.Over() && n < 3000; n++ {
			p := s.Prompt()
			for i := range p.Options {
				if d := s.Describe(i); d == "" || d == "?" {
					t.Fatalf("seed %d: option %d (%v) of a %v prompt has no words", seed, i, p.Options[i], p.Kind)
				}
			}
			c := rng.IntN(len(p.Options))
			if p.Options[c].Code == ActResign && rng.IntN(10) > 0 {
				c = (c + 1) % len(p.Options)
			}
			if err := s.Apply(c); err != nil {
				t.Fatal(err)
			}
		}
		for _, e := range s.Log().Events {
			if s.Narrate(e) == "" {
				t.Fatalf("seed %d: event %v not narrated", seed, e)
			}
		}
	}
}

// TestDevourerBelowDeterminizeDealsTheWoods: which unrevealed Arkham Woods
// is in which slot is hidden (LCG §12.4), so a determinization deals them
// anew; the Main Path stays, and the invariants hold.
func TestDevourerBelowDeterminizeDealsTheWoods(t *testing.T) {
	s, err := New(Options{Investigators: []string{"01001"}, Difficulty: "standard", Scenario: "devourer"}, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	before := s.Cards[s.LocInst[dbUnhallowed]].Def
	rng := game.NewRNG(5)
	changed := false
	for i := 0; i < 20 && !changed; i++ {
		c := s.CloneState()
		c.Determinize(0, &rng)
		if err := c.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		if c.Cards[c.LocInst[dbMainPath]].Def != idMainPath {
			t.Fatal("the Main Path moved")
		}
		changed = c.Cards[c.LocInst[dbUnhallowed]].Def != before
	}
	if !changed {
		t.Fatal("20 determinizations never changed the Arkham Woods in slot 1")
	}
}

// TestDevourerBelowWoodsBehaveByCard: a woods' rules follow its card, not its
// slot (the setup shuffles them over the six slots).
func TestDevourerBelowWoodsBehaveByCard(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		s, err := New(Options{Investigators: []string{"01001"}, Difficulty: "standard", Scenario: "devourer"}, seed, false)
		if err != nil {
			t.Fatal(err)
		}
		for k := dbUnhallowed; k <= dbGlade; k++ {
			if got, want := s.locDef(k).Card, s.Cards[s.LocInst[k]].Def; got != want {
				t.Fatalf("seed %d slot %d: definition of %s for %s", seed, k, def(got).Subname, def(want).Subname)
			}
		}
	}
}
