package lcgcase

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// options sets the game options the extras choose before the game starts:
// the decks (deck0…deck3), choose_lead and the decks stacked before the
// opening draw.
func (x *Extras) options(o *lcg.Options, file string) error {
	for seat, path := range x.Decks {
		if strings.TrimSpace(path) == "" {
			o.Decks = append(o.Decks, nil)
			continue
		}
		if !filepath.IsAbs(path) && file != "" {
			path = filepath.Join(filepath.Dir(file), path)
		}
		d, err := lcg.LoadDeck(path)
		if err != nil {
			return fmt.Errorf("decks: seat %d: %w", seat, err)
		}
		o.Decks = append(o.Decks, d)
	}
	o.ChooseLead = x.ChooseLead
	for _, od := range x.OpeningDeck {
		for len(o.OpeningTop) <= od.Seat {
			o.OpeningTop = append(o.OpeningTop, nil)
		}
		if o.OpeningTop[od.Seat] != nil {
			return fmt.Errorf("opening_deck (line %d): seat %d stacked twice", od.Line, od.Seat)
		}
		for _, n := range od.Top {
			d, err := cardID(n)
			if err != nil {
				return fmt.Errorf("opening_deck (line %d): %w", od.Line, err)
			}
			if !cards.Get(d).IsPlayerCard() {
				return fmt.Errorf("opening_deck (line %d): %s is not a player card", od.Line, n)
			}
			o.OpeningTop[od.Seat] = append(o.OpeningTop[od.Seat], d)
		}
	}
	return nil
}

// apply makes the table edits of the extras, after the enemies are placed
// and before encounter_top: the encounter deck emptied, then the counters.
func (x *Extras) apply(s *lcg.State) error {
	for _, od := range x.OpeningDeck {
		if od.Seat >= int(s.N) {
			return fmt.Errorf("opening_deck (line %d): no investigator in seat %d (the game has %d)", od.Line, od.Seat, s.N)
		}
	}
	if x.EncounterEmpty {
		s.EmptyEncounter()
	}
	for _, c := range x.Counters {
		if err := applyCounter(s, &c); err != nil {
			return fmt.Errorf("counters (line %d): %w", c.Line, err)
		}
	}
	return nil
}

func applyCounter(s *lcg.State, c *CounterSetup) error {
	switch {
	case c.Act:
		return s.SetActClues(*c.Clues)
	case c.Location != "":
		k, err := location(s, c.Location)
		if err != nil {
			return err
		}
		if !s.LocationInPlay(k) {
			return fmt.Errorf("location %s is not in play", c.Location)
		}
		if c.Clues != nil {
			if err := s.SetLocationClues(k, *c.Clues); err != nil {
				return err
			}
		}
		if c.Doom != nil {
			return s.SetLocationDoom(k, *c.Doom)
		}
		return nil
	case c.Enemy != "":
		if _, err := cardID(c.Enemy); err != nil {
			return err
		}
		for _, e := range s.Enemies {
			if e >= 0 && isCard(s, e, c.Enemy) {
				return s.SetCardTokens(e, c.Clues, c.Doom)
			}
		}
		return fmt.Errorf("enemy %s is not in play", c.Enemy)
	}
	seat := *c.Seat
	if seat < 0 || seat >= int(s.N) {
		return fmt.Errorf("no investigator in seat %d (the game has %d)", seat, s.N)
	}
	if _, err := cardID(c.Card); err != nil {
		return err
	}
	v := &s.Inv[seat]
	for _, list := range [][]int16{v.Play, v.Threat} {
		for _, id := range list {
			if isCard(s, id, c.Card) {
				return s.SetCardTokens(id, c.Clues, c.Doom)
			}
		}
	}
	return fmt.Errorf("%s is not in seat %d's play or threat area", c.Card, seat)
}
