package ah3

import "github.com/mythos-rl/mythos/env/game"

// Operations of the effect stack.
const (
	opRound uint16 = iota
	opActionPhase
	opTurn
	opAction
	opMove
	opFocus
	opWard
	opResearch
	opTrade
	opAttack
	opEvade
	opExtraAction
	opComponent
	opRepeat
	opGrant
	opMonsterPhase
	opActivate
	opMonsterAttack
	opEngageCheck
	opEncounterPhase
	opEncounter
	opEncounterEnd
	opMythosPhase
	opToken
	opReckoning
	opEndRound
	opReplace
	opStarting
	opBlock
	opEffect
	opTest
	opHarm
	opDefeat
	opDoom
	opCodexCheck
	opCodexPut
	opChoose
	opGainItem
	opPurchase
	opImprove
	opStep
	opDamageMonster
	opExchange
	opRetire
	opSpawn
	opCast
	opAttackOrder
	opDoomSet
	numOps
)

var handlers [numOps + 1]game.Handler[*State]

func init() {
	handlers = [numOps + 1]game.Handler[*State]{
		opRound: (*State).doRound, opActionPhase: (*State).doActionPhase, opTurn: (*State).doTurn, opAction: (*State).doAction,
		opMove: (*State).doMove, opFocus: (*State).doFocus, opWard: (*State).doWard, opResearch: (*State).doResearch,
		opTrade: (*State).doTrade, opAttack: (*State).doAttack, opEvade: (*State).doEvade, opExtraAction: (*State).doExtraAction,
		opComponent: (*State).doComponent, opRepeat: (*State).doRepeat, opGrant: (*State).doGrant,
		opMonsterPhase: (*State).doMonsterPhase, opActivate: (*State).doActivate, opMonsterAttack: (*State).doMonsterAttack,
		opEngageCheck: (*State).doEngageCheck, opEncounterPhase: (*State).doEncounterPhase, opEncounter: (*State).doEncounter,
		opEncounterEnd: (*State).doEncounterEnd, opMythosPhase: (*State).doMythosPhase, opToken: (*State).doToken,
		opReckoning: (*State).doReckoning, opEndRound: (*State).doEndRound, opReplace: (*State).doReplace, opStarting: (*State).doStarting,
		opBlock: (*State).doBlock, opEffect: (*State).doEffect, opTest: (*State).doTest, opHarm: (*State).doHarm,
		opDefeat: (*State).doDefeat, opDoom: (*State).doDoom, opCodexCheck: (*State).doCodexCheck, opCodexPut: (*State).doCodexPut,
		opChoose: (*State).doChoose, opGainItem: (*State).doGainItem, opPurchase: (*State).doPurchase, opImprove: (*State).doImprove,
		opStep: (*State).doStep, opDamageMonster: (*State).doDamageMonster, opExchange: (*State).doExchange, opRetire: (*State).doRetire,
		opSpawn: (*State).doSpawn, opCast: (*State).doCast,
		opAttackOrder: (*State).doAttackOrder, opDoomSet: (*State).doDoomSet, opSetup: (*State).doSetup,
	}
}

// doRound runs the four phases (AH3 200) and the end of the round (AH3 205).
func (s *State) doRound(f *game.Frame) game.Control {
	switch f.Step {
	case 0:
		s.Round++
		s.event(EvRound, -1, int32(s.Round), 0, 0)
		s.Phase = PhaseAction
		s.event(EvPhase, -1, int32(PhaseAction), 0, 0)
		// AH3 452.4: received-after-use locks end at the next action phase.
		for i := 0; i < int(s.N); i++ {
			st := &s.Seats[i]
			st.Active = true // AH3 420.3: every token starts the action phase active
			for k := 0; k < int(st.NAssets); k++ {
				st.Assets[k].Locked, st.Assets[k].UsedAP = false, false
			}
		}
		f.Step = 1
		s.push(opActionPhase, -1, 0, 0, 0, 0)
		return game.Again
	case 1:
		s.Phase = PhaseMonster
		s.event(EvPhase, -1, int32(PhaseMonster), 0, 0)
		for i := range s.Monsters {
			s.Monsters[i].Acted = false
		}
		f.Step = 2
		s.push(opMonsterPhase, -1, 0, 0, 0, 0)
		return game.Again
	case 2:
		s.Phase = PhaseEncounter
		s.event(EvPhase, -1, int32(PhaseEncounter), 0, 0)
		f.Step = 3
		s.push(opEncounterPhase, -1, 0, 0, 0, 0)
		return game.Again
	case 3:
		s.Phase = PhaseMythos
		s.event(EvPhase, -1, int32(PhaseMythos), 0, 0)
		f.Step = 4
		s.push(opMythosPhase, -1, 0, 0, 0, 0)
		return game.Again
	}
	f.Step = 0
	s.push(opEndRound, -1, 0, 0, 0, 0)
	return game.Done
}

