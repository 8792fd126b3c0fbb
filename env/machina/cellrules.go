package machina

import "github.com/mythos-rl/mythos/env/game"

// Smaller rules of cells, items and the monster order: a free trade at a
// distance from a recharge station (MA §12.17 step 2), restoring a destroyed
// action cell (MA §12.15), rearranging the monster order (MA §6.4), the
// Leather Holster's equip and attach and the Rotopod's courier and door
// mending (MA §21.3).

// partnerOK reports whether pioneer q may trade for free with pioneer p
// recharging at station n (MA §12.17 step 2): another pioneer on the board,
// on any tile, adjacent to a standing recharge station or workbench, or to
// n itself (destroyed as it is used), with an item between them.
func (s *State) partnerOK(p, q, n int) bool {
	if q == p || !s.onBoardPioneer(q) || !(s.owns(p) || s.owns(q)) {
		return false
	}
	c := int(s.P[q].Pos)
	for d := Direction(0); d < 8; d++ {
		m := Step(c, d)
		if m < 0 || !s.adjacent(c, m) {
			continue
		}
		if m == n {
			return true
		}
		if k := s.Board.Kind[m]; (k == KindRecharge || k == KindWorkbench) && s.Board.Dest[m] == 0 {
			return true
		}
	}
	return false
}

// doPartner offers pioneer f.Tgt, recharging at cell f.A, the pioneers it may
// trade with for free (PromptPartner), or Pass; then the trade (MA §13.10).
func (s *State) doPartner(f *game.Frame) game.Control {
	p, n := int(f.Tgt), int(f.A)
	if f.Answer != game.NoAnswer {
		if o := s.answer(f); o.Code != CodePass {
			s.push(opTrade, game.AgentID(p), -1, int32(p), o.Arg, 0)
		}
		return game.Done
	}
	if !s.onBoardPioneer(p) {
		return game.Done
	}
	s.ask(game.AgentID(p), PromptPartner, -1)
	s.opt(CodePass, -1, 0)
	for q := 0; q < int(s.N); q++ {
		if s.partnerOK(p, q, n) {
			s.opt(CodePioneer+game.ActionCode(q), int32(q), 0)
		}
	}
	if len(s.prompt.Options) == 1 {
		return game.Done
	}
	return game.Wait
}

// restorable reports whether cell c is a destroyed action cell that may be
// restored (MA §12.15; Re-opener: not a chapter cell).
func (s *State) restorable(c int) bool {
	k := s.Board.Kind[c]
	return s.Board.Dest[c] > 0 && k.IsAction() && k != KindChapter
}

// doRestore lets pioneer f.Tgt restore one adjacent destroyed action cell, or
// Pass (MA §12.15: its destruction tokens go, its printed type is back).
func (s *State) doRestore(f *game.Frame) game.Control {
	p := int(f.Tgt)
	if f.Answer != game.NoAnswer {
		if o := s.answer(f); o.Code != CodePass {
			s.setDest(int(o.Arg), 0)
			s.log.Add(evRestore, game.AgentID(p), o.Arg, 0, 0)
		}
		return game.Done
	}
	c := s.posOf(p)
	if c < 0 {
		return game.Done
	}
	s.ask(game.AgentID(p), PromptTarget, f.Src)
	s.opt(CodePass, -1, 0)
	for d := Direction(0); d < 8; d++ {
		if m := Step(c, d); m >= 0 && s.adjacentStep(c, d) && s.restorable(m) {
			s.opt(CodeCell+game.ActionCode(m), int32(m), 0)
		}
	}
	if len(s.prompt.Options) == 1 {
		return game.Done
	}
	return game.Wait
}

// doOrder lets pioneer f.Tgt rearrange the monster order (MA §6.4; Ship's
// Chronometer): it names the monster that acts first, then the next, and so
// on; the last is left (R-ORDER). f.A is the place being filled.
func (s *State) doOrder(f *game.Frame) game.Control {
	if f.Answer != game.NoAnswer {
		m := int8(s.answer(f).Arg)
		k := int(f.A)
		for i := k; i < len(s.Order); i++ {
			if s.Order[i] == m {
				copy(s.Order[k+1:i+1], s.Order[k:i])
				s.Order[k] = m
				break
			}
		}
		f.A++
	}
	if len(s.Order)-int(f.A) < 2 {
		return game.Done
	}
	s.ask(f.Who, PromptTarget, f.Src)
	for _, m := range s.Order[f.A:] {
		s.opt(CodeCell+game.ActionCode(s.Mx[m].Pos), int32(m), 0)
	}
	return game.Wait
}

