package lcg

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// weapon describes a ⮕ Fight (or Investigate) ability of an asset.
type weapon struct {
	skill    int8
	mod      int8
	dmg      int8
	use      bool // spends 1 use
	exhaust  bool
	discard  bool // discards the card as a cost (Knife's second ability)
	evade    bool
	invest   bool // an Investigate ability
	shroud   int8 // shroud modifier for Investigate
	ability  int  // ability index on the card
	skipNone bool
	// effect: the opEffect frame of a ⮕ ability that is neither a Fight
	// nor an Investigate (0: none); usable its pre-check A beyond costs
	// (LCG §4: could it change the game state? nil: always).
	effect int32
	usable func(s *State, seat int, id int16) bool
	// noAoO: the text says the action does not provoke attacks of
	// opportunity (card text beats the rules: LCG §1.1; ruling R-CATBURGLAR).
	noAoO bool
}

// weaponOf returns ability a of card d, if it has one.
func weaponOf(d cards.ID, a int) (weapon, bool) {
	var ws []weapon
	if h := hooksOf[d]; h != nil {
		ws = h.abilities
	}
	if a < len(ws) {
		return ws[a], true
	}
	return weapon{}, false
}

// skillBonus is the constant skill bonus a controlled asset gives
// (playerHooks.skillBonus).
func skillBonus(d cards.ID, sk int8) int {
	if h := hooksOf[d]; h != nil {
		return int(h.skillBonus[sk])
	}
	return 0
}

// testBonus is a "You get +N [skill] while <test kind>" bonus (Magnifying
// Glass: +1 [intellect] while investigating). It modifies that skill, so it
// applies only to a test of that skill of that kind (LCG §3 Modifiers, §6
// ST.5): an investigation of The Old House, tested with [willpower]
// (LCG §3 Investigate, "investigated using … instead"), gets nothing from it.
type testBonus struct {
	kind  uint8 // tkInvestigate, tkFight, tkEvade
	skill int8  // the skill it raises
	n     int8  // 0: no bonus
}

// whileBonus totals the "+N [skill] while …" bonuses of seat's assets that
// apply to test t: same kind, same tested skill.
func (s *State) whileBonus(seat int, t *SkillTest) int {
	n := 0
	for _, id := range s.Inv[seat].Play {
		if h := hooksOf[s.Cards[id].Def]; h != nil && h.whileBonus.n != 0 &&
			h.whileBonus.kind == t.Kind && h.whileBonus.skill == t.Skill {
			n += int(h.whileBonus.n)
		}
	}
	return n
}

// maxOnePerTest reports the "Max 1 committed per skill test" cards.
func maxOnePerTest(d cards.ID) bool {
	h := hooksOf[d]
	return h != nil && h.maxOnePerTest
}

// isInvestigator reports whether seat plays investigator d.
// A blanked investigator card (Stubborn Detective) has no abilities.
func (s *State) isInvestigator(seat int, d cards.ID) bool {
	return s.Inv[seat].Def == d && !s.invBlank(seat)
}

// countTrait counts controlled assets with a trait bit.
func (s *State) countTrait(seat int, bit uint16) int {
	n := 0
	for _, id := range s.Inv[seat].Play {
		if s.has(id, bit) {
			n++
		}
	}
	return n
}

// elderSign resolves the tester's elder sign ability (LCG §6 ST.4) and
// returns its modifier.
func (s *State) elderSign(t *SkillTest) int {
	seat := int(t.Tester)
	v := &s.Inv[seat]
	if s.invBlank(seat) {
		return 0 // a blank investigator card has no elder sign ability (LCG §3 Blank)
	}
	if h := hooksOf[v.Def]; h != nil && h.elderSign != nil {
		return h.elderSign(s, t, seat)
	}
	return 0
}

// isFastCard reports whether a hand card is played without an action.
func (s *State) isFastCard(id int16) bool { return defBits[s.Cards[id].Def]&dbFast != 0 }

// cost is a card's resource cost.
func (s *State) cost(id int16) int {
	c := int(s.card(id).Cost)
	if c < 0 {
		return 0
	}
	if o := s.Cards[id].Owner; o >= 0 && s.Inv[o].Loc >= 0 {
		if m := s.locDef(int(s.Inv[o].Loc)).CostMod; m != nil {
			c = max(c+m(s, int(o), id), 0) // a location's constant ability (Easttown)
		}
	}
	return c
}

