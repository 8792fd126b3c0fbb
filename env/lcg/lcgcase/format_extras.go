package lcgcase

import (
	"fmt"
	"reflect"
	"strings"

	"gopkg.in/yaml.v3"
)

// Extras are the setup fields of issue 13 §6, kept in one block of Setup
// (inlined: they are written beside the other setup keys): real decks, the
// choice of the lead, decks stacked before the opening draw, an empty
// encounter deck, and doom and clues on cards in play.
type Extras struct {
	// Decks are deck files for seats 0, 1… (the env options deck0…deck3;
	// docs/lcg-decks.md), relative to the case file's directory; "" keeps
	// the seat's investigator with its starter deck. A deck's investigator
	// takes its seat.
	Decks []string `yaml:"decks"`
	// ChooseLead asks the team at setup who is the lead (LCG §7 step 2;
	// the env option choose_lead): the game starts at that choice prompt.
	ChooseLead bool `yaml:"choose_lead"`
	// OpeningDeck stacks seats' decks after the shuffle and before the
	// opening draw (LCG §7 step 8), so that the opening hand is known.
	OpeningDeck []OpeningDeckSetup `yaml:"opening_deck"`
	// EncounterEmpty puts the whole encounter deck on its discard pile
	// before encounter_top is stacked: with encounter_top the deck is
	// exactly those cards; alone, the next encounter draw reshuffles.
	EncounterEmpty bool `yaml:"encounter_empty"`
	// Counters set doom and clues on cards in play: an enemy, a location or
	// a card in a seat's play or threat area.
	Counters []CounterSetup `yaml:"counters"`
}

// OpeningDeckSetup stacks one seat's deck before the opening draw: Top[0]
// is drawn first.
type OpeningDeckSetup struct {
	Seat int      `yaml:"seat"`
	Top  []string `yaml:"top"`

	Line int `yaml:"-"`
}

// CounterSetup sets the doom and clues of one card in play, named by
// exactly one of Enemy (the first in play with that name), Location, Seat
// and Card (a card in that seat's play or threat area), or Act (the current
// act: clues only, for an act that holds them, The Devourer Below's act 3a).
type CounterSetup struct {
	Act      bool   `yaml:"act"`
	Enemy    string `yaml:"enemy"`
	Location string `yaml:"location"`
	Seat     *int   `yaml:"seat"`
	Card     string `yaml:"card"`
	Doom     *int   `yaml:"doom"`
	Clues    *int   `yaml:"clues"`

	Line int `yaml:"-"`
}

// UnmarshalYAML reads an opening_deck entry and keeps its line.
func (o *OpeningDeckSetup) UnmarshalYAML(n *yaml.Node) error {
	type plain OpeningDeckSetup
	var p plain
	if err := decodeStrict(n, &p, "lcgcase.OpeningDeckSetup"); err != nil {
		return err
	}
	*o = OpeningDeckSetup(p)
	o.Line = n.Line
	if o.Seat < 0 || o.Seat > 3 {
		return fmt.Errorf("line %d: opening_deck seat %d: want 0 to 3", n.Line, o.Seat)
	}
	if len(o.Top) == 0 {
		return fmt.Errorf("line %d: opening_deck of seat %d: top names no card", n.Line, o.Seat)
	}
	return nil
}

// UnmarshalYAML reads a counters entry, keeps its line and checks that it
// names one card and sets something.
func (c *CounterSetup) UnmarshalYAML(n *yaml.Node) error {
	type plain CounterSetup
	var p plain
	if err := decodeStrict(n, &p, "lcgcase.CounterSetup"); err != nil {
		return err
	}
	*c = CounterSetup(p)
	c.Line = n.Line
	named := 0
	for _, x := range []bool{c.Act, c.Enemy != "", c.Location != "", c.Card != "" || c.Seat != nil} {
		if x {
			named++
		}
	}
	switch {
	case named != 1:
		return fmt.Errorf("line %d: a counters entry names exactly one of act, enemy, location, or seat and card", n.Line)
	case c.Act && c.Doom != nil:
		return fmt.Errorf("line %d: a counters entry for the act sets clues only (the agenda's doom is setup doom)", n.Line)
	case (c.Card != "") != (c.Seat != nil):
		return fmt.Errorf("line %d: a counters entry for a player's card needs both seat and card", n.Line)
	case c.Doom == nil && c.Clues == nil:
		return fmt.Errorf("line %d: a counters entry sets doom, clues or both", n.Line)
	}
	for _, v := range []*int{c.Doom, c.Clues} {
		if v != nil && (*v < 0 || *v > 100) {
			return fmt.Errorf("line %d: counters: %d tokens, want 0 to 100", n.Line, *v)
		}
	}
	return nil
}

// decodeStrict decodes a mapping node into v (a pointer to a struct),
// rejecting unknown keys as KnownFields does (a custom unmarshaler's node
// is decoded without it).
func decodeStrict(n *yaml.Node, v any, typ string) error {
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("line %d: want a mapping for %s", n.Line, typ)
	}
	keys := yamlKeys(reflect.TypeOf(v).Elem())
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; !keys[k.Value] {
			return fmt.Errorf("line %d: field %s not found in type %s (want one of %s)", k.Line, k.Value, typ, strings.Join(sortedKeys(keys), ", "))
		}
	}
	return n.Decode(v)
}
