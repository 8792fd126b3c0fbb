package lcg

import "github.com/mythos-rl/mythos/env/game"

// placeAgendaDoom puts n doom on the current agenda (LCG §5.2 1.2, §3 Doom).
func (s *State) placeAgendaDoom(n int) {
	if n <= 0 {
		return
	}
	s.AgendaDoom += int8(n)
	s.log.Add(evDoom, -1, int32(n), int32(s.AgendaDoom), 0)
}

// doomInPlay totals the doom on the agenda and on every card in play (LCG
// §3 Doom).
func (s *State) doomInPlay() int {
	n := int(s.AgendaDoom)
	for i := range s.Cards {
		if inPlayZone(s.Cards[i].Zone) {
			n += int(s.Cards[i].Doom)
		}
	}
	return n
}

// checkDoom advances the agenda when the doom in play reaches its threshold
// (LCG §5.2 1.3, ≥ per §10.2 #8).
func (s *State) checkDoom() {
	if s.doomInPlay() >= s.agendaThreshold() {
		s.push(opAgendaAdvance, int(s.Lead), -1, -1, 0, 0)
	}
}

// hAgendaAdvance advances the agenda (LCG §3 Act Deck and Agenda Deck):
// remove all doom in play, resolve the b-side, make the next agenda current.
func (s *State) hAgendaAdvance(f *game.Frame) game.Control {
	lead := int(s.Lead)
	if f.Step == 0 {
		s.AgendaDoom = 0
		for i := range s.Cards {
			if inPlayZone(s.Cards[i].Zone) {
				s.Cards[i].Doom = 0
			}
		}
		s.log.Add(evAgendaAdvance, -1, int32(s.Agenda), 0, 0)
		f.Step = 1
	}
	switch s.Agenda {
	case 0:
		// 1b: the lead decides: each investigator discards 1 random card from
		// hand, or the lead takes 2 horror.
		if f.Answer == game.NoAnswer {
			p := s.ask(lead, PkChoice, -1)
			p.Add(ActChoose+0, 0, 0)
			p.Add(ActChoose+1, 1, 0)
			return game.Wait
		}
		s.Agenda = 1
		if s.chosen(f).Arg == 0 {
			for i := 0; i < int(s.N); i++ {
				if s.inGame(i) && len(s.Inv[i].Hand) > 0 {
					s.discardFromHand(i, s.rng.IntN(len(s.Inv[i].Hand)))
				}
			}
			return game.Done
		}
		s.takeDamage(lead, 0, 2, -1)
		return game.Done
	case 1:
		// 2b: shuffle the encounter discard into the deck; discard from the top
		// until a Ghoul enemy; the lead draws it.
		s.Agenda = 2
		for len(s.EncDiscard) > 0 {
			s.moveTo(s.EncDiscard[len(s.EncDiscard)-1], ZoneEncDeck, -1)
		}
		s.shuffleEncounter()
		for len(s.EncDeck) > 0 {
			id := s.EncDeck[len(s.EncDeck)-1]
			if s.card(id).Type == typeEnemy && s.has(id, trGhoul) {
				s.moveTo(id, ZoneLimbo, -1)
				s.push(opEncounter, lead, -1, int32(id), 0, 0)
				break
			}
			s.toDiscard(id)
		}
		return game.Done
	default:
		// 3b: at act 1 or 2 the investigators are trapped (R3); at act 3 each
		// investigator who has not resigned is defeated and suffers 1
		// physical trauma.
		if s.Act < 2 {
			s.finish(ResR3)
			return game.Halt
		}
		for i := 0; i < int(s.N); i++ {
			if s.inGame(i) {
				s.eliminate(i, OutDefeated)
				s.Inv[i].PhysicalTrauma++ // "is defeated and suffers 1 physical trauma" (LCG §3 Trauma)
			}
		}
		s.finish(ResNoResolution)
		return game.Halt
	}
}

// canAdvanceAct reports whether the group can spend the clues to advance the
// current act with a ⚡ ability now (act 1a; LCG §3 Act Deck and Agenda Deck).
func (s *State) canAdvanceAct() bool {
	return s.Act == 0 && s.groupClues() >= s.actClues()
}

// hActAdvance advances the act and resolves its b-side.
func (s *State) hActAdvance(f *game.Frame) game.Control {
	lead := int(s.Lead)
	if f.Step == 0 {
		s.log.Add(evActAdvance, -1, int32(s.Act), 0, 0)
		f.Step = 1
	}
	switch s.Act {
	case 0:
		// 1b: Hallway, Cellar, Attic and Parlor enter play; enemies in the
		// Study are discarded; everyone moves to the Hallway; the Study is
		// removed from the game.
		for k := locHallway; k <= locParlor; k++ {
			s.moveTo(s.LocInst[k], ZoneBoard, -1)
			s.Cards[s.LocInst[k]].Loc = int8(k)
		}
		for _, e := range s.Enemies {
			if e >= 0 && s.Cards[e].Loc == locStudy {
				s.toDiscard(e)
			}
		}
		for i := 0; i < int(s.N); i++ {
			if s.inGame(i) {
				s.placeInvestigator(i, locHallway)
			}
		}
		study := s.LocInst[locStudy]
		s.moveTo(study, ZoneRemoved, -1)
		s.Cards[study].Revealed = false
		s.Act = 1
		s.autoEngage()
		return game.Done
	case 1:
		// 2b: the barrier vanishes: reveal the Parlor, put Lita Chantler into
		// play there, spawn the Ghoul Priest in the Hallway.
		s.Act = 2
		s.revealLocation(locParlor)
		for i := 0; i < len(s.SetAside); i++ {
			id := s.SetAside[i]
			switch s.Cards[id].Def {
			case idLita:
				s.moveTo(id, ZoneBoard, -1)
				s.Cards[id].Loc = locParlor
				i--
			case idGhoulPriest:
				s.spawnEnemy(id, lead, locHallway)
				i--
			}
		}
		return game.Done
	default:
		// 3b: the lead decides: burn the house down (R1) or not (R2); both are
		// act-deck resolutions.
		if f.Answer == game.NoAnswer {
			p := s.ask(lead, PkChoice, -1)
			p.Add(ActChoose+0, int32(ResR1), 0)
			p.Add(ActChoose+1, int32(ResR2), 0)
			return game.Wait
		}
		s.finish(uint8(s.chosen(f).Arg))
		return game.Halt
	}
}

// barrierObjective is act 2a's objective at the end of the round: the
// investigators in the Hallway may spend the clues as a group to advance.
func (s *State) barrierObjective(f *game.Frame) game.Control {
	if f.Answer == game.NoAnswer {
		if s.Act != 1 || s.cluesAt(locHallway) < s.actClues() {
			return game.Done
		}
		seat := int(s.Lead)
		if !s.inGame(seat) {
			return game.Done
		}
		p := s.ask(seat, PkChoice, -1)
		p.Add(ActPass, 0, 0)
		p.Add(ActAdvanceAct, 0, 0)
		return game.Wait
	}
	if s.chosen(f).Code == ActAdvanceAct {
		var mask uint8
		for i := 0; i < int(s.N); i++ {
			if s.inGame(i) && s.Inv[i].Loc == locHallway {
				mask |= 1 << uint(i)
			}
		}
		s.push(opActAdvance, int(s.Lead), -1, -1, 0, 0)
		s.payGroupClues(s.actClues(), mask) // resolves first (LCG §3 Act Deck: the cost)
	}
	return game.Done
}
