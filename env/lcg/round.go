package lcg

import (
	"math/bits"

	"github.com/mythos-rl/mythos/env/game"
)

// Steps of the round frame (LCG §5.1 timing chart).
const (
	stMythosBegin uint8 = iota
	stMythosDraw
	stMythosWindow
	stInvBegin
	stInvNext
	stEnemyBegin
	stEnemyWindow
	stEnemyAttacks
	stEnemyEnd
	stUpkeepBegin
	stUpkeepReady
	stUpkeepGain
	stRoundEnd
	stRoundNext
	stMythosDoom // appended: steps are stored in frames
)

// hRound drives the round structure (LCG §5). It is the root frame and
// never finishes while the game goes on. Frame A is a cursor for loops.
func (s *State) hRound(f *game.Frame) game.Control {
	switch f.Step {
	case stMythosBegin:
		if s.Round == 0 {
			s.Round = 1
			s.log.Add(evRound, -1, 1, 0, 0)
			f.Step = stInvBegin // LCG §5.1: the mythos phase is skipped in round 1
			return game.Again
		}
		// LCG §5.2 1.1 round begins, mythos phase begins: a timing point
		// (no player window until after 1.4; ruling R-PHASE-BEGIN).
		s.setPhase(PhaseMythos)
		f.Step = stMythosDoom
		s.phaseTrigger()
		return game.Again
	case stMythosDoom:
		// LCG §5.2 1.2 place 1 doom on the current agenda.
		s.placeAgendaDoom(1)
		f.Step = stMythosDraw
		// LCG §5.2 1.3 check the doom threshold.
		s.checkDoom()
		return s.cont(game.Again)
	case stMythosDraw:
		// LCG §5.2 1.4 each investigator draws 1 encounter card, in player order.
		s.push(opMythosDraws, 0, -1, -1, 0, 0)
		f.Step = stMythosWindow
		return game.Again
	case stMythosWindow:
		s.window() // LCG §5.1: window after 1.4
		f.Step = stInvBegin
		return game.Again
	case stInvBegin:
		// LCG §5.2 1.5 mythos phase ends ("at the end of the mythos phase":
		// the scenario's and the cards' forced abilities); 2.1 investigation
		// phase begins.
		if s.Round > 1 {
			s.endOfMythos()
		}
		s.setPhase(PhaseInvestigation)
		for i := 0; i < int(s.N); i++ {
			s.Inv[i].TookTurn = false
		}
		s.phaseWindow() // LCG §5.1 note (a), §12.7: a window after 2.1
		f.Step = stInvNext
		return game.Again
	case stInvNext:
		return s.nextTurn(f)
	case stEnemyBegin:
		// LCG §5.2 2.3 investigation ends; 3.1 enemy phase begins.
		s.setPhase(PhaseEnemy)
		s.Active = -1
		s.push(opHunters, 0, -1, -1, 0, 0) // LCG §5.2 3.2
		s.phaseTrigger()                   // after 3.1, before 3.2 (ruling R-PHASE-BEGIN)
		f.Step = stEnemyWindow
		return game.Again
	case stEnemyWindow:
		s.window() // LCG §5.1: window after 3.2
		f.Step, f.A = stEnemyAttacks, 0
		return game.Again
	case stEnemyAttacks:
		// LCG §5.2 3.3 in player order each investigator resolves the attacks
		// of the enemies engaged with them; a window between investigators.
		for f.A < int32(s.N) {
			seat := s.seatAt(int(f.A))
			f.A++
			if s.inGame(seat) {
				s.window()
				s.push(opEnemyAttacks, seat, -1, -1, 0, 0)
				return game.Again
			}
		}
		f.Step = stEnemyEnd
		return game.Again
	case stEnemyEnd:
		// LCG §5.2 3.4 enemy phase ends: "at the end of the enemy phase" effects.
		s.endOfEnemyPhase()
		f.Step = stUpkeepBegin
		return s.cont(game.Again)
	case stUpkeepBegin:
		// LCG §5.2 4.1 upkeep begins; window between 4.1 and 4.3 (§12.7).
		s.setPhase(PhaseUpkeep)
		s.phaseWindow()
		f.Step = stUpkeepReady
		return game.Again
	case stUpkeepReady:
		// LCG §5.2 4.2 reset actions (turn flags are reset at 2.1).
		// LCG §5.2 4.3 ready each exhausted card, then auto-engage.
		s.readyInPlay()
		s.autoEngage()
		// LCG §5.2 4.4 each investigator draws 1 card (player order)...
		for k := int(s.N) - 1; k >= 0; k-- {
			if seat := s.seatAt(k); s.inGame(seat) {
				s.push(opDraw, seat, -1, -1, 1, 0)
			}
		}
		f.Step = stUpkeepGain
		return game.Again
	case stUpkeepGain:
		// ...and once all have drawn, each gains 1 resource.
		for k := 0; k < int(s.N); k++ {
			if s.inGame(k) {
				s.gainResources(k, 1)
			}
		}
		// LCG §5.2 4.5 check hand size, in player order.
		for k := int(s.N) - 1; k >= 0; k-- {
			if seat := s.seatAt(k); s.inGame(seat) {
				s.push(opHandSize, seat, -1, -1, 0, 0)
			}
		}
		f.Step = stRoundEnd
		return game.Again
	case stRoundEnd:
		// LCG §5.2 4.6 upkeep ends, round ends ("at the end of the round").
		s.endOfRound()
		f.Step = stRoundNext
		return s.cont(game.Again)
	case stRoundNext:
		for i := 0; i < int(s.N); i++ {
			s.Inv[i].UsedRound = 0
			s.Inv[i].FrozenPaid = false
		}
		s.expireLasting(-1, lastRoundMask) // "until the end of the round" (LCG §3 Lasting Effects)
		s.Round++
		s.log.Add(evRound, -1, int32(s.Round), 0, 0)
		f.Step = stMythosBegin
		return game.Again
	}
	return game.Done
}

