package lcg

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// This file words cards for people (mythos play's card command and board):
// a card's number, its printed data and our one-line text, and its state in
// play. Nothing here is on the step path.

// lineWidth is the widest line Render writes where it can break (lists).
const lineWidth = 100

// numbered names a card instance with its number, as the board shows it
// ("Study #3"); the number is the instance, fixed for the whole game.
func (s *State) numbered(id int16) string { return fmt.Sprintf("%s #%d", s.name(id), id) }

// plural writes "1 clue", "2 clues".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// usesSingular are the use types as printed, by count (LCG §3 Uses).
var usesSingular = [...]string{"", "ammo", "charge", "secret", "supply"}

// usesText words the tokens on a card: its uses in the card's own term
// ("4 ammo", "1 charge", "3 supplies"), or resources placed on a card without
// uses (Hospital Debts); "" when there are none.
func (s *State) usesText(id int16) string {
	n := int(s.Cards[id].Uses)
	if n <= 0 {
		return ""
	}
	k := s.card(id).Uses
	switch {
	case k == cards.UsesNone:
		return plural(n, "resource") + " on it"
	case n == 1 && int(k) < len(usesSingular):
		return "1 " + usesSingular[k]
	}
	return fmt.Sprintf("%d %s", n, k)
}

// cardStatus lists what is on a card and how it stands: uses, damage,
// horror, clues, doom, exhausted.
func (s *State) cardStatus(id int16) []string {
	c := &s.Cards[id]
	var st []string
	if u := s.usesText(id); u != "" {
		st = append(st, u)
	}
	if c.Damage > 0 {
		st = append(st, fmt.Sprintf("%d damage", c.Damage))
	}
	if c.Horror > 0 {
		st = append(st, fmt.Sprintf("%d horror", c.Horror))
	}
	if c.Clues > 0 && s.card(id).Type != cards.Location {
		st = append(st, plural(int(c.Clues), "clue"))
	}
	if c.Doom > 0 {
		st = append(st, fmt.Sprintf("%d doom", c.Doom))
	}
	if c.Exhausted {
		st = append(st, "exhausted")
	}
	for _, k := range s.gainedKeywords(id) {
		st = append(st, "gained "+k)
	}
	return st
}

// enemyStatus is cardStatus without the damage, which the board shows as
// health left.
func (s *State) enemyStatus(e int16) []string {
	var st []string
	for _, x := range s.cardStatus(e) {
		if !strings.HasSuffix(x, " damage") {
			st = append(st, x)
		}
	}
	return st
}

// withStatus is the numbered name followed by the card's status in
// parentheses: ".45 Automatic #17 (3 ammo, exhausted)".
func (s *State) withStatus(id int16) string {
	if st := s.cardStatus(id); len(st) > 0 {
		return s.numbered(id) + " (" + strings.Join(st, ", ") + ")"
	}
	return s.numbered(id)
}

// wrapList writes head followed by items separated by sep (which ends with a
// space), breaking lines between items so that each line fits lineWidth;
// continuation lines start with indent. An item wider than a line stays whole.
func wrapList(b *strings.Builder, head string, items []string, sep, indent string) {
	line, empty := head, true
	mark := strings.TrimRight(sep, " ")
	for i, it := range items {
		if i < len(items)-1 {
			it += mark
		}
		if !empty && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(it) > lineWidth {
			b.WriteString(line)
			b.WriteByte('\n')
			line = indent + it
			continue
		}
		if !empty {
			line += " "
		}
		line += it
		empty = false
	}
	b.WriteString(line)
	b.WriteByte('\n')
}

// OptionKey returns option i of the current prompt with the part of its
// code that depends on positions taken out: options that address a hand,
// play-area, threat-area or enemy slot name the card instance (Arg) instead,
// so playing a card, which shifts the hand, leaves the key of every other
// option alone. Front ends use it to keep an action's number from one prompt
// to the next (mythos play); the engine never does.
func (s *State) OptionKey(i int) game.Option {
	o := s.prompt.Options[i]
	for _, r := range slotRanges {
		if o.Code >= r[0] && o.Code < r[1] {
			o.Code = r[0]
			break
		}
	}
	return o
}

