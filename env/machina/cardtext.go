package machina

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/env/game"
)

// The card command of mythos play: the stats and abilities of the cards in
// view, from the content. For people; nothing on the step path calls it.

// cardEntry is one card the card command may show: its name, the symbol the
// map draws it with (a pioneer's digit, a monster's letter; 0 for none) and
// its text.
type cardEntry struct {
	name string
	sym  byte
	text func() string
}

// publicCards lists the cards anyone at the table may read: the pioneers,
// the monsters in play, the items in the pioneers' hands, revealed or
// discarded, the events in play, kept or discarded, the chapter card and
// the tiles on the board. Deck orders and undrawn cards stay hidden.
func (s *State) publicCards() []cardEntry {
	var out []cardEntry
	for p := 0; p < int(s.N); p++ {
		p := p
		out = append(out, cardEntry{s.pioneerCard(p).Name, byte('1' + p), func() string { return s.pioneerText(p) }})
	}
	for k, m := range s.Order {
		m := int(m)
		out = append(out, cardEntry{s.ct.Monsters[m].Name, byte('a' + k), func() string { return s.monsterText(m, byte('a'+k)) }})
	}
	seen := map[string]bool{}
	for i := range s.ct.Items {
		switch s.Items[i].Zone {
		case ZoneInventory, ZoneEquipped, ZoneLimbo, ZoneDiscard:
		default:
			continue
		}
		if i := i; !seen[s.ct.Items[i].Name] {
			seen[s.ct.Items[i].Name] = true
			out = append(out, cardEntry{s.ct.Items[i].Name, 0, func() string { return s.itemText(i) }})
		}
	}
	for i := range s.ct.Events {
		switch s.Events[i].Zone {
		case ZoneDiscard, ZonePersonal:
		default:
			continue
		}
		if i := i; !seen[s.ct.Events[i].Name] {
			seen[s.ct.Events[i].Name] = true
			out = append(out, cardEntry{s.ct.Events[i].Name, 0, func() string { return s.eventText(i) }})
		}
	}
	if c := s.chapter(); c != nil {
		out = append(out, cardEntry{c.Title, 0, func() string {
			return fmt.Sprintf("%s (chapter %d): lair %d, horror %d.\n%s", c.Title, s.ChapterPos+1, c.Lair, c.Horror, abilitiesText(c.Abilities))
		}})
	}
	for slot, pt := range s.Board.Slots {
		if pt.Tile < 0 || int(pt.Tile) >= len(s.ct.Tiles) {
			continue
		}
		t := &s.ct.Tiles[pt.Tile]
		slot := slot
		out = append(out, cardEntry{t.Name, 0, func() string { return s.tileText(slot) }})
	}
	return out
}

// CardText is the text of the card in view that query names: a pioneer's
// digit or a monster's letter as the map draws them, or the start of a
// card's name (case-insensitive; an exact name wins). viewer is unused:
// nothing in view is private to one pioneer (MA §0.1, a cooperative game).
func (s *State) CardText(viewer game.AgentID, query string) (string, error) {
	q := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(query), "#"))
	if q == "" {
		return "", fmt.Errorf("card: give a card's name or its symbol on the map (card 1, card a, card miner)")
	}
	cards := s.publicCards()
	if len(q) == 1 {
		for _, c := range cards {
			if c.sym == q[0] {
				return c.text(), nil
			}
		}
	}
	entries := cards
	names := make([]string, len(entries))
	for i, c := range entries {
		names[i] = c.name
	}
	i, err := game.MatchName(names, strings.TrimPrefix(strings.TrimSpace(query), "#"), "no card in view has that symbol on the map or a name that starts so")
	if err != nil {
		return "", err
	}
	return entries[i].text(), nil
}

