package lcgcase

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Campaign play in cases (CampaignSetup, CampaignPlayExpect): the options a
// campaign game starts with, the edits after the scenario's own setup, and
// the checks of the campaign state.

// campaignOptions fills the options of a campaign game from the setup.
func campaignOptions(o *lcg.Options, c *CampaignSetup) error {
	o.Campaign, o.CampaignStart = true, c.Start
	n := max(len(c.XP), len(c.PhysicalTrauma), len(c.MentalTrauma))
	at := func(l []int, i int) int8 {
		if i < len(l) {
			return int8(l[i])
		}
		return 0
	}
	for i := 0; i < n; i++ {
		o.CampaignSeats = append(o.CampaignSeats, lcg.CampaignSeatSetup{XP: at(c.XP, i), Physical: at(c.PhysicalTrauma, i), Mental: at(c.MentalTrauma, i)})
	}
	for _, name := range c.BagAdd {
		t, err := lcg.ParseToken(name)
		if err != nil {
			return fmt.Errorf("campaign bag_add: %w", err)
		}
		o.CampaignBag = append(o.CampaignBag, t)
	}
	return nil
}

// seatAndRest splits "SEAT: REST".
func seatAndRest(what, v string) (int, string, error) {
	head, rest, ok := strings.Cut(v, ":")
	seat, err := strconv.Atoi(strings.TrimSpace(head))
	if !ok || err != nil {
		return 0, "", fmt.Errorf("campaign %s %q: want \"SEAT: …\"", what, v)
	}
	return seat, strings.TrimSpace(rest), nil
}

// setupCampaign applies the edits after the scenario's setup: deck swaps,
// defeats, the resolution.
func setupCampaign(s *lcg.State, c *CampaignSetup) error {
	for _, v := range c.Swap {
		seat, rest, err := seatAndRest("swap", v)
		if err != nil {
			return err
		}
		outName, inName, ok := strings.Cut(rest, ">")
		if !ok {
			return fmt.Errorf("campaign swap %q: want \"SEAT: OUT > IN\"", v)
		}
		out, err := cardID(outName)
		if err != nil {
			return fmt.Errorf("campaign swap: %w", err)
		}
		in, err := cardID(inName)
		if err != nil {
			return fmt.Errorf("campaign swap: %w", err)
		}
		if err := s.SwapCampaignCard(seat, out, in); err != nil {
			return fmt.Errorf("campaign swap: %w", err)
		}
	}
	for _, v := range c.Defeat {
		seat, how, err := seatAndRest("defeat", v)
		if err != nil {
			return err
		}
		if err := s.Defeat(seat, how); err != nil {
			return fmt.Errorf("campaign defeat: %w", err)
		}
	}
	if c.Resolve != "" {
		r, err := lcg.ParseResolution(c.Resolve)
		if err != nil {
			return fmt.Errorf("campaign resolve: %w", err)
		}
		if err := s.EndScenario(r); err != nil {
			return fmt.Errorf("campaign resolve: %w", err)
		}
	}
	return nil
}

// checkCampaignPlay compares the campaign-play state.
func checkCampaignPlay(s *lcg.State, d *differ, e *CampaignPlayExpect) {
	d.N++
	if !s.InCampaign() {
		d.Add("campaign: the game is not a campaign")
		return
	}
	d.Int("campaign scenario", e.Scenario, int(s.Camp.Index))
	d.Str("campaign step", e.Step, lcg.CampaignStepName(s.Camp.Step))
	d.Bool("campaign lost", e.Lost, s.Camp.Lost)
	d.Int("campaign bag additions", e.Bag, int(s.Camp.NBagAdds))
	if e.Score != nil && *e.Score != s.Score() {
		d.Add("campaign score: want %v, got %v", *e.Score, s.Score())
	}
	for _, se := range e.Seats {
		if se.Seat < 0 || se.Seat >= int(s.N) {
			d.Add("campaign seat %d: no such seat", se.Seat)
			continue
		}
		c := &s.Camp.Seats[se.Seat]
		w := fmt.Sprintf("campaign seat %d ", se.Seat)
		if se.Investigator != "" {
			d.N++
			if id, err := cardID(se.Investigator); err != nil || id != c.Inv {
				d.Add("%sinvestigator: want %s, got %s", w, se.Investigator, cards.Get(c.Inv).Name)
			}
		}
		d.Int(w+"experience", se.XP, int(c.XP))
		d.Int(w+"experience earned", se.Earned, int(c.Earned))
		d.Int(w+"physical trauma", se.PhysicalTrauma, int(c.Physical))
		d.Int(w+"mental trauma", se.MentalTrauma, int(c.Mental))
		d.Str(w+"status", se.Status, lcg.SeatStatusName(c.Status))
		d.Int(w+"deck size", se.DeckSize, s.CampaignDeckSize(se.Seat))
		checkDeckList(s, d, w+"deck", se.Seat, se.Deck)
	}
}

// checkDeckList checks a campaign deck list: the Has cards with repeats
// (by code or title: a title counts every level's copies) and none of the
// Lacks.
func checkDeckList(s *lcg.State, d *differ, what string, seat int, z ZoneExpect) {
	if len(z.Has) == 0 && len(z.Lacks) == 0 {
		return
	}
	d.N++
	count := func(name string) (int, error) {
		n := strings.TrimSpace(name)
		if c, ok := cards.ByCode(n); ok {
			return s.CampaignDeckCount(seat, c.ID), nil
		}
		all := cards.All()
		k, found := 0, false
		for i := range all {
			if !all[i].Hidden && sameName(all[i].Name, n) {
				found = true
				k += s.CampaignDeckCount(seat, all[i].ID)
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown card %q", name)
		}
		return k, nil
	}
	need := map[string]int{}
	for _, n := range z.Has {
		need[strings.ToLower(strings.TrimSpace(n))]++
	}
	for key, want := range need {
		got, err := count(key)
		if err != nil {
			d.Add("%s: %v", what, err)
		} else if got < want {
			d.Add("%s: want %d × %s, got %d", what, want, key, got)
		}
	}
	for _, n := range z.Lacks {
		got, err := count(n)
		if err != nil {
			d.Add("%s: %v", what, err)
		} else if got > 0 {
			d.Add("%s: want no %s, got %d", what, n, got)
		}
	}
}

// defMatches reports whether card definition d is named t (a title or a
// code): the target of Buy and Remove options.
func defMatches(d cards.ID, t string) bool {
	c := cards.Get(d)
	t = strings.TrimSpace(t)
	return c.Code == t || sameName(c.Name, t)
}
