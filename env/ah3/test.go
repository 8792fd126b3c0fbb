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

// gearBonus is what asset slot k adds to a test of skill within action kind
// (AH3 470.2c): its dice, whether its 6s count twice (Attack, Appendix B),
// and whether it applies at all.
func (s *State) gearBonus(seat int8, k int, skill content.Skill, kind int) (dice int, six, ok bool) {
	a := &s.Seats[seat].Assets[k]
	def := &s.sc().Assets[a.Card]
	if a.Locked {
		return 0, false, false
	}
	if def.BonusAction != "" && (kind < 0 || def.BonusAction != actionKeys[kind]) {
		return 0, false, false
	}
	b := def.Bonus[skill]
	six = def.SixDouble && kind == aAttack
	if def.Hands == 0 {
		return b, six, b != 0 || six // hand-free: always counts (conditions too)
	}
	return b, six, b > 0 || six // hand-held: only what helps is worth a hand
}

// gearOptions lists the hand-held assets that could still be chosen for the
// test (AH3 470.2c: at most two hands in all), one per distinct (hands,
// dice, six) profile; Tgt's low 16 bits are the chosen slots, bits 16+ the
// hands used. It returns how many there are and the hands all of them need.
func (s *State) gearOptions(f *game.Frame, skill content.Skill, kind int, out *[MaxAssets]int8) (n, allHands int) {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	used := int(f.Tgt >> 16)
	var prof [MaxAssets]int32
	for k := 0; k < int(st.NAssets); k++ {
		h := int(s.sc().Assets[st.Assets[k].Card].Hands)
		if h == 0 || f.Tgt&(1<<uint(k)) != 0 {
			continue
		}
		d, six, ok := s.gearBonus(seat, k, skill, kind)
		if !ok || used+h > 2 {
			continue
		}
		allHands += h
		p := int32(h)<<16 | int32(d)<<1
		if six {
			p |= 1
		}
		dup := false
		for _, q := range prof[:n] {
			dup = dup || q == p
		}
		if !dup {
			prof[n], out[n] = p, int8(k)
			n++
		}
	}
	return n, allHands
}

// gearPool is the dice the chosen gear adds and whether 6s count twice;
// each asset that adds to the pool is used (AH3 452.4, useAsset).
func (s *State) gearPool(f *game.Frame, skill content.Skill, kind int) (int, bool) {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	dice, six := 0, false
	for k := 0; k < int(st.NAssets); k++ {
		h := s.sc().Assets[st.Assets[k].Card].Hands
		if h != 0 && f.Tgt&(1<<uint(k)) == 0 {
			continue
		}
		if d, x, ok := s.gearBonus(seat, k, skill, kind); ok {
			dice += d
			six = six || x
			s.useAsset(seat, k)
		}
	}
	return dice, six
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
		f.Step = 2
		fallthrough
	case 2:
		// AH3 470.2c: the player chooses the hand-held gear. Hand-free
		// assets always count; when every helpful hand-held asset fits in
		// two hands they are all used (more dice never hurt); otherwise
		// PromptGear asks for one more asset at a time until none fits.
		if f.Answer != game.NoAnswer {
			k := s.answer(f).Arg
			f.Tgt = (f.Tgt | 1<<uint(k)) + int32(s.sc().Assets[st.Assets[k].Card].Hands)<<16
			f.Answer = game.NoAnswer
		}
		var opts [MaxAssets]int8
		n, all := s.gearOptions(f, skill, kind, &opts)
		switch {
		case n == 0:
		case int(f.Tgt>>16)+all <= 2 || n == 1:
			for k := 0; k < int(st.NAssets); k++ {
				if h := int(s.sc().Assets[st.Assets[k].Card].Hands); h > 0 && f.Tgt&(1<<uint(k)) == 0 && int(f.Tgt>>16)+h <= 2 {
					if _, _, ok := s.gearBonus(seat, k, skill, kind); ok {
						f.Tgt = (f.Tgt | 1<<uint(k)) + int32(h)<<16
						break
					}
				}
			}
			return game.Again
		default:
			s.ask(seat, PromptGear, -1)
			for _, k := range opts[:n] {
				s.prompt.Add(ActAsset+game.ActionCode(k), int32(k), 0)
			}
			return game.Wait
		}
		f.Step = 1
		inv := &s.sc().Investigators[st.Inv]
		pool := inv.Skills[skill] + int(st.Tokens[skill]) + int(f.B) // AH3 470.2a-b
		for _, ab := range inv.Abilities {
			pool += ab.Passive.Dice[skill]
		}
		g, six := s.gearPool(f, skill, kind) // AH3 470.2c
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
		s.logDice(seat, diceRolled)
		f.Answer = game.NoAnswer
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
				k := o.Code - ActAsset
				s.RerollBy |= 1 << uint(k) // AH3 470.4b: once per test
				s.useAsset(seat, int(k))
				def := &s.sc().Assets[st.Assets[k].Card]
				if def.RaiseDie {
					s.raiseOne() // AH3 470.4b: change a die's value
					s.logDice(seat, diceInfluenced)
					goto ask
				}
				// "Reroll up to N dice": the N lowest failed dice, chosen
				// before any is rolled (a failed die counts 0, so
				// rerolling one never loses a success; docs/ah3-rulings.md, 7).
				s.reroll(def.RerollDice)
				s.logDice(seat, diceInfluenced)
				goto ask
			}
			s.reroll(1)
			s.logDice(seat, diceInfluenced)
		}
	}
