package lcg

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// The Mystic cards of the core set (and Agnes Baker's own), each in one
// block: its id, then everything it does (card_hooks.go's playerHooks, its
// triggered abilities for triggers.go). Texts in our own words.

// Agnes Baker (01004), investigator: after horror is placed on her, 1 damage
// to an enemy at her location (once per phase); ⊛ is +1 per horror on her.
// LCG §3 Reaction Abilities, §6 ST.4.
var idAgnes = mustID("01004")

func init() {
	registerCard(idAgnes, playerHooks{
		elderSign: func(s *State, _ *SkillTest, seat int) int { return int(s.Inv[seat].Horror) },
	})
	registerTriggers(trigAbility{seq: 6, kind: tpAfterDamage, name: "Agnes Baker", card: idAgnes, from: fromInvestigator, phase: bitAgnes,
		// Agnes Baker: after 1 or more horror is placed on her, deal 1
		// damage to an enemy at her location (limit once per phase).
		ok: func(s *State, ev *event, seat int, _ int16) bool {
			return ev.Amt[seat]>>8 > 0 && s.enemyAtLocation(seat)
		},
		opts: func(s *State, ev *event, seat int, _ int16, p *game.Prompt) {
			for k, e := range s.Enemies {
				if k < MaxEnemies && e >= 0 && s.Cards[e].Loc == s.Inv[seat].Loc {
					p.Add(ActEnemy+game.ActionCode(k), int32(e), 0)
				}
			}
		},
		run: func(s *State, ev *event, seat int, _ int16, o game.Option) { s.damageEnemy(int16(o.Arg), 1, seat) }})
}

// Heirloom of Hyperborea (01012): after you play a Spell, draw 1 card. LCG
// §3 Reaction Abilities (ruling R-AUTO).
var idHeirloom = mustID("01012")

func init() {
	registerTriggers(trigAbility{seq: 24, kind: tpAfterPlay, name: "Heirloom of Hyperborea", card: idHeirloom, from: fromPlay,
		// Heirloom of Hyperborea: after you play a Spell, draw 1 card (ruling R-AUTO).
		ok:  func(s *State, ev *event, _ int, _ int16) bool { return s.has(ev.Subj, trSpell) },
		run: func(s *State, ev *event, seat int, _ int16, _ game.Option) { s.drawCards(seat, 1) }})
}

// Forbidden Knowledge (01058): ⚡ exhaust it and take 1 horror: move 1
// secret from it to your resource pool; discarded with no secrets left. LCG
// §3 Fast, §3 Uses.
var idForbidden = mustID("01058")

func init() {
	registerCard(idForbidden, playerHooks{
		fastUsable: func(s *State, _ int, id int16) bool { return !s.Cards[id].Exhausted && s.Cards[id].Uses > 0 },
		fastRun: func(s *State, seat int, id int16) {
			c := &s.Cards[id]
			c.Exhausted = true
			c.Uses--
			s.gainResources(seat, 1)
			if c.Uses == 0 {
				s.toDiscard(id) // no secrets: discard it (LCG §3 Uses)
			}
			s.takeDamage(seat, 0, 1, int32(id))
		},
	})
}

// Holy Rosary (01059): +1 willpower. LCG §3 Modifiers.
var idHolyRosary = mustID("01059")

func init() { registerCard(idHolyRosary, playerHooks{skillBonus: [4]int8{skWillpower: 1}}) }

// Shrivelling (01060): ⮕ Fight using willpower with +1 damage (a charge); a
// revealed symbol token deals you 1 horror. LCG §3 Fight, §3 Uses.
var idShrivelling = mustID("01060")

func init() {
	registerCard(idShrivelling, playerHooks{
		abilities: []weapon{{skill: skWillpower, dmg: 1, use: true}},
		srcFight: func(s *State, t *SkillTest, _ bool, _, dmg int) int {
			if t.Flags&tfSymbol != 0 {
				s.takeDamage(int(t.Tester), 0, 1, -1)
			}
			return dmg
		},
	})
}

