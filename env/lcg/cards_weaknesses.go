package lcg

import "github.com/mythos-rl/mythos/env/game"

// The weaknesses of the core set: the investigators' signature weaknesses
// and the basic weaknesses, each in one block: its id, then everything it
// does (card_hooks.go's cardHooks, its triggered abilities for
// triggers.go). Texts in our own words. LCG §3 Weakness.

// Cover Up (01007), Roland Banks' weakness: Revelation: into your threat
// area with 3 clues; when you would discover clues at your location, discard
// that many from it instead (ruling R-COVERUP); when the game ends with
// clues on it, 1 mental trauma. LCG §3 Instead, §3 Trauma.
var idCoverUp = mustID("01007")

func init() {
	registerHooks(idCoverUp, &cardHooks{
		revelation:  intoThreat,
		threatSetup: func(s *State, id int16) { s.Cards[id].Clues = 3 },
		gameEnds: func(s *State, seat int, id int16) {
			if s.Cards[id].Clues > 0 {
				s.Inv[seat].MentalTrauma++
			}
		},
	})
	registerTriggers(trigAbility{seq: 23, kind: tpWhenDiscover, name: "Cover Up", card: idCoverUp, from: fromThreat,
		// Cover Up: when you would discover clues at your location,
		// discard that many clues from Cover Up instead (LCG §3 Instead;
		// ruling R-COVERUP: up to the clues it has).
		ok: func(s *State, ev *event, seat int, id int16) bool {
			return s.Cards[id].Clues > 0 && s.Inv[seat].Loc == ev.Loc
		},
		run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
			c := &s.Cards[id]
			n := int(ev.N)
			if int(c.Clues) < n {
				n = int(c.Clues)
			}
			c.Clues -= int8(n)
			ev.Flags |= evReplaced
		}})
}

// The Necronomicon (01009), Daisy Walker's weakness: Revelation: into your
// threat area with 3 horror; ⊛ revealed in your tests is an automatic
// failure; ⮕ move 1 horror from it to you, discarding it once it has none.
// LCG §3 Revelation, §3 Automatic Failure.
var idNecronomicon = mustID("01009")

func init() {
	registerHooks(idNecronomicon, &cardHooks{
		revelation:     intoThreat,
		threatSetup:    func(s *State, id int16) { s.Cards[id].Horror = 3 },
		elderSignFails: true,
		threatRun: func(s *State, seat int, id int16) {
			c := &s.Cards[id]
			if c.Horror > 0 {
				c.Horror--
				s.push(opDamage, seat, int32(id), -1, packDmg(0, 1, true), 0)
			}
			if c.Horror == 0 {
				s.toDiscard(id)
			}
		},
	})
}

// Hospital Debts (01011), "Skids" O'Toole's weakness: Revelation: into your
// threat area; ⚡ move 1 resource from your pool onto it (twice per round);
// when the game ends with fewer than 6 resources on it, 2 experience fewer.
// LCG §3 Fast, §3 Experience.
var idHospitalDebts = mustID("01011")

func init() {
	registerHooks(idHospitalDebts, &cardHooks{
		revelation: intoThreat,
		threatFastUsable: func(s *State, seat int, _ int16) bool {
			v := &s.Inv[seat]
			return v.Resources >= 1 && v.UsedRound&bitDebts2 == 0
		},
		threatFastRun: func(s *State, seat int, id int16) {
			v := &s.Inv[seat]
			v.Resources--
			s.Cards[id].Uses++ // resources on Hospital Debts
			if v.UsedRound&bitDebts1 == 0 {
				v.UsedRound |= bitDebts1
			} else {
				v.UsedRound |= bitDebts2
			}
		},
		gameEnds: func(s *State, seat int, id int16) {
			if s.Cards[id].Uses < 6 {
				s.Inv[seat].XPPenalty += 2
			}
		},
	})
}

// Dark Memory (01013), Agnes Baker's weakness: an event: 1 doom on the
// agenda (which may advance it); forced, at the end of your turn with it in
// hand: reveal it, 2 horror. LCG §3 Forced Abilities.
var idDarkMemory = mustID("01013")

func init() {
	registerCard(idDarkMemory, playerHooks{
		play: func(s *State, _ int, _ int16) {
			s.placeAgendaDoom(1)
			s.checkDoom()
		},
	})
	registerTriggers(trigAbility{seq: 2, kind: tpEndTurn, name: "Dark Memory", card: idDarkMemory, from: fromHandCard, forced: true,
		// Dark Memory: at the end of your turn, revealed from hand: 2 horror (per copy).
		run: func(s *State, ev *event, seat int, _ int16, _ game.Option) {
			for _, id := range s.Inv[seat].Hand {
				if s.Cards[id].Def == idDarkMemory {
					s.takeDamage(seat, 0, 2, int32(id))
				}
			}
		}})
}

// Abandoned and Alone (01015), Wendy Adams' weakness: Revelation: 2 direct
// horror; remove each card in your discard pile from the game. LCG §3
// Direct Damage.
var idAbandoned = mustID("01015")

func init() {
	registerHooks(idAbandoned, &cardHooks{revelation: func(s *State, seat int, id int16) {
		s.push(opDamage, seat, int32(id), -1, packDmg(0, 2, true), 0)
		v := &s.Inv[seat]
		for len(v.Discard) > 0 {
			s.moveTo(v.Discard[0], ZoneRemoved, -1)
		}
	}})
}

// Amnesia (01096): Revelation: discard all but 1 card of your hand
// (its effect effAmnesia).
var idAmnesia = mustID("01096")