// doHolster resolves the Leather Holster's actives (MA §21.3) for pioneer
// f.Tgt: f.A 0 equips a weapon of its inventory that carries the ranged-target
// symbol as main (MA §13.4); f.A 1 attaches an upgrade or extension of its
// inventory to an equipped weapon with that symbol (MA §13.6, §13.7), the
// item first (PromptLoadout), then the host (PromptHost, step 1, f.B the
// item). Pass declines.
func (s *State) doHolster(f *game.Frame) game.Control {
	p := int(f.Tgt)
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		switch {
		case o.Code == CodePass:
			return game.Done
		case f.Step == 1:
			s.attach(p, int(f.B), int(o.Arg))
			return game.Done
		case f.A == 0:
			s.equipMain(p, int(o.Arg))
			return game.Done
		}
		f.Step, f.B = 1, o.Arg
		s.ask(game.AgentID(p), PromptHost, f.Src)
		for h := range s.ct.Items {
			if s.rangedHost(p, int(o.Arg), h) {
				s.opt(CodeItem+game.ActionCode(h), int32(h), 0)
			}
		}
		return game.Wait
	}
	s.ask(game.AgentID(p), PromptLoadout, f.Src)
	s.opt(CodePass, -1, 0)
	for i := range s.ct.Items {
		if s.Items[i].Zone != ZoneInventory || int(s.Items[i].Owner) != p {
			continue
		}
		c := &s.ct.Items[i]
		if f.A == 0 && c.Deck == Weapon && c.Ranged && s.mainEligible(i) {
			s.opt(CodeItem+game.ActionCode(i), int32(i), 0)
		}
		if f.A == 1 {
			for h := range s.ct.Items {
				if s.rangedHost(p, i, h) {
					s.opt(CodeAttach+game.ActionCode(i), int32(i), 0)
					break
				}
			}
		}
	}
	if len(s.prompt.Options) == 1 {
		return game.Done
	}
	return game.Wait
}

// rangedHost reports whether item i may go on pioneer p's equipped weapon h
// that carries the ranged-target symbol (Leather Holster).
func (s *State) rangedHost(p, i, h int) bool {
	return h != i && s.Items[h].Zone == ZoneEquipped && int(s.Items[h].Owner) == p &&
		s.ct.Items[h].Deck == Weapon && s.ct.Items[h].Ranged && s.attachKind(i, h) > 0
}

// doGift resolves the Rotopod's courier (MA §21.3; R-ROTOPOD) for pioneer
// f.Tgt, at any distance: the receiver (PromptRecipient: any other pioneer on the board, or
// Pass), the item given (PromptTrade, step 1), then the receiver may give
// one of its items back (PromptTrade to the receiver, step 2). f.A holds the
// receiver.
func (s *State) doGift(f *game.Frame) game.Control {
	p := int(f.Tgt)
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		if o.Code == CodePass {
			return game.Done
		}
		switch f.Step {
		case 0:
			f.Step, f.A = 1, o.Arg
		case 1:
			if s.Items[o.Arg].Zone == ZoneEquipped {
				s.returnChain(int(o.Arg))
			}
			s.Items[o.Arg] = ItemState{Zone: ZoneInventory, Owner: int8(f.A), Host: -1}
			s.log.Add(evItemGained, game.AgentID(f.A), f.A, o.Arg, 0)
			f.Step = 2
		default:
			if s.Items[o.Arg].Zone == ZoneEquipped {
				s.returnChain(int(o.Arg))
			}
			s.Items[o.Arg] = ItemState{Zone: ZoneInventory, Owner: int8(p), Host: -1}
			s.log.Add(evItemGained, game.AgentID(p), int32(p), o.Arg, 0)
			return game.Done
		}
	}
	switch f.Step {
	case 0:
		s.ask(game.AgentID(p), PromptRecipient, f.Src)
		s.opt(CodePass, -1, 0)
		if s.holds(p) {
			for q := 0; q < int(s.N); q++ {
				if q != p && s.onBoardPioneer(q) {
					s.opt(CodePioneer+game.ActionCode(q), int32(q), 0)
				}
			}
		}
	case 1:
		s.ask(game.AgentID(p), PromptTrade, f.Src)
		s.opt(CodePass, -1, 0)
		s.itemOptions(p)
	default:
		q := int(f.A)
		s.ask(game.AgentID(q), PromptTrade, f.Src)
		s.opt(CodePass, -1, 0)
		s.itemOptions(q)
	}
	if len(s.prompt.Options) == 1 {
		return game.Done
	}
	return game.Wait
}

// holds reports whether pioneer p has an item (inventory or equipped).
func (s *State) holds(p int) bool {
	for i := range s.ct.Items {
		if z := s.Items[i].Zone; (z == ZoneInventory || z == ZoneEquipped) && int(s.Items[i].Owner) == p {
			return true
		}
	}
	return false
}

// itemOptions offers pioneer p's items, inventory and equipped (an
// equipped one given leaves with its chain, MA §13.10).
func (s *State) itemOptions(p int) {
	for i := range s.ct.Items {
		z := s.Items[i].Zone
		if int(s.Items[i].Owner) == p && (z == ZoneInventory || z == ZoneEquipped) {
			s.opt(CodeItem+game.ActionCode(i), int32(i), 0)
		}
	}
}

// doMendDoor removes a destroyed-door token anywhere (Rotopod, MA §21.3):
// the door stands again, open (R-ROTOPOD), or Pass.
func (s *State) doMendDoor(f *game.Frame) game.Control {
	if f.Answer != game.NoAnswer {
		if o := s.answer(f); o.Code != CodePass {
			s.setDoor(int(o.Arg), Direction(2*o.Arg2), EdgeDoor)
			s.log.Add(evDoor, f.Who, o.Arg, o.Arg2, int32(EdgeDoor))
		}
		return game.Done
	}
	return s.askDoors(f, EdgeDestroyed)
}
