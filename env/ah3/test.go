package ah3

import (
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// startTest pushes a test of skill with modifier mod (AH3 470). kind is the
// standard action it is part of (or -1); eff is the OpTest effect whose pass
// and fail branches follow (or -1: the caller reads LastSucc).
func (s *State) startTest(seat int8, skill content.Skill, mod int, kind int, eff int32) {
	s.push(opTest, seat, eff, 0, int32(skill)|int32(kind+1)<<8, int32(mod))
}

// die rolls one die: a forced value first (rules cases), else the RNG.
func (s *State) die() uint8 {
	if s.NForced > 0 {
		v := s.Forced[0]
		copy(s.Forced[:], s.Forced[1:])
		s.NForced--
		return v
	}
	return uint8(s.rng.IntN(6) + 1)
}

// gear chooses the assets used for a test: every hand-free asset, and the
// best hand-held ones within two hands (AH3 470.2c). It returns the dice they
// add and whether one makes 6s count twice. Hand-held gear is chosen by the
// engine, maximising dice (docs/ah3-rulings.md).
func (s *State) gear(seat int8, skill content.Skill, kind int) (int, bool) {
	st := &s.Seats[seat]
	free, six := 0, false
	var best1, best2 int = -99, -99 // the best and second best one-hand bonus
	best1i, best2i := -1, -1
	bestTwo, bestTwoI := -99, -1
	for k := 0; k < int(st.NAssets); k++ {
		a := &st.Assets[k]
		def := &s.sc().Assets[a.Card]
		if a.Locked {
			continue
		}
		if def.BonusAction != "" && (kind < 0 || def.BonusAction != actionKeys[kind]) {
			continue
		}
		b := def.Bonus[skill]
		if b == 0 && !(def.SixDouble && kind == aAttack) {
			continue
		}
		switch def.Hands {
		case 0:
			free += b
			six = six || (def.SixDouble && kind == aAttack)
		case 1:
			if b > best1 {
				best2, best2i = best1, best1i
				best1, best1i = b, k
			} else if b > best2 {
				best2, best2i = b, k
			}
		case 2:
			if b > bestTwo {
				bestTwo, bestTwoI = b, k
			}
		}
	}
	one := 0
	if best1i >= 0 {
		one += best1
	}
	if best2i >= 0 {
		one += best2
	}
	hands := 0
	if bestTwoI >= 0 && bestTwo > one {
		hands = bestTwo
		six = six || (s.sc().Assets[st.Assets[bestTwoI].Card].SixDouble && kind == aAttack)
	} else {
		hands = one
		for _, i := range [2]int{best1i, best2i} {
			if i >= 0 && s.sc().Assets[st.Assets[i].Card].SixDouble && kind == aAttack {
				six = true
			}
		}
	}
	if hands < 0 {
		hands = 0
	}
	return free + hands, six
}

var actionKeys = [...]string{"move", "gather", "focus", "ward", "research", "trade", "attack", "evade"}

// doTest runs a test: the dice pool (AH3 470.2), the roll (470.3), the
// influence loop (470.4: clue and skill-token rerolls, component rerolls)
// and the result (470.5). Src is the OpTest effect or -1; A packs the skill
// and the action kind; B is the modifier.
func (s *State) doTest(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	skill := content.Skill(f.A & 0xff)
	kind := int(f.A>>8) - 1
	switch f.Step {
	case 0:
		f.Step = 1
		s.TestSeat, s.TestSkill, s.TestKind, s.RerollBy = seat, int8(skill), int8(kind), 0
		if st.Inv < 0 {
			// A seat without an investigator has no skills: zero successes
			// (Appendix B, Headline).
			s.NDice, s.LastSucc, s.LastPass = 0, 0, false
			return s.testResult(f)
		}
		inv := &s.sc().Investigators[st.Inv]
		pool := inv.Skills[skill] + int(st.Tokens[skill]) + int(f.B) // AH3 470.2a-b
		for _, ab := range inv.Abilities {
			pool += ab.Passive.Dice[skill]
		}
		g, six := s.gear(seat, skill, kind) // AH3 470.2c
		pool += g
		if pool < 1 {
			pool = 1 // AH3 470.3b
		}
		if pool > MaxDice {
			pool = MaxDice
		}
		s.TestSix = six
		s.NDice = int8(pool)
		for i := 0; i < pool; i++ {
			s.Dice[i] = s.die()
		}
	case 1:
		if f.Answer != game.NoAnswer {
			o := s.answer(f)
			switch {
			case o.Code == ActPass:
				return s.testResult(f)
			case o.Code == ActRerollClue:
				st.Clues-- // AH3 470.4a
			case o.Code >= ActRerollToken && o.Code < ActRerollToken+5:
				st.Tokens[o.Code-ActRerollToken]-- // AH3 491.7
			case o.Code >= ActAsset && o.Code < ActAsset+MaxAssets:
				s.RerollBy |= 1 << uint(o.Code-ActAsset) // AH3 470.4b
			}
			s.rerollOne()
		}
	}
	if s.failing() < 0 {
		return s.testResult(f)
	}
	s.ask(seat, PromptReroll, -1)
	s.prompt.Add(ActPass, 0, 0)
	if st.Clues > 0 {
		s.prompt.Add(ActRerollClue, 0, 0)
	}
	for k := 0; k < 5; k++ {
		if st.Tokens[k] > 0 {
			s.prompt.Add(ActRerollToken+game.ActionCode(k), int32(k), 0)
		}
	}
	for k := 0; k < int(st.NAssets); k++ {
		if s.sc().Assets[st.Assets[k].Card].Reroll && !st.Assets[k].Locked && s.RerollBy&(1<<uint(k)) == 0 {
			s.prompt.Add(ActAsset+game.ActionCode(k), int32(k), 0)
		}
	}
	if len(s.prompt.Options) == 1 {
		return s.testResult(f)
	}
	return game.Wait
}

// failing returns the index of the first die that is not a success, or -1.
func (s *State) failing() int {
	for i := 0; i < int(s.NDice); i++ {
		if s.Dice[i] < 5 {
			return i
		}
	}
	return -1
}

// rerollOne rerolls a failed die (the choice of which failed die is the
// engine's; they are alike, docs/ah3-rulings.md).
func (s *State) rerollOne() {
	if i := s.failing(); i >= 0 {
		s.Dice[i] = s.die()
	}
}

// successes counts 5s and 6s (AH3 470.5a); a 6 counts twice with such gear.
func (s *State) successes() int8 {
	n := int8(0)
	for i := 0; i < int(s.NDice); i++ {
		if s.Dice[i] >= 5 {
			n++
			if s.Dice[i] == 6 && s.TestSix {
				n++
			}
		}
	}
	return n
}

func (s *State) testResult(f *game.Frame) game.Control {
	s.LastSucc = s.successes()
	s.LastPass = s.LastSucc > 0 // AH3 470.5b
	pass := int32(0)
	if s.LastPass {
		pass = 1
	}
	s.event(EvTest, int8(f.Who), f.A&0xff, int32(s.LastSucc), int32(s.NDice))
	if f.Src >= 0 {
		e := &s.sc().Program.Effects[f.Src]
		b := e.Fail
		if s.LastPass {
			b = e.Pass
		}
		s.pushBlock(b, int8(f.Who), -1, -1)
	}
	_ = pass
	return game.Done
}
