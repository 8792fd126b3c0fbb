package machina

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/casefile"
)

// stage builds the case's table: a game of the shipped scenario set up
// normally, then rearranged as the case says, then run to its first
// decision from the phase the case names.
func (c *RulesCase) stage(ct *Content) (*State, error) {
	su := &c.Setup
	pios := su.Pioneers
	if len(pios) == 0 {
		pios = []string{"hank"}
	}
	sc := ct.Scenario("frozen_engine")
	s, err := New(sc, Config{Pioneers: pios, Easy: su.Easy, VeryEasy: su.VeryEasy, Cooperative: su.Cooperative, Campaign: su.Campaign, Level5Death: su.Level5Death}, su.Seed+1, true)
	if err != nil {
		return nil, err
	}
	s.Game = int8(su.Game)
	s.stack.Clear()
	if su.Map != "" {
		g, err := ParseMap(su.Map)
		if err != nil {
			return nil, err
		}
		s.clearBoard()
		s.Board.Grid = g
	}
	if len(su.Tiles) > 0 {
		s.clearBoard()
		for _, t := range su.Tiles {
			ti := s.takeTile(t.ID)
			s.Board.place(t.Slot, int16(ti), uint8(t.Face), &s.ct.Tiles[ti].Faces[t.Face], t.Rot)
		}
		s.syncCells()
	}
	for k := len(su.TileStack) - 1; k >= 0; k-- {
		t := su.TileStack[k]
		ti := s.takeTile(t.ID)
		s.Tiles = append(s.Tiles, TileRef{Tile: int16(ti), Face: uint8(t.Face)})
	}
	if su.Finale {
		// The finale as "go to the finale" lays it (MA §14.8), without the
		// placement prompts: the seats say where the pioneers stand.
		for i := range s.Chapters {
			if s.sc.Chapters[s.Chapters[i]].Finale {
				s.ChapterPos = int8(i)
			}
		}
		s.goFinale()
		s.stack.Clear()
	}
	s.Round = 1
	for p := 0; p < int(s.N); p++ {
		s.lift(p)
		s.P[p].OnBoard = false
	}
	for i, hp := range su.RitualHP {
		if i < len(s.Rituals) {
			s.Rituals[i].HP = int8(hp)
			if hp <= 0 {
				s.Board.Dest[s.Rituals[i].Cell] = 1
			}
		}
	}
	if su.Tokens != nil {
		s.Tokens = int8(*su.Tokens)
	}
	for _, cs := range su.Seats {
		if cs.Seat < 0 || cs.Seat >= int(s.N) {
			return nil, fmt.Errorf("seat %d: no such seat", cs.Seat)
		}
		p := &s.P[cs.Seat]
		if cs.Dead {
			s.killPioneer(cs.Seat, -1)
			continue
		}
		if !cs.Off {
			at, err := cellAt(cs.At)
			if err != nil {
				return nil, fmt.Errorf("seat %d: %w", cs.Seat, err)
			}
			p.OnBoard = true
			s.setPos(cs.Seat, at)
		}
		if cs.Health != nil {
			p.HP = int8(*cs.Health)
		}
		if cs.Stamina != nil {
			p.Stamina = int8(*cs.Stamina)
		}
		if cs.Inspiration != nil {
			p.Insp = int8(*cs.Inspiration)
		}
		for _, id := range cs.Inventory {
			i := s.itemIndex(id)
			if i < 0 {
				return nil, fmt.Errorf("no item %q", id)
			}
			s.takeItem(i)
			s.Items[i] = ItemState{Zone: ZoneInventory, Owner: int8(cs.Seat), Host: -1}
		}
		for _, id := range cs.Equip {
			i := s.itemIndex(id)
			if i < 0 {
				return nil, fmt.Errorf("no item %q", id)
			}
			s.takeItem(i)
			s.Items[i] = ItemState{Zone: ZoneInventory, Owner: int8(cs.Seat), Host: -1}
			var buf [MaxItems]int
			if hs := s.hosts(cs.Seat, i, buf[:0]); len(hs) > 0 && !s.mainEligible(i) {
				s.Items[i] = ItemState{Zone: ZoneEquipped, Owner: int8(cs.Seat), Host: int16(hs[0]), Ext: s.attachKind(i, hs[0]) == 2}
			} else {
				s.Items[i] = ItemState{Zone: ZoneEquipped, Owner: int8(cs.Seat), Host: -1}
			}
		}
		for _, id := range cs.Personal {
			e := s.eventIndex(id)
			if e < 0 {
				return nil, fmt.Errorf("no event %q", id)
			}
			s.takeEvent(e)
			s.Events[e] = EventState{Zone: ZonePersonal, Owner: int8(cs.Seat)}
			p.Personal[p.PersonalN] = int16(e)
			p.PersonalN++
		}
	}
	for _, cm := range su.Monsters {
		m := s.monsterIndex(cm.ID)
		if m < 0 {
			return nil, fmt.Errorf("no monster %q", cm.ID)
		}
		at, err := cellAt(cm.At)
		if err != nil {
			return nil, fmt.Errorf("monster %s: %w", cm.ID, err)
		}
		s.takeMonster(m)
		s.Mx[m] = Monster{Zone: ZonePlay, Pos: -1, Wounds: int8(cm.Wounds), Controller: -1}
		s.Order = append(s.Order, int8(m))
		s.setPos(MonsterBase+m, at)
	}
	if n := su.MonsterDeck; n != nil {
		// The top n cards stay (the top is the end of the slice); the rest
		// go to the box.
		for len(s.MonsterDeck) > *n {
			m := s.MonsterDeck[0]
			s.MonsterDeck = s.MonsterDeck[1:]
			s.Mx[m] = Monster{Zone: ZoneBoxed, Pos: -1, Controller: -1}
		}
	}
	for _, id := range su.DestroyedPile {
		m := s.monsterIndex(id)
		s.takeMonster(m)
		s.Mx[m] = Monster{Zone: ZoneDiscard, Pos: -1, Controller: -1}
		s.MonsterPile = append(s.MonsterPile, int8(m))
	}
	for _, id := range su.MonsterTop {
		m := s.monsterIndex(id)
		if m < 0 {
			return nil, fmt.Errorf("no monster %q", id)
		}
		s.takeMonster(m)
	}
	for k := len(su.MonsterTop) - 1; k >= 0; k-- {
		m := s.monsterIndex(su.MonsterTop[k])
		s.Mx[m] = Monster{Zone: ZoneDeck, Pos: -1, Controller: -1}
		s.MonsterDeck = append(s.MonsterDeck, int8(m))
	}
	for k := len(su.ItemTop) - 1; k >= 0; k-- {
		i := s.itemIndex(su.ItemTop[k])
		if i < 0 {
			return nil, fmt.Errorf("no item %q", su.ItemTop[k])
		}
		s.takeItem(i)
		d := s.ct.Items[i].Deck
		s.Items[i] = ItemState{Zone: ZoneDeck, Owner: -1, Host: -1}
		s.ItemDecks[d] = append(s.ItemDecks[d], int16(i))
	}
	for k := len(su.EventTop) - 1; k >= 0; k-- {
		e := s.eventIndex(su.EventTop[k])
		if e < 0 {
			return nil, fmt.Errorf("no event %q", su.EventTop[k])
		}
		s.takeEvent(e)
		kind := 0
		if s.ct.Events[e].Horror {
			kind = 1
		}
		s.Events[e] = EventState{Zone: ZoneDeck, Owner: -1}
		s.EventDecks[kind] = append(s.EventDecks[kind], int16(e))
	}
	for _, id := range []string{su.PioneerEvent, su.HorrorEvent} {
		if id == "" {
			continue
		}
		e := s.eventIndex(id)
		if e < 0 {
			return nil, fmt.Errorf("no event %q", id)
		}
		s.takeEvent(e)
		kind := 0
		if s.ct.Events[e].Horror {
			kind = 1
		}
		s.Events[e] = EventState{Zone: ZoneDiscard, Owner: -1}
		s.EventPiles[kind] = append(s.EventPiles[kind], int16(e))
	}
	for _, m := range su.Mods {
		st := lookup(statNames[:], m.Stat)
		if st < 0 {
			return nil, fmt.Errorf("no stat %q", m.Stat)
		}
		mod := Mod{Target: int16(m.Seat), Stat: Stat(st), N: int8(m.Amount), Owner: int8(m.Seat), Marker: true, Src: -1}
		if m.Horror {
			mod.Owner = -1 // a horror marker (MA §18.7)
			if m.Monster != "" {
				mod.Src = refOf(refMonster, s.monsterIndex(m.Monster), 0)
			}
		}
		s.Mods = append(s.Mods, mod)
	}
	if su.Chapter > 0 {
		s.ChapterPos = int8(su.Chapter - 1)
	}
	if !su.Finale {
		s.Lair, s.Horror = s.scaledLair(s.startLair()), s.startHorror()
	}
	if su.Lair > 0 {
		s.Lair = int8(su.Lair)
	}
	if su.Horror > 0 {
		s.Horror = int8(su.Horror)
	}
	if su.Danger != nil {
		s.Danger = int8(*su.Danger)
	}
	if su.Level > 0 {
		s.Level = int8(su.Level)
	}
	if len(su.Exit) > 0 {
		at, err := cellAt(su.Exit)
		if err != nil {
			return nil, fmt.Errorf("exit: %w", err)
		}
		s.Exit = [2]int16{int16(at), -1}
	}
	if len(su.Entrance) > 0 {
		at, err := cellAt(su.Entrance)
		if err != nil {
			return nil, fmt.Errorf("entrance: %w", err)
		}
		s.Entrance = [2]int16{int16(at), -1}
	}
	if su.MonsterSide {
		s.MonsterSide = true
	}
	for _, d := range su.Dice {
		s.Forced = append(s.Forced, int8(d))
	}
	// The phase to start from.
	switch su.Phase {
	case "", "turn":
		s.Phase = PhasePioneers
		s.push(opRound, game.NoAgent, -1, -1, 0, 0)
		s.stack.Top().Step = 1
		s.push(opPioneersPhase, game.NoAgent, -1, -1, 0, 0)
		s.stack.Top().Step = 1
		s.P[su.Turn].Acted = true
		s.push(opTurn, game.AgentID(su.Turn), -1, int32(su.Turn), 0, 0)
	case "round":
		s.Round = 0
		s.push(opRound, game.NoAgent, -1, -1, 0, 0)
	case "lair":
		s.Phase = PhaseLair
		s.push(opRound, game.NoAgent, -1, -1, 0, 0)
		s.stack.Top().Step = 2
		s.push(opLairPhase, game.NoAgent, -1, -1, 0, 0)
	case "horror":
		s.Phase = PhaseHorror
		s.push(opRound, game.NoAgent, -1, -1, 0, 0)
		s.stack.Top().Step = 3
		s.push(opHorrorPhase, game.NoAgent, -1, -1, 0, 0)
	case "monsters":
		s.Phase = PhaseMonsters
		s.push(opRound, game.NoAgent, -1, -1, 0, 0)
		s.push(opMonstersPhase, game.NoAgent, -1, -1, 0, 0)
	default:
		return nil, fmt.Errorf("phase %q: turn, round, lair, horror or monsters", su.Phase)
	}
	if err := s.CheckInvariants(); err != nil && !strings.Contains(err.Error(), "prompt") {
		return nil, fmt.Errorf("the staged table breaks an invariant: %w", err)
	}
	s.run()
	return s, nil
}