// Scrying (01061): ⮕ exhaust, 1 charge: look at the top 3 cards of an
// investigator's deck or the encounter deck and put them back in any order
// (its effect effScrying). LCG §3 Uses.
var idScrying = mustID("01061")

func init() {
	registerCard(idScrying, playerHooks{abilities: []weapon{{exhaust: true, use: true, effect: effScrying}}})
	registerEffect(effScrying, func(s *State, f *game.Frame, seat int) game.Control {
		return s.scrying(f)
	})
}

// scrying is Scrying's effect: look at the top 3 cards of an investigator's
// deck or the encounter deck and return them in any order. Step 0 chooses
// the deck (ActChoose+seat, ActChoose+4 the encounter deck); step 1 chooses,
// from the top down, which card goes next (Frame B counts placed cards).
func (s *State) scrying(f *game.Frame) game.Control {
	seat := int(f.Who)
	if f.Step == 0 {
		if f.Answer != game.NoAnswer {
			f.Tgt = int32(s.chosen(f).Code - ActChoose)
			f.Step, f.B = 1, 0
			return game.Again
		}
		p := s.ask(seat, PkTarget, f.Src)
		for k := 0; k < int(s.N); k++ {
			if i := s.seatAt(k); s.inGame(i) && len(s.Inv[i].Deck) > 1 {
				p.Add(ActChoose+game.ActionCode(i), int32(i), 0)
			}
		}
		if len(s.EncDeck) > 1 {
			p.Add(ActChoose+4, -1, 0)
		}
		return s.waitOrSingle(f, p)
	}
	var deck []int16
	if f.Tgt == 4 {
		deck = s.EncDeck
	} else {
		deck = s.Inv[f.Tgt].Deck
	}
	n := len(deck)
	if n > 3 {
		n = 3
	}
	if f.Answer != game.NoAnswer {
		// Put the chosen card at the highest unfilled position.
		from := int(s.chosen(f).Arg)
		to := len(deck) - 1 - int(f.B)
		deck[from], deck[to] = deck[to], deck[from]
		f.B++
	}
	if int(f.B) >= n-1 {
		return game.Done
	}
	p := s.ask(seat, PkChoice, f.Src)
	for i := len(deck) - 1 - int(f.B); i >= len(deck)-n; i-- {
		p.Add(ActChoose+game.ActionCode(len(deck)-1-i), int32(i), int32(deck[i]))
	}
	return game.Wait
}

// Arcane Studies (01062): ⚡ spend 1 resource: +1 willpower, or +1
// intellect, for this skill test. LCG §3 Fast.
var idArcaneStudies = mustID("01062")

func init() {
	registerCard(idArcaneStudies, playerHooks{boost: [2]int8{skWillpower, skIntellect}, boosts: true})
}

// Arcane Initiate (01063): forced, after it enters play: 1 doom on it; ⚡
// exhaust: search the top 3 cards of your deck for a Spell and draw it
// (its effect effArcaneInitiate). LCG §3 Forced Abilities, §3 Search.
var idArcaneInitiate = mustID("01063")

func init() {
	registerCard(idArcaneInitiate, playerHooks{
		fastUsable: func(s *State, seat int, id int16) bool {
			return !s.Cards[id].Exhausted && len(s.Inv[seat].Deck) > 0
		},
		fastRun: func(s *State, seat int, id int16) {
			s.Cards[id].Exhausted = true
			s.push(opEffect, seat, int32(id), -1, effArcaneInitiate, 0)
		},
	})
	registerTriggers(trigAbility{seq: 27, kind: tpAfterEnterPlay, name: "Arcane Initiate", card: idArcaneInitiate, from: fromScenario, forced: true,
		// Arcane Initiate: after it enters play, place 1 doom on it.
		ok: func(s *State, ev *event, _ int, id int16) bool {
			return s.Cards[id].Def == idArcaneInitiate && s.Cards[id].Zone == ZonePlay
		},
		run: func(s *State, ev *event, _ int, id int16, _ game.Option) { s.Cards[id].Doom++ }})
	registerEffect(effArcaneInitiate, func(s *State, f *game.Frame, seat int) game.Control {
		// Arcane Initiate: search the top 3 cards for a Spell and draw it; shuffle.
		return s.searchDeck(f, seat, 3, func(id int16) bool { return s.has(id, trSpell) }, true)
	})
}