func (s *State) pioneerText(p int) string {
	c := s.pioneerCard(p)
	pi := &s.P[p]
	where := "off the board"
	switch {
	case !pi.Alive:
		where = "dead"
	case pi.OnBoard:
		where = "at " + cellName(int(pi.Pos))
	}
	return fmt.Sprintf("%s (pioneer %d, %s): defence %d, will %d, health %d, stamina %d, inspiration up to %d.\n  now: health %d, stamina %d, inspiration %d, %s.\n%s",
		c.Name, p+1, c.Class, c.Defence, c.Will, c.MaxHP, c.MaxStam, c.MaxInsp, pi.HP, pi.Stamina, pi.Insp, where, abilitiesText(c.Abilities))
}

func (s *State) monsterText(m int, sym byte) string {
	c := &s.ct.Monsters[m]
	var tags []string
	if c.Immobile {
		tags = append(tags, "immobile")
	}
	if c.Incorporeal {
		tags = append(tags, "incorporeal")
	}
	if c.WallIncorporeal {
		tags = append(tags, "incorporeal beside a wall")
	}
	extra := ""
	if len(tags) > 0 {
		extra = ", " + strings.Join(tags, ", ")
	}
	cr := MonsterBase + m
	return fmt.Sprintf("%s (monster %c, level %d): defence %d, will %d, health %d, stamina %d%s.\n  now: at %s, health %d.\n%s",
		c.Name, sym, c.Level, c.Defence, c.Will, c.Health, c.Stamina, extra, cellName(int(s.Mx[m].Pos)), s.health(cr), abilitiesText(c.Abilities))
}

func (s *State) itemText(i int) string {
	c := &s.ct.Items[i]
	parts := []string{deckWord(c.Deck) + " item", fmt.Sprintf("level %d", c.Level)}
	if c.Hands > 0 {
		parts = append(parts, fmt.Sprintf("%d hand(s)", c.Hands))
	}
	if c.Ranged {
		parts = append(parts, "ranged")
	}
	if c.Fit != 0 {
		parts = append(parts, "worn on the "+fitNames[c.Fit])
	}
	if c.Defence != 0 {
		parts = append(parts, fmt.Sprintf("defence %+d", c.Defence))
	}
	if c.Will != 0 {
		parts = append(parts, fmt.Sprintf("will %+d", c.Will))
	}
	st := s.Items[i]
	where := st.Zone.String()
	if st.Zone == ZoneInventory || st.Zone == ZoneEquipped {
		where = fmt.Sprintf("%s by %s", map[Zone]string{ZoneInventory: "carried", ZoneEquipped: "equipped"}[st.Zone], s.creatureName(int(st.Owner)))
	}
	return fmt.Sprintf("%s (%s).\n  now: %s.\n%s", c.Name, strings.Join(parts, ", "), where, abilitiesText(c.Abilities))
}

func (s *State) eventText(i int) string {
	c := &s.ct.Events[i]
	kind := "pioneer event"
	if c.Horror {
		kind = "horror event"
	}
	if c.Personal {
		kind += ", personal"
	}
	return fmt.Sprintf("%s (%s).\n%s", c.Name, kind, abilitiesText(c.Abilities))
}

func (s *State) tileText(slot int) string {
	pt := &s.Board.Slots[slot]
	t := &s.ct.Tiles[pt.Tile]
	var open []string
	for side, o := range pt.Open {
		if o {
			open = append(open, Side(side).String())
		}
	}
	return fmt.Sprintf("%s (tile in window slot %d, face %d, turned %d quarter(s)); openings on the %s.\n",
		t.Name, slot+1, pt.Face+1, pt.Rot, strings.Join(open, ", "))
}

// abilitiesText lists abilities, one a line, each with its timing, target
// and cost.
func abilitiesText(as []Ability) string {
	var b strings.Builder
	for i := range as {
		a := &as[i]
		when := strings.ReplaceAll(whenNames[a.When], "_", " ")
		target := ""
		switch a.Target {
		case TargetNone:
		case TargetRanged, TargetRangedIgn:
			target = fmt.Sprintf(", target at range up to %d", a.Range)
			if a.Target == TargetRangedIgn {
				target += " ignoring obstacles"
			}
		default:
			target = ", target " + strings.ReplaceAll(targetNames[a.Target], "_", " ")
		}
		fmt.Fprintf(&b, "  (%s%s) %s\n", when, target, abilityText(a))
	}
	return b.String()
}