// slotRanges are the action-code ranges [first, end) indexed by a slot whose
// options carry the card instance in Arg (and the ability in Arg2).
var slotRanges = [...][2]game.ActionCode{
	{ActFight, ActEngage}, {ActEngage, ActEvade}, {ActEvade, ActPlay}, {ActPlay, ActCommit},
	{ActCommit, ActDiscard}, {ActDiscard, ActMulligan}, {ActMulligan, ActAbility},
	{ActAbility, ActThreat}, {ActThreat, ActAssign}, {ActAssign, ActSeat}, {ActEnemy, ActLocation},
	{ActParleyEnemy, ActParleyEnemy + MaxEnemies},
}

// Turn numbers the part of the game the current prompt belongs to: it
// changes with every phase (and so every round). Within one phase each
// investigator has at most one turn (LCG §5.2), so a front end that keys on
// Turn and the prompt's actor keys on that investigator's turn.
func (s *State) Turn() int { return int(s.Round)*8 + int(s.Phase) }

// Confirm returns the question a front end should ask before a person
// takes option i, or "" when the option needs no second thought: ending
// the turn with actions left (LCG §5.2 2.2.1: unspent actions are lost) and
// resigning (LCG §3 Resign: the investigator leaves the scenario).
func (s *State) Confirm(i int) string {
	if i < 0 || i >= len(s.prompt.Options) {
		return ""
	}
	seat := int(s.prompt.Actor)
	switch s.prompt.Options[i].Code {
	case ActEndTurn:
		if s.prompt.Kind == PkAction && seat >= 0 && s.Inv[seat].Actions > 0 {
			return fmt.Sprintf("End your turn with %s left?", plural(int(s.Inv[seat].Actions), "action"))
		}
	case ActResign:
		return "Resign? You leave the scenario for good."
	}
	return ""
}

// visible reports whether viewer can see card instance id: cards in play,
// in threat areas and on the board, discard piles, the victory display,
// cards being resolved, and viewer's own hand (LCG §3 Hidden Information).
// Every seat's hand is visible to game.NoAgent (a spectator of a solo game
// reads it through the acting seat instead).
func (s *State) visible(viewer game.AgentID, id int16) bool {
	c := &s.Cards[id]
	switch c.Zone {
	case ZoneInvestigator, ZonePlay, ZoneThreat, ZoneDiscard, ZoneEncDiscard, ZoneVictory, ZoneLimbo, ZoneRemoved:
		return true
	case ZoneBoard:
		return s.card(id).Type != cards.Location || s.locInPlay(int(c.Loc))
	case ZoneHand:
		return viewer == game.NoAgent || int(c.Ctrl) == int(viewer)
	}
	return false
}

// CardText describes a card for viewer: query is a number shown on the
// board ("17" or "#17") or the start of a card's name, matched without
// regard to case (an exact name wins over longer ones). Cards viewer can see
// are described with their state; a name no visible card has is looked up
// among all cards of the set, text only. The text is the card's printed
// data and a line in our own words (cards.Card.Summary), never the printed
// text. An error says why nothing matched, or lists the candidates.
func (s *State) CardText(viewer game.AgentID, query string) (string, error) {
	q := strings.TrimSpace(query)
	if q == "" {
		return "", fmt.Errorf("card: give a card's name or its number on the board (card Study, card 17)")
	}
	if n, err := strconv.Atoi(strings.TrimPrefix(q, "#")); err == nil {
		if n < 0 || n >= len(s.Cards) || !s.visible(viewer, int16(n)) {
			return "", fmt.Errorf("card #%d: no card of that number is in view; the board shows each card's number after its name", n)
		}
		return s.cardText(viewer, int16(n)), nil
	}
	lq := strings.ToLower(q)
	// Visible instances first, grouped by card.
	var ids []int16
	for id := range s.Cards {
		if s.visible(viewer, int16(id)) && strings.HasPrefix(strings.ToLower(s.name(int16(id))), lq) {
			ids = append(ids, int16(id))
		}
	}
	if len(ids) > 0 {
		ids = narrowToExact(ids, lq, func(id int16) string { return s.name(id) })
		var names []string
		for _, id := range ids {
			if n := s.name(id); len(names) == 0 || !contains(names, n) {
				names = append(names, n)
			}
		}
		if len(names) > 1 {
			var list []string
			for _, id := range ids {
				list = append(list, s.numbered(id))
			}
			return "", fmt.Errorf("card %q matches several cards: %s; type more of the name or the number", q, strings.Join(list, ", "))
		}
		var b strings.Builder
		for k, id := range ids {
			if k > 0 {
				b.WriteString("\n")
			}
			b.WriteString(s.cardText(viewer, id))
		}
		return b.String(), nil
	}
	// Then the card set, text only.
	var defs []cards.ID
	all := cards.All()
	for i := 1; i < len(all); i++ {
		if !all[i].Hidden && strings.HasPrefix(strings.ToLower(all[i].Name), lq) {
			defs = append(defs, cards.ID(i))
		}
	}
	if len(defs) == 0 {
		return "", fmt.Errorf("card %q: no card's name starts with that", q)
	}
	exact := defs[:0:0]
	for _, d := range defs {
		if strings.EqualFold(all[d].Name, q) {
			exact = append(exact, d)
		}
	}
	if len(exact) > 0 {
		defs = exact
	}
	var names []string
	for _, d := range defs {
		if !contains(names, all[d].Name) {
			names = append(names, all[d].Name)
		}
	}
	if len(names) > 1 {
		if len(names) > 12 {
			names = append(names[:12], "…")
		}
		return "", fmt.Errorf("card %q matches several cards: %s; type more of the name", q, strings.Join(names, ", "))
	}
	var b strings.Builder
	for k, d := range defs {
		if k > 0 {
			b.WriteString("\n")
		}
		b.WriteString(printedText(def(d), ""))
		b.WriteString("  Not in view in this game (text only).\n")
	}
	return b.String(), nil
}

