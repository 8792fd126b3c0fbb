package lcg

import (
	"slices"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
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

// TestCampaignDeterminizeAndClone: a determinization keeps the campaign's
// public state (log, experience, trauma, deck lists: the team's knowledge)
// and the invariants, at the upgrade step and in the next scenario; a clone
// has the same canonical bytes and shares no campaign memory.
func TestCampaignDeterminizeAndClone(t *testing.T) {
	s := newCampaign(t, []string{"roland", "daisy"}, 4, CampaignSeatSetup{XP: 3, Physical: 1}, CampaignSeatSetup{Mental: 2})
	if err := s.EndScenario(ResR1); err != nil {
		t.Fatal(err)
	}
	for step := 0; step < 2; step++ {
		c := s.CloneState()
		a, _ := s.MarshalBinary()
		b, _ := c.MarshalBinary()
		if string(a) != string(b) {
			t.Fatal("a clone's bytes differ")
		}
		c.Camp.Seats[0].Deck[0] = 0
		if s.Camp.Seats[0].Deck[0] == 0 {
			t.Fatal("the clone shares the campaign deck")
		}
		d := s.CloneState()
		rng := game.NewRNG(9)
		d.Determinize(0, &rng)
		if d.Camp != s.Camp || d.Campaign != s.Campaign {
			t.Fatal("Determinize changed the campaign state")
		}
		if err := d.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		for s.Prompt().Kind == PkUpgrade || s.Prompt().Kind == PkUpgradeRemove {
			if err := s.Apply(0); err != nil {
				t.Fatal(err)
			}
		}
	}
	if s.Camp.Index != 1 || s.Inv[0].Damage != 1 || s.Inv[0].Horror != 1 || s.Inv[1].Horror != 2 {
		t.Fatalf("The Midnight Masks: scenario %d, seat 0 damage %d horror %d, seat 1 horror %d",
			s.Camp.Index, s.Inv[0].Damage, s.Inv[0].Horror, s.Inv[1].Horror)
	}
}

// TestCancelledPurchaseLastsOneUpgradeStep (ruling R-CAMP-UPGRADE): a
// purchase cancelled at the removal prompt is not offered again to that
// investigator, and the mark is gone once the investigator is done, whether
// it passes or has nothing left to buy.
func TestCancelledPurchaseLastsOneUpgradeStep(t *testing.T) {
	offers := func(s *State) []game.ActionCode {
		var out []game.ActionCode
		for _, o := range s.Prompt().Options {
			out = append(out, o.Code)
		}
		return out
	}
	choose := func(s *State, code game.ActionCode) {
		t.Helper()
		for i, o := range s.Prompt().Options {
			if o.Code == code {
				if err := s.Apply(i); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatalf("option %d not offered in %v", code, offers(s))
	}
	for _, how := range []string{"pass", "spend everything"} {
		s := newCampaign(t, []string{"roland"}, 4, CampaignSeatSetup{XP: 1})
		if err := s.EndScenario(ResR1); err != nil {
			t.Fatal(err)
		}
		for s.Prompt().Kind != PkUpgrade {
			if err := s.Apply(0); err != nil {
				t.Fatal(err)
			}
		}
		var buys []game.ActionCode
		for _, c := range offers(s) {
			if c >= ActBuy && c < ActRemove && s.quote(0, int(c-ActBuy)).remove {
				buys = append(buys, c)
			}
		}
		if len(buys) < 2 {
			t.Fatalf("fewer than two new cards to buy: %v", offers(s))
		}
		first, second := buys[0], buys[1]
		choose(s, first)
		if s.Prompt().Kind != PkUpgradeRemove {
			t.Fatalf("buying asks which card it replaces; got prompt kind %d", s.Prompt().Kind)
		}
		choose(s, ActPass) // cancel
		if s.Prompt().Kind != PkUpgrade || slices.Contains(offers(s), first) {
			t.Fatalf("%s: the cancelled purchase is offered again: %v", how, offers(s))
		}
		if !s.Camp.Seats[0].declined(int(first - ActBuy)) {
			t.Fatal("the cancel is not recorded")
		}
		if how == "pass" {
			choose(s, ActPass)
		} else {
			choose(s, second)
			choose(s, s.Prompt().Options[1].Code) // replace the first card offered
		}
		if s.Camp.Seats[0].Declined != [len(s.Camp.Seats[0].Declined)]uint64{} {
			t.Fatalf("%s: the investigator is done but its cancels are kept", how)
		}
		if s.Prompt().Kind == PkUpgrade || s.Prompt().Kind == PkUpgradeRemove {
			t.Fatalf("%s: still in the upgrade step", how)
		}
	}
}

// TestUpgradePromptMatchesItsRules holds the upgrade step's shortcuts to the
// rules they stand for: titleOf numbers equal names alike, rulesOf is
// cards.RulesFor, shopByLevel is the shop by level from 5 down, a card
// mayAfford rejects is one quote rejects, and every upgrade prompt of random
// campaigns offers exactly the purchases quote allows, in that order.
func TestUpgradePromptMatchesItsRules(t *testing.T) {
	all := cards.All()
	for i := range all {
		for j := range all {
			if (titleOf[i] == titleOf[j]) != (all[i].Name == all[j].Name) {
				t.Fatalf("titleOf: %q and %q", all[i].Name, all[j].Name)
			}
		}
		r, ok := cards.RulesFor(all[i].Code)
		if (rulesOf[i] != nil) != ok || ok && rulesOf[i] != r {
			t.Fatalf("rulesOf[%s] differs from cards.RulesFor", all[i].Code)
		}
	}
	var byLevel []int8
	for lv := int8(5); lv >= 0; lv-- {
		for k := range shop {
			if def(shop[k]).Level == lv {
				byLevel = append(byLevel, int8(k))
			}
		}
	}
	if !slices.Equal(byLevel, shopByLevel) {
		t.Fatalf("shopByLevel %v, want %v", shopByLevel, byLevel)
	}
	prompts := 0
	for seed := uint64(1); seed <= 8; seed++ {
		invs := []string{"roland", "daisy", "skids", "agnes"}[:1+seed%4]
		seats := []CampaignSeatSetup{{XP: int8(seed)}, {XP: 1}}[:min(len(invs), 2)]
		s := newCampaign(t, invs, seed, seats...)
		rng := game.NewRNG(seed)
		for n := 0; !s.Over() && n < 60000; n++ {
			p := s.Prompt()
			if p.Kind == PkUpgrade {
				prompts++
				seat := int(p.Actor)
				var want []game.ActionCode
				for _, k := range byLevel {
					k := int(k)
					q := s.quote(seat, k)
					if !s.mayAfford(seat, k) && q.ok {
						t.Fatalf("seed %d: mayAfford rejects shop card %d that quote allows", seed, k)
					}
					if !s.Camp.Seats[seat].declined(k) && q.ok {
						want = append(want, ActBuy+game.ActionCode(k))
					}
				}
				var got []game.ActionCode
				for _, o := range p.Options[1:] { // after ActPass
					got = append(got, o.Code)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("seed %d: upgrade prompt offers %v, the rules %v", seed, got, want)
				}
			}
			if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if prompts == 0 {
		t.Fatal("no upgrade prompt")
	}
	t.Logf("%d upgrade prompts", prompts)
}
