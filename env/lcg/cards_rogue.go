package lcg

import "github.com/mythos-rl/mythos/env/game"

// The Rogue cards of the core set (and Skids O'Toole's own), each in one
// block: its id, then everything it does (card_hooks.go's playerHooks, its
// triggered abilities for triggers.go). Texts in our own words.

// "Skids" O'Toole (01003), investigator: ⚡ during his turn, spend 2
// resources: 1 additional action (once per turn); ⊛ is +2, and gains 2
// resources on a success. LCG §3 Fast, §6 ST.4, ST.7.
var idSkids = mustID("01003")

func init() {
	registerCard(idSkids, playerHooks{
		turnFast: func(s *State, seat int) bool {
			v := &s.Inv[seat]
			return v.Resources >= 2 && v.UsedTurn&bitSkids == 0
		},
		turnFastRun: func(s *State, seat int) {
			v := &s.Inv[seat]
			v.Resources -= 2
			v.Actions++
			v.UsedTurn |= bitSkids
		},
		elderSign:    func(*State, *SkillTest, int) int { return 2 },
		elderSuccess: func(s *State, seat int) { s.gainResources(seat, 2) },
	})
}

// On the Lam (01010): fast, after your turn begins: until the end of the
// round, non-Elite enemies cannot attack you (enemy.go's bitOnTheLam). LCG
// §3 Lasting Effects.
var idOnTheLam = mustID("01010")

func init() {
	registerCard(idOnTheLam, playerHooks{
		playable: func(s *State, seat int, _ int16) bool {
			return s.Active == int8(seat) && s.turnStartWindow(seat) // play after your turn begins
		},
		play: func(s *State, seat int, _ int16) { s.Inv[seat].UsedRound |= bitOnTheLam },
	})
}

// Switchblade (01044): fast; ⮕ Fight; +1 damage when you succeed by 2 or
// more. LCG §3 Fight.
var idSwitchblade = mustID("01044")

func init() {
	registerCard(idSwitchblade, playerHooks{abilities: []weapon{{skill: skCombat}}, srcFight: plusOneBy2})
}

// plusOneBy2 is "+1 damage if you succeed by 2 or more" (Switchblade,
// Derringer).
func plusOneBy2(_ *State, _ *SkillTest, _ bool, margin, dmg int) int {
	if margin >= 2 {
		dmg++
	}
	return dmg
}

// Burglary (01045): ⮕ exhaust: Investigate; on a success gain 3 resources
// instead of discovering clues. LCG §3 Investigate, §3 Instead.
var idBurglary = mustID("01045")

func init() {
	registerCard(idBurglary, playerHooks{
		abilities:         []weapon{{skill: skIntellect, exhaust: true, invest: true}},
		resourcesNotClues: true,
	})
}

// Pickpocketing (01046): after you evade an enemy, exhaust it: draw 1 card.
// LCG §3 Reaction Abilities (ruling R-AUTO).
var idPickpocketing = mustID("01046")

func init() {
	registerTriggers(trigAbility{seq: 9, kind: tpAfterEvade, name: "Pickpocketing", card: idPickpocketing, from: fromPlay,
		// Pickpocketing: after you evade an enemy, exhaust it: draw 1 card.
		ok: func(s *State, ev *event, seat int, id int16) bool { return !s.Cards[id].Exhausted },
		run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
			s.Cards[id].Exhausted = true
			s.drawCards(seat, 1)
		}})
}

// Derringer (01047): ⮕ Fight with +2 combat (a use); +1 damage when you
// succeed by 2 or more. LCG §3 Fight, §3 Uses.
var idDerringer = mustID("01047")

func init() {
	registerCard(idDerringer, playerHooks{abilities: []weapon{{skill: skCombat, mod: 2, use: true}}, srcFight: plusOneBy2})
}

// Leo De Luca (01048) and Leo De Luca (1) (01054): 1 additional action each
// turn while he is in play. LCG §3 Action, §3 Leaves Play.
var idLeo, idLeo1 = mustID("01048"), mustID("01054")

func init() {
	registerCard(idLeo, playerHooks{extraAction: true})
	registerCard(idLeo1, playerHooks{extraAction: true})
}

// Hard Knocks (01049): ⚡ spend 1 resource: +1 combat, or +1 agility, for
// this skill test. LCG §3 Fast.
var idHardKnocks = mustID("01049")

