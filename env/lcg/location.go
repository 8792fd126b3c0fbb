package lcg

import "github.com/mythos-rl/mythos/env/game"

// locInPlay reports whether location slot k is in play.
func (s *State) locInPlay(k int) bool {
	if k < 0 || k >= MaxLocations {
		return false
	}
	id := s.LocInst[k]
	return id >= 0 && s.Cards[id].Zone == ZoneBoard
}

// connected reports whether a connects to b and both are in play (LCG §3
// Locations: directed adjacency).
func (s *State) connected(a, b int) bool {
	return a != b && s.Conn[a]&(1<<uint(b)) != 0 && s.locInPlay(a) && s.locInPlay(b)
}

// canMove reports whether seat may move to slot k (LCG §3 Move): a
// connecting location in play, not barred (a location whose unrevealed side
// says "you cannot move into" it: LocationDef.Barred).
func (s *State) canMove(seat, k int) bool {
	from := int(s.Inv[seat].Loc)
	return s.connected(from, k) && !s.barred(k)
}

// barred reports whether location slot k, in play, bars investigators from
// moving into it (LCG §3 Move): LocationDef.Barred while it is unrevealed.
func (s *State) barred(k int) bool {
	return !s.Cards[s.LocInst[k]].Revealed && s.locDef(k).Barred
}

// shroud is a location's shroud with modifiers (its attachments'
// cardHooks.shroudMod: Obscuring Fog +2).
func (s *State) shroud(k int) int {
	id := s.LocInst[k]
	if id < 0 {
		return 0
	}
	n := int(s.card(id).Shroud)
	for _, a := range s.Board {
		if h := s.hook(a); h != nil && s.Cards[a].Host == id {
			n += int(h.shroudMod) // an attachment's constant ability (Obscuring Fog)
		}
	}
	return n
}

// revealLocation turns a location face up and places its clues (LCG §3
// Locations, §3 Per Investigator).
func (s *State) revealLocation(k int) {
	id := s.LocInst[k]
	c := &s.Cards[id]
	if c.Revealed {
		return
	}
	c.Revealed = true
	d := s.card(id)
	n := int(d.Clues)
	if d.CluesPerInvestigator {
		n *= int(s.N)
	}
	c.Clues += int8(n)
	s.log.Add(evReveal, -1, int32(k), int32(n), 0)
}

// placeInvestigator puts seat at location k without a move (setup, act b-sides).
func (s *State) placeInvestigator(seat, k int) {
	if old := s.Inv[seat].Loc; int(old) != k && old >= 0 && s.Phase != PhaseSetup {
		s.leaveLocation(old)
	}
	s.Inv[seat].Loc = int8(k)
	for _, id := range s.Inv[seat].Threat {
		s.Cards[id].Loc = int8(k)
	}
	s.revealLocation(k) // LCG §10.2 #11: reveal on any entry, setup included
}

// moveInvestigator moves seat to k (LCG §3 Move): engaged enemies come
// along, an unrevealed location is revealed, "after you enter" forced
// abilities resolve, then engagement is checked.
func (s *State) moveInvestigator(seat, k int) {
	s.placeInvestigator(seat, k)
	s.log.Add(evMove, game.AgentID(seat), int32(k), 0, 0)
	// "After you enter" (the Attic's and the Cellar's forced abilities; triggers.go).
	s.emit(event{Kind: tpAfterEnter, Seat: int8(seat), Loc: int8(k), Subj: s.LocInst[k]})
	s.autoEngage()
}

// startMove moves seat to k by the Move action (action true) or by any
// other rule or effect (Elusive, Cat Burglar, On Wings of Darkness…): a
// move is a move whatever causes it (LCG §3 Move). A "Forced – When you
// move out of this location" ability of the location left (Twisting
// Paths: test [intellect] (3), if you fail cancel the effects of the move)
// resolves first, then the move unless the test failed (effMoveOut);
// without one the move happens now.
func (s *State) startMove(seat, k int, action bool) {
	if l := s.locDef(int(s.Inv[seat].Loc)); l.MoveOutTest > 0 && int(s.Inv[seat].Loc) != k {
		from := s.LocInst[s.Inv[seat].Loc]
		s.Cards[from].Uses &^= 1 << uint(seat)
		b := int32(0)
		if action {
			b = 1
		}
		s.push(opEffect, seat, int32(from), int32(k), effMoveOut, b)
		s.pushTest(seat, l.MoveOutTest-1, int(l.MoveOutDiff), tkTreachery, -1, from)
		return
	}
	s.moveInvestigator(seat, k)
}

