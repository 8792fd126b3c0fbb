package lcg_test

import (
	"testing"

	"github.com/mythos-rl/mythos/env/lcg"
)

func TestAgentViewReadsTheRules(t *testing.T) {
	sc, err := lcg.NewScenario(lcg.Options{Investigators: []string{"01001"}, Difficulty: "standard"})
	if err != nil {
		t.Fatal(err)
	}
	s := sc.New(1, false)
	// The Gathering setup (LCG §7): the Study (shroud 2) in slot 0, agenda 1a
	// (3 doom), act 1a (2 clues per investigator).
	if got := s.ShroudAt(0); got != 2 {
		t.Errorf("Study shroud %d, want 2", got)
	}
	if doom, threshold := s.DoomTotal(), s.AgendaDoomThreshold(); doom != 0 || threshold != 3 {
		t.Errorf("doom clock %d/%d, want 0/3", doom, threshold)
	}
	if got := s.ActClueThreshold(); got != 2 {
		t.Errorf("act clues %d, want 2", got)
	}
	// Roland Banks: willpower 3, intellect 3, combat 4, agility 2.
	for sk, want := range []int{3, 3, 4, 2} {
		if got := s.SkillOf(0, sk); got != want {
			t.Errorf("skill %d = %d, want %d", sk, got, want)
		}
	}
	if s.SkillOf(3, 0) != 0 || s.SkillOf(0, 9) != 0 || s.ShroudAt(-1) != 0 {
		t.Error("out-of-range views must read 0")
	}
	if _, _, _, _, ok := s.TestStanding(); ok || s.TestKindOf() != "" {
		t.Error("a test is reported before any began")
	}
	if !s.InGame(0) || s.InGame(1) || !s.LocationInPlay(0) || s.LocationInPlay(1) || s.MayMove(0, 1) {
		t.Error("setup: Roland alone in the Study, nothing else in play")
	}
	// Tokens on standard: numbers are their value, the tablet is −2, the
	// auto-fail fails, the skull counts the Ghouls at the location (none).
	for _, c := range []struct {
		tok  int8
		mod  int
		fail bool
	}{{-3, -3, false}, {lcg.TokTablet, -2, false}, {lcg.TokAutoFail, 0, true}, {lcg.TokSkull, 0, false}, {lcg.TokCultist, -1, false}} {
		if mod, fail := s.TokenEstimate(0, c.tok); mod != c.mod || fail != c.fail {
			t.Errorf("token %s: %d %v, want %d %v", lcg.TokenName(c.tok), mod, fail, c.mod, c.fail)
		}
	}
}
