package machina

import "github.com/mythos-rl/mythos/env/game"

// The pioneer's turn (MA §6.1, §7.8): its action menu, one action per
// decision, until it passes.

// Costs of the map actions (MA §7.8).
const (
	costMove      = 1
	costDoor      = 2
	costBreakDoor = 4
	costChest     = 3
	costEvent     = 1
	costRecharge  = 1
	costLever     = 2
	costWorkbench = 3
	costChapterUn = 3 // plus 3 inspiration
	costChapterLt = 1
	costSeal      = 3 // plus 4 inspiration
	costExplore   = 2
	costLeave     = 2
	costInventory = 3
	costTrade     = 2
)

// cellCost returns the stamina and inspiration pioneer p pays to use the
// action or chapter cell n (MA §7.8, §12.9–§12.17), or false.
func (s *State) cellCost(p, n int) (int, int, bool) {
	if s.Board.Dest[n] > 0 {
		return 0, 0, false
	}
	switch s.Board.Kind[n] {
	case KindChest:
		return max(0, costChest+s.statSum(p, StatCellCost)), 0, true // Enlightened Mind (negative)
	case KindEvent:
		return max(0, costEvent+s.statSum(p, StatCellCost)), 0, true
	case KindRecharge:
		return costRecharge, 0, true
	case KindLever:
		return costLever, 0, true
	case KindWorkbench:
		return costWorkbench, 0, true
	case KindChapter:
		if s.Board.Lit[n] {
			return costChapterLt, 0, true
		}
		return costChapterUn, 3, true
	}
	return 0, 0, false
}

// doTurn offers pioneer f.Tgt its menu and carries out the answer.
func (s *State) doTurn(f *game.Frame) game.Control {
	p := int(f.Tgt)
	pi := &s.P[p]
	if !s.onBoardPioneer(p) || s.over {
		s.Active = -1
		return game.Done
	}
	s.Active = int8(p)
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		if o.Code == CodePass {
			pi.Stamina = 0 // passing ends the turn (MA §6.1)
			s.Active = -1
			s.openWindow(-1) // MA §16.6: between turns
			return game.Done
		}
		s.act(p, o)
		f.Step = 1
		return game.Again
	}
	if f.Step == 1 {
		// MA §16.6: the action is over; the other pioneers may react.
		f.Step = 0
		if s.openWindow(p) {
			return game.Again
		}
	}
	s.menu(p)
	if len(s.prompt.Options) == 1 && pi.Stamina == 0 {
		s.Active = -1
		s.openWindow(-1) // MA §16.6: between turns
		return game.Done // out of stamina with nothing free to do (MA §22.23)
	}
	return game.Wait
}