// discoverClues moves up to n clues from location k to seat (LCG §3 Clues).
// It returns how many were discovered.
func (s *State) discoverClues(seat, k, n int) int {
	id := s.LocInst[k]
	if id < 0 {
		return 0
	}
	c := &s.Cards[id]
	if int(c.Clues) < n {
		n = int(c.Clues)
	}
	if n <= 0 || s.clueLocked(seat) {
		return 0
	}
	c.Clues -= int8(n)
	s.Inv[seat].Clues += int8(n)
	s.log.Add(evClue, game.AgentID(seat), int32(n), int32(k), 0)
	return n
}

// startInvestigate begins an investigation (LCG §3 Investigate): an
// intellect test against the shroud. src is the card giving the action
// (Flashlight, Burglary) or -1; diffMod modifies the shroud.
func (s *State) startInvestigate(seat int, src int16, diffMod int) {
	sk := skIntellect
	if w := s.locDef(int(s.Inv[seat].Loc)).InvestigateWith; w > 0 {
		sk = w - 1 // "investigated using … instead" (LCG §3 Investigate)
	}
	t := s.pushTest(seat, sk, 0, tkInvestigate, int16(s.Inv[seat].Loc), src)
	t.DiffMod = int8(diffMod)
	if h := s.hook(src); src >= 0 && h != nil && h.resourcesNotClues {
		t.Flags |= tfBurglary
	}
}

// investigateResult is ST.7 of an investigation: discover 1 clue (plus
// Deduction), or gain 3 resources instead (Burglary).
func (s *State) investigateResult(t *SkillTest, ok bool) {
	seat := int(t.Tester)
	k := int(t.Target)
	if !ok {
		return
	}
	if t.Flags&tfBurglary != 0 {
		s.gainResources(seat, 3)
	} else {
		n := 1
		for i := 0; i < int(t.NCommit); i++ {
			if h := s.hook(t.Commit[i]); h != nil {
				n += int(h.discoverExtra)
			}
		}
		s.discoverAt(seat, k, n)
	}
}

// enemyAtLocation reports whether some enemy is at seat's location.
func (s *State) enemyAtLocation(seat int) bool {
	for _, e := range s.Enemies {
		if e >= 0 && s.Cards[e].Loc == s.Inv[seat].Loc {
			return true
		}
	}
	return false
}

// canResign reports whether seat's location, revealed, has a Resign ability
// (LCG §3 Resign; LocationDef.Resign).
func (s *State) canResign(seat int) bool {
	k := int(s.Inv[seat].Loc)
	id := s.LocInst[k]
	if id >= 0 && s.locDef(k).Resign && s.Cards[id].Revealed {
		return true
	}
	return s.scen().Agendas[s.Agenda].Resign // an agenda's ⮕ Resign
}

// locAbilityUsable reports whether seat can use its location's ⮕ ability
// now (LocationDef.Ability; LCG §3 Activate: a revealed location in play).
func (s *State) locAbilityUsable(seat int) bool {
	k := int(s.Inv[seat].Loc)
	a := s.locDef(k).Ability
	return a != nil && s.locInPlay(k) && s.Cards[s.LocInst[k]].Revealed && a.Usable(s, seat)
}

// actAbilityUsable reports whether seat can use the current act's ⮕ ability
// (StageDef.Ability): the group holds the clues it costs.
func (s *State) actAbilityUsable(seat int) bool {
	st := &s.scen().Acts[s.Act]
	if st.Ability != nil && st.AbilityOwnClues {
		return int(s.Inv[seat].Clues) >= int(st.AbilityClues) && !s.clueLocked(seat) && (st.AbilityOK == nil || st.AbilityOK(s))
	}
	return st.Ability != nil && s.groupSpendable() >= int(st.AbilityClues)*int(s.N) && (st.AbilityOK == nil || st.AbilityOK(s))
}

// groupSpendable totals the clues the investigators in the game may spend
// (not those a card forbids to spend: clueLocked).
func (s *State) groupSpendable() int {
	n := 0
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) && !s.clueLocked(i) {
			n += int(s.Inv[i].Clues)
		}
	}
	return n
}

// spendableMask is the seats in the game who may spend clues.
func (s *State) spendableMask() uint8 {
	var m uint8
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) && !s.clueLocked(i) {
			m |= 1 << uint(i)
		}
	}
	return m
}
