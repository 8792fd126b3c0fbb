package agents_test

import (
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// TestScenarioAgentsReachAResolution: random, heuristic and ISMCTS play The
// Midnight Masks, The Devourer Below and the Night of the Zealot campaign
// to a resolution (the campaign: to its end) with 1 to 4
// investigators (short mode: a few episodes each, and a small ISMCTS
// budget).
func TestScenarioAgentsReachAResolution(t *testing.T) {
	n, iters := 40, "100"
	if testing.Short() {
		n, iters = 6, "30"
	}
	for _, id := range []string{lcg.TheMidnightMasksID, lcg.TheDevourerBelowID, lcg.NightOfTheZealotID} {
		for _, spec := range []string{"random", "heuristic", "ismcts:iters=" + iters} {
			a, err := agents.New(spec)
			if err != nil {
				t.Fatal(err)
			}
			episodes := n
			if spec != "random" && spec != "heuristic" {
				episodes = max(2, n/10)
			}
			for k := 0; k < episodes; k++ {
				e, err := env.Make(id, env.Options{"investigators": []string{"1", "2", "3", "4"}[k%4]})
				if err != nil {
					t.Fatal(err)
				}
				ep, err := agents.Play(e, a, uint64(k+1))
				if err != nil {
					t.Fatalf("%s, %s episode %d: %v", id, spec, k, err)
				}
				camp := id == lcg.NightOfTheZealotID // its rewards may add up to 0
				if ep.Truncated || ep.Score == 0 && !camp {
					t.Fatalf("%s, %s episode %d: no resolution (score %v, %d decisions)", id, spec, k, ep.Score, ep.Length)
				}
				if s, ok := e.State().(*lcg.State); ok && s.InCampaign() && s.Camp.Step != lcg.CampOver {
					t.Fatalf("%s, %s episode %d: the campaign did not end", id, spec, k)
				}
			}
		}
	}
}

// TestHeuristicUpgrades: at the upgrade step the heuristic buys the best
// affordable card (an upgrade of a higher level), then is done, and never
// spends experience on a level-0 card.
func TestHeuristicUpgrades(t *testing.T) {
	s, err := lcg.New(lcg.Options{Investigators: []string{"roland"}, Difficulty: "standard", NoRandomWeakness: true,
		Campaign: true, CampaignSeats: []lcg.CampaignSeatSetup{{XP: 4}}}, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.EndScenario(lcg.ResR2); err != nil { // 2 more: 6 experience
		t.Fatal(err)
	}
	rng := game.NewRNG(1)
	bought := 0
	for s.Prompt().Kind == lcg.PkUpgrade || s.Prompt().Kind == lcg.PkUpgradeRemove {
		p := s.Prompt()
		o := p.Options[agents.HeuristicPolicy{}.Choose(s, &rng)]
		if p.Kind == lcg.PkUpgrade && o.Code != lcg.ActPass {
			if d := cards.Get(lcg.ShopCard(int(o.Code - lcg.ActBuy))); d.Level == 0 {
				t.Fatalf("bought level-0 %s", d.Name)
			}
			bought++
		}
		if p.Kind == lcg.PkUpgradeRemove && o.Code == lcg.ActPass {
			t.Fatal("cancelled a purchase")
		}
		if err := s.Apply(p.Find(o.Code)); err != nil {
			t.Fatal(err)
		}
	}
	if bought == 0 || s.Camp.Seats[0].XP > 1 {
		t.Fatalf("bought %d cards, %d experience left", bought, s.Camp.Seats[0].XP)
	}
	if s.Camp.Index != 1 {
		t.Fatalf("after the upgrade step: scenario %d", s.Camp.Index)
	}
}
