package cards

import (
	"errors"
	"fmt"
	"slices"
	"sort"
)

// DeckOption is one line of an investigator's deckbuilding options: cards of
// these classes whose level lies in [MinLevel, MaxLevel] may be taken
// (LCG §3 Deckbuilding, §8.2 "deck-building options").
type DeckOption struct {
	Classes            []Class
	MinLevel, MaxLevel int8
}

// DeckRules is the deckbuilding data on the back of an investigator card
// (LCG §3 Deckbuilding, §8.2): deck size, deckbuilding options, and
// deckbuilding requirements (required cards and random basic weaknesses,
// none of which count toward deck size).
type DeckRules struct {
	Investigator          string // investigator card code
	DeckSize              int
	Options               []DeckOption
	Required              []string // codes of the signature cards the deck must hold
	RandomBasicWeaknesses int      // random basic weaknesses added at the end
}

// Allows reports whether the options let the investigator take a card of
// this class and level.
func (r *DeckRules) Allows(class Class, level int8) bool {
	for _, o := range r.Options {
		if slices.Contains(o.Classes, class) && level >= o.MinLevel && level <= o.MaxLevel {
			return true
		}
	}
	return false
}

// RulesFor returns the deckbuilding rules of the investigator with the code.
func RulesFor(investigatorCode string) (*DeckRules, bool) {
	for i := range deckRules {
		if deckRules[i].Investigator == investigatorCode {
			return &deckRules[i], true
		}
	}
	return nil, false
}

// Rule names a deckbuilding rule a deck can break. It is the prefix of the
// Violation's message.
type Rule string

// The deckbuilding rules Validate checks, in the order it reports them.
const (
	RuleInvestigator Rule = "investigator"      // the deck names a known investigator
	RuleUnknownCard  Rule = "unknown card code" // every code is a card
	RuleCardType     Rule = "card type"         // only player cards; no investigators, encounter or story cards
	RuleCopies       Rule = "copies"            // at most 2 per title, deck limit, Exceptional 1
	RuleClassAccess  Rule = "class access"      // deckbuilding options allow the card
	RuleSignature    Rule = "signature cards"   // required cards present; no other investigator's cards
	RuleWeaknesses   Rule = "weaknesses"        // at most the required number of basic weaknesses
	RuleDeckSize     Rule = "deck size"         // exactly the investigator's deck size
)

// Violation is one broken deckbuilding rule.
type Violation struct {
	Rule   Rule
	Detail string
}

// Error returns "rule: detail".
func (v *Violation) Error() string { return string(v.Rule) + ": " + v.Detail }

// Validate checks a deck list against the deckbuilding rules (LCG §3
// Deckbuilding, §3 Exceptional, §3 Permanent, §9) and the investigator's
// deckbuilding options and requirements. It returns nil for a legal deck,
// or every violation joined with errors.Join in a fixed order (see
// Violations). Experience is not checked: see Deck.XP.
func Validate(d Deck) error {
	vs := Violations(d)
	if len(vs) == 0 {
		return nil
	}
	errs := make([]error, len(vs))
	for i, v := range vs {
		errs[i] = v
	}
	return errors.Join(errs...)
}

