package lcgobs_test

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// newScenario builds a scenario by name for a team, with no random weakness.
func newScenario(t *testing.T, name string, team ...string) *lcg.Scenario {
	t.Helper()
	sc, err := lcg.NewScenario(lcg.Options{Investigators: team, Difficulty: "standard", NoRandomWeakness: true, Scenario: name})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestEnemyStatsWithModifiers: an enemy's fight and evade columns are the
// values the rules use now (The Devourer Below's agenda 2a: +1 fight and +1
// evade to each enemy; LCG §3 Modifiers), and its keyword columns count a
// gained keyword (LCG §3 Keywords).
func TestEnemyStatsWithModifiers(t *testing.T) {
	sc := newScenario(t, "devourer below", "01001")
	e := encoder(t, sc)
	s := sc.New(1, false)
	kw, err := lcg.ParseKeywords([]string{"Hunter"})
	if err != nil {
		t.Fatal(err)
	}
	ghoul, err := s.PlaceEnemyWith(cards.MustCode("01160"), int(s.Inv[0].Loc), lcg.EngageNone, 0, false, kw) // Ghoul Minion: fight 2, evade 2
	if err != nil {
		t.Fatal(err)
	}
	k := -1
	for i, x := range s.Enemies {
		if x == ghoul {
			k = i
		}
	}
	o := e.Layout().NewObs()
	f := fields{t, e.Layout(), o}
	for _, c := range []struct {
		agenda      int
		fight, hunt float32
	}{{0, 2, 1}, {1, 3, 1}} {
		if err := s.SetAgenda(c.agenda); err != nil {
			t.Fatal(err)
		}
		e.Encode(s, 0, o)
		if got := f.col("enemies", k, "fight"); got != c.fight {
			t.Errorf("agenda %d: fight %v, want %v (printed 2 with the agenda's modifier)", c.agenda, got, c.fight)
		}
		if got := f.col("enemies", k, "evade"); got != c.fight {
			t.Errorf("agenda %d: evade %v, want %v", c.agenda, got, c.fight)
		}
		if got := f.col("enemies", k, "hunter"); got != c.hunt {
			t.Errorf("agenda %d: hunter %v, want %v (gained)", c.agenda, got, c.hunt)
		}
	}
}

// TestActCluesOnActEncoded: The Devourer Below's act 3a needs 2 clues per
// investigator placed on it; act_clue_threshold shows the requirement and
// clues_still_needed what is left, whatever clues the group holds.
func TestActCluesOnActEncoded(t *testing.T) {
	sc := newScenario(t, "devourer below", "01001", "01002")
	e := encoder(t, sc)
	s := sc.New(1, false)
	for s.Act < 2 {
		s.AdvanceAct()
	}
	ritual := s.LocationSlot("Ritual Site")
	o := e.Layout().NewObs()
	f := fields{t, e.Layout(), o}
	s.Inv[0].Clues = 3
	for placed := 0; placed <= 3; placed++ {
		s.Cards[s.LocInst[ritual]].Uses = int8(placed) // the act's clues (devourerActClues)
		if on, need := s.ActCluesOnAct(); on != placed || need != 4 {
			t.Fatalf("ActCluesOnAct = %d, %d; want %d, 4", on, need, placed)
		}
		e.Encode(s, 0, o)
		if got := f.col("global", 0, "act_clue_threshold"); got != 4 {
			t.Errorf("%d placed: act_clue_threshold %v, want 4", placed, got)
		}
		if got := f.col("global", 0, "clues_still_needed"); got != float32(4-placed) {
			t.Errorf("%d placed: clues_still_needed %v, want %d", placed, got, 4-placed)
		}
	}
	// Act 1a (clues spent as a group) is unchanged: the threshold less the group's clues.
	s2 := sc.New(1, false)
	s2.Inv[0].Clues = 1
	e.Encode(s2, 0, o)
	if th, left := f.col("global", 0, "act_clue_threshold"), f.col("global", 0, "clues_still_needed"); th != float32(s2.ActClueThreshold()) || left != th-1 {
		t.Errorf("act 1a: threshold %v, still needed %v; want %d and one less", th, left, s2.ActClueThreshold())
	}
}

// TestMasksVersionSlotsDoNotLeak: which version of Southside and Downtown
// The Midnight Masks put in play (at random) cannot be read from the
// location slots while it is unrevealed (LCG §12.4): across seeds that chose
// different versions, the opening locations and location_card fields are
// the same.
func TestMasksVersionSlotsDoNotLeak(t *testing.T) {
	sc := newScenario(t, "midnight masks", "01001")
	e := encoder(t, sc)
	base, got := e.Layout().NewObs(), e.Layout().NewObs()
	bf, gf := fields{t, e.Layout(), base}, fields{t, e.Layout(), got}
	versions := map[string]bool{}
	for seed := uint64(1); seed <= 24; seed++ {
		s := sc.New(seed, false)
		for _, v := range []string{"Historical Society", "Ma's Boarding House", "First Bank of Arkham", "Arkham Asylum"} {
			if k := s.LocationSlot(v); k >= 0 && s.LocationInPlay(k) {
				versions[v] = true
			}
		}
		o, f := got, gf
		if seed == 1 {
			o, f = base, bf
		}
		e.Encode(s, 0, o)
		for _, name := range []string{"locations", "location_card"} {
			if seed == 1 {
				continue
			}
			switch name {
			case "locations":
				if k := diffAt(bf.float(name), f.float(name)); k >= 0 {
					t.Fatalf("seed %d: %s[%d] differs from seed 1's: the slots tell the versions in play", seed, name, k)
				}
			default:
				if k := diffAt(bf.ints(name), f.ints(name)); k >= 0 {
					t.Fatalf("seed %d: %s[%d] differs from seed 1's", seed, name, k)
				}
			}
		}
	}
	if len(versions) != 4 {
		t.Fatalf("versions in play over 24 seeds: %v; want all four met", versions)
	}
}

// TestMasksDeterminizeDoesNotLeak: in random states of The Midnight Masks,
// a determinization (which deals the unrevealed versions anew) moves no
// field of any viewer's observation.
func TestMasksDeterminizeDoesNotLeak(t *testing.T) {
	sc := newScenario(t, "midnight masks", "01001", "01004")
	e := encoder(t, sc)
	base, got := e.Layout().NewObs(), e.Layout().NewObs()
	rng := game.NewRNG(5)
	swapped := 0
	for _, s := range randomStates(t, sc, 3, 11) {
		for v := 0; v < int(s.N); v++ {
			e.Encode(s, game.AgentID(v), base)
			c := s.CloneState()
			before := c.LocInst
			c.Determinize(game.AgentID(v), &rng)
			if c.LocInst != before {
				swapped++
			}
			if err := c.CheckInvariants(); err != nil {
				t.Fatalf("viewer %d: after a determinization: %v", v, err)
			}
			if c.Over() == s.Over() && !c.Over() {
				// The determinized game plays on: one random step stays legal.
				d := c.CloneState()
				if err := d.Apply(rng.IntN(len(d.Prompt().Options))); err != nil {
					t.Fatalf("viewer %d: a step after a determinization: %v", v, err)
				}
			}
			e.Encode(c, game.AgentID(v), got)
			if f, i := firstDiff(e.Layout(), base, got); f != "" {
				t.Fatalf("viewer %d: a determinization moved %s[%d]", v, f, i)
			}
		}
	}
	if swapped == 0 {
		t.Fatal("no determinization dealt another version: the test exercised nothing")
	}
}