func init() {
	registerCard(idHardKnocks, playerHooks{boost: [2]int8{skCombat, skAgility}, boosts: true})
}

// Elusive (01050): fast, during your turn: disengage from each enemy and
// move to a revealed location with no enemies (its effect
// effElusive). LCG §3 Fast, §3 Engaged.
var idElusive = mustID("01050")

func init() {
	registerCard(idElusive, playerHooks{
		playable: func(s *State, seat int, _ int16) bool {
			return s.Active == int8(seat) && (s.evadeTarget(seat) >= 0 || s.elusiveDest(seat) != 0)
		},
		play: func(s *State, seat int, id int16) {
			s.disengageAll(seat, -1)
			s.push(opEffect, seat, int32(id), -1, effElusive, 0)
		},
	})
	registerEffect(effElusive, func(s *State, f *game.Frame, seat int) game.Control {
		// Elusive: move to a revealed location with no enemies.
		if f.Answer != game.NoAnswer {
			s.startMove(seat, int(s.chosen(f).Arg), false)
			return s.cont(game.Done)
		}
		p := s.ask(seat, PkTarget, f.Src)
		m := s.elusiveDest(seat)
		for k := 0; k < MaxLocations; k++ {
			if m&(1<<uint(k)) != 0 {
				p.Add(ActLocation+game.ActionCode(k), int32(k), 0)
			}
		}
		switch len(p.Options) {
		case 0:
			return game.Done
		case 1:
			s.startMove(seat, int(p.Options[0].Arg), false)
			return s.cont(game.Done)
		}
		return game.Wait
	})
}

// elusiveDest is the set of revealed locations with no enemies other than
// seat's own (Elusive).
func (s *State) elusiveDest(seat int) uint16 {
	var m uint16
	for k := 0; k < MaxLocations; k++ {
		if k == int(s.Inv[seat].Loc) || !s.locInPlay(k) || !s.Cards[s.LocInst[k]].Revealed {
			continue
		}
		empty := true
		for _, e := range s.Enemies {
			if e >= 0 && int(s.Cards[e].Loc) == k {
				empty = false
			}
		}
		if empty {
			m |= 1 << uint(k)
		}
	}
	return m
}

// Backstab (01051): Fight using agility with +2 damage (the action it
// designates). LCG §3 Ability (action designators).
var idBackstab = mustID("01051")

func init() {
	registerCard(idBackstab, playerHooks{
		playable:   func(s *State, seat int, _ int16) bool { return s.fightTarget(seat) >= 0 },
		designates: akFight,
		play: func(s *State, seat int, id int16) {
			s.push(opEffect, seat, int32(id), -1, effChooseFight, packWeapon(skAgility, 0, 2))
		},
	})
}

// Sneak Attack (01052): 2 damage to an exhausted enemy at your location
// (its effect effSneakAttack).
var idSneakAttack = mustID("01052")

func init() {
	registerCard(idSneakAttack, playerHooks{
		playable: func(s *State, seat int, _ int16) bool {
			for _, e := range s.Enemies {
				if e >= 0 && s.Cards[e].Loc == s.Inv[seat].Loc && s.Cards[e].Exhausted {
					return true
				}
			}
			return false
		},
		play: func(s *State, seat int, id int16) { s.push(opEffect, seat, int32(id), -1, effSneakAttack, 0) },
	})
	registerEffect(effSneakAttack, func(s *State, f *game.Frame, seat int) game.Control {
		return s.chooseEnemy(f, func(e int16) bool { return s.Cards[e].Loc == s.Inv[seat].Loc && s.Cards[e].Exhausted }, false, func(e int16) {
			s.damageEnemy(e, 2, seat)
		})
	})
}

// Opportunist (01053): commit only to your own test; when it succeeds by 3
// or more, return it to your hand instead of discarding it. LCG §6 ST.2,
// ST.8.
var idOpportunist = mustID("01053")

func init() {
	registerCard(idOpportunist, playerHooks{
		commitOK: func(_ *State, t *SkillTest, seat int, _ int16) bool { return seat == int(t.Tester) },
		commitEnd: func(s *State, t *SkillTest, id int16) bool {
			if t.Flags&tfSuccess == 0 || int(t.Total)-int(t.DiffVal) < 3 {
				return false
			}
			s.moveTo(id, ZoneHand, int(t.Tester)) // back to your hand
			return true
		},
	})
}

