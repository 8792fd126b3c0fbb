package ah3

import (
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// Effect sources (frame Src): a monster slot, an asset card + srcAsset, or -1.
const srcAsset = 1000

// pushBlock runs a block of effects for seat who (or -1), from src, with
// space as "here" when who has no investigator.
func (s *State) pushBlock(b content.Block, who int8, src int32, space int32) {
	if b.Len > 0 {
		s.push(opBlock, who, src, space, b.Start, b.Start+b.Len)
	}
}

// doBlock runs the block's effects in order, each to the end before the next
// (AH3 003: a part that cannot resolve is skipped).
func (s *State) doBlock(f *game.Frame) game.Control {
	if s.Over() {
		return game.Halt
	}
	if f.A >= f.B {
		return game.Done
	}
	s.push(opEffect, int8(f.Who), f.Src, f.Tgt, f.A, 0)
	f.A++
	return game.Again
}

// here is the effect's space: the investigator's, else the frame's.
func (s *State) here(f *game.Frame) int8 {
	if f.Who >= 0 && s.Seats[f.Who].Inv >= 0 {
		return s.Seats[f.Who].Space
	}
	if f.Src >= 0 && f.Src < MaxMonsters && s.Monsters[f.Src].Kind >= 0 {
		return s.Monsters[f.Src].Space
	}
	return int8(f.Tgt)
}

func (s *State) amount(e *content.Effect) int {
	if e.N == content.Successes {
		return int(s.LastSucc)
	}
	return e.N
}

func (s *State) whereOf(e *content.Effect, f *game.Frame) int8 {
	switch e.Where {
	case content.Unstable:
		return s.unstable(0)
	case content.AtSpace:
		return int8(e.Ref)
	case content.ByDeck:
		return -1
	}
	return s.here(f)
}

// doEffect resolves one effect primitive (content.Op).
func (s *State) doEffect(f *game.Frame) game.Control {
	e := &s.sc().Program.Effects[f.A]
	seat := int8(f.Who)
	var st *Seat
	if seat >= 0 && s.Seats[seat].Inv >= 0 {
		st = &s.Seats[seat]
	}
	n := s.amount(e)
	// Effects on "you" need an investigator (Appendix B, Headline).
	switch e.Op {
	case content.OpGainMoney, content.OpSpendMoney, content.OpGainClue, content.OpSpendClue, content.OpGainRemnant,
		content.OpSpendRemnant, content.OpTakeClueHere, content.OpDamage, content.OpHorror, content.OpHeal, content.OpCalm,
		content.OpImprove, content.OpGainItem, content.OpGainSpell, content.OpGainAlly, content.OpGainSpecial,
		content.OpGainCondition, content.OpDiscardCondition, content.OpPurchase, content.OpDelayed, content.OpMoveTo,
		content.OpStep, content.OpChoose, content.OpDevoured, content.OpMayRetire, content.OpDisengageAll,
		content.OpDamageMonster, content.OpDefeatMonster, content.OpExhaustMonster, content.OpTakeLead, content.OpRepeatAction, content.OpGrantAction, content.OpFlip, content.OpCode:
		if st == nil {
			return game.Done
		}
	}
	switch e.Op {
	case content.OpGainMoney:
		s.addMoney(seat, int16(n), moneyEffect, 0)
	case content.OpSpendMoney:
		s.addMoney(seat, -min(st.Money, int16(n)), moneyEffect, 0)
	case content.OpGainClue:
		st.Clues += int16(n)
	case content.OpSpendClue:
		st.Clues -= min(st.Clues, int16(n))
	case content.OpGainRemnant:
		st.Remnants += int16(n)
	case content.OpSpendRemnant:
		st.Remnants -= min(st.Remnants, int16(n))
	case content.OpTakeClueHere:
		if h := s.g.hood[st.Space]; h >= 0 && s.Clues[h] > 0 { // AH3 477.6, Appendix E #15
			s.Clues[h]--
			st.Clues++
			s.ClueTaken = true
			s.event(EvGainClue, seat, int32(h), 0, 0)
		}
	case content.OpDamage:
		fl := int32(0)
		if e.Direct {
			fl = harmDirectDamage
		}
		s.harm(seat, n, 0, fl, f.Src)
	case content.OpHorror:
		fl := int32(0)
		if e.Direct {
			fl = harmDirectHorror
		}
		s.harm(seat, 0, n, fl, f.Src)
	case content.OpHeal:
		st.Damage -= min(st.Damage, int8(n)) // AH3 492.4
	case content.OpCalm:
		st.Horror -= min(st.Horror, int8(n)) // AH3 485.4
	case content.OpImprove:
		sk := int32(-1)
		if e.Skill != content.AnySkill {
			sk = int32(e.Skill)
		}
		stack := int32(0)
		if e.Stack {
			stack = 1
		}
		s.push(opImprove, seat, 0, 0, sk, stack)
	case content.OpTest:
		s.startTest(seat, e.Skill, e.N, -1, f.A)
	case content.OpRoll:
		d := s.die() // AH3 408: a roll outside a test, nothing modifies it
		s.event(EvRoll, seat, int32(d), 0, 0)
		b := e.Fail
		if int(d) >= e.N {
			b = e.Pass
		}
		s.pushBlock(b, seat, f.Src, f.Tgt)
	case content.OpGainItem:
		s.push(opGainItem, seat, f.A, 0, 0, 0)
	case content.OpGainSpell:
		if c := s.Spells.PopTop(); c >= 0 { // AH3 425.5
			s.gainCard(seat, c)
		}
	case content.OpGainAlly:
		if c := s.Allies.PopTop(); c >= 0 { // AH3 480.3
			s.gainCard(seat, c)
		}
	case content.OpGainSpecial:
		if e.Ref >= 0 && s.Avail[e.Ref] > 0 { // AH3 456.5, 005.2
			s.gainCard(seat, int16(e.Ref))
		}
	case content.OpGainCondition:
		s.gainCondition(seat, e.Str)
	case content.OpDiscardCondition:
		if k := s.conditionSlot(seat, e.Str); k >= 0 {
			s.discardAsset(seat, k)
		}
	case content.OpPurchase:
		s.push(opPurchase, seat, 0, 0, int32(e.N)|int32(e.Ref)<<8, 0) // half | discount<<8
	case content.OpDelayed:
		st.Delayed = true // AH3 424.4: it does not stack
		s.event(EvDelayed, seat, 0, 0, 0)
	case content.OpSpawnMonster:
		sp := s.whereOf(e, f)
		if e.Where == content.Here && sp < 0 {
			break // Appendix B: no space, no spawn "in your space"
		}
		s.push(opSpawn, seat, 0, int32(sp), 0, 0)
	case content.OpSpawnEpic:
		k := s.g.epicKind[e.Ref]
		if k < 0 || s.kindOnBoard(k) {
			break
		}
		sp := s.here(f)
		switch e.Where {
		case content.Unstable:
			sp = s.unstable(0)
		case content.AtSpace:
			sp = int8(e.N)
		}
		if sp >= 0 {
			s.Revealed |= 1 << uint(e.Ref)
			s.spawnKind(k, sp, false)
		}
	case content.OpPlaceDoom:
		s.placeDoom(s.whereOf(e, f), n)
	case content.OpRemoveDoom:
		s.removeDoom(s.here(f), int8(n))
	case content.OpSpawnSetAside:
		// AH3 457.2-3: a set-aside monster enters play by this effect and
		// follows the normal rules from then on; none left, nothing (003).
		sp := s.here(f)
		switch e.Where {
		case content.Unstable:
			sp = s.unstable(0)
		case content.AtSpace:
			sp = int8(e.N)
		}
		if sp >= 0 && s.SetAside.Remove(int16(e.Ref)) {
			if s.spawnKind(int16(e.Ref), sp, false) < 0 {
				s.SetAside.PushBottom(int16(e.Ref)) // no free slot: it stays aside
			}
		}
	case content.OpPlaceMarker:
		if sp := s.here(f); sp >= 0 { // AH3 443.2
			s.SpaceMarkers[sp] = int8(min(int(s.SpaceMarkers[sp])+n, 99))
			s.event(EvMarker, seat, int32(sp), int32(s.SpaceMarkers[sp]), 0)
		}
	case content.OpRemoveMarker:
		if sp := s.here(f); sp >= 0 && s.SpaceMarkers[sp] > 0 {
			s.SpaceMarkers[sp] -= int8(min(int(s.SpaceMarkers[sp]), n))
			s.event(EvMarker, seat, int32(sp), int32(s.SpaceMarkers[sp]), 0)
		}
	case content.OpSheetDoom:
		s.addSheetDoom(n)
	case content.OpSheetDoomPerAnomaly:
		c := 0
		for h := range s.sc().Neighborhoods {
			if s.Anomaly[h] {
				c++
			}
		}
		s.addSheetDoom(c)
	case content.OpSheetClue:
		s.SheetClues += int16(n)
		s.push(opCodexCheck, -1, 0, 0, 0, 0)
	case content.OpSpreadDoom:
		s.spreadDoom()
	case content.OpSpawnClue:
		s.spawnClue()
	case content.OpGateBurst:
		s.gateBurst()
	case content.OpMoveTo:
		if sp := s.whereOf(e, f); sp >= 0 { // AH3 415.4
			s.placeInvestigator(seat, sp)
			s.event(EvMove, seat, int32(sp), 0, 0)
			s.push(opEngageCheck, -1, 0, 0, 0, 0)
		}
	case content.OpStep:
		s.push(opStep, seat, 0, 0, 0, int32(n))
	case content.OpChoose:
		s.push(opChoose, seat, f.Src, f.Tgt, f.A, 0)
	case content.OpIf:
		b := e.Fail
		if s.cond(e, f) {
			b = e.Pass
		}
		s.pushBlock(b, seat, f.Src, f.Tgt)
	case content.OpEachHere:
		sp := s.here(f)
		for i := s.N - 1; i >= 0; i-- {
			if s.Seats[i].Inv >= 0 && s.Seats[i].Space == sp {
				s.pushBlock(e.Pass, i, f.Src, int32(sp))
			}
		}
	case content.OpDevoured:
		s.push(opDefeat, seat, 0, 0, int32(SheetDevoured), 0) // AH3 478
	case content.OpMayRetire:
		s.push(opRetire, seat, 0, 0, 0, 0)
	case content.OpAddCodex:
		s.addCodex(e.Ref)
	case content.OpWin:
		return s.end(OutcomeWin) // AH3 301.1
	case content.OpLose:
		return s.end(OutcomeLoss) // AH3 302.1
	case content.OpCode:
		if fn := codeFuncs[e.Str]; fn != nil {
			return fn(s, f)
		}
	case content.OpDisengageAll:
		for i := range s.Monsters {
			if s.Monsters[i].Kind >= 0 && s.Monsters[i].engagedWith(seat) {
				s.disengage(int8(i), seat, false) // AH3 414.1
			}
		}
	case content.OpDamageMonster:
		s.push(opDamageMonster, seat, 0, 0, int32(n), 0)
	case content.OpTakeLead:
		if s.Lead != seat { // AH3 409, Appendix E #5
			s.Lead = seat
			s.event(EvLead, seat, 0, 0, 0)
		}
	case content.OpDefeatMonster:
		s.push(opDamageMonster, seat, f.A, 0, 1, 1) // AH3 445.10
	case content.OpExhaustMonster:
		s.push(opDamageMonster, seat, f.A, 0, 1, 2) // AH3 429
	case content.OpRepeatAction:
		s.push(opRepeat, seat, 0, 0, 0, 0)
	case content.OpGrantAction:
		s.push(opGrant, seat, 0, 0, 0, 0)
	case content.OpFlip:
		// AH3 479.7: the hidden back is revealed and resolves; the card goes.
		if f.Src >= srcAsset {
			c := int16(f.Src - srcAsset)
			for k := 0; k < int(st.NAssets); k++ {
				if st.Assets[k].Card == c {
					s.event(EvFlip, seat, int32(c), 0, 0)
					s.discardAsset(seat, k)
					s.pushBlock(s.sc().Assets[c].Back, seat, -1, -1)
					break
				}
			}
		}
	}
	return game.Done
}

func (s *State) kindOnBoard(k int16) bool {
	for i := range s.Monsters {
		if s.Monsters[i].Kind == k {
			return true
		}
	}
	return false
}

// cond evaluates an OpIf condition.
func (s *State) cond(e *content.Effect, f *game.Frame) bool {
	seat := int8(f.Who)
	var st *Seat
	if seat >= 0 && s.Seats[seat].Inv >= 0 {
		st = &s.Seats[seat]
	}
	sp := s.here(f)
	switch e.Cond {
	case content.CondMoneyBelow:
		return st != nil && int(st.Money) < e.N
	case content.CondHasCondition:
		return st != nil && s.conditionSlot(seat, e.Str) >= 0
	case content.CondDoomHere:
		return sp >= 0 && int(s.Doom[sp]) >= e.N
	case content.CondClueHere:
		return sp >= 0 && s.g.hood[sp] >= 0 && s.Clues[s.g.hood[sp]] > 0
	case content.CondSheetClues:
		return int(s.SheetClues) >= e.N
	case content.CondEngaged:
		return st != nil && s.engagedCount(seat) > 0
	case content.CondMonsterHere:
		return sp >= 0 && s.monsterIn(sp)
	case content.CondMarkersHere:
		return sp >= 0 && int(s.SpaceMarkers[sp]) >= e.N
	}
	return false
}

// payable reports whether the seat can pay a whole cost (AH3 400.1d-h).
func (s *State) payable(seat int8, b content.Block) bool {
	st := &s.Seats[seat]
	for _, e := range s.sc().Program.Ops(b) {
		switch e.Op {
		case content.OpSpendMoney:
			if int(st.Money) < e.N {
				return false
			}
		case content.OpSpendClue:
			if int(st.Clues) < e.N {
				return false
			}
		case content.OpSpendRemnant:
			if int(st.Remnants) < e.N {
				return false
			}
		case content.OpDelayed:
			if st.Delayed { // AH3 400.1g, 424.5
				return false
			}
		case content.OpGainCondition:
			if s.conditionSlot(seat, e.Str) >= 0 || !s.conditionAvailable(e.Str) { // AH3 400.1h, 479.5
				return false
			}
		}
	}
	return true
}

// doChoose offers an encounter's options whose costs can be paid (AH3
// 438.9); the cost is paid, then the effect resolves (AH3 400.1d).
func (s *State) doChoose(f *game.Frame) game.Control {
	seat := int8(f.Who)
	if s.Seats[seat].Inv < 0 {
		return game.Done
	}
	e := &s.sc().Program.Effects[f.A]
	opts := s.sc().Program.Options(e)
	if f.Answer != game.NoAnswer {
		ch := &opts[s.answer(f).Arg]
		s.pushBlock(ch.Do, seat, f.Src, f.Tgt)
		s.pushBlock(ch.Cost, seat, f.Src, f.Tgt)
		return game.Done
	}
	s.ask(seat, PromptChoice, f.A)
	for k := range opts {
		if s.payable(seat, opts[k].Cost) {
			s.prompt.Add(ActOption+game.ActionCode(k), int32(k), 0)
		}
	}
	if len(s.prompt.Options) == 0 {
		return game.Done
	}
	return game.Wait
}
