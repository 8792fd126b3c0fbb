package cards

import (
	"fmt"
	"slices"
	"sort"
	"sync"
)

// Entry is one line of a deck list: a card code and how many copies.
type Entry struct {
	Code  string
	Count int
}

// Deck is an investigator's deck list (LCG §3 Deckbuilding, §3 Investigator
// Deck). Cards lists the player cards by code, sorted by code in decks this
// package builds; it includes the signature cards and weaknesses the list
// carries. The random basic weakness is drawn by the engine at setup and is
// normally left out of the list (LCG §3 Deckbuilding: "added at the end").
type Deck struct {
	Investigator string // investigator card code
	Cards        []Entry
}

// Expand returns one code per copy, sorted.
func (d Deck) Expand() []string {
	var out []string
	for _, e := range d.Cards {
		for i := 0; i < e.Count; i++ {
			out = append(out, e.Code)
		}
	}
	sort.Strings(out)
	return out
}

// Count returns how many copies of the card with the code the list holds.
func (d Deck) Count(code string) int {
	n := 0
	for _, e := range d.Cards {
		if e.Code == code {
			n += e.Count
		}
	}
	return n
}

// XP returns the experience the list's cards are worth: the sum of their
// levels, doubled for Exceptional cards (LCG §3 Exceptional). A new
// campaign deck must have XP 0 unless the campaign grants starting XP
// (LCG §3 Deckbuilding, §9); a standalone deck is limited by the Standalone
// Mode table. Unknown codes count 0 (Validate reports them).
func (d Deck) XP() int {
	xp := 0
	for _, e := range d.Cards {
		c, ok := ByCode(e.Code)
		if !ok || c.Level <= 0 {
			continue
		}
		lv := int(c.Level)
		if c.Exceptional {
			lv *= 2
		}
		xp += lv * e.Count
	}
	return xp
}

// Level-0 cards of each class in the core set, one copy each (collector
// numbers 16-25, 30-39, 44-53, 58-67, 72-81).
var (
	guardian0 = []string{"01016", "01017", "01018", "01019", "01020", "01021", "01022", "01023", "01024", "01025"}
	seeker0   = []string{"01030", "01031", "01032", "01033", "01034", "01035", "01036", "01037", "01038", "01039"}
	rogue0    = []string{"01044", "01045", "01046", "01047", "01048", "01049", "01050", "01051", "01052", "01053"}
	mystic0   = []string{"01058", "01059", "01060", "01061", "01062", "01063", "01064", "01065", "01066", "01067"}
	survivor0 = []string{"01072", "01073", "01074", "01075", "01076", "01077", "01078", "01079", "01080", "01081"}
	// neutral0 is one of each level-0 neutral card (Knife, Flashlight,
	// Emergency Cache, Guts, Perception, Overpower, Manual Dexterity,
	// Unexpected Courage) plus a second Emergency Cache and a second
	// Flashlight, making 10.
	neutral0 = []string{"01086", "01087", "01087", "01088", "01088", "01089", "01090", "01091", "01092", "01093"}
)

// starterLists builds the five starter decks.
//
// The core set's Learn to Play book suggests a starter deck per
// investigator; we do not have its exact list, so each deck here is built
// the way it describes, as the brief for this package allows: the
// investigator's signature card and signature weakness (which do not count
// toward deck size), every level-0 card of the investigator's own class (10)
// and of the class their deckbuilding options open at levels 0-2 (10), and
// 10 level-0 neutral cards (neutral0). That is 30 cards, each legal under
// LCG §3 Deckbuilding, at 0 XP. One core set holds a single copy of each
// class card, so two of these decks that share a class (Roland and Skids
// both take Guardian, for example) need two core sets in the physical game;
// the engine has no such limit.
var starterLists = map[string]struct {
	signature []string
	classes   [][]string
}{
	"01001": {[]string{"01006", "01007"}, [][]string{guardian0, seeker0}}, // Roland Banks: Guardian + Seeker
	"01002": {[]string{"01008", "01009"}, [][]string{seeker0, mystic0}},   // Daisy Walker: Seeker + Mystic
	"01003": {[]string{"01010", "01011"}, [][]string{rogue0, guardian0}},  // "Skids" O'Toole: Rogue + Guardian
	"01004": {[]string{"01012", "01013"}, [][]string{mystic0, survivor0}}, // Agnes Baker: Mystic + Survivor
	"01005": {[]string{"01014", "01015"}, [][]string{survivor0, rogue0}},  // Wendy Adams: Survivor + Rogue
}

// StarterDecks returns the investigator codes that have a starter deck,
// sorted.
func StarterDecks() []string {
	out := make([]string, 0, len(starterLists))
	for code := range starterLists {
		out = append(out, code)
	}
	sort.Strings(out)
	return out
}

// StarterDeck returns the starter deck of one of the five core
// investigators (see starterLists for how they are built). The random basic
// weakness is not in the list; the engine draws it at setup.
func StarterDeck(investigatorCode string) (Deck, error) {
	d, ok := starterDecks()[investigatorCode]
	if !ok {
		return Deck{}, fmt.Errorf("cards: no starter deck for investigator code %q", investigatorCode)
	}
	d.Cards = slices.Clone(d.Cards) // the caller's own list
	return d, nil
}

// starterDecks builds every starter deck once (env.Make asks for them each
// time).
var starterDecks = sync.OnceValue(func() map[string]Deck {
	decks := make(map[string]Deck, len(starterLists))
	for code, l := range starterLists {
		counts := map[string]int{}
		for _, c := range l.signature {
			counts[c]++
		}
		for _, cl := range l.classes {
			for _, c := range cl {
				counts[c]++
			}
		}
		for _, c := range neutral0 {
			counts[c]++
		}
		decks[code] = Deck{Investigator: code, Cards: entries(counts)}
	}
	return decks
})

// entries turns code counts into a deck list sorted by code.
func entries(counts map[string]int) []Entry {
	out := make([]Entry, 0, len(counts))
	for c, n := range counts {
		out = append(out, Entry{Code: c, Count: n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}