// setPhase starts a phase: "until the end of the phase" effects expire and
// per-phase limits reset (LCG §3 Lasting Effects, §3 Limits and Maximums).
func (s *State) setPhase(p Phase) {
	s.Phase = p
	s.endPhaseEffects() // "until the end of the phase" (LCG §3 Lasting Effects)
	for i := 0; i < int(s.N); i++ {
		s.Inv[i].UsedPhase = 0
		s.Inv[i].PhaseBonus = [4]int8{}
	}
	s.log.Add(evPhase, -1, int32(p), 0, 0)
}

// nextTurn is LCG §5.2 2.2: the investigators choose who takes the next turn.
func (s *State) nextTurn(f *game.Frame) game.Control {
	if f.Answer != game.NoAnswer {
		seat := int(s.chosen(f).Code - ActSeat)
		s.push(opTurn, seat, -1, -1, 0, 0)
		return game.Again
	}
	p := s.ask(int(s.Lead), PkNextTurn, -1)
	last := -1
	for k := 0; k < int(s.N); k++ {
		seat := s.seatAt(k)
		if s.inGame(seat) && !s.Inv[seat].TookTurn {
			p.Add(ActSeat+game.ActionCode(seat), int32(seat), 0)
			last = seat
		}
	}
	switch len(p.Options) {
	case 0:
		f.Step = stEnemyBegin // LCG §5.2 2.3
		return game.Again
	case 1:
		s.push(opTurn, last, -1, -1, 0, 0)
		return game.Again
	}
	// The team decides; the prompt goes to the lead investigator if still in
	// the game, else to the first remaining investigator (ruling R-TEAM).
	if !s.inGame(int(s.Lead)) {
		p.Actor = game.AgentID(p.Options[0].Arg)
	}
	return game.Wait
}

// hMythosDraws is LCG §5.2 1.4: in player order each investigator draws one
// encounter card. Frame A is the cursor.
func (s *State) hMythosDraws(f *game.Frame) game.Control {
	for f.A < int32(s.N) {
		seat := s.seatAt(int(f.A))
		f.A++
		if s.inGame(seat) {
			s.push(opEncounter, seat, -1, -1, 0, 0)
			return game.Again
		}
	}
	return game.Done
}

// hHandSize is LCG §5.2 4.5: discard down to 8 cards, weaknesses excepted
// (LCG §3 Hand Size [GAP], §12.7).
func (s *State) hHandSize(f *game.Frame) game.Control {
	v := &s.Inv[f.Who]
	if f.Answer != game.NoAnswer {
		h := int(s.chosen(f).Code - ActDiscard)
		s.discardFromHand(int(f.Who), h)
	}
	if len(v.Hand) <= HandSize {
		return game.Done
	}
	p := s.ask(int(f.Who), PkHandSize, -1)
	for h, id := range v.Hand {
		if h < MaxHand && !s.card(id).Weakness {
			p.Add(ActDiscard+game.ActionCode(h), int32(id), 0)
		}
	}
	if len(p.Options) == 0 {
		return game.Done
	}
	return game.Wait
}