// takeTile takes the tile with that id from the stack (or a board slot) and
// returns its index.
func (s *State) takeTile(id string) int {
	ti := s.ct.tileIndex(id)
	for k := range s.Tiles {
		if int(s.Tiles[k].Tile) == ti {
			s.Tiles = append(s.Tiles[:k], s.Tiles[k+1:]...)
			break
		}
	}
	for sl := range s.Board.Slots {
		if int(s.Board.Slots[sl].Tile) == ti {
			s.Board.remove(sl)
		}
	}
	return ti
}

// takeItem removes item i from whatever pile lists it.
func (s *State) takeItem(i int) {
	rm := func(l []int16) []int16 {
		for k, x := range l {
			if int(x) == i {
				return append(l[:k], l[k+1:]...)
			}
		}
		return l
	}
	for d := range s.ItemDecks {
		s.ItemDecks[d] = rm(s.ItemDecks[d])
	}
	s.ItemDiscard = rm(s.ItemDiscard)
	s.Limbo = rm(s.Limbo)
	s.Items[i] = ItemState{Zone: ZoneAside, Owner: -1, Host: -1}
}

// takeMonster removes monster m from the deck or the destroyed pile.
func (s *State) takeMonster(m int) {
	rm := func(l []int8) []int8 {
		for k, x := range l {
			if int(x) == m {
				return append(l[:k], l[k+1:]...)
			}
		}
		return l
	}
	s.MonsterDeck = rm(s.MonsterDeck)
	s.MonsterPile = rm(s.MonsterPile)
	s.Mx[m] = Monster{Zone: ZoneAside, Pos: -1, Controller: -1}
}