ask:
	if s.failing() < 0 && s.raiseTarget() < 0 {
		return s.testResult(f)
	}
	s.ask(seat, PromptReroll, -1)
	s.prompt.Add(ActPass, 0, 0)
	failed := s.failing() >= 0
	if st.Clues > 0 && failed {
		s.prompt.Add(ActRerollClue, 0, 0)
	}
	for k := 0; k < 5 && failed; k++ {
		if st.Tokens[k] > 0 {
			s.prompt.Add(ActRerollToken+game.ActionCode(k), int32(k), 0)
		}
	}
	for k := 0; k < int(st.NAssets); k++ {
		def := &s.sc().Assets[st.Assets[k].Card]
		if (def.Reroll && failed || def.RaiseDie && s.raiseTarget() >= 0) && !st.Assets[k].Locked && s.RerollBy&(1<<uint(k)) == 0 {
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

// reroll rerolls the n lowest failed dice (AH3 470.4a-b), all chosen
// before any is rolled, in the order of their values. Which failed dice is
// not asked: all count 0 and the reroll's odds are the same, and keeping
// the higher ones for a raise is never worse (docs/ah3-rulings.md, 7).
func (s *State) reroll(n int) {
	var chosen uint64
	for ; n > 0; n-- {
		lo := -1
		for i := 0; i < int(s.NDice); i++ {
			if s.Dice[i] < 5 && chosen&(1<<uint(i)) == 0 && (lo < 0 || s.Dice[i] < s.Dice[lo]) {
				lo = i
			}
		}
		if lo < 0 {
			break
		}
		chosen |= 1 << uint(lo)
	}
	for i := 0; i < int(s.NDice); i++ {
		if chosen&(1<<uint(i)) != 0 {
			s.Dice[i] = s.die()
		}
	}
}

// raiseTarget is the die a +1 raise improves most (AH3 470.4b): a 4 (it
// becomes a success), else a 5 when 6s count twice, else the highest failed
// die; -1 when no raise can help. The engine picks it: any other die gains
// no more now and keeps less for later (docs/ah3-rulings.md, 38).
func (s *State) raiseTarget() int {
	best, bv := -1, -1
	for i := 0; i < int(s.NDice); i++ {
		v := int(s.Dice[i])
		score := -1
		switch {
		case v == 4:
			score = 10
		case v == 5 && s.TestSix:
			score = 9
		case v < 4:
			score = v
		}
		if score > bv {
			best, bv = i, score
		}
	}
	return best
}

// raiseOne adds 1 to the raise target.
func (s *State) raiseOne() {
	if i := s.raiseTarget(); i >= 0 {
		s.Dice[i]++
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
	if st := &s.Seats[f.Who]; st.Inv >= 0 {
		// AH3 470.4d: successes added by hand-free cards, after the roll.
		for k := 0; k < int(st.NAssets); k++ {
			if a := &st.Assets[k]; !a.Locked {
				if n := s.sc().Assets[a.Card].Successes[s.TestSkill]; n != 0 {
					s.LastSucc += int8(n)
					s.useAsset(int8(f.Who), k)
				}
			}
		}
	}
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
