package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// masksRandom plays random legal decisions on The Midnight Masks, checking
// the invariants after each step, until the decisions are spent; it returns
// the resolutions reached.
func masksRandom(t *testing.T, total int) map[uint8]int {
	t.Helper()
	diffs := []string{"easy", "standard", "hard", "expert"}
	logs := [][]string{nil, {"house burned"}, {"house standing", "ghoul priest"}, {"house burned", "ghoul priest", "lita"}}
	res := map[uint8]int{}
	decisions := 0
	for seed := uint64(0); decisions < total; seed++ {
		inv := teams[seed%uint64(len(teams))]
		s, err := New(Options{Investigators: inv, Difficulty: diffs[seed%4], Mulligan: seed%3 != 0,
			Scenario: "midnight", CampaignLog: logs[seed/4%4]}, seed, false)
		if err != nil {
			t.Fatal(err)
		}
		n := playChecked(t, s, seed, nil)
		res[s.Resolution]++
		decisions += n
	}
	return res
}

// TestMidnightMasksRandomPlay: random play reaches a resolution on every
// seed with the invariants held after each decision (short mode: 100k
// decisions; otherwise 1M).
func TestMidnightMasksRandomPlay(t *testing.T) {
	total := 1_000_000
	if testing.Short() {
		total = 100_000
	}
	res := masksRandom(t, total)
	t.Logf("resolutions: %v", res)
}

// TestMidnightMasksDeterminizeShufflesCultistDeck: the Cultist deck's order
// is hidden (LCG §12.4), so a determinization resamples it; its cards stay
// set aside.
func TestMidnightMasksDeterminizeShufflesCultistDeck(t *testing.T) {
	s, err := New(Options{Investigators: []string{"01001"}, Difficulty: "standard", Scenario: "midnight"}, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	top := s.masksCultistTop()
	rng := game.NewRNG(5)
	changed := false
	for i := 0; i < 20 && !changed; i++ {
		c := s.CloneState()
		c.Determinize(0, &rng)
		if err := c.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		changed = c.masksCultistTop() != top
	}
	if !changed {
		t.Fatal("20 determinizations never changed the top of the Cultist deck")
	}
}

// TestFalseLeadSurgeDoesNotStick: False Lead gains surge only when drawn
// with no clues; drawn again with clues it tests instead.
func TestFalseLeadSurgeDoesNotStick(t *testing.T) {
	s, err := New(Options{Investigators: []string{"01001"}, Difficulty: "standard", Scenario: "midnight"}, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	var fl int16 = -1
	for _, id := range s.EncDeck {
		if s.Cards[id].Def == idFalseLead {
			fl = id
		}
	}
	s.revelation(0, fl)
	if !s.gainsSurge(fl) {
		t.Fatal("no surge with no clues")
	}
	s.Inv[0].Clues = 2
	s.revelation(0, fl)
	if s.gainsSurge(fl) {
		t.Fatal("surge kept with clues")
	}
}

// TestMidnightMasksDescribeAndNarrate: every option of random Midnight
// Masks games is described in words and every event narrated, without a
// "?" or a panic.
func TestMidnightMasksDescribeAndNarrate(t *testing.T) {
	for seed := uint64(1); seed <= 60; seed++ {
		s, err := New(Options{Investigators: teams[seed%uint64(len(teams))], Difficulty: "hard", Scenario: "midnight"}, seed, true)
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