// canPlay reports whether seat may play hand card id now (LCG §4 pre-checks
// A and B): an asset or event, its cost payable, not forbidden (Dissonant
// Voices), unique not already in play, and an event whose effect could change
// the game state.
func (s *State) canPlay(seat int, id int16) bool {
	d := s.card(id)
	if d.Type != typeAsset && d.Type != typeEvent {
		return false
	}
	if d.Cost == -1 {
		// LCG §3 Costs: a card printed with no resource cost ("–") is never
		// played from hand (The Necronomicon; ruling R-NOCOST).
		return false
	}
	if int(s.Inv[seat].Resources) < s.cost(id) || s.threatRules(seat, ruleForbidsPlay) > 0 {
		return false
	}
	if d.Unique && d.Type == typeAsset {
		for i := 0; i < int(s.N); i++ {
			for _, x := range s.Inv[i].Play {
				if s.card(x).Name == d.Name {
					return false
				}
			}
		}
	}
	if d.Type == typeEvent {
		return s.eventUsable(seat, id)
	}
	// LCG §3 Fast: a fast asset is played by its owner in a player window
	// during their own turn (Magnifying Glass, Switchblade).
	return !d.Fast || s.Active == int8(seat)
}

// eventUsable is pre-check A for events: "could change the game state".
func (s *State) eventUsable(seat int, id int16) bool {
	if h := hooksOf[s.Cards[id].Def]; h != nil && h.playable != nil {
		return h.playable(s, seat, id)
	}
	return true
}

// payForCard pays a card's cost and takes it into limbo while it resolves
// (LCG §4 step 2).
func (s *State) payForCard(seat int, id int16) {
	s.Inv[seat].Resources -= int16(s.cost(id))
	s.moveTo(id, ZoneLimbo, seat)
	s.log.Add(evPlay, game.AgentID(seat), int32(id), 0, 0)
}

// resolvePlayed resolves a played card (LCG §4 step 4): an asset enters the
// play area; an event resolves and goes to the discard pile.
func (s *State) resolvePlayed(seat int, id int16) {
	d := s.card(id)
	s.afterPlay(seat, id)
	if d.Type == typeAsset {
		s.moveTo(id, ZonePlay, seat)
		c := &s.Cards[id]
		c.Uses = d.UsesCount // LCG §3 Uses
		if h := hooksOf[c.Def]; h != nil && h.extraAction && s.Active == int8(seat) {
			s.Inv[seat].Actions++ // an additional action this turn (LCG §3 Action)
		}
		// "After it enters play" (Arcane Initiate's forced doom, Research
		// Librarian's search; triggers.go).
		s.emit(event{Kind: tpAfterEnterPlay, Seat: int8(seat), Loc: s.Inv[seat].Loc, Subj: id})
		s.checkSlots(seat, id)
		return
	}
	h := hooksOf[s.Cards[id].Def]
	if h != nil && h.playStays {
		h.play(s, seat, id)
		return
	}
	s.discardEvent(id)
	if h != nil && h.play != nil {
		h.play(s, seat, id)
		return
	}
}

// checkSlots discards other assets when a new asset overflows a slot (LCG §3
// Slots): the controller chooses which.
func (s *State) checkSlots(seat int, id int16) {
	if s.slotOverflow(seat) {
		s.push(opEffect, seat, int32(id), -1, effSlotDiscard, 0)
	}
}

// slotOverflow reports whether seat's assets need more slots than they have
// (1 accessory, 1 body, 1 ally, 2 hand, 2 arcane; Daisy's Tote Bag adds 2
// hand slots for Tomes).
func (s *State) slotOverflow(seat int) bool {
	var hand, tomeHand, arcane, acc, body, ally, bonus int
	for _, id := range s.Inv[seat].Play {
		sl := s.card(id).Slot
		h := sl.Hands()
		if h > 0 && s.has(id, trTome) {
			tomeHand += h
		} else {
			hand += h
		}
		arcane += sl.Arcane()
		if h := hooksOf[s.Cards[id].Def]; h != nil {
			arcane -= int(h.arcaneSlots)
			bonus += int(h.handSlots)
		}
		if sl&cards.SlotAccessory != 0 {
			acc++
		}
		if sl&cards.SlotBody != 0 {
			body++
		}
		if sl&cards.SlotAlly != 0 {
			ally++
		}
	}
	extra := tomeHand - bonus
	if extra < 0 {
		extra = 0
	}
	return hand+extra > 2 || arcane > 2 || acc > 1 || body > 1 || ally > 1
}