// narrowToExact keeps the ids whose name equals lq (lower case), when any does.
func narrowToExact(ids []int16, lq string, name func(int16) string) []int16 {
	var exact []int16
	for _, id := range ids {
		if strings.ToLower(name(id)) == lq {
			exact = append(exact, id)
		}
	}
	if len(exact) > 0 {
		return exact
	}
	return ids
}

func contains(list []string, x string) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// cardText is a visible instance's printed data, our text and its state.
func (s *State) cardText(viewer game.AgentID, id int16) string {
	d := s.card(id)
	var b strings.Builder
	if c := &s.Cards[id]; d.Type == cards.Location && c.Zone == ZoneBoard && !c.Revealed {
		// an unrevealed location shows its unrevealed side only: its name
		// and traits, not the version, shroud, clues or text of the revealed
		// side (LCG §3 Locations; the Arkham Woods of The Devourer Below)
		head := []string{d.Name + fmt.Sprintf(" #%d", id), "—", "location, unrevealed."}
		if len(d.Traits) > 0 {
			head[2] = "location, unrevealed;"
			head = append(head, strings.Join(d.Traits, ". ")+".")
		}
		wrapList(&b, "", head, " ", "  ")
	} else {
		b.WriteString(printedText(d, fmt.Sprintf(" #%d", id)))
	}
	wrapList(&b, "  Now: ", strings.Fields(s.cardWhere(viewer, id)), " ", "    ")
	return b.String()
}

