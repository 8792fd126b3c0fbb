package lcg

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Real decks (issue 13 §4): a deck list read from a text file of card codes
// or an ArkhamDB deck export, checked against the deckbuilding rules of the
// core set (LCG §3 Deckbuilding, §3 Signature Cards, §3 Weakness, §8.2
// deck-building options). Reading a file is configuration, done before a
// game exists; the state machine itself never does I/O (DESIGN).

// DeckRule names the deckbuilding rule a deck breaks; it ends a DeckError's
// message in parentheses.
type DeckRule string

// The rules LoadDeck checks.
const (
	DeckFormat            DeckRule = "deck format"           // the file parses: codes, counts, one investigator
	DeckInvestigator      DeckRule = "investigator"          // LCG §3 Deckbuilding: exactly 1 investigator card, one of the core set's
	DeckUnknownCard       DeckRule = "unknown card"          // every code is a card of the data
	DeckPlayerCards       DeckRule = "player cards"          // LCG §3 Deckbuilding: player cards only (no encounter or story cards, no investigators)
	DeckOptions           DeckRule = "deckbuilding"          // LCG §3 Deckbuilding, §8.2: the investigator's deckbuilding options (class and level)
	DeckLimit             DeckRule = "card limit"            // LCG §3 Deckbuilding: at most 2 copies by title, fewer where the card's deck limit says so
	DeckSignature         DeckRule = "signature cards"       // LCG §3 Deckbuilding requirements: the investigator's own card, no other investigator's
	DeckSignatureWeakness DeckRule = "signature weakness"    // LCG §3 Deckbuilding requirements, §3 Weakness: the investigator's own weakness
	DeckBasicWeakness     DeckRule = "random basic weakness" // LCG §3 Deckbuilding: no more basic weaknesses than required
	DeckSize              DeckRule = "deck size"             // LCG §3 Deckbuilding: exactly the deck size, without signature cards and weaknesses
	DeckExperience        DeckRule = "experience"            // LCG §3 Deckbuilding, §9: a new deck takes level 0 unless experience is given
)

const (
	deckRandomWeakness = "01000" // the "Random Basic Weakness" placeholder of deck lists
	deckMaxCopies      = 2       // LCG §3 Deckbuilding: "no more than 2 copies of a card (by title)"
	deckNoXPCheck      = -1      // ValidateDeck's xp: experience unchecked
	deckTextMaxCount   = 99      // the most copies a text line may give
)

// DeckError is one broken deckbuilding rule: the deck (its file name), the
// rule, the card when one is to blame, and what is wrong.
type DeckError struct {
	Deck   string
	Rule   DeckRule
	Code   string // the card's code; "" when no card is to blame
	Detail string
}

// Error reads `deck NAME: DETAIL (RULE)`.
func (e *DeckError) Error() string {
	return fmt.Sprintf("deck %s: %s (%s)", e.Deck, e.Detail, e.Rule)
}

// LoadDeck reads and validates the deck at path (ParseDeck, ValidateDeck;
// experience unchecked, which the campaign does). Errors name the path.
func LoadDeck(path string) (*cards.Deck, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("deck %s: %w", path, err)
	}
	d, err := ParseDeck(path, data)
	if err != nil {
		return nil, err
	}
	if err := ValidateDeck(path, d, deckNoXPCheck); err != nil {
		return nil, err
	}
	return d, nil
}

// ParseDeck reads a deck list: an ArkhamDB deck export (a JSON object with
// investigator_code and slots {code: count}), or text with one entry a line
// — `CODE`, `N CODE`, `Nx CODE` or `CODE xN` — where # starts a comment and
// the investigator is the line whose code is an investigator card. name is
// the deck's name in errors. It checks the format only (ValidateDeck checks
// the rules).
func ParseDeck(name string, data []byte) (*cards.Deck, error) {
	bad := func(format string, args ...any) error {
		return &DeckError{Deck: name, Rule: DeckFormat, Detail: fmt.Sprintf(format, args...)}
	}
	counts := map[string]int{}
	d := &cards.Deck{}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		var x struct {
			Investigator string         `json:"investigator_code"`
			Slots        map[string]int `json:"slots"`
		}
		if err := json.Unmarshal(t, &x); err != nil {
			return nil, bad("not an ArkhamDB deck export: %v", err)
		}
		if x.Investigator == "" {
			return nil, bad("the export has no investigator_code")
		}
		d.Investigator = x.Investigator
		for code, n := range x.Slots {
			if n <= 0 {
				return nil, bad("slot %q has %d copies", code, n)
			}
			counts[code] += n
		}
	} else {
		for ln, line := range strings.Split(string(data), "\n") {
			if i := strings.IndexByte(line, '#'); i >= 0 {
				line = line[:i]
			}
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			code, n, ok := "", 1, true
			switch {
			case len(f) == 1:
				code = f[0]
			case len(f) == 2 && deckCount(strings.TrimSuffix(strings.ToLower(f[0]), "x")) > 0:
				code, n = f[1], deckCount(strings.TrimSuffix(strings.ToLower(f[0]), "x"))
			case len(f) == 2 && strings.HasPrefix(strings.ToLower(f[1]), "x") && deckCount(f[1][1:]) > 0:
				code, n = f[0], deckCount(f[1][1:])
			default:
				ok = false
			}
			if !ok {
				return nil, bad("line %d: %q: want CODE, N CODE or CODE xN", ln+1, strings.TrimSpace(line))
			}
			if c, found := cards.ByCode(code); found && c.Type == cards.Investigator {
				if d.Investigator != "" && d.Investigator != code || n != 1 {
					return nil, bad("line %d: a second investigator %q (%s): a deck has exactly one", ln+1, c.Name, code)
				}
				d.Investigator = code
				continue
			}
			counts[code] += n
		}
		if d.Investigator == "" {
			return nil, bad("no investigator: give the investigator card's code on a line of its own (e.g. 01001 for Roland Banks)")
		}
	}
	for code, n := range counts {
		d.Cards = append(d.Cards, cards.Entry{Code: code, Count: n})
	}
	sort.Slice(d.Cards, func(i, j int) bool { return d.Cards[i].Code < d.Cards[j].Code })
	return d, nil
}

