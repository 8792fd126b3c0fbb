package ah3case

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/internal/casefile"
)

var statusNames = [...]string{"ready", "exhausted", "engaged"}
var outcomeNames = [...]string{"none", "win", "loss", "truncated"}

func expect(s *ah3.State, e *Expect) []string {
	var d casefile.Diffs
	diff := d.Want
	if e.Round != nil {
		diff("round", *e.Round, s.Round)
	}
	if e.Lead != nil {
		diff("lead", *e.Lead, s.Lead)
	}
	if e.Phase != "" {
		diff("phase", e.Phase, s.Phase.String())
	}
	if e.Outcome != "" {
		diff("outcome", e.Outcome, outcomeNames[s.Outcome])
	}
	if e.SheetDoom != nil {
		diff("sheet doom", *e.SheetDoom, s.SheetDoom)
	}
	if e.SheetClues != nil {
		diff("sheet clues", *e.SheetClues, s.SheetClues)
	}
	for _, name := range sortedKeys(e.Doom) {
		sp, err := s.SpaceIndex(name)
		if err != nil {
			d.Lines = append(d.Lines, err.Error())
			continue
		}
		diff("doom in "+name, e.Doom[name], s.Doom[sp])
	}
	for _, name := range sortedKeys(e.SpaceMarkers) {
		sp, err := s.SpaceIndex(name)
		if err != nil {
			d.Lines = append(d.Lines, err.Error())
			continue
		}
		diff("markers in "+name, e.SpaceMarkers[name], s.SpaceMarkers[sp])
	}
	for _, name := range sortedKeys(e.Clues) {
		h, err := s.HoodIndex(name)
		if err != nil {
			d.Lines = append(d.Lines, err.Error())
			continue
		}
		diff("clues in "+name, e.Clues[name], s.Clues[h])
	}
	for _, name := range sortedKeys(e.Anomaly) {
		h, err := s.HoodIndex(name)
		if err != nil {
			d.Lines = append(d.Lines, err.Error())
			continue
		}
		diff("anomaly in "+name, e.Anomaly[name], s.Anomaly[h])
	}
	if e.Codex != nil {
		diff("codex", e.Codex, s.CodexNumbers())
	}
	for _, se := range e.Seats {
		d.Lines = append(d.Lines, expectSeat(s, &se)...)
	}
	for _, me := range e.Monsters {
		d.Lines = append(d.Lines, expectMonster(s, &me)...)
	}
	if e.MonsterCount != nil {
		n := 0
		for _, m := range s.Monsters {
			if m.Kind >= 0 {
				n++
			}
		}
		diff("monsters on the board", *e.MonsterCount, n)
	}
	if e.Rumor != nil {
		got := ""
		if s.Rumor >= 0 {
			got = s.Game().Sc.Headlines[s.Rumor].Name
		}
		diff("rumor", *e.Rumor, got)
	}
	if e.EventDiscard != nil {
		got := ""
		if s.EventDiscard.N > 0 {
			got = s.Game().Sc.Encounters[s.EventDiscard.C[0]].Name
		}
		diff("event discard top", *e.EventDiscard, got)
	}
	for _, p := range sortedKeys(e.Top) {
		pile, err := s.PileByName(p)
		if err != nil {
			d.Lines = append(d.Lines, err.Error())
			continue
		}
		got := ""
		if pile.N > 0 {
			got = cardName(s, p, pile.C[0])
		}
		diff("top of "+p, e.Top[p], got)
	}
	for _, p := range sortedKeys(e.PileSize) {
		pile, err := s.PileByName(p)
		if err != nil {
			d.Lines = append(d.Lines, err.Error())
			continue
		}
		diff("size of "+p, e.PileSize[p], pile.N)
	}
	if e.Reserve != nil {
		n := 0
		for _, c := range s.Reserve {
			if c >= 0 {
				n++
			}
		}
		diff("Reserve cards", *e.Reserve, n)
	}
	if len(e.Log) > 0 || len(e.LogLacks) > 0 {
		lines := s.Log().Lines(s)
		for _, bad := range e.LogLacks {
			for _, l := range lines {
				if strings.Contains(l, bad) {
					d.Lines = append(d.Lines, fmt.Sprintf("log: line %q contains %q", l, bad))
				}
			}
		}
		for _, want := range e.Log {
			found := false
			for _, l := range lines {
				found = found || strings.Contains(l, want)
			}
			if !found {
				d.Lines = append(d.Lines, fmt.Sprintf("log: no line contains %q", want))
			}
		}
	}
	if p := e.Prompt; p != nil {
		pr := s.Prompt()
		if p.Kind != "" {
			diff("prompt kind", p.Kind, ah3.PromptKindName(pr.Kind))
		}
		if p.Actor != nil {
			diff("prompt actor", *p.Actor, pr.Actor)
		}
		if p.Count != nil {
			diff("prompt options", *p.Count, len(pr.Options))
		}
		for _, h := range p.Has {
			if find(s, h) < 0 {
				d.Lines = append(d.Lines, fmt.Sprintf("prompt: no option %q", h))
			}
		}
		for _, l := range p.Lacks {
			if find(s, l) >= 0 {
				d.Lines = append(d.Lines, fmt.Sprintf("prompt: option %q should be absent", l))
			}
		}
	}
	if err := s.CheckInvariants(); err != nil {
		d.Lines = append(d.Lines, "invariants: "+err.Error())
	}
	return d.Lines
}