func init() {
	registerHooks(idAmnesia, &cardHooks{revelation: func(s *State, seat int, id int16) {
		if len(s.Inv[seat].Hand) > 1 {
			s.push(opEffect, seat, int32(id), -1, effAmnesia, 0)
		}
	}})
	registerEffect(effAmnesia, func(s *State, f *game.Frame, seat int) game.Control {
		// Amnesia: choose 1 card to keep and discard the rest of the hand.
		v := &s.Inv[seat]
		if f.Answer == game.NoAnswer {
			p := s.ask(seat, PkChoice, f.Src)
			for h, id := range v.Hand {
				if h < MaxChoice {
					p.Add(ActChoose+game.ActionCode(h), int32(id), 0)
				}
			}
			if len(p.Options) == 0 {
				return game.Done
			}
			return game.Wait
		}
		keep := int16(s.chosen(f).Arg)
		for i := 0; i < len(v.Hand); i++ {
			if v.Hand[i] != keep {
				s.toDiscard(v.Hand[i])
				i--
			}
		}
		return game.Done
	})
}

// Paranoia (01097): Revelation: lose all your resources.
var idParanoia = mustID("01097")

func init() {
	registerHooks(idParanoia, &cardHooks{revelation: func(s *State, seat int, _ int16) { s.Inv[seat].Resources = 0 }})
}

// Haunted (01098): Revelation: into your threat area; −1 to each of your
// skills; ⮕⮕ discard it. LCG §3 Modifiers.
var idHaunted = mustID("01098")

func init() {
	registerHooks(idHaunted, &cardHooks{
		revelation:    intoThreat,
		skillMod:      func(*State, int16, int, int, int8) int { return -1 },
		threatActions: 2,
		threatRun:     discardIt,
	})
}

// Psychosis (01099): Revelation: into your threat area; forced, after horror
// is placed on you: 1 direct damage; ⮕⮕ discard it. LCG §3 Forced Abilities.
var idPsychosis = mustID("01099")

func init() {
	registerHooks(idPsychosis, &cardHooks{revelation: intoThreat, threatActions: 2, threatRun: discardIt})
	registerTriggers(trigAbility{seq: 0, kind: tpAfterDamage, name: "Psychosis", card: idPsychosis, from: fromThreat, forced: true,
		// Psychosis: after horror is placed on you, 1 direct damage (per copy; they resolve together).
		ok: func(s *State, ev *event, seat int, _ int16) bool { return ev.Amt[seat]>>8 > 0 },
		run: func(s *State, ev *event, seat int, _ int16, _ game.Option) {
			s.push(opDamage, seat, -1, -1, packDmg(s.countThreat(seat, idPsychosis), 0, true), 0)
		}})
}

// Hypochondria (01100): Revelation: into your threat area; forced, after
// damage is placed on you: 1 direct horror; ⮕⮕ discard it. LCG §3 Forced
// Abilities.
var idHypochondria = mustID("01100")

func init() {
	registerHooks(idHypochondria, &cardHooks{revelation: intoThreat, threatActions: 2, threatRun: discardIt})
	registerTriggers(trigAbility{seq: 1, kind: tpAfterDamage, name: "Hypochondria", card: idHypochondria, from: fromThreat, forced: true,
		// Hypochondria: after damage is placed on you, 1 direct horror (per copy).
		ok: func(s *State, ev *event, seat int, _ int16) bool { return ev.Amt[seat]&0xff > 0 },
		run: func(s *State, ev *event, seat int, _ int16, _ game.Option) {
			s.push(opDamage, seat, -1, -1, packDmg(0, s.countThreat(seat, idHypochondria), true), 0)
		}})
}

// discardIt is the ⮕ ability "discard this card" of a threat-area card.
func discardIt(s *State, _ int, id int16) { s.toDiscard(id) }

// Mob Enforcer (01101): an enemy; ⮕ spend 4 resources: Parley, discard it.
// LCG §3 Parley.
var idMobEnforcer = mustID("01101")

func init() {
	registerHooks(idMobEnforcer, &cardHooks{
		parleyCan: func(s *State, seat int, _ int16) bool { return s.Inv[seat].Resources >= 4 },
		parleyPay: func(s *State, seat int, _ int16) { s.Inv[seat].Resources -= 4 }, // paid with the action
		parleyRun: func(s *State, _ int, e int16) { s.toDiscard(e) },
	})
}

// Silver Twilight Acolyte (01102): an enemy; forced, after it attacks: 1
// doom on the agenda. LCG §3 Forced Abilities.
var idSilverTwilight = mustID("01102")

func init() {
	registerTriggers(trigAbility{seq: 5, kind: tpAfterAttack, name: "Silver Twilight Acolyte", card: idSilverTwilight, from: fromScenario, forced: true,
		// Silver Twilight Acolyte: after it attacks, place 1 doom on the current agenda.
		ok: func(s *State, ev *event, _ int, e int16) bool {
			return s.Cards[e].Def == idSilverTwilight && inPlayZone(s.Cards[e].Zone) && !s.blank(e)
		},
		run: func(s *State, ev *event, _ int, _ int16, _ game.Option) { s.placeAgendaDoom(1) }})
}

// Stubborn Detective (01103): an enemy; while it is at your location, your
// investigator card is blank (ruling R-STUBBORN). LCG §3 Blank.
var idStubbornDetective = mustID("01103")

func init() { registerHooks(idStubbornDetective, &cardHooks{blanksInvestigators: true}) }
