package lcgobs_test

import (
	"testing"

	"github.com/mythos-rl/mythos/encode/lcgobs"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// TestCampaignFields encodes a campaign game at its first upgrade step
// (The Gathering won with Resolution 2: 2 experience each) and in The
// Midnight Masks after it: the scenario's position, the step, the log, the
// seats' experience and trauma, and the Buy options' cards; encoding it
// allocates nothing.
func TestCampaignFields(t *testing.T) {
	sc, err := lcg.NewScenario(lcg.Options{Investigators: []string{"01001", "01002"}, Difficulty: "standard", NoRandomWeakness: true,
		Campaign: true, CampaignSeats: []lcg.CampaignSeatSetup{{Physical: 1}, {Mental: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	e, err := lcgobs.New(sc.Info())
	if err != nil {
		t.Fatal(err)
	}
	s := sc.New(3, false)
	l := e.Layout()
	o := l.NewObs()
	f := fields{t, l, o}
	e.Encode(s, 0, o)
	if f.col("campaign", 0, "in_campaign") != 1 || f.col("campaign", 0, "scenario=0") != 1 || f.col("campaign", 0, "step=playing") != 1 {
		t.Fatalf("The Gathering in a campaign: %v", f.float("campaign"))
	}
	if f.col("campaign_seats", 0, "physical_trauma") != 1 || f.col("campaign_seats", 1, "mental_trauma") != 2 {
		t.Fatalf("trauma rows: %v", f.float("campaign_seats"))
	}
	if err := s.EndScenario(lcg.ResR2); err != nil {
		t.Fatal(err)
	}
	if s.Prompt().Kind != lcg.PkUpgrade {
		t.Fatalf("after Resolution 2: prompt kind %d, want the upgrade step", s.Prompt().Kind)
	}
	v := s.Prompt().Actor
	e.Encode(s, v, o)
	if f.col("campaign", 0, "step=between") != 1 || f.col("campaign", 0, "log=house_standing") != 1 {
		t.Fatalf("between scenarios: %v", f.float("campaign"))
	}
	if f.col("campaign_seats", 0, "experience_unspent") != 2 || f.col("campaign_seats", 0, "experience_earned_last") != 2 {
		t.Fatalf("experience: %v", f.float("campaign_seats"))
	}
	acts, cardsOf := f.ints("option_action"), f.ints("option_card")
	buys := 0
	for i, a := range acts {
		if a >= int32(lcg.ActBuy) && a < int32(lcg.ActBuy)+lcg.MaxShop {
			buys++
			if want := int32(lcg.ShopCard(int(a) - int(lcg.ActBuy))); cardsOf[i] != want {
				t.Fatalf("option %d (%s): card %d, want %d", i, e.ActionName(int(a)), cardsOf[i], want)
			}
		}
	}
	if buys == 0 {
		t.Fatal("no Buy option rows")
	}
	mask := make([]int8, e.Actions())
	if n := testing.AllocsPerRun(50, func() {
		e.Encode(s, v, o)
		e.Mask(s, mask)
	}); n != 0 {
		t.Fatalf("Encode+Mask of a campaign state allocate %v times per call", n)
	}
	for s.Prompt().Kind == lcg.PkUpgrade || s.Prompt().Kind == lcg.PkUpgradeRemove {
		if err := s.Apply(0); err != nil { // done
			t.Fatal(err)
		}
	}
	e.Encode(s, 0, o)
	if f.col("campaign", 0, "scenario=1") != 1 || f.col("campaign", 0, "step=playing") != 1 {
		t.Fatalf("The Midnight Masks: %v", f.float("campaign"))
	}
	// A standalone scenario says its place in the campaign too.
	st, err := lcg.NewScenario(lcg.Options{Investigators: []string{"01001"}, Difficulty: "easy", Scenario: "devourer"})
	if err != nil {
		t.Fatal(err)
	}
	e.Encode(st.New(1, false), game.AgentID(0), o)
	if f.col("campaign", 0, "scenario=2") != 1 || f.col("campaign", 0, "in_campaign") != 0 {
		t.Fatalf("standalone The Devourer Below: %v", f.float("campaign"))
	}
}