func cardName(s *ah3.State, pile string, c int16) string {
	sc := s.Game().Sc
	switch pile {
	case "monster":
		return s.MonsterName(c)
	case "headline":
		return sc.Headlines[c].Name
	case "item", "spell", "ally":
		return sc.Assets[c].Name
	}
	return sc.Encounters[c].Name
}

func expectSeat(s *ah3.State, se *SeatExpect) []string {
	var d casefile.Diffs
	st := &s.Seats[se.Seat]
	diff := func(what string, want, got any) { d.Want(fmt.Sprintf("seat %d %s", se.Seat, what), want, got) }
	if se.Investigator != nil {
		got := "none"
		if st.Inv >= 0 {
			got = s.Game().Sc.Investigators[st.Inv].Name
		}
		diff("investigator", *se.Investigator, got)
	}
	if se.Space != "" {
		got := "none"
		if st.Space >= 0 {
			got = s.Game().Sc.Spaces[st.Space].Name
		}
		diff("space", se.Space, got)
	}
	opt := func(what string, p *int, got int) {
		if p != nil {
			diff(what, *p, got)
		}
	}
	opt("money", se.Money, int(st.Money))
	opt("clues", se.Clues, int(st.Clues))
	opt("remnants", se.Remnants, int(st.Remnants))
	opt("damage", se.Damage, int(st.Damage))
	opt("horror", se.Horror, int(st.Horror))
	opt("assets", se.Assets, int(st.NAssets))
	for _, name := range sortedKeys(se.Tokens) {
		diff(name+" tokens", se.Tokens[name], st.Tokens[skills[name]])
	}
	if se.Delayed != nil {
		diff("delayed", *se.Delayed, st.Delayed)
	}
	if se.Active != nil {
		diff("active", *se.Active, st.Active)
	}
	has := func(name string) bool {
		for k := 0; k < int(st.NAssets); k++ {
			c := st.Assets[k].Card
			if s.AssetName(c) == name || s.ConditionName(c) == name {
				return true
			}
		}
		return false
	}
	for _, h := range se.Has {
		if !has(h) {
			d.Lines = append(d.Lines, fmt.Sprintf("seat %d: lacks %s", se.Seat, h))
		}
	}
	for _, l := range se.Lacks {
		if has(l) {
			d.Lines = append(d.Lines, fmt.Sprintf("seat %d: has %s", se.Seat, l))
		}
	}
	return d.Lines
}

func expectMonster(s *ah3.State, me *MonsterExpect) []string {
	k, err := s.MonsterKind(me.Monster)
	if err != nil {
		return []string{err.Error()}
	}
	var seen []string
	for i := range s.Monsters {
		m := &s.Monsters[i]
		if m.Kind != k {
			continue
		}
		space := s.Game().Sc.Spaces[m.Space].Name
		status := statusNames[m.Status]
		engaged := -1
		for seat := 0; seat < ah3.MaxSeats; seat++ {
			if m.Engaged&(1<<uint(seat)) != 0 {
				engaged = seat
				if status == "ready" {
					status = "engaged" // a Massive monster's engagement
				}
			}
		}
		ok := (me.Space == "" || me.Space == space) && (me.Status == "" || me.Status == status) &&
			(me.Engaged == nil || *me.Engaged == engaged) && (me.Damage == nil || int(m.Damage) == *me.Damage)
		if ok {
			if me.Absent {
				return []string{fmt.Sprintf("monster %s should not be on the board (found in %s, %s)", me.Monster, space, status)}
			}
			return nil
		}
		seen = append(seen, fmt.Sprintf("%s %s engaged %d damage %d", space, status, engaged, m.Damage))
	}
	if me.Absent {
		return nil
	}
	return []string{fmt.Sprintf("monster %s: none matches %+v; on the board: %v", me.Monster, *me, seen)}
}
