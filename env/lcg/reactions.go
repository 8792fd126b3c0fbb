package lcg

import "github.com/mythos-rl/mythos/env/game"

// Reactions (↺) and triggered fast events of player cards, each offered as a
// prompt with Pass at its trigger point (LCG §3 Ability: reactions are
// optional; "when … would" replacements resolve before the event, "after"
// reactions once it has happened: LCG §3 Instead, §3 After).

// afterEvade runs "after an enemy is evaded" triggers for e, evaded by seat:
// Pickpocketing draws 1 card (ruling R-AUTO); Close Call may be played by an
// investigator at the enemy's location.
func (s *State) afterEvade(e int16, seat int) {
	if id := s.controls(seat, idPickpocketing); id >= 0 && !s.Cards[id].Exhausted {
		s.Cards[id].Exhausted = true
		s.drawCards(seat, 1)
	}
	if s.card(e).Weakness || s.has(e, trElite) {
		return
	}
	for i := 0; i < int(s.N); i++ {
		if s.Inv[i].Loc == s.Cards[e].Loc {
			if id, _ := s.playableAt(i, idCloseCall); id >= 0 {
				s.push(opEffect, seat, int32(e), -1, effCloseCall, 0)
				return
			}
		}
	}
}

// closeCall offers Close Call, in player order, to the investigators at the
// evaded enemy's location: shuffle that enemy into the encounter deck.
// Frame Src is the enemy, B the player-order cursor.
func (s *State) closeCall(f *game.Frame) game.Control {
	e := int16(f.Src)
	if f.Answer != game.NoAnswer {
		o := s.chosen(f)
		if o.Code != ActPass {
			s.playTrigger(int(s.prompt.Actor), int16(o.Arg))
			if s.enemySlot(e) >= 0 {
				s.moveTo(e, ZoneEncDeck, -1)
				s.Cards[e].Loc = -1
				s.shuffleEncounter()
			}
			return game.Done
		}
		f.B++
	}
	if s.enemySlot(e) < 0 || !s.Cards[e].Exhausted {
		return game.Done
	}
	for ; f.B < int32(s.N); f.B++ {
		i := s.seatAt(int(f.B))
		if s.Inv[i].Loc != s.Cards[e].Loc {
			continue
		}
		if id, code := s.playableAt(i, idCloseCall); id >= 0 {
			p := s.ask(i, PkReaction, f.Src)
			p.Add(ActPass, 0, 0)
			p.Add(code, int32(id), 0)
			return game.Wait
		}
	}
	return game.Done
}

// afterSpawn offers Disc of Itzamna when a non-Elite enemy spawns at the
// location of an investigator controlling it.
func (s *State) afterSpawn(e int16) {
	if s.has(e, trElite) {
		return
	}
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) && s.Inv[i].Loc == s.Cards[e].Loc && s.controls(i, idDisc) >= 0 {
			s.push(opEffect, i, int32(e), -1, effDisc, 0)
			return
		}
	}
}

// discOfItzamna: "when a non-Elite enemy spawns at your location, discard
// Disc of Itzamna: discard that enemy". Frame B is the player-order cursor.
func (s *State) discOfItzamna(f *game.Frame) game.Control {
	e := int16(f.Src)
	if f.Answer != game.NoAnswer {
		o := s.chosen(f)
		if o.Code != ActPass {
			s.toDiscard(int16(o.Arg))
			if s.enemySlot(e) >= 0 {
				s.toDiscard(e)
			}
			return game.Done
		}
		f.B++
	}
	if s.enemySlot(e) < 0 {
		return game.Done
	}
	for ; f.B < int32(s.N); f.B++ {
		i := s.seatAt(int(f.B))
		if !s.inGame(i) || s.Inv[i].Loc != s.Cards[e].Loc {
			continue
		}
		for pi, id := range s.Inv[i].Play {
			if pi < MaxPlay && s.Cards[id].Def == idDisc {
				p := s.ask(i, PkReaction, f.Src)
				p.Add(ActPass, 0, 0)
				p.Add(ActAbility+game.ActionCode(2*pi), int32(id), 0)
				return game.Wait
			}
		}
	}
	return game.Done
}

