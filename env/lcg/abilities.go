package lcg

import "github.com/mythos-rl/mythos/env/game"

// Limit bits in Investigator.UsedRound/UsedTurn/UsedPhase.
const (
	bitRoland   uint8 = 1 << iota // Roland Banks: once per round
	bitSkids                      // Skids O'Toole: once per turn
	bitAgnes                      // Agnes Baker: once per phase
	bitOnTheLam                   // On the Lam is active until the end of the round
	bitDebts1                     // Hospital Debts' ⚡ ability used once this round
	bitDebts2                     // … and twice (limit twice per round)
	bitLocTurn                    // a location's "limit once per turn" ⮕ ability (UsedTurn)
)

// isActionAbility reports whether ability a of card id is a ⮕ ability.
func (s *State) isActionAbility(id int16, a int) bool {
	_, ok := weaponOf(s.Cards[id].Def, a)
	return ok
}

// actionAbilityUsable reports whether seat can initiate ⮕ ability a of its
// card id now (LCG §3 Activate, §4 pre-checks).
func (s *State) actionAbilityUsable(seat int, id int16, a int) bool {
	w, ok := weaponOf(s.Cards[id].Def, a)
	if !ok {
		return false
	}
	c := &s.Cards[id]
	if (w.use && c.Uses <= 0) || (w.exhaust && c.Exhausted) {
		return false
	}
	tome := s.has(id, trTome)
	switch {
	case w.effect != 0:
		return (w.usable == nil || w.usable(s, seat, id)) && s.canPay(seat, 1, tome)
	case w.skipNone: // First Aid: an investigator at your location (ruling R-FIRSTAID)
		healable := false
		for i := 0; i < int(s.N); i++ {
			healable = healable || s.canHealAt(seat, i)
		}
		return healable && s.canPay(seat, 1, tome)
	case w.invest: // "Investigate.": the action's own legality (Locked Door)
		return s.canInvestigate(seat) && s.canPay(seat, 1, tome)
	}
	return s.fightTarget(seat) >= 0 && s.canPay(seat, s.actionCost(seat, akFight, 1), tome)
}

// canHealAt reports whether seat's "heal … from an investigator at your
// location" could change investigator i: in the game, at seat's location,
// with damage or horror (First Aid; LCG §3 Ability).
func (s *State) canHealAt(seat, i int) bool {
	v := &s.Inv[i]
	return s.inGame(i) && v.Loc == s.Inv[seat].Loc && (v.Damage > 0 || v.Horror > 0)
}

// useActionAbility pays for and initiates ⮕ ability a of card id (LCG §4).
func (s *State) useActionAbility(seat int, id int16, a int) {
	w, _ := weaponOf(s.Cards[id].Def, a)
	c := &s.Cards[id]
	kind := akFight
	if w.invest || w.skipNone || w.effect != 0 {
		kind = akAbility
	}
	s.spend(seat, kind, s.actionCost(seat, kind, 1), s.has(id, trTome))
	s.log.Add(evAction, game.AgentID(seat), akAbility, int32(id), int32(a))
	if w.use {
		c.Uses--
	}
	if w.exhaust {
		c.Exhausted = true
	}
	if w.discard {
		s.toDiscard(id)
	}
	if kind == akFight {
		// Fight abilities do not provoke attacks of opportunity.
		s.push(opEffect, seat, int32(id), -1, effChooseFight, packWeapon(w.skill, w.mod, w.dmg))
		return
	}
	if w.effect != 0 {
		s.push(opEffect, seat, int32(id), -1, w.effect, 0)
		if !w.noAoO { // LCG §3 Attack of Opportunity, unless the ability's text says otherwise (§1.1)
			s.push(opAoO, seat, -1, -1, 0, 0)
		}
		return
	}
	s.push(opEffect, seat, int32(id), -1, effAbility, int32(a))
	s.push(opAoO, seat, -1, -1, 0, 0)
}

