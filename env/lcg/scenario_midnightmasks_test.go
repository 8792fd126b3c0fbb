package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
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

// TestMidnightMasksStartVictory: the curriculum's start_victory puts n
// unique cultists from the top of the shuffled Cultist deck in the victory
// display (Start.Victory, docs/shaping.md): the objective's progress starts
// at n/6, the Cultist deck keeps the other 5-n, which cultists differ from
// seed to seed, and with all five given, defeating The Masked Hunter wins
// (act 1a's objective, then act 1b: R1). Random play from each start keeps
// the invariants; a start beyond 5, or on a scenario with no such
// objective, is refused.
func TestMidnightMasksStartVictory(t *testing.T) {
	seen := map[cards.ID]bool{}
	for n := 0; n <= 5; n++ {
		for seed := uint64(1); seed <= 8; seed++ {
			s, err := New(Options{Investigators: teams[seed%uint64(len(teams))], Difficulty: "easy",
				Scenario: "midnight", Start: Start{Victory: n}}, seed, false)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.masksInterrogated(); got != n {
				t.Fatalf("start_victory=%d seed %d: %d unique cultists in the victory display", n, seed, got)
			}
			if got, want := s.scen().Acts[0].Progress(s), float64(n)/6; got != want {
				t.Fatalf("start_victory=%d seed %d: progress %v, want %v", n, seed, got, want)
			}
			left := 0
			for _, id := range s.SetAside {
				if s.card(id).EncounterSet == masksCultistSet {
					left++
				}
			}
			if left != 5-n {
				t.Fatalf("start_victory=%d seed %d: %d cards in the Cultist deck, want %d", n, seed, left, 5-n)
			}
			if n == 1 {
				seen[s.Cards[s.Victory[0]].Def] = true
			}
			playChecked(t, s, seed, nil)
		}
	}
	if len(seen) < 2 {
		t.Fatalf("start_victory=1 gave the same cultist on every seed: %v", seen)
	}

	// Daisy Walker: no reaction to a defeat (Roland's would wait first).
	s, err := New(Options{Investigators: []string{"01002"}, Difficulty: "easy", Scenario: "midnight", Start: Start{Victory: 5}}, 3, false)
	if err != nil {
		t.Fatal(err)
	}
	if s.masksCultistTop() >= 0 {
		t.Fatal("start_victory=5: the Cultist deck is not empty")
	}
	hunter, err := s.PlaceEnemy(idMaskedHunter, int(s.Inv[0].Loc), 0, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	s.damageEnemy(hunter, s.enemyHealth(hunter), 0)
	s.run() // the objective's act advance, pushed by the defeat
	if !s.Over() || s.Resolution != ResR1 || s.Score() != 1 {
		t.Fatalf("The Masked Hunter defeated with 5 cultists given: over %v, resolution %d, score %v; want R1, +1", s.Over(), s.Resolution, s.Score())
	}

	for _, c := range []struct {
		scenario string
		n        int
	}{{"midnight", 6}, {"midnight", -1}, {"gathering", 1}, {"devourer", 1}} {
		if _, err := New(Options{Investigators: []string{"01001"}, Scenario: c.scenario, Start: Start{Victory: c.n}}, 1, false); err == nil {
			t.Fatalf("%s with start victory %d accepted", c.scenario, c.n)
		}
	}
}
