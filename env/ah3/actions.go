package ah3

import (
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// Standard action indices (bits of Seat.Used).
const (
	aMove = iota
	aGather
	aFocus
	aWard
	aResearch
	aTrade
	aAttack
	aEvade
)

// restricted reports whether the seat is engaged with a monster that is not
// Watching, so only Attack, Evade, Focus and actions allowed while engaged
// may be performed (AH3 448.5, 446.2-3).
func (s *State) restricted(seat int8) bool {
	for i := range s.Monsters {
		m := &s.Monsters[i]
		if m.Kind >= 0 && m.engagedWith(seat) && !s.g.kinds[m.Kind].Watching {
			return true
		}
	}
	return false
}

func (m *Monster) engagedWith(seat int8) bool { return m.Engaged&(1<<uint(seat)) != 0 }

// engagedCount counts the monsters engaged with the seat.
func (s *State) engagedCount(seat int8) int {
	n := 0
	for i := range s.Monsters {
		if s.Monsters[i].Kind >= 0 && s.Monsters[i].engagedWith(seat) {
			n++
		}
	}
	return n
}

// addActions adds the legal actions of the seat to the prompt: each at most
// once per round (AH3 417.4), restricted while engaged (AH3 448.5). A delayed
// investigator can only stand up (AH3 424.2). Ward and Research are offered
// anywhere, as the original allows them (AH3 426.2, 430.2: a test whose
// successes may find nothing to remove or study); Trade needs an
// investigator in the space (AH3 452.2), Attack a monster (AH3 404), Evade
// an engagement (AH3 487.5) and Focus a skill not yet improved (AH3 490.3)
// (docs/ah3-rulings.md ruling 4).
func (s *State) addActions(seat int8) {
	st := &s.Seats[seat]
	if st.Delayed {
		s.prompt.Add(ActRecover, 0, 0)
		return
	}
	r := s.restricted(seat)
	can := func(a int) bool { return st.Used&(1<<uint(a)) == 0 }
	if can(aMove) && !r {
		s.prompt.Add(ActMove, 0, 0)
	}
	if can(aGather) && !r {
		s.prompt.Add(ActGather, 0, 0)
	}
	if can(aFocus) && s.focusable(seat) {
		s.prompt.Add(ActFocus, 0, 0)
	}
	if can(aWard) && !r {
		s.prompt.Add(ActWard, 0, 0)
	}
	if can(aResearch) && !r {
		s.prompt.Add(ActResearch, 0, 0)
	}
	if can(aTrade) && !r && s.partner(seat, 0) >= 0 {
		s.prompt.Add(ActTrade, 0, 0)
	}
	if can(aAttack) && s.monsterIn(st.Space) {
		s.prompt.Add(ActAttack, 0, 0)
	}
	if can(aEvade) && s.engagedCount(seat) > 0 {
		s.prompt.Add(ActEvade, 0, 0)
	}
	inv := &s.sc().Investigators[st.Inv]
	for k, ab := range inv.Abilities {
		if k < MaxAbilities && ab.Action != nil && st.Used&(1<<uint(8+k)) == 0 && s.actionAllowed(seat, ab.Action, r) {
			s.prompt.Add(ActAbility+game.ActionCode(k), int32(k), 0)
		}
	}
	for k := 0; k < int(st.NAssets); k++ {
		a := &st.Assets[k]
		def := &s.sc().Assets[a.Card]
		if def.Action != nil && !a.Used && !a.Locked && s.actionAllowed(seat, def.Action, r) {
			s.prompt.Add(ActAssetAction+game.ActionCode(k), int32(k), 0)
		}
	}
}

// actionAllowed checks a component action's conditions (AH3 455.4, 448.5).
func (s *State) actionAllowed(seat int8, a *content.Action, restricted bool) bool {
	if restricted && !a.Engaged {
		return false
	}
	if a.Where >= 0 && int(s.Seats[seat].Space) != a.Where {
		return false
	}
	for _, e := range s.sc().Program.Ops(a.Effects) {
		switch e.Op {
		case content.OpRepeatAction:
			if s.Seats[seat].Used&0xff == 0 {
				return false
			}
		case content.OpGrantAction:
			if s.grantTarget(seat, 0) < 0 {
				return false
			}
		case content.OpCode:
			if e.Str == "friend_in_need" && s.partner(seat, 0) < 0 {
				return false
			}
		}
	}
	return true
}

// focusable: a skill without a token exists (AH3 490.3).
func (s *State) focusable(seat int8) bool {
	for k := 0; k < 5; k++ {
		if s.Seats[seat].Tokens[k] == 0 {
			return true
		}
	}
	return false
}

// monsterIn reports a monster in the space (engaged ones count, AH3 448.8).
func (s *State) monsterIn(space int8) bool {
	for i := range s.Monsters {
		if s.Monsters[i].Kind >= 0 && s.Monsters[i].Space == space {
			return true
		}
	}
	return false
}

// partner returns the k-th other seat with an investigator in the seat's space, or -1.
func (s *State) partner(seat int8, k int) int8 {
	for i := int8(0); i < s.N; i++ {
		if i != seat && s.Seats[i].Inv >= 0 && s.Seats[i].Space == s.Seats[seat].Space {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return -1
}

// doAction performs one action: A is its code, Tgt its argument. It marks the
// action type used for the round (AH3 417.4).
func (s *State) doAction(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	if st.Inv < 0 {
		return game.Done
	}
	code := game.ActionCode(f.Src)
	s.event(EvAction, seat, int32(code), f.Tgt, 0)
	if code >= ActMove && code <= ActEvade {
		st.Used |= 1 << uint(code-ActMove)
	}
	switch code {
	case ActRecover:
		// AH3 424.2: stand up and skip the action; no type is used (Appendix E #3).
		st.Delayed = false
	case ActMove:
		s.push(opMove, seat, 0, 0, 0, 0)
	case ActGather:
		s.addMoney(seat, 1, moneyGather, 0) // AH3 475.2
	case ActFocus:
		s.push(opFocus, seat, 0, 0, 0, 0)
	case ActWard:
		s.push(opWard, seat, 0, 0, 0, 0)
	case ActResearch:
		s.push(opResearch, seat, 0, 0, 0, 0)
	case ActTrade:
		s.push(opTrade, seat, 0, 0, 0, 0)
	case ActAttack:
		s.push(opAttack, seat, 0, 0, 0, 0)
	case ActEvade:
		s.push(opEvade, seat, 0, 0, 0, 0)
	default:
		if code >= ActAbility && code < ActAbility+MaxAbilities {
			k := int32(code - ActAbility)
			st.Used |= 1 << uint(8+k) // AH3 455.3
			s.push(opComponent, seat, -1-k, 0, 0, 0)
		} else if code >= ActAssetAction && code < ActAssetAction+MaxAssets {
			k := int32(code - ActAssetAction)
			st.Assets[k].Used, st.Assets[k].UsedAP = true, true
			s.push(opComponent, seat, k, int32(st.Assets[k].Card), 0, 0)
		}
	}
	return game.Done
}

// doMove: move up to 2 spaces, and up to 2 more for $1 each (AH3 416.2,
// Appendix E #9: paid per step taken). A counts steps taken. Entering a
// space with a ready monster ends the move (AH3 416.3).
func (s *State) doMove(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		if o.Code == ActPass {
			return game.Done
		}
		if f.A >= 2 {
			s.addMoney(seat, -1, moneyStep, f.A)
		}
		f.A++
		if s.stepTo(seat, int8(o.Arg)) {
			return game.Done
		}
	}
	if st.Inv < 0 || f.A >= 4 || (f.A >= 2 && st.Money < 1) {
		return game.Done
	}
	s.ask(seat, PromptMove, -1)
	s.prompt.Add(ActPass, 0, 0)
	for _, y := range s.sc().Spaces[st.Space].Adjacent {
		s.prompt.Add(ActSpace+game.ActionCode(y), int32(y), 0)
	}
	return game.Wait
}

// doStep is the effect "move up to N spaces" (AH3 415.3): A steps taken, B
// the limit. Ready monsters left in the space it ends in engage (AH3 461.5).
func (s *State) doStep(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		if o.Code == ActPass {
			s.push(opEngageCheck, -1, 0, 0, 0, 0)
			return game.Done
		}
		f.A++
		if s.stepTo(seat, int8(o.Arg)) {
			return game.Done
		}
	}
	if st.Inv < 0 || f.A >= f.B {
		s.push(opEngageCheck, -1, 0, 0, 0, 0)
		return game.Done
	}
	s.ask(seat, PromptMove, -1)
	s.prompt.Add(ActPass, 0, 0)
	for _, y := range s.sc().Spaces[st.Space].Adjacent {
		s.prompt.Add(ActSpace+game.ActionCode(y), int32(y), 0)
	}
	return game.Wait
}

// stepTo moves the investigator one space and reports whether the movement
// ends because a monster there engages them (AH3 416.3, 454.2, 450.2).
func (s *State) stepTo(seat int8, to int8) bool {
	s.placeInvestigator(seat, to)
	s.event(EvMove, seat, int32(to), 0, 0)
	stop := false
	for i := range s.Monsters {
		m := &s.Monsters[i]
		if m.Kind < 0 || m.Space != to {
			continue
		}
		k := &s.g.kinds[m.Kind]
		switch {
		case k.Massive:
			s.engage(int8(i), seat)
			stop = true
		case m.Status == Ready && !k.Elusive:
			s.engage(int8(i), seat)
			stop = true
		}
	}
	return stop
}

// placeInvestigator moves the figure; engaged monsters come along (AH3
// 446.4, 448.8) except Massive ones, which stay and disengage.
func (s *State) placeInvestigator(seat int8, to int8) {
	st := &s.Seats[seat]
	st.Space = to
	for i := range s.Monsters {
		m := &s.Monsters[i]
		if m.Kind < 0 || !m.engagedWith(seat) {
			continue
		}
		if s.g.kinds[m.Kind].Massive {
			if m.Space != to {
				m.Engaged &^= 1 << uint(seat)
			}
			continue
		}
		m.Space = to
	}
}

// doFocus improves a skill of the investigator's choice (AH3 490).
func (s *State) doFocus(f *game.Frame) game.Control {
	seat := int8(f.Who)
	if f.Answer != game.NoAnswer {
		s.push(opImprove, seat, 0, 0, s.answer(f).Arg, 0)
		return game.Done
	}
	s.ask(seat, PromptSkill, -1)
	for k := 0; k < 5; k++ {
		if s.Seats[seat].Tokens[k] == 0 {
			s.prompt.Add(ActSkill+game.ActionCode(k), int32(k), 0)
		}
	}
	return game.Wait
}

// doImprove puts a skill token on the sheet (AH3 491.4); above the focus
// limit one token is discarded (AH3 491.9) unless B (stack, AH3 491.10).
// A = skill, or -1 for the investigator's choice.
func (s *State) doImprove(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	if st.Inv < 0 {
		return game.Done
	}
	inv := &s.sc().Investigators[st.Inv]
	switch f.Step {
	case 0:
		if f.Answer != game.NoAnswer {
			f.A = s.answer(f).Arg
		}
		if f.A < 0 {
			s.ask(seat, PromptSkill, -1)
			for k := 0; k < 5; k++ {
				if st.Tokens[k] == 0 || (f.B != 0 && inv.Focus == 0) {
					s.prompt.Add(ActSkill+game.ActionCode(k), int32(k), 0)
				}
			}
			if len(s.prompt.Options) == 0 {
				return game.Done
			}
			return game.Wait
		}
		// AH3 491.5: one token per skill, except for an unlimited focus
		// limit with a stacking effect (Appendix C, Rex Murphy).
		if st.Tokens[f.A] > 0 && !(f.B != 0 && inv.Focus == 0) {
			return game.Done
		}
		st.Tokens[f.A]++
		s.event(EvImprove, seat, f.A, 0, 0)
		if f.B != 0 || inv.Focus == 0 || s.tokenCount(seat) <= s.focusLimit(seat) {
			return game.Done
		}
		f.Step = 1
		s.ask(seat, PromptSkill, -1)
		for k := 0; k < 5; k++ {
			if st.Tokens[k] > 0 {
				s.prompt.Add(ActSkill+game.ActionCode(k), int32(k), 0)
			}
		}
		return game.Wait
	}
	st.Tokens[s.answer(f).Arg]--
	return game.Done
}

func (s *State) tokenCount(seat int8) int {
	n := 0
	for _, t := range s.Seats[seat].Tokens {
		n += int(t)
	}
	return n
}

// doWard: test Lore; each success removes 1 doom from your space; 2 or more
// removed gain a remnant (AH3 426).
func (s *State) doWard(f *game.Frame) game.Control {
	seat := int8(f.Who)
	if f.Step == 0 {
		f.Step = 1
		s.startTest(seat, content.Lore, 0, aWard, -1)
		return game.Again
	}
	st := &s.Seats[seat]
	if st.Inv < 0 {
		return game.Done
	}
	n := s.LastSucc
	if n > s.Doom[st.Space] {
		n = s.Doom[st.Space]
	}
	s.removeDoom(st.Space, n)
	if n >= 2 {
		st.Remnants++
	}
	return game.Done
}

// doResearch: test Observation; each success researches 1 of your clues onto
// the scenario sheet (AH3 430, 431).
func (s *State) doResearch(f *game.Frame) game.Control {
	seat := int8(f.Who)
	if f.Step == 0 {
		f.Step = 1
		s.startTest(seat, content.Observation, 0, aResearch, -1)
		return game.Again
	}
	st := &s.Seats[seat]
	n := int16(s.LastSucc)
	if n > st.Clues {
		n = st.Clues
	}
	if n > 0 {
		st.Clues -= n
		s.SheetClues += n
		s.event(EvResearch, seat, int32(n), int32(s.SheetClues), 0)
		s.push(opCodexCheck, -1, 0, 0, 0, 0)
	}
	return game.Done
}

// focusLimit is seat's focus limit (AH3 491.9): the sheet's, changed by the
// cards held (AH3 491.11); 0 means unlimited. A limit that drops below the
// tokens held discards nothing (AH3 491.12): it is checked only on gaining.
func (s *State) focusLimit(seat int8) int {
	st := &s.Seats[seat]
	base := s.sc().Investigators[st.Inv].Focus
	if base == 0 {
		return 0
	}
	for k := 0; k < int(st.NAssets); k++ {
		base += s.sc().Assets[st.Assets[k].Card].FocusLimit
	}
	return max(base, 1)
}