// menu builds the action prompt of pioneer p.
func (s *State) menu(p int) {
	pi := &s.P[p]
	c := int(pi.Pos)
	st := int(pi.Stamina)
	s.ask(game.AgentID(p), PromptAction, -1)
	if s.isChasm(c) {
		// MA §10.9: a pioneer moving through chasms may not stop on one:
		// it only steps on.
		for d := Direction(0); d < 8; d++ {
			if n, _, ok := s.pioneerStep(p, d); ok {
				s.opt(CodeMove+game.ActionCode(d), int32(n), int32(d))
			}
		}
		return
	}
	s.opt(CodePass, 0, 0)
	// MA §10.8: move one cell; MA §10.9: through chasms with chasm_walk.
	if st >= costMove {
		for d := Direction(0); d < 8; d++ {
			if n, _, ok := s.pioneerStep(p, d); ok {
				s.opt(CodeMove+game.ActionCode(d), int32(n), int32(d))
			}
		}
	}
	// MA §12.4: doors on a full side of the cell.
	for d := Side(0); d < 4; d++ {
		e := *s.Board.SideEdge(c, Direction(2*d))
		switch e {
		case EdgeDoor:
			if st >= costDoor && s.closedDoors() < 12 {
				s.opt(CodeCloseDoor+game.ActionCode(d), int32(c), int32(d))
			}
		case EdgeClosed:
			if st >= costDoor {
				s.opt(CodeOpenDoor+game.ActionCode(d), int32(c), int32(d))
			}
			if st >= costBreakDoor && s.destroyedDoors() < 10 {
				s.opt(CodeBreakDoor+game.ActionCode(d), int32(c), int32(d))
			}
		}
	}
	// MA §12.8–§12.17: adjacent action cells, chapter cells, lair cells.
	for d := Direction(0); d < 8; d++ {
		n := Step(c, d)
		if n < 0 || s.Board.Dest[n] > 0 {
			continue // a destroyed cell is no action cell (cellCost) nor an open lair
		}
		switch s.Board.Kind[n] {
		case KindChest, KindEvent, KindRecharge, KindLever, KindWorkbench, KindChapter, KindLair:
		default:
			continue // the kinds cellCost prices, and the lair: the rest offer nothing here
		}
		if !s.adjacent(c, n) {
			continue
		}
		if sc, ic, ok := s.cellCost(p, n); ok && st >= sc && (ic == 0 || s.supportInsp(p, n) >= ic) {
			if s.Board.Kind[n] == KindChest || s.Board.Kind[n] == KindWorkbench {
				if s.itemsLeft() == 0 {
					continue
				}
			}
			s.opt(CodeUseCell+game.ActionCode(d), int32(n), int32(d))
		}
		if s.Board.Kind[n] == KindLair && s.Board.Dest[n] == 0 && st >= costSeal && s.supportInsp(p, n) >= 4 {
			s.opt(CodeSeal+game.ActionCode(d), int32(n), int32(d))
		}
	}
	// MA §11.2: explore.
	if st >= costExplore && s.canExplore(p) {
		s.opt(CodeExplore, int32(c), 0)
	}
	// MA §11.5: leave the board from the exit token.
	if st >= costLeave && (int16(c) == s.Exit[0] || int16(c) == s.Exit[1]) {
		s.opt(CodeLeave, int32(c), 0)
	}
	// MA §13.11: use inventory, or let an adjacent pioneer use its own.
	if st >= costInventory {
		if s.hasLoadoutChoice(p) {
			s.opt(CodeInventory, 0, 0)
		}
		for q := 0; q < int(s.N); q++ {
			if q != p && s.onBoardPioneer(q) && s.adjacent(c, int(s.P[q].Pos)) && s.hasLoadoutChoice(q) {
				s.opt(CodePioneer+game.ActionCode(q), int32(q), 0)
			}
		}
	}
	// MA §13.10: trade with an adjacent pioneer.
	if st >= costTrade {
		for q := 0; q < int(s.N); q++ {
			if q != p && s.onBoardPioneer(q) && s.adjacent(c, int(s.P[q].Pos)) && (s.owns(p) || s.owns(q)) {
				s.opt(CodeTrade+game.ActionCode(q), int32(q), 0)
			}
		}
	}
	// MA §16.2: active abilities of its cards, its items, the current pioneer
	// event and the chapter.
	s.abilityOptions(p)
}

func (s *State) abilityOptions(p int) {
	add := func(abs []Ability, code game.ActionCode, base int32) {
		for i := range abs {
			if i < 4 && !abs[i].Monster && (!abs[i].Marker || s.markerOn(p, base)) && s.usable(p, &abs[i]) {
				s.opt(code+game.ActionCode(i), base|int32(i), 0)
			}
		}
	}
	add(s.pioneerCard(p).Abilities, CodeAbility+SrcPioneer*4, refOf(refPioneer, int(s.P[p].Card), 0))
	if e := s.currentEvent(false); e >= 0 {
		add(s.ct.Events[e].Abilities, CodeAbility+SrcPioneerEvent*4, refOf(refEvent, e, 0))
	}
	if ch := s.chapter(); ch != nil {
		add(ch.Abilities, CodeAbility+SrcChapter*4, refOf(refChapter, int(s.Chapters[s.ChapterPos]), 0))
	}
	for k := 0; k < int(s.P[p].PersonalN); k++ {
		e := int(s.P[p].Personal[k])
		add(s.ct.Events[e].Abilities, CodeAbility+game.ActionCode(SrcPersonal+k)*4, refOf(refEvent, e, 0))
	}
	for _, i := range s.ct.whenItems[WhenActive] { // the others offer nothing (usable)
		it := &s.Items[i]
		if int(it.Owner) != p {
			continue
		}
		if it.Zone == ZoneEquipped || (it.Zone == ZoneInventory && s.ct.Items[i].Deck == OneUse) {
			add(s.ct.Items[i].Abilities, CodeItemAbility+game.ActionCode(i*4), refOf(refItem, int(i), 0))
		}
	}
}