// cardWhere words where an instance is and what is on it.
func (s *State) cardWhere(viewer game.AgentID, id int16) string {
	c := &s.Cards[id]
	d := s.card(id)
	owner := func(seat int8) string {
		if game.AgentID(seat) == viewer {
			return "your"
		}
		return s.seatName(int(seat)) + "'s"
	}
	var where string
	switch c.Zone {
	case ZoneInvestigator:
		for i := 0; i < int(s.N); i++ {
			if s.Inv[i].Card == id {
				v := &s.Inv[i]
				where = fmt.Sprintf("at %s; %s, %s, damage %d/%d, horror %d/%d", s.theLoc(int(v.Loc)),
					plural(int(v.Resources), "resource"), plural(int(v.Clues), "clue"), v.Damage, d.Health, v.Horror, d.Sanity)
				if v.Out != OutNone {
					where += "; eliminated"
				}
			}
		}
	case ZoneHand:
		where = "in " + owner(c.Ctrl) + " hand"
	case ZonePlay:
		where = "in " + owner(c.Ctrl) + " play area"
	case ZoneThreat:
		if d.Type == typeEnemy {
			where = fmt.Sprintf("at %s, engaged with %s", s.theLoc(int(c.Loc)), s.seatName(int(c.Ctrl)))
		} else {
			where = "in " + owner(c.Ctrl) + " threat area"
		}
	case ZoneDiscard:
		where = "in " + owner(c.Owner) + " discard pile"
	case ZoneBoard:
		switch {
		case d.Type == cards.Location:
			k := int(c.Loc)
			if c.Revealed {
				where = fmt.Sprintf("in play, revealed: shroud %d, %s", s.shroud(k), plural(int(c.Clues), "clue"))
			} else {
				where = "in play, unrevealed"
			}
			var here []string
			for i := 0; i < int(s.N); i++ {
				if s.inGame(i) && int(s.Inv[i].Loc) == k {
					here = append(here, s.seatName(i))
				}
			}
			if len(here) > 0 {
				where += "; here: " + strings.Join(here, ", ")
			}
		case c.Host >= 0:
			where = "attached to the " + s.name(c.Host)
		default:
			where = "at " + s.theLoc(int(c.Loc))
		}
	case ZoneEncDiscard:
		where = "in the encounter discard pile"
	case ZoneVictory:
		where = "in the victory display"
	case ZoneLimbo:
		where = "being resolved"
	case ZoneRemoved:
		where = "removed from the game"
	default:
		where = "out of play"
	}
	if st := s.cardStatus(id); len(st) > 0 {
		where += "; " + strings.Join(st, ", ")
	}
	return where + "."
}

// printedText words a card's printed data and our summary of its text over
// a few lines, the first naming it (with suffix after the name).
func printedText(d *cards.Card, suffix string) string {
	var b strings.Builder
	title := d.Name + suffix
	if d.Subname != "" {
		title += " (" + d.Subname + ")"
	}
	kind := strings.ToLower(d.Type.String())
	switch {
	case d.Weakness:
		kind = "weakness " + kind
	case d.Type.IsPlayerType() && d.Type != cards.Investigator:
		kind = d.Class.String() + " " + kind
	}
	if d.Cost >= 0 {
		kind += fmt.Sprintf(", cost %d", d.Cost)
	} else if d.Cost == -2 {
		kind += ", cost X"
	}
	if d.Level > 0 {
		kind += fmt.Sprintf(", level %d", d.Level)
	}
	head := []string{title, "—", kind}
	if len(d.Traits) > 0 {
		head[2] += ";"
		head = append(head, strings.Join(d.Traits, ". ")+".")
	} else {
		head[2] += "."
	}
	wrapList(&b, "", head, " ", "  ")
	var facts []string
	if d.Slot != 0 {
		facts = append(facts, d.Slot.String()+" slot")
	}
	if d.Uses != cards.UsesNone {
		facts = append(facts, fmt.Sprintf("uses: %d %s", d.UsesCount, d.Uses))
	}
	var icons []string
	for k, n := range d.Icons {
		for j := int8(0); j < n; j++ {
			icons = append(icons, skillNames[k])
		}
	}
	if len(icons) > 0 {
		facts = append(facts, "icons: "+strings.Join(icons, ", "))
	}
	switch d.Type {
	case cards.Investigator:
		facts = append(facts, fmt.Sprintf("willpower %d, intellect %d, combat %d, agility %d", d.Skills[0], d.Skills[1], d.Skills[2], d.Skills[3]),
			fmt.Sprintf("health %d, sanity %d", d.Health, d.Sanity))
	case cards.Asset:
		if d.Health > 0 || d.Sanity > 0 {
			facts = append(facts, fmt.Sprintf("health %d, sanity %d", d.Health, d.Sanity))
		}
	case cards.Enemy:
		health := stat(d.EnemyHealth)
		if d.EnemyHealthPerInvestigator {
			health += " per investigator"
		}
		facts = append(facts, fmt.Sprintf("fight %s, health %s, evade %s", stat(d.Fight), health, stat(d.Evade)),
			fmt.Sprintf("attack: %d damage, %d horror", d.Damage, d.Horror))
	case cards.Location:
		clues := stat(d.Clues)
		if d.CluesPerInvestigator {
			clues += " per investigator"
		}
		facts = append(facts, fmt.Sprintf("shroud %s, clues %s", stat(d.Shroud), clues))
	}
	var kw []string
	for _, k := range []struct {
		on   bool
		name string
	}{{d.Fast, "Fast"}, {d.Hunter, "Hunter"}, {d.Retaliate, "Retaliate"}, {d.Aloof, "Aloof"}, {d.Massive, "Massive"},
		{d.Peril, "Peril"}, {d.Surge, "Surge"}, {d.Revelation, "Revelation"}, {d.Exceptional, "Exceptional"}, {d.Permanent, "Permanent"}} {
		if k.on {
			kw = append(kw, k.name)
		}
	}
	if d.Spawn != "" {
		kw = append(kw, "Spawn: "+d.Spawn)
	}
	if d.Prey != "" {
		kw = append(kw, "Prey: "+d.Prey)
	}
	if len(kw) > 0 {
		facts = append(facts, "keywords: "+strings.Join(kw, ", "))
	}
	if d.Victory > 0 {
		facts = append(facts, fmt.Sprintf("victory %d", d.Victory))
	}
	if len(facts) > 0 {
		facts[0] = strings.ToUpper(facts[0][:1]) + facts[0][1:]
		wrapList(&b, "  ", strings.Fields(strings.Join(facts, "; ")+"."), " ", "    ")
	}
	if d.Summary != "" {
		wrapList(&b, "  In short: ", strings.Fields(d.Summary), " ", "    ")
	}
	return b.String()
}

