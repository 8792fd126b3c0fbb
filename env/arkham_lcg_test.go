package env_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/lcg"
)

func TestRegisteredEnv(t *testing.T) {
	e, err := env.Make(lcg.TheGatheringID, env.Options{"investigators": "roland,daisy", "difficulty": "hard"})
	if err != nil {
		t.Fatal(err)
	}
	_, info := e.Reset(1)
	for i := 0; i < 5000; i++ {
		a := -1
		for k, m := range info.Mask {
			if m == 1 {
				a = k
				break
			}
		}
		tr, err := e.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		info = tr.Info
		if tr.Terminated {
			return
		}
	}
}

// TestInvestigatorCount: investigators=N takes the first N of Roland, Daisy,
// Skids and Agnes; codes and names still work.
func TestInvestigatorCount(t *testing.T) {
	for _, c := range []struct {
		v    string
		want []string
	}{
		{"1", []string{"Roland Banks"}},
		{"2", []string{"Roland Banks", "Daisy Walker"}},
		{" 4 ", []string{"Roland Banks", "Daisy Walker", "\"Skids\" O'Toole", "Agnes Baker"}},
		{"01005,01001", []string{"Wendy Adams", "Roland Banks"}},
		{"daisy", []string{"Daisy Walker"}},
	} {
		e, err := env.Make(lcg.TheGatheringID, env.Options{"investigators": c.v})
		if err != nil {
			t.Fatalf("investigators=%s: %v", c.v, err)
		}
		got := e.Spec().Agents
		if len(got) != len(c.want) {
			t.Fatalf("investigators=%s: agents %q, want %q", c.v, got, c.want)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Fatalf("investigators=%s: agents %q, want %q", c.v, got, c.want)
			}
		}
	}
}

// TestCurriculumStart: start_act, start_clues and start_resources change the
// state at the first decision, and the defaults are the real setup.
func TestCurriculumStart(t *testing.T) {
	first := func(opts env.Options) *lcg.State {
		if opts["mulligan"] == "" {
			opts["mulligan"] = "false"
		}
		e, err := env.Make(lcg.TheGatheringID, opts)
		if err != nil {
			t.Fatal(err)
		}
		e.Reset(5)
		return e.State().(*lcg.State)
	}
	base := first(env.Options{"investigators": "2"})
	if base.Act != 0 || base.Inv[0].Clues != 0 || base.Inv[0].Resources != 5 {
		t.Fatalf("default start: act %d, clues %d, resources %d", base.Act, base.Inv[0].Clues, base.Inv[0].Resources)
	}
	s := first(env.Options{"investigators": "2", "start_clues": "3", "start_resources": "4"})
	for i := 0; i < 2; i++ {
		if s.Inv[i].Clues != 3 || s.Inv[i].Resources != 9 {
			t.Fatalf("seat %d: clues %d, resources %d; want 3 and 9", i, s.Inv[i].Clues, s.Inv[i].Resources)
		}
	}
	for _, mull := range []string{"false", "true"} {
		for act := 1; act <= 3; act++ {
			// With mulligans, the first decision is the mulligan: the acts
			// advanced before it, so it already sees the act it starts on.
			s := first(env.Options{"investigators": "2", "start_act": strconv.Itoa(act), "mulligan": mull})
			if int(s.Act) != act-1 {
				t.Fatalf("start_act=%d mulligan=%s: act index %d at the first decision, want %d", act, mull, s.Act, act-1)
			}
			if act == 3 && !strings.Contains(s.Render(0), "Ghoul Priest") {
				t.Fatal("start_act=3: the Ghoul Priest is not in play (act 2b spawns him)")
			}
		}
	}
}

// TestCampaignCurriculumStart: in the campaign env start_act, start_clues
// and start_resources set up the episode's first scenario only (the
// campaign start's, checked against that scenario's acts); the next
// scenario starts as the rules say.
func TestCampaignCurriculumStart(t *testing.T) {
	e, err := env.Make(lcg.NightOfTheZealotID, env.Options{"investigators": "1", "mulligan": "false",
		"start_act": "3", "start_clues": "2", "start_resources": "3"})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for seed := uint64(1); seed <= 30 && checked < 3; seed++ {
		_, info := e.Reset(seed)
		s := e.State().(*lcg.State)
		if s.Act != 2 || s.Inv[0].Clues != 2 || s.Inv[0].Resources != 8 {
			t.Fatalf("seed %d: The Gathering starts with act index %d, clues %d, resources %d; want 2, 2, 8", seed, s.Act, s.Inv[0].Clues, s.Inv[0].Resources)
		}
		for i := 0; i < 60000 && !s.Over(); i++ {
			legal := 0
			for k, m := range info.Mask {
				if m == 1 && (legal == 0 || (int(seed)+i)%3 == 0) {
					legal = k
				}
			}
			tr, err := e.Step(legal)
			if err != nil {
				t.Fatal(err)
			}
			info = tr.Info
			if s.Camp.Index == 1 && s.Camp.Step == lcg.CampPlaying {
				if s.ScenarioName() != "The Midnight Masks" || s.Act != 0 || s.Inv[0].Clues != 0 || s.Inv[0].Resources != 5 {
					t.Fatalf("seed %d: %s starts with act index %d, clues %d, resources %d; want the real setup", seed, s.ScenarioName(), s.Act, s.Inv[0].Clues, s.Inv[0].Resources)
				}
				checked++
				break
			}
		}
	}
	if checked == 0 {
		t.Fatal("no episode reached The Midnight Masks")
	}
	if _, err := env.Make(lcg.NightOfTheZealotID, env.Options{"campaign_start": "1", "start_act": "2"}); err == nil {
		t.Fatal("campaign_start=1 (The Midnight Masks, one act) with start_act=2 accepted")
	}
}