// doActionPhase lets the investigators choose who acts next until every
// activation token is inactive (AH3 201.2, Appendix E / EM.2 #4: a group
// decision answered by the lead, AH3 409.4).
func (s *State) doActionPhase(f *game.Frame) game.Control {
	if f.Answer != game.NoAnswer {
		seat := int8(s.answer(f).Arg)
		s.push(opTurn, seat, 0, 0, 0, 0)
		return game.Again
	}
	n, last := 0, int8(-1)
	for i := int8(0); i < s.N; i++ {
		st := &s.Seats[i]
		if st.Active && st.Inv < 0 {
			st.Active = false // a seat without an investigator has no turn
		}
		if st.Active {
			n++
			last = i
		}
	}
	switch n {
	case 0:
		return game.Done
	case 1:
		s.push(opTurn, last, 0, 0, 0, 0)
		return game.Again
	}
	s.ask(s.Lead, PromptWho, -1)
	for i := int8(0); i < s.N; i++ {
		if s.Seats[i].Active {
			s.prompt.Add(ActSeat+game.ActionCode(i), int32(i), 0)
		}
	}
	return game.Wait
}

// doTurn is one investigator's action-phase turn: up to two actions
// (AH3 201.1), then the activation token flips (AH3 420.2).
func (s *State) doTurn(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	if f.Step == 0 {
		f.Step = 1
		st.Taken = 0
		s.event(EvTurn, seat, 0, 0, 0)
	}
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		if o.Code == ActPass {
			st.Active = false
			return game.Done
		}
		st.Taken++
		s.push(opAction, seat, int32(o.Code), o.Arg, 0, 0)
		return game.Again
	}
	if st.Inv < 0 || st.Taken >= 2 {
		st.Active = false
		return game.Done
	}
	s.ask(seat, PromptAction, -1)
	s.prompt.Add(ActPass, 0, 0)
	s.addActions(seat)
	return game.Wait
}

// doExtraAction offers one action that does not count against the turn's two
// (AH3 201.3, 417.3): the bonus action of Evade (AH3 487.2). B set: check
// engagement afterwards (Massive, AH3 454.5).
func (s *State) doExtraAction(f *game.Frame) game.Control {
	seat := int8(f.Who)
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		if o.Code != ActPass {
			s.push(opAction, seat, int32(o.Code), o.Arg, 0, 0)
		}
		return game.Done
	}
	if s.Seats[seat].Inv < 0 {
		return game.Done
	}
	s.ask(seat, PromptAction, -1)
	s.prompt.Add(ActPass, 0, 0)
	s.addActions(seat)
	if len(s.prompt.Options) == 1 {
		return game.Done
	}
	return game.Wait
}

// doEndRound: replacements for defeated, devoured and retired investigators
// (AH3 205.2, 483.7), the per-round limits reset, and the round cap.
func (s *State) doEndRound(f *game.Frame) game.Control {
	for i := int8(0); i < s.N; i++ {
		st := &s.Seats[i]
		st.Used, st.Prevent = 0, false
		for k := 0; k < int(st.NAssets); k++ {
			st.Assets[k].Used = false
		}
	}
	if s.Round >= s.g.roundCap {
		return s.end(OutcomeTruncated)
	}
	for i := s.N - 1; i >= 0; i-- {
		if s.Seats[i].Inv < 0 {
			s.push(opReplace, i, 0, 0, 0, 0)
		}
	}
	return game.Done
}
