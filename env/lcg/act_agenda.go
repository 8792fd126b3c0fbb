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
// §3 Doom): the investigator cards, the play and threat areas and the board.
// It walks those zones' lists rather than every card (checkDoom runs after
// most decisions); TestDoomInPlayWalksEveryCardInPlay (inplay_test.go)
// checks it against a walk over every card.
func (s *State) doomInPlay() int {
	n := int(s.AgendaDoom)
	for i := 0; i < int(s.N); i++ {
		v := &s.Inv[i]
		if v.Card >= 0 {
			n += int(s.Cards[v.Card].Doom)
		}
		for _, id := range v.Play {
			n += int(s.Cards[id].Doom)
		}
		for _, id := range v.Threat {
			n += int(s.Cards[id].Doom)
		}
	}
	for _, id := range s.Board {
		n += int(s.Cards[id].Doom)
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
// remove all doom in play, resolve the scenario's b-side, which makes the
// next agenda current or ends the game.
func (s *State) hAgendaAdvance(f *game.Frame) game.Control {
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
	return s.scen().Agendas[s.Agenda].BSide(s, f)
}

// canAdvanceAct reports whether the group can spend the clues to advance the
// current act with a ⚡ ability now (an act whose StageDef says SpendClues;
// LCG §3 Act Deck and Agenda Deck).
func (s *State) canAdvanceAct() bool {
	return s.scen().Acts[s.Act].SpendClues && s.groupClues() >= s.actClues()
}

// hActAdvance advances the act and resolves the scenario's b-side (LCG §3
// Act Deck and Agenda Deck).
func (s *State) hActAdvance(f *game.Frame) game.Control {
	if f.Step == 0 {
		s.log.Add(evActAdvance, -1, int32(s.Act), 0, 0)
		f.Step = 1
	}
	return s.scen().Acts[s.Act].BSide(s, f)
}

// agendaThreshold is the current agenda's doom threshold.
func (s *State) agendaThreshold() int {
	st := &s.scen().Agendas[s.Agenda]
	if st.NoDoom {
		return 1 << 20 // no threshold: doom never advances it
	}
	return int(def(st.Card).Doom)
}

// actClues is the clue threshold of the current act (per investigator), or 0.
func (s *State) actClues() int {
	d := def(s.scen().Acts[s.Act].Card)
	n := int(d.ActClues)
	if d.ActCluesPerInvestigator {
		n *= int(s.N)
	}
	return n
}

// endOfEnemyPhase runs "at the end of the enemy phase" effects (LCG §5.2
// 3.4): the scenario's forced abilities.
func (s *State) endOfEnemyPhase() {
	if h := s.scen().EndOfEnemyPhase; h != nil {
		h(s)
	}
}

// endOfRound runs "at the end of the round" effects (LCG §5.2 4.6):
// Dissonant Voices is discarded and On the Lam's limit resets, then the
// scenario's forced abilities and objectives.
func (s *State) endOfRound() {
	for i := 0; i < int(s.N); i++ {
		v := &s.Inv[i]
		for j := 0; j < len(v.Threat); j++ {
			if h := s.hook(v.Threat[j]); h != nil && h.roundDiscard { // Dissonant Voices
				s.toDiscard(v.Threat[j])
				j--
			}
		}
		v.UsedRound &^= bitOnTheLam
	}
	if s.hookLive {
		for _, e := range s.Enemies {
			if e >= 0 {
				if h := s.hook(e); h != nil && h.endOfRound != nil && !s.blank(e) {
					h.endOfRound(s, e) // an enemy's "at the end of the round"
				}
			}
		}
	}
	if h := s.scen().EndOfRound; h != nil {
		h(s)
	}
}

// cluesAt totals the clues of the investigators at location k.
func (s *State) cluesAt(k int) int {
	n := 0
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) && int(s.Inv[i].Loc) == k {
			n += int(s.Inv[i].Clues)
		}
	}
	return n
}

// groupClues totals the clues of every investigator in the game.
func (s *State) groupClues() int {
	n := 0
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) {
			n += int(s.Inv[i].Clues)
		}
	}
	return n
}

// spendClues spends n clues as a group from the investigators allowed by
// mask, starting with seat first and then in player order (used when one payer remains or all must pay; team.go lets the lead choose otherwise).
func (s *State) spendClues(seat int, n int, mask uint8) {
	take := func(i int) {
		v := &s.Inv[i]
		m := int(v.Clues)
		if m > n {
			m = n
		}
		v.Clues -= int8(m)
		n -= m
	}
	if seat >= 0 && mask&(1<<uint(seat)) != 0 {
		take(seat)
	}
	for k := 0; k < int(s.N) && n > 0; k++ {
		if i := s.seatAt(k); mask&(1<<uint(i)) != 0 {
			take(i)
		}
	}
}