// act carries out a chosen action of pioneer p.
func (s *State) act(p int, o game.Option) {
	pi := &s.P[p]
	c := int(pi.Pos)
	switch {
	case o.Code >= CodeMove && o.Code < CodeMove+8:
		// 1 stamina a cell; chasm to chasm is free, a move through
		// obstacles pays every cell (MA §10.8, §10.9).
		_, cost, _ := s.pioneerStep(p, Direction(o.Arg2))
		pi.Stamina -= int8(cost)
		s.moveTo(p, int(o.Arg))
		if !s.hasStat(p, StatChasmWalk) {
			s.onChasm(p, p) // a step into a chasm destroys (MA §12.6, R-CHASM)
		}
	case o.Code >= CodeOpenDoor && o.Code < CodeUseCell:
		e := EdgeDoor
		switch {
		case o.Code < CodeCloseDoor:
			pi.Stamina -= costDoor
		case o.Code < CodeBreakDoor:
			e, pi.Stamina = EdgeClosed, pi.Stamina-costDoor
		default:
			e, pi.Stamina = EdgeDestroyed, pi.Stamina-costBreakDoor
		}
		s.setDoor(c, Direction(2*o.Arg2), e)
		s.log.Add(evDoor, game.AgentID(p), int32(c), o.Arg2, int32(e))
	case o.Code >= CodeUseCell && o.Code < CodeSeal:
		s.useCell(p, int(o.Arg))
	case o.Code >= CodeSeal && o.Code < CodeExplore:
		pi.Stamina -= costSeal
		s.push(opSupport, game.AgentID(p), supportSeal, o.Arg, 4, int32(p))
	case o.Code == CodeExplore:
		pi.Stamina -= costExplore
		s.push(opExplore, game.AgentID(p), -1, int32(p), 0, 0)
	case o.Code == CodeLeave:
		pi.Stamina -= costLeave
		s.leaveBoard(p)
	case o.Code == CodeInventory:
		pi.Stamina -= costInventory
		s.unequipAll(p)
		s.push(opInventory, game.AgentID(p), -1, int32(p), 0, 0)
	case o.Code >= CodeTrade && o.Code < CodeAbility:
		pi.Stamina -= costTrade
		s.push(opTrade, game.AgentID(p), -1, int32(p), o.Arg, 0)
	case o.Code >= CodePioneer && o.Code < CodePioneer+MaxPioneers:
		// MA §13.11: an adjacent pioneer uses its inventory instead; it
		// decides its own loadout.
		pi.Stamina -= costInventory
		s.unequipAll(int(o.Arg))
		s.push(opInventory, game.AgentID(o.Arg), -1, o.Arg, 0, 0)
	default: // an ability
		s.push(opAbility, game.AgentID(p), o.Arg, int32(p), 0, 0)
	}
}

// useCell uses the adjacent action or chapter cell n (MA §12.9–§12.17); the
// cell is destroyed after use (MA §12.16).
func (s *State) useCell(p, n int) {
	pi := &s.P[p]
	sc, ic, _ := s.cellCost(p, n)
	pi.Stamina -= int8(sc)
	if ic > 0 {
		// The inspiration first, from the pioneer and its supporters (MA §7.5).
		s.push(opSupport, game.AgentID(p), supportChapter, int32(n), int32(ic), int32(p))
		return
	}
	s.cellEffect(p, n)
}

