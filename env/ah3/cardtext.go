package ah3

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// cardEntry is one card the card command may show.
type cardEntry struct {
	name string
	text func() string
}

// publicCards lists the cards whose text anyone at the table may read:
// investigator sheets, monster kinds, asset cards (a condition only by its
// condition name and front, AH3 479.7), headlines already drawn, archive
// cards already read (AH3 403.4), and the encounter card being resolved.
// Deck orders, unread archive cards and condition backs stay hidden.
func (s *State) publicCards() []cardEntry {
	sc := s.sc()
	var out []cardEntry
	for i := range sc.Investigators {
		v := &sc.Investigators[i]
		out = append(out, cardEntry{v.Name, func() string { return s.investigatorText(v) }})
	}
	seen := map[string]bool{}
	for k := range s.g.kinds {
		m := &s.g.kinds[k]
		if seen[m.Name] {
			continue
		}
		seen[m.Name] = true
		out = append(out, cardEntry{m.Name, func() string {
			return fmt.Sprintf("%s (monster, %s): health %d, attack %+d, evade %+d, deals %d damage and %d horror, speed %d.\n  %s\n",
				m.Name, m.Type, m.Health, m.Attack, m.Evade, m.Damage, m.Horror, m.Speed, m.Text)
		}})
	}
	for i := range sc.Assets {
		a := &sc.Assets[i]
		name := a.Name
		if a.Kind == content.Condition {
			name = a.Condition
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, cardEntry{name, func() string {
			if a.Kind == content.Condition {
				return fmt.Sprintf("%s (condition; which card and its back are hidden until flipped, AH3 479.7).\n  %s\n", a.Condition, a.Text)
			}
			extra := ""
			if a.Price > 0 {
				extra += fmt.Sprintf(", $%d", a.Price)
			}
			if a.Hands > 0 {
				extra += fmt.Sprintf(", %d hand(s)", a.Hands)
			}
			return fmt.Sprintf("%s (%s%s).\n  %s\n", a.Name, content.AssetKindNames[a.Kind], extra, a.Text)
		}})
	}
	for i := range sc.Headlines {
		h := &sc.Headlines[i]
		if int16(i) == s.Rumor || s.HeadlineDiscard.has(int16(i)) {
			out = append(out, cardEntry{h.Name, func() string { return fmt.Sprintf("%s (headline).\n  %s\n", h.Name, h.Text) }})
		}
	}
	for i := range sc.Archive {
		a := &sc.Archive[i]
		if a.Number < MaxArchive && s.Revealed&(1<<uint(a.Number)) != 0 && s.Variant[a.Number] == int16(i) {
			out = append(out, cardEntry{a.Name, func() string {
				return fmt.Sprintf("%s (archive card %d).\n  %s\n", a.Name, a.Number, a.Text)
			}})
		}
	}
	if s.EncCard >= 0 && int(s.EncCard) < len(sc.Encounters) {
		e := &sc.Encounters[s.EncCard]
		out = append(out, cardEntry{e.Name, func() string {
			var b strings.Builder
			fmt.Fprintf(&b, "%s (encounter being resolved).\n", e.Name)
			for _, t := range e.Texts {
				if t != "" {
					fmt.Fprintf(&b, "  %s\n", t)
				}
			}
			return b.String()
		}})
	}
	return out
}

func (s *State) investigatorText(v *content.Investigator) string {
	var b strings.Builder
	focus := fmt.Sprint(v.Focus)
	if v.Focus == 0 {
		focus = "unlimited"
	}
	fmt.Fprintf(&b, "%s, %s (investigator): health %d, sanity %d, focus limit %s.\n  ", v.Name, v.Occupation, v.Health, v.Sanity, focus)
	for k, n := range skillNames {
		fmt.Fprintf(&b, "%s %d  ", n, v.Skills[k])
	}
	b.WriteString("\n")
	for _, ab := range v.Abilities {
		fmt.Fprintf(&b, "  %s: %s\n", ab.Name, ab.Text)
	}
	return b.String()
}

// has reports whether the pile holds card c.
func (p *Pile) has(c int16) bool {
	for _, x := range p.Cards() {
		if x == c {
			return true
		}
	}
	return false
}

// CardText is the text of the public card whose name starts with query
// (case-insensitive; an exact name wins), for the play command "card NAME".
// It shows only what every player may read (publicCards); viewer is unused
// because nothing private to one investigator has text of its own.
func (s *State) CardText(viewer game.AgentID, query string) (string, error) {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return "", fmt.Errorf("card: give a card's name or a monster's number (card Bilge Hound, card jenny, card #0)")
	}
	if text, ok, err := s.numberedCardText(q); ok {
		return text, err
	}
	entries := s.publicCards()
	names := make([]string, len(entries))
	for i, c := range entries {
		names[i] = c.name
	}
	i, err := game.MatchName(names, query, "no card in view has a name that starts with that")
	if err != nil {
		return "", err
	}
	return entries[i].text(), nil
}