// deckCount reads a copy count of a text line, 0 if it is none.
func deckCount(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > deckTextMaxCount {
		return 0
	}
	return n
}

// ValidateDeck checks a deck list against the core set's deckbuilding rules
// (LCG §3 Deckbuilding): the investigator, player cards only, the
// investigator's deckbuilding options, card limits by title, the signature
// cards and weakness, at most the required basic weaknesses (a list may
// carry them, or the placeholder 01000 that setup replaces), and the deck
// size. Cards above level 0 are checked against the options; their
// experience only when xp ≥ 0 (a new deck has xp 0; the campaign passes what
// was earned). It returns nil or every violation, *DeckError each, joined.
func ValidateDeck(name string, d *cards.Deck, xp int) error {
	vs := DeckViolations(name, d, xp)
	if len(vs) == 0 {
		return nil
	}
	errs := make([]error, len(vs))
	for i, v := range vs {
		errs[i] = v
	}
	return errors.Join(errs...)
}

// DeckViolations returns every broken rule of ValidateDeck, ordered by rule
// (the order of the DeckRule constants) and then by card code.
func DeckViolations(name string, d *cards.Deck, xp int) []*DeckError {
	var out []*DeckError
	add := func(r DeckRule, code, format string, args ...any) {
		out = append(out, &DeckError{Deck: name, Rule: r, Code: code, Detail: fmt.Sprintf(format, args...)})
	}
	inv, ok := cards.ByCode(d.Investigator)
	if !ok || inv.Type != cards.Investigator {
		add(DeckInvestigator, d.Investigator, "%q is not an investigator card", d.Investigator)
		return out
	}
	rules, ok := cards.RulesFor(d.Investigator)
	if !ok {
		add(DeckInvestigator, d.Investigator, "%s has no deckbuilding rules in the core set", inv.Name)
		return out
	}
	counts := map[string]int{}
	for _, e := range d.Cards {
		counts[e.Code] += e.Count
	}
	codes := make([]string, 0, len(counts))
	for code := range counts {
		codes = append(codes, code)
	}
	sort.Strings(codes)

	var player []*cards.Card
	for _, code := range codes {
		c, ok := cards.ByCode(code)
		switch {
		case !ok:
			add(DeckUnknownCard, code, "%q is not a card code of the core set", code)
		case counts[code] <= 0:
			add(DeckFormat, code, "%q (%s) has %d copies", c.Name, code, counts[code])
		case code == deckRandomWeakness:
			// The placeholder: counted with the basic weaknesses below.
		case c.Type == cards.Investigator:
			add(DeckPlayerCards, code, "%q (%s) is an investigator card, not a card of a deck", c.Name, code)
		case !c.IsPlayerCard() || c.Hidden || !c.Type.IsPlayerType() && !c.Weakness:
			add(DeckPlayerCards, code, "%q (%s) is an encounter or story card, not a player card", c.Name, code)
		default:
			player = append(player, c)
		}
	}

	// LCG §3 Deckbuilding, §8.2: the deckbuilding options allow each
	// ordinary card by class and level; weaknesses and signature cards are
	// requirements, not options.
	for _, c := range player {
		if c.Weakness || c.Restriction != "" {
			continue
		}
		lv := max(c.Level, 0)
		if !rules.Allows(c.Class, lv) {
			what := c.Class.String()
			if lv > 0 {
				what = fmt.Sprintf("%s level %d", c.Class, lv)
			}
			add(DeckOptions, c.Code, "%q (%s) is %s; %s may take %s", c.Name, c.Code, what, inv.Name, deckOptionsText(rules))
		}
	}

	// LCG §3 Deckbuilding: at most 2 copies by title, or the card's deck
	// limit when lower (LCG §3 Exceptional: 1).
	byTitle := map[string]int{}
	limit := map[string]int{}
	first := map[string]*cards.Card{}
	for _, c := range player {
		if _, seen := first[c.Name]; !seen {
			first[c.Name], limit[c.Name] = c, deckMaxCopies
		}
		byTitle[c.Name] += counts[c.Code]
		if c.DeckLimit > 0 && int(c.DeckLimit) < limit[c.Name] {
			limit[c.Name] = int(c.DeckLimit)
		}
		if c.Exceptional {
			limit[c.Name] = 1
		}
	}
	for _, c := range player {
		if first[c.Name] == c && byTitle[c.Name] > limit[c.Name] {
			add(DeckLimit, c.Code, "%d copies of %q (%s); at most %d by title", byTitle[c.Name], c.Name, c.Code, limit[c.Name])
		}
	}

	// LCG §3 Deckbuilding requirements: the investigator's signature card(s)
	// and signature weakness; another investigator's are out.
	for _, code := range rules.Required {
		if counts[code] > 0 {
			continue
		}
		r, what := DeckSignature, "signature card"
		c, _ := cards.ByCode(code)
		if c.Weakness {
			r, what = DeckSignatureWeakness, "signature weakness"
		}
		add(r, code, "%s's %s %q (%s) is missing", inv.Name, what, c.Name, code)
	}
	for _, c := range player {
		if c.Restriction != "" && c.Restriction != d.Investigator {
			r := DeckSignature
			if c.Weakness {
				r = DeckSignatureWeakness
			}
			owner, _ := cards.ByCode(c.Restriction)
			add(r, c.Code, "%q (%s) is %s's; only their deck may hold it", c.Name, c.Code, owner.Name)
		}
	}

	// LCG §3 Deckbuilding: random basic weaknesses are added at the end; a
	// list may carry them (drawn already, or the placeholder) but no more.
	basic := counts[deckRandomWeakness]
	for _, c := range player {
		if c.BasicWeakness {
			basic += counts[c.Code]
		}
	}
	if basic > rules.RandomBasicWeaknesses {
		add(DeckBasicWeakness, "", "%d basic weaknesses; %s takes %d, drawn at random", basic, inv.Name, rules.RandomBasicWeaknesses)
	}

	// LCG §3 Deckbuilding: the deck size counts neither signature cards nor
	// weaknesses (nor, LCG §3 Permanent, permanent cards).
	size := 0
	for _, c := range player {
		if c.Weakness || c.Restriction != "" || c.Permanent || slices.Contains(rules.Required, c.Code) {
			continue
		}
		size += counts[c.Code]
	}
	if size != rules.DeckSize {
		add(DeckSize, "", "%d cards; %s's deck has %d, without signature cards and weaknesses", size, inv.Name, rules.DeckSize)
	}

	// LCG §3 Deckbuilding, §9: a new deck (xp 0) holds level-0 cards only;
	// a campaign deck's levels may not exceed the experience given.
	if xp >= 0 {
		if spent := d.XP(); spent > xp {
			worst := ""
			for _, c := range player {
				if c.Level > 0 && worst == "" {
					worst = c.Code
				}
			}
			add(DeckExperience, worst, "the cards above level 0 cost %d experience; %d given", spent, xp)
		}
	}
	return out
}