// Violations returns every broken rule of the deck, ordered by rule (the
// order of the Rule constants), then by card code or title.
func Violations(d Deck) []*Violation {
	var out []*Violation
	add := func(r Rule, format string, args ...any) {
		out = append(out, &Violation{Rule: r, Detail: fmt.Sprintf(format, args...)})
	}

	// LCG §3 Deckbuilding: "Choose exactly 1 investigator card."
	inv, ok := ByCode(d.Investigator)
	if !ok || inv.Type != Investigator {
		add(RuleInvestigator, "%q is not an investigator card code", d.Investigator)
		return out
	}
	rules, ok := RulesFor(d.Investigator)
	if !ok {
		add(RuleInvestigator, "no deckbuilding rules for %s", inv.Name)
		return out
	}

	// Merge repeated entries; keep codes in order.
	counts := map[string]int{}
	var codes []string
	for _, e := range d.Cards {
		if _, seen := counts[e.Code]; !seen {
			codes = append(codes, e.Code)
		}
		counts[e.Code] += e.Count
	}
	sort.Strings(codes)

	var known []*Card
	for _, code := range codes {
		c, ok := ByCode(code)
		if !ok {
			add(RuleUnknownCard, "%q", code)
			continue
		}
		known = append(known, c)
	}

	// LCG §3 Deckbuilding: investigator decks hold player cards; story
	// assets only when a scenario allows, which a deck list cannot show.
	var player []*Card
	for _, c := range known {
		switch {
		case c.Type == Investigator:
			add(RuleCardType, "investigator card %q (%s) cannot be in a deck", c.Name, c.Code)
		case !c.IsPlayerCard():
			add(RuleCardType, "%q (%s) is an encounter card, not a player card", c.Name, c.Code)
		default:
			player = append(player, c)
		}
	}

	// LCG §3 Deckbuilding: no more than 2 copies by title; a card's deck
	// limit; LCG §3 Exceptional: 1 copy by title.
	titles := map[string]int{}
	limits := map[string]int{}
	var names []string
	for _, c := range player {
		n := counts[c.Code]
		if n <= 0 {
			add(RuleCopies, "count of %q (%s) must be positive (%d given)", c.Name, c.Code, n)
		}
		if _, seen := titles[c.Name]; !seen {
			names = append(names, c.Name)
			limits[c.Name] = 2
		}
		titles[c.Name] += n
		lim := limits[c.Name]
		if c.DeckLimit > 0 && int(c.DeckLimit) < lim {
			lim = int(c.DeckLimit)
		}
		if c.Exceptional {
			lim = 1
		}
		limits[c.Name] = lim
	}
	sort.Strings(names)
	for _, name := range names {
		if titles[name] > limits[name] {
			add(RuleCopies, "at most %d copies of %q (%d given)", limits[name], name, titles[name])
		}
	}

	// LCG §3 Deckbuilding: every ordinary player card must be allowed by the
	// investigator's deckbuilding options. Weaknesses and investigator-
	// specific cards are deckbuilding requirements, not options.
	for _, c := range player {
		if c.Weakness || c.Restriction != "" {
			continue
		}
		lv := max(c.Level, 0)
		if !rules.Allows(c.Class, lv) {
			add(RuleClassAccess, "%s may not take %s level %d card %q (%s)", inv.Name, c.Class, lv, c.Name, c.Code)
		}
	}

	// LCG §3 Deckbuilding: deckbuilding requirements must be met (the
	// signature cards); cards for another investigator's deck only are out.
	for _, code := range rules.Required {
		if counts[code] <= 0 {
			name := code
			if c, ok := ByCode(code); ok {
				name = c.Name
			}
			add(RuleSignature, "missing %s (%s)", name, code)
		}
	}
	for _, c := range player {
		if c.Restriction != "" && c.Restriction != d.Investigator {
			owner := c.Restriction
			if o, ok := ByCode(owner); ok {
				owner = o.Name
			}
			add(RuleSignature, "%q (%s) is for %s's deck only", c.Name, c.Code, owner)
		}
	}

	// LCG §3 Deckbuilding: "Each required random basic weakness is added at
	// the end of deck building." A list may carry them (the placeholder or
	// drawn ones), but no more than required.
	basic := 0
	for _, c := range player {
		if c.BasicWeakness {
			basic += counts[c.Code]
		}
	}
	if basic > rules.RandomBasicWeaknesses {
		add(RuleWeaknesses, "%s takes %d random basic weakness(es), the list has %d", inv.Name, rules.RandomBasicWeaknesses, basic)
	}

	// LCG §3 Deckbuilding: exactly the deck size; weaknesses,
	// investigator-specific cards and (LCG §3 Permanent) permanent cards do
	// not count toward it.
	size := 0
	for _, c := range player {
		if c.Weakness || c.Restriction != "" || c.Permanent || slices.Contains(rules.Required, c.Code) {
			continue
		}
		size += counts[c.Code]
	}
	if size != rules.DeckSize {
		add(RuleDeckSize, "%s needs %d cards, the list has %d", inv.Name, rules.DeckSize, size)
	}
	return out
}