// TestScenarioEnvs: The Midnight Masks and The Devourer Below have The
// Gathering's observation layout and action vocabulary (one for every LCG
// env), read the campaign_log option (lists included), random play reaches
// a resolution, and a bad log entry or start act is refused.
func TestScenarioEnvs(t *testing.T) {
	g, err := env.Make(lcg.TheGatheringID, env.Options{"investigators": "2"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id, log  string
		badLog   string // a campaign_log value to refuse
		badStart string // a start_act value to refuse
	}{
		{lcg.TheMidnightMasksID, "house burned; ghoul priest is still alive", "house on fire", "2"},
		{lcg.TheDevourerBelowID, "past midnight; ghoul priest is still alive; lita; cultists who got away: Herman Collins, Ruth Turner, The Masked Hunter", "cultists who got away: Nobody", "4"},
		{lcg.NightOfTheZealotID, "house burned", "house on fire", "4"},
	} {
		for _, log := range []string{"", c.log} {
			e, err := env.Make(c.id, env.Options{"investigators": "2", "campaign_log": log})
			if err != nil {
				t.Fatal(err)
			}
			if e.Spec().Actions != g.Spec().Actions || e.Spec().Layout.F32 != g.Spec().Layout.F32 || e.Spec().Layout.I32 != g.Spec().Layout.I32 {
				t.Fatalf("%s: layout differs from The Gathering's: %+v vs %+v", c.id, e.Spec().Layout, g.Spec().Layout)
			}
			for seed := uint64(1); seed <= 20; seed++ {
				_, info := e.Reset(seed)
				done := false
				for i := 0; i < 20000 && !done; i++ {
					var legal []int
					for k, m := range info.Mask {
						if m == 1 {
							legal = append(legal, k)
						}
					}
					tr, err := e.Step(legal[(int(seed)*7+i*13)%len(legal)])
					if err != nil {
						t.Fatal(err)
					}
					info, done = tr.Info, tr.Terminated
				}
				if !done {
					t.Fatalf("%s campaign_log %q seed %d: no resolution", c.id, log, seed)
				}
			}
		}
		if _, err := env.Make(c.id, env.Options{"campaign_log": c.badLog}); err == nil {
			t.Fatalf("%s: campaign_log %q accepted", c.id, c.badLog)
		}
		if _, err := env.Make(c.id, env.Options{"start_act": c.badStart}); err == nil {
			t.Fatalf("%s: start_act=%s accepted", c.id, c.badStart)
		}
	}
	// start_victory: The Midnight Masks's head start on its objective
	// (0-5 cultists), an option no other LCG env has.
	if _, err := env.Make(lcg.TheMidnightMasksID, env.Options{"start_victory": "5"}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ id, v string }{{lcg.TheMidnightMasksID, "6"}, {lcg.TheGatheringID, "1"}, {lcg.TheDevourerBelowID, "1"}, {lcg.NightOfTheZealotID, "1"}} {
		if _, err := env.Make(c.id, env.Options{"start_victory": c.v}); err == nil {
			t.Fatalf("%s: start_victory=%s accepted", c.id, c.v)
		}
	}
}

// TestNightOfTheZealotEnv: the campaign env plays the three scenarios in
// one episode; the rewards of an episode add up to its score, each scenario
// rewarded as it resolves (docs/shaping.md); campaign_start starts later.
func TestNightOfTheZealotEnv(t *testing.T) {
	e, err := env.Make(lcg.NightOfTheZealotID, env.Options{"investigators": "2", "mulligan": "false"})
	if err != nil {
		t.Fatal(err)
	}
	reached := 0
	for seed := uint64(1); seed <= 8; seed++ {
		_, info := e.Reset(seed)
		total, rewards := 0.0, 0
		for i := 0; i < 60000; i++ {
			var legal []int
			for k, m := range info.Mask {
				if m == 1 {
					legal = append(legal, k)
				}
			}
			tr, err := e.Step(legal[(int(seed)*7+i*13)%len(legal)])
			if err != nil {
				t.Fatal(err)
			}
			if tr.Reward != 0 {
				rewards++
			}
			total += tr.Reward
			info = tr.Info
			if tr.Terminated {
				break
			}
		}
		s := e.State().(*lcg.State)
		if !s.Over() || s.Camp.Step != lcg.CampOver {
			t.Fatalf("seed %d: the campaign did not end", seed)
		}
		if d := total - s.Score(); d > 1e-9 || d < -1e-9 {
			t.Fatalf("seed %d: rewards add to %v, score %v", seed, total, s.Score())
		}
		if rewards < int(s.Camp.Index)+1 && !s.Camp.Lost {
			t.Fatalf("seed %d: %d rewards for %d scenarios", seed, rewards, s.Camp.Index+1)
		}
		if s.Camp.Index == 2 {
			reached++
		}
	}
	if reached == 0 {
		t.Fatal("no episode reached The Devourer Below")
	}
	e2, err := env.Make(lcg.NightOfTheZealotID, env.Options{"campaign_start": "2", "mulligan": "false"})
	if err != nil {
		t.Fatal(err)
	}
	e2.Reset(1)
	if s := e2.State().(*lcg.State); s.Camp.Index != 2 || s.ScenarioName() != "The Devourer Below" {
		t.Fatalf("campaign_start=2: scenario %d %s", s.Camp.Index, s.ScenarioName())
	}
	if _, err := env.Make(lcg.NightOfTheZealotID, env.Options{"campaign_start": "3"}); err == nil {
		t.Fatal("campaign_start=3 accepted")
	}
}