// addFastOptions lists the ⚡ abilities and fast cards seat can use in a
// player window (LCG §5.1, §3 Fast); ownTurn adds Skids O'Toole's ability,
// limited to his turn ("play only during your turn" cards check the active
// investigator in eventUsable).
func (s *State) addFastOptions(seat int, p *game.Prompt, ownTurn bool) {
	v := &s.Inv[seat]
	if s.canAdvanceAct() {
		p.Add(ActAdvanceAct, 0, 0)
	}
	if h := hooksOf[v.Def]; ownTurn && h != nil && h.turnFast != nil && !s.invBlank(seat) && h.turnFast(s, seat) {
		p.Add(ActSkidsAction, 0, 0) // the investigator's ⚡ ability during their own turn
	}
	// Fast cards in any player window; "play only during your turn" and
	// triggered events are restricted by eventUsable (LCG §3 Fast).
	for h, id := range v.Hand {
		if h < MaxHand && s.isFastCard(id) && s.canPlay(seat, id) {
			p.Add(ActPlay+game.ActionCode(h), int32(id), 0)
		}
	}
	if id := s.amuletEvent(seat); id >= 0 && s.isFastCard(id) && s.canPlay(seat, id) {
		p.Add(ActPlayDiscard, int32(id), 0) // Wendy's Amulet
	}
	s.addCardFastOptions(seat, p)
	for pi, id := range v.Play {
		if pi >= MaxPlay {
			break
		}
		if h := s.hook(id); h != nil && h.fastAfter && h.fastUsable(s, seat, id) {
			p.Add(ActAbility+game.ActionCode(2*pi), int32(id), 0)
		}
	}
}

// addBoostOptions lists the tester's "+1 skill for this test" ⚡ abilities
// that match the tested skill.
func (s *State) addBoostOptions(seat int, t *SkillTest, p *game.Prompt) {
	if s.Inv[seat].Resources < 1 {
		return
	}
	for pi, id := range s.Inv[seat].Play {
		if pi >= MaxPlay {
			break
		}
		if h := s.hook(id); h != nil && h.boosts {
			b := h.boost
			for a := 0; a < 2; a++ {
				if b[a] == t.Skill {
					p.Add(ActAbility+game.ActionCode(2*pi+a), int32(id), int32(a))
				}
			}
		}
	}
}

// doFast carries out a fast option (no action spent, no attacks of
// opportunity: LCG §3 Fast).
func (s *State) doFast(seat int, o game.Option) {
	v := &s.Inv[seat]
	switch {
	case o.Code == ActAdvanceAct:
		// LCG §3 Act Deck: spend the clues as a group (the lead chooses who
		// pays, team.go), then advance.
		var mask uint8
		for i := 0; i < int(s.N); i++ {
			if s.inGame(i) {
				mask |= 1 << uint(i)
			}
		}
		s.push(opActAdvance, int(s.Lead), -1, -1, 0, 0)
		s.payGroupClues(s.actClues(), mask)
	case o.Code == ActSkidsAction:
		hooksOf[v.Def].turnFastRun(s, seat) // the investigator's ⚡ ability (turnFast)
	case o.Code >= ActPlay && o.Code < ActPlay+MaxHand, o.Code == ActPlayDiscard:
		id := int16(o.Arg)
		s.payForCard(seat, id)
		s.resolvePlayed(seat, id)
	case o.Code >= ActThreat && o.Code < ActThreat+MaxThreat:
		s.doCardFast(seat, o)
	case o.Code >= ActAbility && o.Code < ActAbility+2*MaxPlay:
		id := int16(o.Arg)
		if h := s.hook(id); h != nil && h.fastAfter {
			h.fastRun(s, seat, id)
			return
		}
		if s.doCardFast(seat, o) {
			return
		}
		if h := s.hook(id); h != nil && h.boosts && len(s.Tests) > 0 {
			v.Resources-- // "⚡ spend 1 resource: +1 skill for this test"
			if t := s.test(); h.boost[o.Arg2] == t.Skill {
				t.Mod++
			}
		}
	}
}