// fightTarget returns a legal Fight target at seat's location, or -1.
func (s *State) fightTarget(seat int) int16 {
	for _, e := range s.Enemies {
		if e >= 0 && s.Cards[e].Loc == s.Inv[seat].Loc && (s.engagedWith(e, seat) || !s.isAloof(e)) {
			return e
		}
	}
	return -1
}

// evadeTarget returns an enemy engaged with seat, or -1.
func (s *State) evadeTarget(seat int) int16 {
	for _, e := range s.Enemies {
		if e >= 0 && s.engagedWith(e, seat) {
			return e
		}
	}
	return -1
}

// startFight begins an attack (LCG §3 Attack): a combat test (or another
// skill) against the enemy's fight value.
func (s *State) startFight(seat int, e int16, src int16, mod, dmg int8) {
	s.startFightSkill(seat, e, src, skCombat, mod, dmg)
}

// startFightSkill begins an attack testing sk; mod is the attack's "You get
// +N [sk] for this attack" (a weapon's), dmg its extra damage. A bonus to a
// skill applies only to a test of that skill (LCG §3 Modifiers): when Mind
// over Matter puts intellect in place of sk, mod and the source's own skill
// bonus (srcSkill) do not apply (the choice is chooseMindOverMatter's).
func (s *State) startFightSkill(seat int, e int16, src int16, sk, mod, dmg int8) {
	t := s.pushTest(seat, sk, 0, tkFight, e, src)
	t.DmgBonus = dmg
	t.Mod = mod
	if s.mindOverMatter(seat, sk) {
		t.Flags |= tfMindOverMatter
	}
}

// startEvade begins an evasion (LCG §3 Evade): an agility test (or another
// skill) against the enemy's evade value.
func (s *State) startEvade(seat int, e int16, src int16, sk int8) {
	if sk == 0 && src < 0 {
		sk = skAgility
	}
	if t := s.pushTest(seat, sk, 0, tkEvade, e, src); s.mindOverMatter(seat, sk) {
		t.Flags |= tfMindOverMatter
	}
}

// fightResult is ST.7 of an attack: damage on a success; on a failure
// against an enemy engaged with someone else, that investigator takes the
// damage (LCG §3 Attack; not for Massive enemies).
func (s *State) fightResult(t *SkillTest, ok bool) {
	seat, e := int(t.Tester), t.Target
	if s.enemySlot(e) < 0 {
		return
	}
	dmg := 1 + int(t.DmgBonus)
	margin := int(t.Total) - int(t.DiffVal)
	if h := s.hook(t.Src); h != nil && h.srcFight != nil {
		dmg = h.srcFight(s, t, ok, margin, dmg)
	}
	if !ok {
		if !s.isMassive(e) {
			for i := 0; i < int(s.N); i++ {
				if i != seat && s.engagedWith(e, i) {
					s.takeDamage(i, dmg, 0, -1)
				}
			}
		}
		return
	}
	dmg += s.cardAttackDamage(seat, e) // constant and automatic abilities (card_hooks.go; ruling R-AUTO)
	s.damageEnemy(e, dmg, seat)
}

// countEngaged counts the enemies engaged with seat.
func (s *State) countEngaged(seat int) int {
	n := 0
	for _, e := range s.Enemies {
		if e >= 0 && s.engagedWith(e, seat) {
			n++
		}
	}
	return n
}

// packWeapon packs a fight's skill, modifier and damage bonus for an effect frame.
func packWeapon(sk, mod, dmg int8) int32 {
	return int32(sk) | int32(uint8(mod))<<8 | int32(uint8(dmg))<<16
}