// Drawn to the Flame (01064): draw the top card of the encounter deck, then
// discover 2 clues at your location (its effect effDrawnToFlame). LCG §4
// step 4.
var idDrawnToFlame = mustID("01064")

func init() {
	registerCard(idDrawnToFlame, playerHooks{
		play: func(s *State, seat int, id int16) {
			s.push(opEffect, seat, int32(id), -1, effDrawnToFlame, 0)
			s.push(opEncounter, seat, -1, -1, 0, 0)
		},
	})
	registerEffect(effDrawnToFlame, func(s *State, f *game.Frame, seat int) game.Control {
		s.discoverAt(seat, int(s.Inv[seat].Loc), 2) // then discover 2 clues
		return game.Done
	})
}

// Ward of Protection (01065): fast, when you draw a non-weakness treachery:
// cancel its revelation, then take 1 horror. LCG §3 Cancel.
var idWard = mustID("01065")

func init() {
	registerCard(idWard, playerHooks{playable: atTriggerOnly})
	registerTriggers(trigAbility{seq: 22, kind: tpWhenTreachery, name: "Ward of Protection", card: idWard, from: fromHand,
		// Ward of Protection: play when you draw a non-weakness treachery:
		// cancel its revelation effect (LCG §3 Cancel); then take 1 horror.
		run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
			s.playTrigger(seat, id)
			ev.Flags |= evCancelled
			s.takeDamage(seat, 0, 1, int32(id))
		}})
}

// Blinding Light (01066) and Blinding Light (2) (01069): Evade using
// willpower (the action it designates); on a success 1 damage (level 2: 2)
// to the evaded enemy; a revealed symbol token loses you 1 action this turn
// (level 2: and deals you 1 horror). LCG §3 Evade, §3 Ability.
var idBlindingLight, idBlindingLight2 = mustID("01066"), mustID("01069")

func init() {
	for _, d := range []struct {
		id          *cards.ID
		dmg, horror int
	}{{&idBlindingLight, 1, 0}, {&idBlindingLight2, 2, 1}} {
		dmg, horror := d.dmg, d.horror
		registerCard(*d.id, playerHooks{
			playable:   func(s *State, seat int, _ int16) bool { return s.evadeTarget(seat) >= 0 },
			designates: akEvade,
			play: func(s *State, seat int, id int16) {
				s.push(opEffect, seat, int32(id), -1, effChooseEvade, int32(skWillpower))
			},
			srcEvade: func(s *State, t *SkillTest, ok bool) {
				seat := int(t.Tester)
				if ok {
					s.damageEnemy(t.Target, dmg, seat)
				}
				if t.Flags&tfSymbol != 0 {
					if v := &s.Inv[seat]; int(s.Active) == seat && v.Actions > 0 {
						v.Actions--
					}
					if horror > 0 {
						s.takeDamage(seat, 0, horror, int32(t.Src))
					}
				}
			},
		})
	}
}

// Fearless (01067): committed to a successful test, the tester heals 1
// horror. LCG §6 ST.7.
var idFearless = mustID("01067")

func init() {
	registerCard(idFearless, playerHooks{
		committed: func(s *State, t *SkillTest, _ int16) { s.heal(int(t.Tester), 1, true) },
	})
}

// Mind Wipe (01068): fast, after a phase begins: a non-Elite enemy at your
// location loses its text until the end of the phase (its effect
// effMindWipe; ruling R-PHASE-BEGIN). LCG §3 Blank.
var idMindWipe = mustID("01068")

