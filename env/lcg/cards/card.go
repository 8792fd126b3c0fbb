package cards

import (
	"fmt"
	"sort"
	"strings"
)

// ID is a card's dense index into All(). 0 is reserved for "no card".
type ID int16

// Card is one card's printed data (LCG §8 Appendix IV). Numbers use -1 for
// "none" where 0 is a real value (Level, Cost, enemy and location stats) and
// -2 for X.
type Card struct {
	ID      ID     // index into All()
	Code    string // ArkhamDB code, e.g. "01001"; "01121b" for a linked back
	Name    string // title; copies are counted by title (LCG §3 Deckbuilding)
	Subname string // subtitle, e.g. "The Fed"
	// BackName is the title of the back side of acts and agendas.
	BackName string
	// BackLink is the code of a separate card printed on this card's back
	// (agenda 01121a's back is the enemy 01121b).
	BackLink string

	Type  Type
	Class Class
	Level int8 // -1 when the card has no level
	Cost  int8 // -1 no cost, -2 X

	Traits []string

	Icons  [5]int8 // skill icons on player cards, indexed by Skill
	Skills [4]int8 // investigator base willpower, intellect, combat, agility

	Health, Sanity int8 // investigators and assets (0 if none)
	Slot           Slot
	Uses           UsesKind
	UsesCount      int8

	Unique, Weakness, BasicWeakness, Exceptional, Permanent, Fast, Myriad bool

	// Enemies.
	Fight, Evade, EnemyHealth  int8
	EnemyHealthPerInvestigator bool
	// EnemyHealthBonusPerInvestigator is extra health per investigator that
	// the card text grants on top of the printed value (Umôrdhoth: 4).
	EnemyHealthBonusPerInvestigator int8
	Damage, Horror                  int8
	Hunter, Retaliate, Aloof        bool
	Massive                         bool

	// Encounter keywords. Revelation is set when the card has a Revelation
	// ability (encounter treacheries and player weaknesses alike).
	Peril, Surge, Revelation bool
	// Spawn is the Spawn instruction's target in plain words ("Attic",
	// "Any empty location", "Engaged with Prey"); "" when none.
	Spawn string
	// Prey is the Prey instruction in plain words ("Highest combat",
	// "Bearer only"); "" when none.
	Prey string
	// Abilities tells which kinds of ability the text box carries.
	Abilities Ability

	// Locations.
	Shroud, Clues        int8
	CluesPerInvestigator bool

	// Acts and agendas. ActClues is 0 when the act has no clue threshold.
	Doom                    int8
	ActClues                int8
	ActCluesPerInvestigator bool
	Stage                   int8

	Victory int8

	DoubleSided bool
	Hidden      bool   // not a card of its own in the data (a linked back, the random-weakness placeholder)
	Restriction string // investigator code for "<investigator> deck only" cards

	Quantity  int8 // copies in the core set
	DeckLimit int8 // most copies per deck (0 for encounter cards)

	Pack              string // "core"
	EncounterSet      string // ArkhamDB encounter_code ("torch" = The Gathering); "" for player cards
	EncounterPosition int8   // number within its encounter set
	Position          int16  // collector number in the pack

	DeckSize int8 // investigators: required deck size

	Summary string // a short line in our own words; may be empty
}

var byCode = func() map[string]ID {
	m := make(map[string]ID, len(table))
	for i := 1; i < len(table); i++ {
		if table[i].ID != ID(i) {
			panic(fmt.Sprintf("cards: table entry %d has ID %d", i, table[i].ID))
		}
		m[table[i].Code] = ID(i)
	}
	return m
}()

// All returns every card; the index is the card's ID and All()[0] is the
// zero card. The slice is shared: do not modify it.
func All() []Card { return table }

// Get returns the card with the given ID, or nil when the ID is out of range
// or 0.
func Get(id ID) *Card {
	if id <= 0 || int(id) >= len(table) {
		return nil
	}
	return &table[id]
}

// ByCode returns the card with the given ArkhamDB code.
func ByCode(code string) (*Card, bool) {
	id, ok := byCode[code]
	if !ok {
		return nil, false
	}
	return &table[id], true
}

// MustCode returns the ID of the card with the given code and panics when
// there is none. It is meant for content tables built at init time.
func MustCode(code string) ID {
	id, ok := byCode[code]
	if !ok {
		panic(fmt.Sprintf("cards: unknown card code %q", code))
	}
	return id
}

// Has reports whether the card has the trait, compared without regard to
// case ("Ghoul", "ghoul").
func (c *Card) Has(trait string) bool {
	for _, t := range c.Traits {
		if strings.EqualFold(t, trait) {
			return true
		}
	}
	return false
}

// HasAbility reports whether the card's text carries every kind in a.
func (c *Card) HasAbility(a Ability) bool { return c.Abilities&a == a }

// IsPlayerCard reports whether the card belongs in investigator decks and
// play areas: not an encounter card (story assets like Lita Chantler are
// encounter cards).
func (c *Card) IsPlayerCard() bool { return c.EncounterSet == "" }

// FullName is the title with the subtitle, if any: "Roland Banks (The Fed)".
func (c *Card) FullName() string {
	if c.Subname == "" {
		return c.Name
	}
	return c.Name + " (" + c.Subname + ")"
}

// EncounterSetName returns the printed name of an encounter set by its code
// ("torch" → "The Gathering"), or "" when unknown.
func EncounterSetName(code string) string { return encounterSetNames[code] }

// EncounterSetCodes returns the codes of every encounter set in the data,
// sorted.
func EncounterSetCodes() []string {
	out := make([]string, 0, len(encounterSetNames))
	for c := range encounterSetNames {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// BySet returns the IDs of the cards of one encounter set, by code ("rats"),
// in collector-number order. Each ID appears once; Card.Quantity tells how
// many copies the set holds.
func BySet(encounterCode string) []ID {
	var out []ID
	for i := 1; i < len(table); i++ {
		if table[i].EncounterSet == encounterCode {
			out = append(out, ID(i))
		}
	}
	return out
}
