package lcg

import "testing"

// TestGatheringResolutionsWriteTheCampaignLog checks each resolution's
// campaign-log entries (the campaign guide of The Gathering) and its
// standalone outcome (LCG §3 Standalone Mode: an act-deck resolution wins).
func TestGatheringResolutionsWriteTheCampaignLog(t *testing.T) {
	for _, c := range []struct {
		res  uint8
		won  bool
		want []LogKey
	}{
		{ResR1, true, []LogKey{LogHouseBurned}},
		{ResR2, true, []LogKey{LogHouseStanding}},
		{ResR3, false, []LogKey{LogHouseStanding, LogGhoulPriestAlive, LogLitaForced}},
		{ResNoResolution, false, []LogKey{LogHouseStanding, LogGhoulPriestAlive, LogLitaForced}},
	} {
		s, err := New(Options{Investigators: []string{"01001"}, Difficulty: "standard"}, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		if s.ScenarioName() != "The Gathering" || s.Campaign.Records != 0 {
			t.Fatalf("setup: scenario %q, log %v", s.ScenarioName(), s.Campaign.Entries())
		}
		s.finish(c.res)
		got := s.Campaign.Entries()
		if s.Won() != c.won || len(got) != len(c.want) {
			t.Fatalf("%s: won %v, log %v; want %v, %v", s.resolution(c.res).Name, s.Won(), got, c.won, c.want)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Fatalf("%s: log %v, want %v", s.resolution(c.res).Name, got, c.want)
			}
		}
		if cl := s.CloneState(); cl.Campaign != s.Campaign {
			t.Fatal("clone lost the campaign log")
		}
	}
}

// TestScenarioOption finds a scenario by code or name and refuses others.
func TestScenarioOption(t *testing.T) {
	for _, name := range []string{"", "01104", "gathering"} {
		if _, err := New(Options{Investigators: []string{"01001"}, Difficulty: "easy", Scenario: name}, 1, false); err != nil {
			t.Fatalf("%q: %v", name, err)
		}
	}
	if _, err := New(Options{Investigators: []string{"01001"}, Difficulty: "easy", Scenario: "nowhere"}, 1, false); err == nil {
		t.Fatal("unknown scenario accepted")
	}
}

// TestCampaignLogOverflowPanics: a full list is an error, never a silent drop.
func TestCampaignLogOverflowPanics(t *testing.T) {
	var l CampaignLog
	for i := 0; i < maxLogCards; i++ {
		l.AddCard(LogCultistsInterrogated, idGhoulPriest)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	l.AddCard(LogCultistsInterrogated, idGhoulPriest)
}