// stat words a printed number: "X" for -2, "–" for none.
func stat(n int8) string {
	switch {
	case n == -2:
		return "X"
	case n < 0:
		return "–"
	}
	return strconv.Itoa(int(n))
}

// describeAbility words option "use ability a of card id": what it does, by
// the card's ⮕ ability (playerHooks.abilities), and the uses it has left.
func (s *State) describeAbility(id int16, a int) string {
	var what string
	if w, ok := weaponOf(s.Cards[id].Def, a); ok && w.effect == 0 && !w.skipNone {
		verb := "Fight"
		switch {
		case w.invest:
			verb = "Investigate"
		case w.evade:
			verb = "Evade"
		}
		what = fmt.Sprintf("%s with %s (%s", verb, s.name(id), skillNames[w.skill])
		if w.mod != 0 {
			what += fmt.Sprintf(" %+d", w.mod)
		}
		if w.dmg > 0 {
			what += fmt.Sprintf(", +%d damage", w.dmg)
		}
		if w.shroud != 0 {
			what += fmt.Sprintf(", shroud %+d", w.shroud)
		}
		what += ")"
	} else if ok && a > 0 {
		what = fmt.Sprintf("Use %s (its second ability)", s.name(id))
	} else {
		what = "Use " + s.name(id)
	}
	if u := s.usesText(id); u != "" && s.card(id).Uses != cards.UsesNone {
		what += "; " + u + " left"
	}
	return what
}

// describeAssign words an option of the assignment prompt (LCG §3 Dealing
// Damage/Horror: one point at a time): put the next point of damage or
// horror on the investigator (id < 0) or on asset id, with what it then holds.
func (s *State) describeAssign(id int16) string {
	f := s.stack.Top()
	if f == nil || f.Op != opDamage {
		if id < 0 {
			return "Take it on your investigator"
		}
		return fmt.Sprintf("Assign it to %s", s.name(id))
	}
	dmg, hor := int(f.A&0xff), int(f.A>>8&0xff)
	kind, more := "damage", dmg+hor-1
	if dmg == 0 {
		kind = "horror"
	}
	tail := ""
	if more > 0 {
		tail = fmt.Sprintf("; %d more to place", more)
	}
	if id < 0 {
		seat := int(f.Who)
		v, d := &s.Inv[seat], def(s.Inv[seat].Def)
		have, most := int(v.Damage), int(d.Health)
		if dmg == 0 {
			have, most = int(v.Horror), int(d.Sanity)
		}
		return fmt.Sprintf("Take 1 %s on %s (%s %d/%d%s)", kind, s.seatName(seat), kind, have+1, most, tail)
	}
	d, c := s.card(id), &s.Cards[id]
	have, most := int(c.Damage), int(d.Health)
	if dmg == 0 {
		have, most = int(c.Horror), int(d.Sanity)
	}
	return fmt.Sprintf("Put 1 %s on %s (%s %d/%d%s)", kind, s.numbered(id), kind, have+1, most, tail)
}