// cellEffect resolves the use of action or chapter cell n once paid.
func (s *State) cellEffect(p, n int) {
	pi := &s.P[p]
	kind := s.Board.Kind[n]
	s.log.Add(evCellUsed, game.AgentID(p), int32(n), int32(kind), 0)
	switch kind {
	case KindChest: // MA §12.9
		s.setDest(n, 1)
		s.gainInsp(p, 1)
		s.push(opGainItem, game.AgentID(p), -1, int32(p), 0, 0)
	case KindEvent: // MA §12.10
		s.setDest(n, 1)
		s.push(opEventCell, game.AgentID(p), -1, int32(p), 0, 0)
	case KindRecharge: // MA §12.17
		s.setDest(n, 1)
		switch r := s.recharge(); r {
		case 1:
			s.heal(p, 1)
		case 2, 3:
			v := int(pi.Stamina) + int(r)
			if mx := s.maxStamina(p); v > mx {
				v = mx
			}
			pi.Stamina = int8(v)
		}
		s.unequipAll(p)
		s.push(opInventory, game.AgentID(p), -1, int32(p), 0, 0)
		// MA §12.17 step 2: first a free trade, at a distance, with a
		// pioneer next to a recharge station (this one too) or a workbench.
		s.push(opPartner, game.AgentID(p), -1, int32(p), int32(n), 0)
	case KindLever: // MA §12.12
		s.setDest(n, 1)
		s.trapsTrigger(p)
		if s.otherAtLever(p) {
			// MA §12.12 step 2, §22.9: again with the other die, same tile;
			// the second lever stays.
			tile := TileOf(int(pi.Pos))
			s.push(opAttack, game.NoAgent, int32(p), int32(tile), packAttack(0, 3, false, false, false, scopeTraps), 0)
		}
	case KindWorkbench: // MA §12.14
		s.setDest(n, 1)
		s.push(opWorkbench, game.AgentID(p), -1, int32(p), 0, 0)
	case KindChapter: // MA §12.13
		s.setLit(n, false)
		s.setDest(n, 1)
		if s.Exit[0] < 0 && !s.chapterClosed() {
			s.nextChapter()
		}
	}
}

// otherAtLever reports whether another pioneer is adjacent to another trap
// lever on any tile (MA §12.12 step 2).
func (s *State) otherAtLever(p int) bool {
	for q := 0; q < int(s.N); q++ {
		if q == p || !s.onBoardPioneer(q) {
			continue
		}
		c := int(s.P[q].Pos)
		for d := Direction(0); d < 8; d++ {
			n := Step(c, d)
			if n >= 0 && s.Board.Kind[n] == KindLever && s.Board.Dest[n] == 0 && s.adjacent(c, n) {
				return true
			}
		}
	}
	return false
}

// seal seals the adjacent lair cell n once paid (MA §12.8).
func (s *State) seal(p, n int) {
	s.decreaseDanger(1)
	if cr := s.at(n); cr >= 0 {
		s.destroyCreature(cr, p)
	}
	s.setDest(n, 2)
	s.log.Add(evSeal, game.AgentID(p), int32(n), 0, 0)
	s.lightChapterCell(p)
}

// doEventCell offers the two options of an event cell (MA §12.10).
func (s *State) doEventCell(f *game.Frame) game.Control {
	p := int(f.Tgt)
	if f.Answer == game.NoAnswer {
		s.ask(game.AgentID(p), PromptEventCell, -1)
		s.opt(CodeChoice, 0, 0)
		s.opt(CodeChoice+1, 1, 0)
		return game.Wait
	}
	if s.answer(f).Arg == 0 {
		s.gainInsp(p, 1)
		s.push(opPioneerEvent, game.AgentID(p), -1, int32(p), 0, 0)
		return game.Done
	}
	r := s.fate()
	s.log.Add(evFate, game.AgentID(p), int32(r), int32(s.Horror), 2)
	if r >= s.Horror {
		s.decreaseDanger(1)
	} else {
		s.push(opRetrigger, game.AgentID(p), -1, -1, 1, 0)
	}
	return game.Done
}