// hEnemyAttacks is LCG §5.2 3.3 for one investigator: each ready engaged
// enemy attacks, in the order the investigator chooses, then exhausts. A
// Massive enemy makes all its attacks at once (step 1, massiveAttacks).
func (s *State) hEnemyAttacks(f *game.Frame) game.Control {
	seat := int(f.Who)
	if f.Step == 1 {
		return s.massiveAttacks(f)
	}
	if !s.inGame(seat) {
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		return s.enemyPhaseAttack(f, seat, int16(s.chosen(f).Arg))
	}
	p := s.ask(seat, PkOrder, -1)
	for k, e := range s.Enemies {
		if k < MaxEnemies && e >= 0 && s.engagedWith(e, seat) && !s.Cards[e].Exhausted {
			p.Add(ActEnemy+game.ActionCode(k), int32(e), 0)
		}
	}
	switch len(p.Options) {
	case 0:
		return game.Done
	case 1:
		return s.enemyPhaseAttack(f, seat, int16(p.Options[0].Arg))
	}
	return game.Wait
}

// enemyPhaseAttack resolves engaged enemy e's attack on seat in the enemy
// phase, then exhausts e (LCG §5.2 3.3); a Massive enemy attacks everyone
// it is engaged with (massiveAttacks).
func (s *State) enemyPhaseAttack(f *game.Frame, seat int, e int16) game.Control {
	if s.isMassive(e) {
		f.Step, f.Src, f.B = 1, int32(e), 0
		return game.Again
	}
	s.push(opEffect, seat, int32(e), -1, effExhaustEnemy, 0)
	s.push(opAttack, seat, int32(e), int32(seat), atkEnemyPhase, 0)
	return game.Again
}

// massiveAttacks resolves the enemy-phase attacks of Massive enemy Frame Src
// (LCG §3 Massive): it attacks each investigator it is engaged with, one at
// a time in the order the lead investigator chooses, and exhausts only after
// its last attack. All of them resolve at the first investigator in player
// order engaged with it (LCG §3 Massive [GAP], the spec's recommendation),
// so later investigators find it exhausted. Frame B is the mask of seats it
// has attacked; then the frame goes back to seat's other enemies.
func (s *State) massiveAttacks(f *game.Frame) game.Control {
	e := int16(f.Src)
	if f.Answer != game.NoAnswer {
		i := int(s.chosen(f).Arg)
		f.B |= 1 << uint(i)
		s.push(opAttack, i, int32(e), int32(i), atkEnemyPhase, 0)
		return game.Again
	}
	var m uint8
	if s.enemySlot(e) >= 0 && !s.Cards[e].Exhausted {
		for i := 0; i < int(s.N); i++ {
			if f.B&(1<<uint(i)) == 0 && s.engagedWith(e, i) {
				m |= 1 << uint(i)
			}
		}
	}
	switch bits.OnesCount8(m) {
	case 0:
		if s.enemySlot(e) >= 0 && f.B != 0 {
			s.Cards[e].Exhausted = true // after its last attack of the phase
		}
		f.Step, f.Src, f.B = 0, -1, 0
		return game.Again
	case 1:
		i := bits.TrailingZeros8(m)
		f.B |= 1 << uint(i)
		s.push(opAttack, i, int32(e), int32(i), atkEnemyPhase, 0)
		return game.Again
	}
	p := s.ask(s.leadSeat(), PkOrder, int32(e))
	for k := 0; k < int(s.N); k++ {
		if i := s.seatAt(k); m&(1<<uint(i)) != 0 {
			p.Add(ActSeat+game.ActionCode(i), int32(i), 0)
		}
	}
	return game.Wait
}

// readyInPlay readies each exhausted card in play (LCG §5.2 4.3): the
// investigator cards, the play and threat areas and the board, walked by
// their lists (TestReadyInPlayReadiesEveryCardInPlay in inplay_test.go
// checks that nothing in play is missed).
func (s *State) readyInPlay() {
	for i := 0; i < int(s.N); i++ {
		v := &s.Inv[i]
		if v.Card >= 0 {
			s.Cards[v.Card].Exhausted = false
		}
		for _, id := range v.Play {
			s.Cards[id].Exhausted = false
		}
		for _, id := range v.Threat {
			s.Cards[id].Exhausted = false
		}
	}
	for _, id := range s.Board {
		s.Cards[id].Exhausted = false
	}
}

// inPlayZone reports whether cards in zone z are in play (LCG §3 In Play).
func inPlayZone(z Zone) bool {
	return z == ZonePlay || z == ZoneThreat || z == ZoneBoard || z == ZoneInvestigator
}