// deckOptionsText writes the deckbuilding options as "Guardian 0-5, Seeker
// 0-2, Neutral 0-5" (the investigator's classes in order, Neutral last).
func deckOptionsText(r *cards.DeckRules) string {
	var parts []string
	neutral := ""
	for _, o := range r.Options {
		for _, cl := range o.Classes {
			p := fmt.Sprintf("%s %d-%d", cl, o.MinLevel, o.MaxLevel)
			if cl == cards.Neutral {
				neutral = p
				continue
			}
			parts = append(parts, p)
		}
	}
	if neutral != "" {
		parts = append(parts, neutral)
	}
	return strings.Join(parts, ", ")
}

// deckSetup turns a validated deck into what setup needs: the cards the
// deck starts with (without the placeholder) and how many random basic
// weaknesses setup draws for it (the required ones the list does not carry).
func deckSetup(d *cards.Deck) (list []cards.ID, draws int) {
	rules, _ := cards.RulesFor(d.Investigator)
	carried := 0
	for _, code := range d.Expand() {
		if code == deckRandomWeakness {
			continue
		}
		id := cards.MustCode(code)
		if cards.Get(id).BasicWeakness {
			carried++
		}
		list = append(list, id)
	}
	if rules != nil {
		draws = max(rules.RandomBasicWeaknesses-carried, 0)
	}
	return list, draws
}
