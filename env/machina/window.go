package machina

import "github.com/mythos-rl/mythos/env/game"

// Reaction windows (MA §16.6): abilities that cost no stamina may be used
// between the actions and turns of other pioneers and of monsters, never in
// the middle of an action or effect. A window opens after each action of a
// pioneer's turn (for the other pioneers), after a pioneer's turn and after
// each monster's turn (for every pioneer), offered to the pioneers in seat
// order, each until it passes. Only cards the pioneer owns count — its
// pioneer card, personal events and items (MA §16.1: ownerless cards are used
// by the active pioneer) — and no window opens when nobody holds a usable
// free ability (docs/machina-rulings.md R-REACT).

// freeAbility reports whether a may be used outside its owner's turn: an
// active pioneer ability with no stamina cost (MA §16.2, §16.6).
func freeAbility(a *Ability) bool {
	return a.When == WhenActive && a.Stamina == 0 && !a.Monster
}

// indexFree lists the cards that hold a free ability.
func (c *Content) indexFree() {
	has := func(abs []Ability) bool {
		for i := range abs {
			if i < MaxAbilities && freeAbility(&abs[i]) {
				return true
			}
		}
		return false
	}
	c.freePioneers, c.freeItems, c.freeEvents = nil, nil, nil
	for i := range c.Pioneers {
		if has(c.Pioneers[i].Abilities) {
			c.freePioneers = append(c.freePioneers, int16(i))
		}
	}
	for i := range c.Items {
		if has(c.Items[i].Abilities) {
			c.freeItems = append(c.freeItems, int16(i))
		}
	}
	for i := range c.Events {
		if c.Events[i].Personal && has(c.Events[i].Abilities) {
			c.freeEvents = append(c.freeEvents, int16(i))
		}
	}
}

// reactions lists (add) or only detects the free abilities pioneer p may use
// now outside its turn; it reports whether there is any.
func (s *State) reactions(p int, add bool) bool {
	if !s.onBoardPioneer(p) {
		return false
	}
	found := false
	try := func(abs []Ability, code game.ActionCode, base int32) {
		for i := range abs {
			a := &abs[i]
			if i < MaxAbilities && freeAbility(a) && (!a.Marker || s.markerOn(p, base)) && s.usable(p, a) {
				found = true
				if !add {
					return
				}
				s.opt(code+game.ActionCode(i), base|int32(i), 0)
			}
		}
	}
	for _, c := range s.ct.freePioneers {
		if int(c) == int(s.P[p].Card) {
			try(s.ct.Pioneers[c].Abilities, CodeAbility+SrcPioneer*4, refOf(refPioneer, int(c), 0))
		}
	}
	for k := 0; k < int(s.P[p].PersonalN) && (add || !found); k++ {
		e := s.P[p].Personal[k]
		for _, fe := range s.ct.freeEvents {
			if fe == e {
				try(s.ct.Events[e].Abilities, CodeAbility+game.ActionCode(SrcPersonal+k)*4, refOf(refEvent, int(e), 0))
			}
		}
	}
	for _, i := range s.ct.freeItems {
		if !add && found {
			break
		}
		it := &s.Items[i]
		if int(it.Owner) == p && (it.Zone == ZoneEquipped || (it.Zone == ZoneInventory && s.ct.Items[i].Deck == OneUse)) {
			try(s.ct.Items[i].Abilities, CodeItemAbility+game.ActionCode(int(i)*4), refOf(refItem, int(i), 0))
		}
	}
	return found
}

// openWindow pushes a reaction window for every pioneer but except (-1: all)
// when one of them can react (MA §16.6); it reports whether it did. The
// common case, no free ability in play, costs a scan of a few cards.
func (s *State) openWindow(except int) bool {
	if len(s.ct.freePioneers)+len(s.ct.freeItems)+len(s.ct.freeEvents) == 0 || s.over {
		return false
	}
	for q := 0; q < int(s.N); q++ {
		if q != except && s.reactions(q, false) {
			s.push(opWindow, game.AgentID(q), -1, int32(q), int32(except), 0)
			return true
		}
	}
	return false
}

// doWindow offers pioneer f.Tgt its free abilities or Pass (PromptReaction);
// a use resolves, then the same pioneer is asked again; a pass hands the
// window to the next pioneer in seat order that can react (not f.A).
func (s *State) doWindow(f *game.Frame) game.Control {
	q := int(f.Tgt)
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		if o.Code != CodePass {
			s.push(opAbility, game.AgentID(q), o.Arg, int32(q), 0, 0)
			return game.Again
		}
		for q++; q < int(s.N); q++ {
			if q != int(f.A) && s.reactions(q, false) {
				break
			}
		}
		if q >= int(s.N) {
			return game.Done
		}
		f.Tgt, f.Who = int32(q), game.AgentID(q)
	}
	if s.over || !s.reactions(q, false) {
		// Nothing (left) to use: the window moves on.
		for q++; q < int(s.N); q++ {
			if q != int(f.A) && s.reactions(q, false) {
				f.Tgt, f.Who = int32(q), game.AgentID(q)
				break
			}
		}
		if q >= int(s.N) || s.over {
			return game.Done
		}
	}
	s.ask(game.AgentID(q), PromptReaction, -1)
	s.opt(CodePass, -1, 0)
	s.reactions(q, true)
	return game.Wait
}