func init() {
	registerCard(idMindWipe, playerHooks{
		playable: func(s *State, seat int, _ int16) bool {
			return s.phaseStartWindow() && s.mindWipeTarget(seat) >= 0
		},
		play: func(s *State, seat int, id int16) { s.push(opEffect, seat, int32(id), -1, effMindWipe, 0) },
	})
	registerTriggers(trigAbility{seq: 31, kind: tpAfterPhaseBegin, name: "Mind Wipe", card: idMindWipe, from: fromHand, who: whoAll,
		// Mind Wipe: play after a phase begins (ruling R-PHASE-BEGIN).
		ok: func(s *State, ev *event, seat int, id int16) bool { return s.canPlay(seat, id) },
		run: func(s *State, ev *event, seat int, id int16, o game.Option) {
			s.doFast(seat, o)
		}})
	registerEffect(effMindWipe, func(s *State, f *game.Frame, seat int) game.Control {
		// Mind Wipe: a non-Elite enemy at your location is blank until the end
		// of the phase (LCG §3 Blank).
		return s.chooseEnemy(f, func(e int16) bool {
			return s.Cards[e].Loc == s.Inv[seat].Loc && !s.has(e, trElite)
		}, false, func(e int16) { s.setBlank(e) })
	})
}

// mindWipeTarget returns a non-Elite enemy at seat's location, or -1.
func (s *State) mindWipeTarget(seat int) int16 {
	for _, e := range s.Enemies {
		if e >= 0 && s.Cards[e].Loc == s.Inv[seat].Loc && !s.has(e, trElite) && !s.blank(e) {
			return e
		}
	}
	return -1
}

// Book of Shadows (01070): 1 additional arcane slot; ⮕ exhaust: 1 charge on
// a Spell asset you control (its effect effBookOfShadows). LCG §3
// Slots, §3 Uses.
var idBookOfShadows = mustID("01070")

func init() {
	registerCard(idBookOfShadows, playerHooks{
		arcaneSlots: 1,
		abilities: []weapon{{exhaust: true, effect: effBookOfShadows,
			usable: func(s *State, seat int, _ int16) bool { return s.spellAssetSlot(seat, 0) >= 0 }}},
	})
	registerEffect(effBookOfShadows, func(s *State, f *game.Frame, seat int) game.Control {
		// Book of Shadows: add 1 charge to a Spell asset you control (LCG §3 Uses).
		if f.Answer != game.NoAnswer {
			s.Cards[s.chosen(f).Arg].Uses++
			return game.Done
		}
		p := s.ask(seat, PkTarget, f.Src)
		for k := 0; ; k++ {
			pi := s.spellAssetSlot(seat, k)
			if pi < 0 || k >= MaxChoice {
				break
			}
			p.Add(ActChoose+game.ActionCode(k), int32(s.Inv[seat].Play[pi]), 0)
		}
		return s.waitOrSingle(f, p)
	})
}

// spellAssetSlot returns the play slot of the k-th Spell asset seat controls, or -1.
func (s *State) spellAssetSlot(seat, k int) int {
	for pi, id := range s.Inv[seat].Play {
		if s.has(id, trSpell) && s.card(id).Type == typeAsset {
			if k == 0 {
				return pi
			}
			k--
		}
	}
	return -1
}

// Grotesque Statue (01071): when you would reveal a chaos token, spend 1
// charge: reveal 2 and choose 1 to resolve. LCG §3 Instead, §3 Uses.
var idStatue = mustID("01071")

func init() {
	registerTriggers(trigAbility{seq: 14, kind: tpWhenReveal, name: "Grotesque Statue", card: idStatue, from: fromPlay,
		// Grotesque Statue: when you would reveal a chaos token, spend 1
		// charge: reveal 2 tokens instead and choose 1 to resolve.
		ok: func(s *State, ev *event, seat int, id int16) bool { return s.Cards[id].Uses > 0 },
		run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
			s.Cards[id].Uses--
			if s.Cards[id].Uses <= 0 {
				s.toDiscard(id) // no charges: discard it (LCG §3 Uses)
			}
			ev.Flags |= evReplaced
			ev.N = int32(id)
		}})
}
