package lcg

import "github.com/mythos-rl/mythos/env/game"

// Effect ids of opEffect frames (Frame.A).
const (
	effExhaustEnemy int32 = iota
	effScenario           // the scenario's effect B (ScenarioDef.Effects)
	effCard               // card Src's multi-step effect (cardHooks.effect)
	effAmnesia
	effDiscardAsset
	effSlotDiscard
	effChooseFight
	effChooseEvade
	effSneakAttack
	effDynamite
	effDrawnToFlame
	effDamageEnemyHere
	effStrayCat
	effAbility
	effActAbility // the act B's ⮕ ability, after its clues are paid (StageDef.Ability)
)

// effectRuns are the multi-step effects of player and encounter cards by
// effect id, registered in the card's own block (registerEffect); the ids
// stay in the enums of effects.go and card_texts.go, so a frame's encoding
// does not depend on where the card lives.
var effectRuns [128]func(s *State, f *game.Frame, seat int) game.Control

// registerEffect registers the effect run under id e (at init, once).
func registerEffect(e int32, run func(s *State, f *game.Frame, seat int) game.Control) {
	if effectRuns[e] != nil {
		panic("lcg: effect registered twice")
	}
	effectRuns[e] = run
}

// hEffect runs card effects that take several steps or a decision. Frame Src
// is the source card, B an effect argument.
func (s *State) hEffect(f *game.Frame) game.Control {
	seat := int(f.Who)
	if f.A >= effExt {
		return s.hEffectExt(f)
	}
	if f.A == effCard {
		return s.hook(int16(f.Src)).effect(s, f)
	}
	if f.A == effActAbility {
		if s.inGame(seat) {
			s.scen().Acts[f.B].Ability(s, seat)
		}
		return s.cont(game.Done)
	}
	if f.A != effExhaustEnemy && f.A != effScenario && !s.inGame(seat) {
		return game.Done
	}
	if run := effectRuns[f.A]; run != nil {
		return run(s, f, seat) // a card's own multi-step effect (registerEffect)
	}
	switch f.A {
	case effExhaustEnemy:
		// LCG §5.2 3.3: after its attack an engaged enemy exhausts.
		if s.enemySlot(int16(f.Src)) >= 0 {
			s.Cards[f.Src].Exhausted = true
		}
		return game.Done
	case effDamageEnemyHere:
		return s.chooseEnemy(f, func(e int16) bool { return s.Cards[e].Loc == s.Inv[seat].Loc }, false, func(e int16) {
			s.damageEnemy(e, int(f.B), seat)
		})
	case effChooseFight:
		return s.chooseEnemy(f, func(e int16) bool {
			return s.Cards[e].Loc == s.Inv[seat].Loc && (s.engagedWith(e, seat) || !s.isAloof(e))
		}, false, func(e int16) {
			src := int16(f.Src)
			s.startFightSkill(seat, e, src, int8(f.B&0xff), int8(f.B>>8&0xff), int8(f.B>>16&0xff))
		})
	case effChooseEvade:
		return s.chooseEnemy(f, func(e int16) bool { return s.engagedWith(e, seat) }, false, func(e int16) {
			s.startEvade(seat, e, int16(f.Src), int8(f.B))
		})
	case effScenario:
		return s.scen().Effects[f.B](s, f)
	case effDiscardAsset, effSlotDiscard:
		// Crypt Chill: discard an asset you control. Slots: discard assets
		// until the slots fit (LCG §3 Slots).
		if f.Answer != game.NoAnswer {
			s.toDiscard(int16(s.chosen(f).Arg))
			if f.A == effDiscardAsset {
				return game.Done
			}
		}
		if f.A == effSlotDiscard && !s.slotOverflow(seat) {
			return game.Done
		}
		p := s.ask(seat, PkChoice, f.Src)
		for pi, id := range s.Inv[seat].Play {
			if pi < MaxChoice && s.card(id).Type == typeAsset && (f.A == effDiscardAsset || (id != int16(f.Src) && s.card(id).Slot != 0)) {
				p.Add(ActChoose+game.ActionCode(pi), int32(id), 0)
			}
		}
		if len(p.Options) == 0 {
			return game.Done
		}
		return game.Wait
	case effAbility:
		id := int16(f.Src)
		w, _ := weaponOf(s.Cards[id].Def, int(f.B))
		if w.invest {
			if s.canInvestigate(seat) { // still legal after the attacks of opportunity
				s.startInvestigate(seat, id, int(w.shroud))
			}
			return game.Done
		}
		// First Aid: "Heal 1 damage or horror from an investigator at your
		// location" (card text, 01019; ruling R-FIRSTAID): the investigator
		// first (Tgt; asked when several could be healed), then damage or
		// horror (asked when they have both).
		if f.Tgt < 0 {
			if f.Answer != game.NoAnswer {
				f.Tgt = s.chosen(f).Arg
				return game.Again
			}
			p := s.ask(seat, PkTarget, f.Src)
			for i := 0; i < int(s.N); i++ {
				if s.canHealAt(seat, i) {
					p.Add(ActSeat+game.ActionCode(i), int32(i), 0)
				}
			}
			switch len(p.Options) {
			case 0:
				return game.Done
			case 1:
				f.Tgt = p.Options[0].Arg
			default:
				return game.Wait
			}
		}
		who := int(f.Tgt)
		v := &s.Inv[who]
		if f.Answer == game.NoAnswer && v.Damage > 0 && v.Horror > 0 {
			p := s.ask(seat, PkChoice, f.Src)
			p.Add(ActChoose+0, 0, 0)
			p.Add(ActChoose+1, 1, 0)
			return game.Wait
		}
		horror := v.Damage == 0 || (f.Answer != game.NoAnswer && s.chosen(f).Arg == 1)
		s.heal(who, 1, horror)
		if h := s.hook(id); h != nil && h.emptied != nil && s.Cards[id].Uses <= 0 && s.Cards[id].Zone == ZonePlay {
			h.emptied(s, id)
		}
		return game.Done
	}
	return game.Done
}

// chooseEnemy asks seat for an enemy slot matching ok (auto when only one;
// with optional, a Pass option) and applies do to it.
func (s *State) chooseEnemy(f *game.Frame, ok func(int16) bool, optional bool, do func(int16)) game.Control {
	seat := int(f.Who)
	if f.Answer != game.NoAnswer {
		o := s.chosen(f)
		if o.Code != ActPass {
			do(int16(o.Arg))
		}
		return s.cont(game.Done)
	}
	p := s.ask(seat, PkTarget, f.Src)
	if optional {
		p.Add(ActPass, 0, 0)
	}
	for k, e := range s.Enemies {
		if k < MaxEnemies && e >= 0 && ok(e) {
			p.Add(ActEnemy+game.ActionCode(k), int32(e), 0)
		}
	}
	n := len(p.Options)
	if optional {
		n--
	}
	switch {
	case n == 0:
		return game.Done
	case n == 1 && !optional:
		do(int16(p.Options[0].Arg))
		return s.cont(game.Done)
	}
	return game.Wait
}

// endOfTurn opens the timing point "at the end of your turn" (Frozen in
// Fear's willpower test, Dark Memory revealed from hand: 2 horror; LCG §5.2
// 2.2.2, triggers.go).
func (s *State) endOfTurn(seat int) {
	s.emit(event{Kind: tpEndTurn, Seat: int8(seat), Loc: s.Inv[seat].Loc, Subj: -1})
	if h := s.scen().EndOfTurn; h != nil {
		h(s, seat)
	}
}