// Cat Burglar (01055): +1 agility; ⮕ exhaust: disengage from each enemy and
// move to a connecting location, without attacks of opportunity
// (its effect effCatBurglar; ruling R-CATBURGLAR).
var idCatBurglar = mustID("01055")

func init() {
	registerCard(idCatBurglar, playerHooks{
		skillBonus: [4]int8{skAgility: 1},
		abilities: []weapon{{exhaust: true, effect: effCatBurglar, noAoO: true,
			usable: func(s *State, seat int, _ int16) bool { return s.evadeTarget(seat) >= 0 || s.connectingMask(seat) != 0 }}}, // "does not provoke attacks of opportunity"
	})
	registerEffect(effCatBurglar, disengageAndMove)
}

// disengageAndMove is Cat Burglar's ⮕ effect and Survival Instinct's
// (f.A): disengage from each enemy and move to a connecting location (Cat
// Burglar: without attacks of opportunity; Survival Instinct: each "may").
func disengageAndMove(s *State, f *game.Frame, seat int) game.Control {
	// Cat Burglar: disengage from each enemy and move to a connecting
	// location (no attacks of opportunity). Survival Instinct: after a
	// successful evasion the evader "may immediately disengage from each
	// other enemy engaged with him or her, and may move to a connecting
	// location" (01081): two independent "may"s (ruling R-SURVIVAL):
	// Choose 0 disengages and stays, Location k disengages and moves,
	// Choose 1 keeps the other enemies engaged and asks where to move (f.B
	// 1: they come along, LCG §3 Move).
	if f.Answer != game.NoAnswer {
		o := s.chosen(f)
		if o.Code == ActPass {
			return game.Done
		}
		if f.A == effSurvivalInstinct && o.Code == ActChoose+1 {
			f.B = 1
			return game.Again
		}
		if f.B == 0 {
			s.disengageAll(seat, -1)
		}
		if o.Code >= ActLocation && o.Code < ActLocation+MaxLocations {
			s.startMove(seat, int(o.Arg), false)
		}
		return s.cont(game.Done)
	}
	p := s.ask(seat, PkTarget, f.Src)
	m := s.connectingMask(seat)
	if f.A == effSurvivalInstinct {
		p.Add(ActPass, 0, 0)
		if f.B == 0 && s.evadeTarget(seat) >= 0 {
			p.Add(ActChoose, 0, 0) // disengage and stay
			if m != 0 {
				p.Add(ActChoose+1, 1, 0) // stay engaged and move
			}
		}
	}
	for k := 0; k < MaxLocations; k++ {
		if m&(1<<uint(k)) != 0 {
			p.Add(ActLocation+game.ActionCode(k), int32(k), 0)
		}
	}
	if f.A == effCatBurglar && len(p.Options) == 0 {
		s.disengageAll(seat, -1)
		return game.Done
	}
	if f.A == effSurvivalInstinct && len(p.Options) == 1 {
		return game.Done
	}
	return game.Wait
}

// Sure Gamble (01056): fast, when you reveal a token with a negative
// modifier: it becomes positive. LCG §3 Fast, §6 ST.4.
var idSureGamble = mustID("01056")

func init() {
	registerCard(idSureGamble, playerHooks{playable: atTriggerOnly})
	registerTriggers(trigAbility{seq: 16, kind: tpTokenResolved, name: "Sure Gamble", card: idSureGamble, from: fromHand,
		// Sure Gamble: play when you reveal a token with a negative modifier: switch its "−" to a "+".
		ok: func(s *State, ev *event, _ int, _ int16) bool {
			return ev.N < 0 && len(s.Tests) > 0 && s.test().Flags&tfAutoFail == 0
		},
		run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
			s.playTrigger(seat, id)
			s.test().TokMod -= int8(2 * ev.N)
			ev.N = -ev.N // now a "+": no other Sure Gamble applies
		}})
}

// Hot Streak (01057): gain 10 resources.
var idHotStreak = mustID("01057")

func init() {
	registerCard(idHotStreak, playerHooks{play: func(s *State, seat int, _ int16) { s.gainResources(seat, 10) }})
}