// lookWhatIFound: "after you fail a skill test by 2 or less while
// investigating": discover 2 clues at your location.
func (s *State) lookWhatIFound(f *game.Frame) game.Control {
	seat := int(f.Who)
	if f.Answer != game.NoAnswer {
		o := s.chosen(f)
		if o.Code != ActPass {
			s.playTrigger(seat, int16(o.Arg))
			s.discoverClues(seat, int(s.Inv[seat].Loc), 2)
		}
		return s.cont(game.Done)
	}
	id, code := s.playableAt(seat, idLookWhatIFound)
	if id < 0 || s.Cards[s.LocInst[s.Inv[seat].Loc]].Clues == 0 {
		return game.Done
	}
	p := s.ask(seat, PkReaction, f.Src)
	p.Add(ActPass, 0, 0)
	p.Add(code, int32(id), 0)
	return game.Wait
}

// scavenging: "after you successfully investigate by 2 or more, exhaust
// Scavenging: choose an Item card in your discard pile and add it to your hand".
func (s *State) scavenging(f *game.Frame) game.Control {
	seat := int(f.Who)
	sc := s.controls(seat, idScavenging)
	if f.Answer != game.NoAnswer {
		o := s.chosen(f)
		if o.Code != ActPass && sc >= 0 {
			s.Cards[sc].Exhausted = true
			s.moveTo(int16(o.Arg), ZoneHand, seat)
		}
		return game.Done
	}
	if sc < 0 || s.Cards[sc].Exhausted {
		return game.Done
	}
	p := s.ask(seat, PkReaction, f.Src)
	p.Add(ActPass, 0, 0)
	v := &s.Inv[seat]
	for i := len(v.Discard) - 1; i >= 0 && len(p.Options) <= MaxChoice; i-- {
		id := v.Discard[i]
		if !s.has(id, trItem) {
			continue
		}
		dup := false
		for _, o := range p.Options[1:] {
			dup = dup || s.Cards[o.Arg].Def == s.Cards[id].Def
		}
		if !dup {
			p.Add(ActChoose+game.ActionCode(len(p.Options)-1), int32(id), 0)
		}
	}
	if len(p.Options) == 1 {
		return game.Done
	}
	return game.Wait
}

// discoverAt discovers n clues at location k for seat, first offering Cover
// Up's replacement (LCG §3 Instead) when k is seat's location: "when you
// would discover clues at your location, discard that many clues from Cover
// Up instead" (ruling R-COVERUP: usable while Cover Up has a clue; it
// discards up to that many and no clue is discovered).
func (s *State) discoverAt(seat, k, n int) {
	if n <= 0 || s.LocInst[k] < 0 || s.Cards[s.LocInst[k]].Clues == 0 {
		return
	}
	if int(s.Inv[seat].Loc) == k && !s.pendingCoverUp(seat) {
		for _, id := range s.Inv[seat].Threat {
			if s.Cards[id].Def == idCoverUp && s.Cards[id].Clues > 0 {
				s.push(opEffect, seat, int32(id), int32(k), effCoverUp, int32(n))
				return
			}
		}
	}
	s.discoverClues(seat, k, n)
}

// pendingCoverUp reports whether a Cover Up decision for seat is on the stack.
func (s *State) pendingCoverUp(seat int) bool {
	for _, f := range s.stack.Frames {
		if f.Op == opEffect && f.A == effCoverUp && int(f.Who) == seat {
			return true
		}
	}
	return false
}

// coverUp asks whether to use Cover Up's reaction for a pending discovery of
// Frame B clues at location Tgt.
func (s *State) coverUp(f *game.Frame) game.Control {
	seat, id, k, n := int(f.Who), int16(f.Src), int(f.Tgt), int(f.B)
	if f.Answer != game.NoAnswer {
		if s.chosen(f).Code != ActPass && s.Cards[id].Zone == ZoneThreat {
			c := &s.Cards[id]
			if int(c.Clues) < n {
				n = int(c.Clues)
			}
			c.Clues -= int8(n)
			return game.Done
		}
		s.discoverClues(seat, k, n)
		return game.Done
	}
	if s.Cards[id].Zone != ZoneThreat || s.Cards[id].Clues == 0 {
		s.discoverClues(seat, k, n)
		return game.Done
	}
	p := s.ask(seat, PkReaction, f.Src)
	p.Add(ActPass, 0, 0)
	p.Add(ActThreat+game.ActionCode(s.threatSlot(seat, id)), int32(id), 0)
	return game.Wait
}

// threatSlot returns the threat-area slot of id (clamped to the addressable range).
func (s *State) threatSlot(seat int, id int16) int {
	for t, x := range s.Inv[seat].Threat {
		if x == id && t < MaxThreat {
			return t
		}
	}
	return MaxThreat - 1
}
