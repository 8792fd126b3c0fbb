package machinacase

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/env/machina"
	"github.com/mythos-rl/mythos/internal/casefile"
)

// check compares the state with the case's expectations.
func (c *RulesCase) check(s *machina.State) error {
	ct := s.Content()
	pr := s.Prompt()
	var d casefile.Diffs // the runners' shared comparison (internal/casefile)
	want, intp := d.Want, d.Int
	x := &c.Expect
	for _, se := range x.Seats {
		d.N++
		p := &s.P[se.Seat]
		who := fmt.Sprintf("seat %d ", se.Seat)
		if se.At != nil {
			at, _ := cellAt(se.At)
			want(who+"cell", machina.CellName(at), machina.CellName(int(p.Pos)))
		}
		intp(who+"health", se.Health, int(p.HP))
		intp(who+"stamina", se.Stamina, int(p.Stamina))
		intp(who+"inspiration", se.Inspiration, int(p.Insp))
		intp(who+"defence", se.Defence, s.Defence(se.Seat))
		intp(who+"will", se.Will, s.Will(se.Seat))
		intp(who+"markers in use", se.Markers, s.MarkersUsed(se.Seat))
		if se.Alive != nil {
			want(who+"alive", *se.Alive, p.Alive)
		}
		if se.OnBoard != nil {
			want(who+"on board", *se.OnBoard, p.OnBoard)
		}
		list := func(z machina.Zone) []string {
			var out []string
			for i := range ct.Items {
				if s.Items[i].Zone == z && int(s.Items[i].Owner) == se.Seat {
					out = append(out, ct.Items[i].ID)
				}
			}
			return out
		}
		if se.Inventory != nil {
			want(who+"inventory", se.Inventory, list(machina.ZoneInventory))
		}
		if se.Equipped != nil {
			want(who+"equipped", se.Equipped, list(machina.ZoneEquipped))
		}
		if se.Personal != nil {
			var got []string
			for k := 0; k < int(p.PersonalN); k++ {
				got = append(got, ct.Events[p.Personal[k]].ID)
			}
			want(who+"personal events", se.Personal, got)
		}
	}
	for _, me := range x.Monsters {
		d.N++
		m := ct.MonsterIndex(me.ID)
		if m < 0 {
			d.Lines = append(d.Lines, "no monster "+me.ID)
			continue
		}
		if me.At != nil {
			at, _ := cellAt(me.At)
			want(me.ID+" cell", machina.CellName(at), machina.CellName(int(s.Mx[m].Pos)))
		}
		if me.Wounds != nil {
			want(me.ID+" wounds", *me.Wounds, int(s.Mx[m].Wounds))
		}
		if me.Zone != "" {
			want(me.ID+" zone", me.Zone, s.Mx[m].Zone.String())
		}
		intp(me.ID+" defence", me.Defence, s.Defence(machina.MonsterBase+m))
		intp(me.ID+" will", me.Will, s.Will(machina.MonsterBase+m))
	}
	for _, ce := range x.Cells {
		d.N++
		at, _ := cellAt(ce.At)
		if ce.Destroyed != nil {
			want(machina.CellName(at)+" destruction tokens", *ce.Destroyed, int(s.Board.Dest[at]))
		}
		if ce.Kind != "" {
			want(machina.CellName(at)+" kind", ce.Kind, s.Board.Kind[at].String())
		}
		if ce.Lit != nil {
			want(machina.CellName(at)+" lit", *ce.Lit, s.Board.Lit[at])
		}
	}
	for _, de := range x.Doors {
		d.N++
		at, _ := cellAt(de.At)
		side, ok := machina.SideByName(de.Side)
		if !ok {
			d.Lines = append(d.Lines, "no side "+de.Side)
			continue
		}
		e := *s.Board.SideEdge(at, machina.Direction(2*side))
		want(fmt.Sprintf("edge %s of %s", de.Side, machina.CellName(at)), de.Edge, machina.EdgeName(e))
	}
	intp("danger", x.Danger, int(s.Danger))
	intp("monster level", x.Level, int(s.Level))
	intp("lair", x.Lair, int(s.Lair))
	intp("horror", x.Horror, int(s.Horror))
	intp("chapter", x.Chapter, int(s.ChapterPos)+1)
	intp("round", x.Round, int(s.Round))
	intp("game", x.Game, int(s.Game))
	intp("result", x.Result, s.Result())
	intp("tiles on the board", x.Tiles, s.Board.TileCount())
	intp("forced dice left", x.Dice, len(s.Forced))
	intp("finale tokens", x.Tokens, int(s.Tokens))
	if x.Rituals != nil {
		d.N++
		var got []int
		for _, r := range s.Rituals {
			got = append(got, int(r.HP))
		}
		want("ritual health", x.Rituals, got)
	}
	if x.FinaleProgress != nil {
		d.N++
		want("finale progress", fmt.Sprintf("%.3f", *x.FinaleProgress), fmt.Sprintf("%.3f", s.FinaleProgress()))
	}
	if x.Phase != "" {
		d.N++
		want("phase", x.Phase, s.Phase.String())
	}
	if x.Over != nil {
		d.N++
		want("over", *x.Over, s.Over())
	}
	if x.Side != nil {
		d.N++
		want("monster side", *x.Side, s.MonsterSide)
	}
	if x.Order != nil {
		d.N++
		var got []string
		for _, m := range s.Order {
			got = append(got, ct.Monsters[m].ID)
		}
		want("monster order", x.Order, got)
	}
	intp("monster deck", x.Deck, len(s.MonsterDeck))
	intp("horror markers in use", x.Markers, s.MarkersUsed(-1))
	if x.Pile != nil {
		d.N++
		var got []string
		for _, m := range s.MonsterPile {
			got = append(got, ct.Monsters[m].ID)
		}
		want("destroyed pile", x.Pile, got)
	}
	if x.Discard != nil {
		d.N++
		var got []string
		for _, i := range s.ItemDiscard {
			got = append(got, ct.Items[i].ID)
		}
		want("item discard", x.Discard, got)
	}
	if x.Event != "" {
		d.N++
		got := "none"
		if e := s.CurrentEvent(false); e >= 0 {
			got = ct.Events[e].ID
		}
		want("pioneer event", x.Event, got)
	}
	if x.Horrors != "" {
		d.N++
		got := "none"
		if e := s.CurrentEvent(true); e >= 0 {
			got = ct.Events[e].ID
		}
		want("horror event", x.Horrors, got)
	}
	if pe := x.Prompt; pe != nil {
		d.N++
		if pe.Kind != "" {
			want("prompt kind", pe.Kind, machina.PromptKindNames()[pr.Kind])
		}
		if pe.Actor != nil {
			want("prompt actor", *pe.Actor, int(pr.Actor))
		}
		if pe.Count != nil {
			want("prompt options", *pe.Count, len(pr.Options))
		}
		for _, h := range pe.Has {
			code, err := s.ActionByName(h)
			if err != nil || pr.Find(code) < 0 {
				d.Lines = append(d.Lines, "prompt lacks "+h)
			}
		}
		for _, h := range pe.Lacks {
			code, err := s.ActionByName(h)
			if err == nil && pr.Find(code) >= 0 {
				d.Lines = append(d.Lines, "prompt has "+h)
			}
		}
	}
	if d.N == 0 {
		return fmt.Errorf("the case checks nothing")
	}
	if err := s.CheckInvariants(); err != nil {
		d.Lines = append(d.Lines, "invariant: "+err.Error())
	}
	if len(d.Lines) > 0 {
		return fmt.Errorf("%s\n%s\n%s", strings.Join(d.Lines, "\n"), s.DrawBoard(), promptText(s))
	}
	return nil
}