// takeEvent removes event e from its deck or pile.
func (s *State) takeEvent(e int) {
	rm := func(l []int16) []int16 {
		for k, x := range l {
			if int(x) == e {
				return append(l[:k], l[k+1:]...)
			}
		}
		return l
	}
	for k := 0; k < 2; k++ {
		s.EventDecks[k] = rm(s.EventDecks[k])
		s.EventPiles[k] = rm(s.EventPiles[k])
	}
	s.Events[e] = EventState{Zone: ZoneBoxed, Owner: -1}
}

// check compares the state with the case's expectations.
func (c *RulesCase) check(s *State) error {
	var d casefile.Diffs // the runners' shared comparison (internal/casefile)
	want, intp := d.Want, d.Int
	x := &c.Expect
	for _, se := range x.Seats {
		d.N++
		p := &s.P[se.Seat]
		who := fmt.Sprintf("seat %d ", se.Seat)
		if se.At != nil {
			at, _ := cellAt(se.At)
			want(who+"cell", cellName(at), cellName(int(p.Pos)))
		}
		intp(who+"health", se.Health, int(p.HP))
		intp(who+"stamina", se.Stamina, int(p.Stamina))
		intp(who+"inspiration", se.Inspiration, int(p.Insp))
		intp(who+"defence", se.Defence, s.defence(se.Seat))
		intp(who+"will", se.Will, s.will(se.Seat))
		intp(who+"markers in use", se.Markers, s.markersUsed(se.Seat))
		if se.Alive != nil {
			want(who+"alive", *se.Alive, p.Alive)
		}
		if se.OnBoard != nil {
			want(who+"on board", *se.OnBoard, p.OnBoard)
		}
		list := func(z Zone) []string {
			var out []string
			for i := range s.ct.Items {
				if s.Items[i].Zone == z && int(s.Items[i].Owner) == se.Seat {
					out = append(out, s.ct.Items[i].ID)
				}
			}
			return out
		}
		if se.Inventory != nil {
			want(who+"inventory", se.Inventory, list(ZoneInventory))
		}
		if se.Equipped != nil {
			want(who+"equipped", se.Equipped, list(ZoneEquipped))
		}
		if se.Personal != nil {
			var got []string
			for k := 0; k < int(p.PersonalN); k++ {
				got = append(got, s.ct.Events[p.Personal[k]].ID)
			}
			want(who+"personal events", se.Personal, got)
		}
	}
	for _, me := range x.Monsters {
		d.N++
		m := s.monsterIndex(me.ID)
		if m < 0 {
			d.Lines = append(d.Lines, "no monster "+me.ID)
			continue
		}
		if me.At != nil {
			at, _ := cellAt(me.At)
			want(me.ID+" cell", cellName(at), cellName(int(s.Mx[m].Pos)))
		}
		if me.Wounds != nil {
			want(me.ID+" wounds", *me.Wounds, int(s.Mx[m].Wounds))
		}
		if me.Zone != "" {
			want(me.ID+" zone", me.Zone, s.Mx[m].Zone.String())
		}
		intp(me.ID+" defence", me.Defence, s.defence(MonsterBase+m))
		intp(me.ID+" will", me.Will, s.will(MonsterBase+m))
	}
	for _, ce := range x.Cells {
		d.N++
		at, _ := cellAt(ce.At)
		if ce.Destroyed != nil {
			want(cellName(at)+" destruction tokens", *ce.Destroyed, int(s.Board.Dest[at]))
		}
		if ce.Kind != "" {
			want(cellName(at)+" kind", ce.Kind, s.Board.Kind[at].String())
		}
		if ce.Lit != nil {
			want(cellName(at)+" lit", *ce.Lit, s.Board.Lit[at])
		}
	}
	for _, de := range x.Doors {
		d.N++
		at, _ := cellAt(de.At)
		side := sideOf(de.Side)
		if side < 0 {
			side = lookup(sideNames[:], de.Side)
		}
		e := *s.Board.SideEdge(at, Direction(2*side))
		want(fmt.Sprintf("edge %s of %s", de.Side, cellName(at)), de.Edge, edgeNames[e])
	}
	intp("danger", x.Danger, int(s.Danger))
	intp("monster level", x.Level, int(s.Level))
	intp("lair", x.Lair, int(s.Lair))
	intp("horror", x.Horror, int(s.Horror))
	intp("chapter", x.Chapter, int(s.ChapterPos)+1)
	intp("round", x.Round, int(s.Round))
	intp("game", x.Game, int(s.Game))
	intp("result", x.Result, int(s.result))
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
	if x.Phase != "" {
		d.N++
		want("phase", x.Phase, s.Phase.String())
	}
	if x.Over != nil {
		d.N++
		want("over", *x.Over, s.over)
	}
	if x.Side != nil {
		d.N++
		want("monster side", *x.Side, s.MonsterSide)
	}
	if x.Order != nil {
		d.N++
		var got []string
		for _, m := range s.Order {
			got = append(got, s.ct.Monsters[m].ID)
		}
		want("monster order", x.Order, got)
	}
	intp("monster deck", x.Deck, len(s.MonsterDeck))
	intp("horror markers in use", x.Markers, s.markersUsed(-1))
	if x.Pile != nil {
		d.N++
		var got []string
		for _, m := range s.MonsterPile {
			got = append(got, s.ct.Monsters[m].ID)
		}
		want("destroyed pile", x.Pile, got)
	}
	if x.Discard != nil {
		d.N++
		var got []string
		for _, i := range s.ItemDiscard {
			got = append(got, s.ct.Items[i].ID)
		}
		want("item discard", x.Discard, got)
	}
	if x.Event != "" {
		d.N++
		got := "none"
		if e := s.currentEvent(false); e >= 0 {
			got = s.ct.Events[e].ID
		}
		want("pioneer event", x.Event, got)
	}
	if x.Horrors != "" {
		d.N++
		got := "none"
		if e := s.currentEvent(true); e >= 0 {
			got = s.ct.Events[e].ID
		}
		want("horror event", x.Horrors, got)
	}
	if pe := x.Prompt; pe != nil {
		d.N++
		if pe.Kind != "" {
			want("prompt kind", pe.Kind, promptKindNames[s.prompt.Kind])
		}
		if pe.Actor != nil {
			want("prompt actor", *pe.Actor, int(s.prompt.Actor))
		}
		if pe.Count != nil {
			want("prompt options", *pe.Count, len(s.prompt.Options))
		}
		for _, h := range pe.Has {
			code, err := s.optionCode(h)
			if err != nil || s.prompt.Find(code) < 0 {
				d.Lines = append(d.Lines, "prompt lacks "+h)
			}
		}
		for _, h := range pe.Lacks {
			code, err := s.optionCode(h)
			if err == nil && s.prompt.Find(code) >= 0 {
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
		return fmt.Errorf("%s\n%s\n%s", strings.Join(d.Lines, "\n"), s.DrawBoard(), s.promptText())
	}
	return nil
}

var edgeNames = [...]string{"open", "wall", "door", "closed", "destroyed"}