// doCloseDoors closes up to f.A open doors anywhere (Door Control, MA §21.4).
func (s *State) doCloseDoors(f *game.Frame) game.Control {
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		if o.Code == CodePass {
			return game.Done
		}
		s.setDoor(int(o.Arg), Direction(2*o.Arg2), EdgeClosed)
		f.A--
	}
	if f.A <= 0 || s.closedDoors() >= 12 {
		return game.Done
	}
	return s.askDoors(f, EdgeDoor)
}

// askDoors asks f.Who to pick a door edge of kind on the board (a pass
// first), or is done when the board has none.
func (s *State) askDoors(f *game.Frame, kind Edge) game.Control {
	s.ask(f.Who, PromptDoor, f.Src)
	s.opt(CodePass, -1, 0)
	for c := 0; c < NumCells; c++ {
		if !s.Board.Present(c) {
			continue
		}
		for _, d := range [2]Side{SideN, SideW} {
			if *s.Board.SideEdge(c, Direction(2*d)) == kind {
				s.opt(CodeDoor+game.ActionCode(EdgeIndex(c, d)), int32(c), int32(d))
			}
		}
	}
	if len(s.prompt.Options) == 1 {
		return game.Done
	}
	return game.Wait
}

// What an opSupport payment pays for.
const (
	supportSeal    int32 = 1
	supportChapter int32 = 2
	supportPay     int32 = 3 // a payment only: an attack-roll boost or an ability's cost (MA §7.4, §16.2)
)

// supporters returns the pioneers who may pay inspiration for pioneer p's
// interaction with cell target (MA §7.5): p and every pioneer on the board
// linked to p or to the target cell by a chain of adjacent pioneers; a bit
// per seat.
func (s *State) supporters(p, target int) uint8 {
	set := uint8(1) << p
	for changed := true; changed; {
		changed = false
		for q := 0; q < int(s.N); q++ {
			if set&(1<<q) != 0 || !s.onBoardPioneer(q) {
				continue
			}
			c := int(s.P[q].Pos)
			link := target >= 0 && s.adjacent(c, target)
			for r := 0; r < int(s.N) && !link; r++ {
				if set&(1<<r) != 0 && s.onBoardPioneer(r) && s.adjacent(c, int(s.P[r].Pos)) {
					link = true
				}
			}
			if link {
				set |= 1 << q
				changed = true
			}
		}
	}
	return set
}

// supportInsp is the inspiration pioneer p and its supporters can pay.
func (s *State) supportInsp(p, target int) int {
	set, n := s.supporters(p, target), 0
	for q := 0; q < int(s.N); q++ {
		if set&(1<<q) != 0 {
			n += int(s.P[q].Insp)
		}
	}
	return n
}

// doSupport pays f.A inspiration for pioneer f.B's interaction with cell
// f.Tgt, one point at a time from the pioneer or a supporter of the team's
// choice (MA §7.5; a prompt only when more than one can pay), then resolves
// the interaction (f.Src: supportSeal or supportChapter).
func (s *State) doSupport(f *game.Frame) game.Control {
	p, n := int(f.B), int(f.Tgt)
	if f.Answer != game.NoAnswer {
		s.P[s.answer(f).Arg].Insp--
		f.A--
	}
	for f.A > 0 {
		set := s.supporters(p, n)
		payers, last := 0, -1
		for q := 0; q < int(s.N); q++ {
			if set&(1<<q) != 0 && s.P[q].Insp > 0 {
				payers, last = payers+1, q
			}
		}
		if payers == 0 {
			return game.Done // nobody can pay any more: the interaction fails
		}
		if payers > 1 {
			s.ask(game.AgentID(p), PromptSupport, f.Src)
			for q := 0; q < int(s.N); q++ {
				if set&(1<<q) != 0 && s.P[q].Insp > 0 {
					s.opt(CodePioneer+game.ActionCode(q), int32(q), 0)
				}
			}
			return game.Wait
		}
		s.P[last].Insp--
		f.A--
	}
	if f.Src == supportPay || !s.onBoardPioneer(p) {
		return game.Done
	}
	if f.Src == supportSeal {
		s.seal(p, n)
	} else {
		s.cellEffect(p, n)
	}
	return game.Done
}
