package lcg

import "github.com/mythos-rl/mythos/env/game"

// Encounter sets of Night of the Zealot shared by several scenarios: Dark
// Cult (pentagram), Nightgaunts, Locked Doors and the four Agents sets (Agents
// of Yog-Sothoth, Shub-Niggurath, Cthulhu and Hastur; The Devourer Below uses
// one, and the Return-to and side scenarios may use the others). Each card's whole
// behaviour is its hooks here (card_hooks.go), as is that of the Ghouls,
// Striking Fear, Ancient Evils and Chilling Cold treacheries (at the end).

var (
	idAcolyte, idWizardOrder, idMysteriousChanting = mustID("01169"), mustID("01170"), mustID("01171")
	idHuntingNightgaunt, idOnWings, idLockedDoor   = mustID("01172"), mustID("01173"), mustID("01174")
	idByakhee, idYellowSign, idYithian             = mustID("01175"), mustID("01176"), mustID("01177")
	idOfferOfPower, idDarkYoung, idGoatSpawn       = mustID("01178"), mustID("01179"), mustID("01180")
	idYoungDeepOne, idDreamsOfRlyeh                = mustID("01181"), mustID("01182")
)

func init() {
	// Agents of Hastur. Screeching Byakhee (Prey lowest remaining sanity,
	// Hunter, from the card data): +1 fight and +1 evade while engaged with
	// an investigator with 4 or less remaining sanity.
	registerHooks(idByakhee, &cardHooks{statBonus: func(s *State, e int16) int {
		if c := &s.Cards[e]; c.Zone == ZoneThreat && c.Ctrl >= 0 && s.remainingSanity(int(c.Ctrl)) <= 4 {
			return 1
		}
		return 0
	}})
	// The Yellow Sign: test willpower (4); if you fail, take 2 horror, then
	// search your deck for a Madness weakness, draw it, and shuffle.
	registerHooks(idYellowSign, &cardHooks{
		revelation: func(s *State, seat int, id int16) { s.pushTest(seat, skWillpower, 4, tkTreachery, -1, id) },
		testResult: func(s *State, t *SkillTest, ok bool, _ int) {
			if !ok {
				s.pushCardEffect(int(t.Tester), t.Src, -1, 0) // after the horror
				s.takeDamage(int(t.Tester), 0, 2, int32(t.Src))
			}
		},
		effect: func(s *State, f *game.Frame) game.Control {
			seat := int(f.Who)
			if !s.inGame(seat) {
				return game.Done
			}
			v := &s.Inv[seat]
			found := int16(-1)
			for i := len(v.Deck) - 1; i >= 0 && found < 0; i-- {
				if devourerIsMadness(s.Cards[v.Deck[i]].Def) {
					found = v.Deck[i]
				}
			}
			if found >= 0 {
				s.moveTo(found, ZoneHand, seat)
				s.log.Add(evDraw, game.AgentID(seat), int32(found), 0, 0)
				s.drawnWeakness(seat, found)
			}
			s.shuffleDeck(seat)
			return game.Done
		},
	})

	// Agents of Yog-Sothoth. Yithian Observer (Prey fewest cards in hand):
	// when it attacks you, discard 1 card at random from your hand; if you
	// cannot, it deals +1 damage and +1 horror for this attack.
	registerHooks(idYithian, &cardHooks{attackExtra: func(s *State, e int16, seat int) (int, int) {
		v := &s.Inv[seat]
		if len(v.Hand) == 0 {
			return 1, 1
		}
		s.toDiscard(v.Hand[s.rng.IntN(len(v.Hand))])
		return 0, 0
	}})
	// Offer of Power (Peril): draw 2 cards and place 2 doom on the current
	// agenda (it may advance), or take 2 horror (you choose).
	registerHooks(idOfferOfPower, &cardHooks{
		revelation: func(s *State, seat int, id int16) { s.pushCardEffect(seat, id, -1, 0) },
		effect: func(s *State, f *game.Frame) game.Control {
			seat := int(f.Who)
			if !s.inGame(seat) {
				return game.Done
			}
			if f.Answer == game.NoAnswer {
				p := s.ask(seat, PkChoice, f.Src)
				p.Add(ActChoose+0, 0, 0) // draw 2 cards, 2 doom on the agenda
				p.Add(ActChoose+1, 1, 0) // take 2 horror
				return game.Wait
			}
			if s.chosen(f).Arg == 0 {
				s.placeAgendaDoom(2)
				s.checkDoom()
				s.drawCards(seat, 2)
			} else {
				s.takeDamage(seat, 0, 2, f.Src)
			}
			return game.Done
		},
	})

	// Agents of Shub-Niggurath. Relentless Dark Young (Prey lowest
	// agility): at the end of the round, heal 2 damage from it.
	registerHooks(idDarkYoung, &cardHooks{endOfRound: func(s *State, e int16) {
		s.Cards[e].Damage = max(s.Cards[e].Damage-2, 0)
	}})
	// Goat Spawn (Hunter, Retaliate): when it is defeated, each investigator
	// at its location takes 1 horror.
	registerHooks(idGoatSpawn, &cardHooks{defeated: func(s *State, e int16, loc int8) {
		if m := s.seatsAtLoc(loc); m != 0 {
			s.dealGroup(m, 0, 1, int32(e))
		}
	}})

	// Agents of Cthulhu. Young Deep One (Prey lowest combat, Hunter): after
	// it engages you, take 1 horror.
	registerHooks(idYoungDeepOne, &cardHooks{engaged: func(s *State, e int16, seat int) {
		s.takeDamage(seat, 0, 1, int32(e))
	}})
	// Dreams of R'lyeh: into your threat area; you get -1 willpower and -1
	// sanity; ⮕ test willpower (3) to discard it.
	registerHooks(idDreamsOfRlyeh, &cardHooks{
		revelation: func(s *State, seat int, id int16) {
			s.toThreat(seat, id)
			if s.remainingSanity(seat) <= 0 {
				s.eliminate(seat, OutHorror) // its -1 sanity defeats at once (LCG §3 Sanity and Horror)
			}
		},
		skillMod: func(s *State, _ int16, ctrl, seat int, sk int8) int {
			if sk == skWillpower && ctrl == seat {
				return -1
			}
			return 0
		},
		sanityMod: func(*State, int16, int) int { return -1 },
		threatRun: func(s *State, seat int, id int16) { s.pushTest(seat, skWillpower, 3, tkTreachery, -1, id) },
		testResult: func(s *State, t *SkillTest, ok bool, _ int) {
			if ok && s.Cards[t.Src].Zone == ZoneThreat {
				s.toDiscard(t.Src)
			}
		},
	})
}

func init() {
	// Acolyte: after it enters play, place 1 doom on it.
	registerHooks(idAcolyte, &cardHooks{spawned: func(s *State, e int16) { s.Cards[e].Doom++ }})
	// Wizard of the Order (Retaliate, from the card data): at the end of
	// the mythos phase, place 1 doom on it.
	registerHooks(idWizardOrder, &cardHooks{endOfMythos: func(s *State, e int16) { s.Cards[e].Doom++ }})
	// Mysterious Chanting: 2 doom on the nearest Cultist enemy; with none in
	// play, search the encounter deck and discard pile for a Cultist enemy
	// and draw it, then shuffle the encounter deck.
	registerHooks(idMysteriousChanting, &cardHooks{
		revelation: func(s *State, seat int, id int16) { s.pushCardEffect(seat, id, -1, 0) },
		effect: func(s *State, f *game.Frame) game.Control {
			seat := int(f.Who)
			if f.Answer != game.NoAnswer || s.masksCultistsInPlay() > 0 {
				return s.doomOnNearestCultist(f, 2)
			}
			if !s.inGame(seat) {
				return game.Done
			}
			return s.drawEnemyWithTrait(seat, trCultist)
		},
	})

	// Hunting Nightgaunt (Hunter): while evading it, each revealed token's
	// negative modifier is doubled (tokenModifier).
	registerHooks(idHuntingNightgaunt, &cardHooks{evadeDoubleNeg: true})
	// On Wings of Darkness: test agility (4). If you fail, take 1 damage and
	// 1 horror, then disengage from each non-Nightgaunt enemy engaged with
	// you and move to a Central location.
	registerHooks(idOnWings, &cardHooks{
		revelation: func(s *State, seat int, id int16) { s.pushTest(seat, skAgility, 4, tkTreachery, -1, id) },
		testResult: func(s *State, t *SkillTest, ok bool, _ int) {
			if ok {
				return
			}
			seat := int(t.Tester)
			s.pushCardEffect(seat, t.Src, -1, 0) // "then": after the damage and horror
			s.takeDamage(seat, 1, 1, int32(t.Src))
		},
		effect: func(s *State, f *game.Frame) game.Control {
			seat := int(f.Who)
			if !s.inGame(seat) {
				return game.Done
			}
			if f.Answer == game.NoAnswer {
				for i := 0; i < len(s.Inv[seat].Threat); i++ {
					if e := s.Inv[seat].Threat[i]; s.card(e).Type == typeEnemy && !s.has(e, trNightgaunt) {
						s.disengage(e)
						i--
					}
				}
				p := s.ask(seat, PkTarget, f.Src)
				for k := 0; k < MaxLocations; k++ {
					if s.locInPlay(k) && s.has(s.LocInst[k], trCentral) {
						p.Add(ActLocation+game.ActionCode(k), int32(k), 0)
					}
				}
				switch len(p.Options) {
				case 0:
					return game.Done
				case 1:
					f.Answer = 0
				default:
					return game.Wait
				}
			}
			if k := int(s.chosen(f).Arg); k != int(s.Inv[seat].Loc) {
				s.startMove(seat, k, false)
			}
			return game.Done
		},
	})

	// Locked Door: attach to the location in play with the most clues and
	// no Locked Door (the drawer chooses on a tie); it cannot be
	// investigated; ⮕ test combat (4) or agility (4) to discard it.
	registerHooks(idLockedDoor, &cardHooks{
		revelation: func(s *State, seat int, id int16) { s.pushCardEffect(seat, id, -1, 0) },
		effect: func(s *State, f *game.Frame) game.Control {
			seat := int(f.Who)
			id := int16(f.Src)
			if f.Answer == game.NoAnswer {
				best := -1
				var m uint16
				for k := 0; k < MaxLocations; k++ {
					if !s.locInPlay(k) || s.investigateBlocked(k) {
						continue
					}
					switch c := int(s.Cards[s.LocInst[k]].Clues); {
					case c > best:
						best, m = c, 1<<uint(k)
					case c == best:
						m |= 1 << uint(k)
					}
				}
				if m == 0 {
					return game.Done // nowhere to attach: discarded
				}
				p := s.ask(seat, PkTarget, f.Src)
				for k := 0; k < MaxLocations; k++ {
					if m&(1<<uint(k)) != 0 {
						p.Add(ActLocation+game.ActionCode(k), int32(k), 0)
					}
				}
				if len(p.Options) > 1 && s.inGame(seat) {
					return game.Wait
				}
				f.Answer = 0
			}
			k := int(s.chosen(f).Arg)
			s.moveTo(id, ZoneBoard, -1)
			s.Cards[id].Host, s.Cards[id].Loc = s.LocInst[k], int8(k)
			return game.Done
		},
		blockInvestigate: true,
		boardOpts: func(s *State, seat int, id int16, p *game.Prompt) {
			if s.canPay(seat, 1, false) {
				p.Add(ActChoose+0, int32(id), 0) // break down the door: combat (4)
				p.Add(ActChoose+1, int32(id), 1) // pick the lock: agility (4)
			}
		},
		boardText: func(k int) string {
			return []string{"Locked Door: test combat (4) to break down the door", "Locked Door: test agility (4) to pick the lock"}[k&1]
		},
		boardRun: func(s *State, seat int, id int16, o game.Option) {
			sk := skCombat
			if o.Arg2 == 1 {
				sk = skAgility
			}
			s.pushTest(seat, sk, 4, tkTreachery, -1, id)
		},
		testResult: func(s *State, t *SkillTest, ok bool, _ int) {
			if ok && s.Cards[t.Src].Zone == ZoneBoard {
				s.toDiscard(t.Src)
			}
		},
	})
}

// doomOnNearestCultist places n doom on the Cultist enemy in play nearest to
// the frame's investigator (LCG §3 Nearest; on a tie they choose). With none
// it does nothing.
func (s *State) doomOnNearestCultist(f *game.Frame, n int) game.Control {
	seat := int(f.Who)
	from := int(s.Inv[seat].Loc)
	if from < 0 {
		return game.Done
	}
	dist := s.distances(from)
	best := int8(-1)
	for _, e := range s.Enemies {
		if e >= 0 && s.has(e, trCultist) {
			if d := dist[s.Cards[e].Loc]; d >= 0 && (best < 0 || d < best) {
				best = d
			}
		}
	}
	if best < 0 {
		return game.Done
	}
	return s.chooseEnemy(f, func(e int16) bool {
		return s.has(e, trCultist) && dist[s.Cards[e].Loc] == best
	}, false, func(e int16) { s.Cards[e].Doom += int8(n) })
}

// The Ghouls, Striking Fear, Ancient Evils and Chilling Cold sets (The
// Gathering, The Midnight Masks, The Devourer Below): each treachery one
// block, its id, then its Revelation and the rest of its behaviour.

// Grasping Hands (01162, Ghouls): Revelation: test agility (3); 1 damage per
// point failed by. LCG §3 Revelation, §6 ST.7.
var idGraspingHands = mustID("01162")

func init() {
	registerHooks(idGraspingHands, &cardHooks{
		revelation: func(s *State, seat int, id int16) { s.revelationTest(seat, id, skAgility, 3) },
		testResult: func(s *State, t *SkillTest, ok bool, margin int) {
			if !ok {
				s.takeDamage(int(t.Tester), -margin, 0, int32(t.Src))
			}
		},
	})
}

// Rotting Remains (01163, Striking Fear): Revelation: test willpower (3); 1
// horror per point failed by.
var idRottingRemains = mustID("01163")

func init() {
	registerHooks(idRottingRemains, &cardHooks{
		revelation: func(s *State, seat int, id int16) { s.revelationTest(seat, id, skWillpower, 3) },
		testResult: func(s *State, t *SkillTest, ok bool, margin int) {
			if !ok {
				s.takeDamage(int(t.Tester), 0, -margin, int32(t.Src))
			}
		},
	})
}

// Frozen in Fear (01164, Striking Fear): Revelation: into your threat area;
// your first move, fight and evade action each round costs 1 more action;
// forced, at the end of your turn: test willpower (3) to discard it
// (skilltest.go's tkFrozen). LCG §3 Action, §3 Forced Abilities.
var idFrozenInFear = mustID("01164")

func init() {
	registerHooks(idFrozenInFear, &cardHooks{
		revelation: intoThreat,
		actionTax:  true,
		testResult: func(s *State, t *SkillTest, ok bool, _ int) {
			if ok && s.Cards[t.Src].Zone == ZoneThreat {
				s.toDiscard(t.Src) // passed: discard it
			}
		},
	})
	registerTriggers(trigAbility{seq: 3, kind: tpEndTurn, name: "Frozen in Fear", card: idFrozenInFear, from: fromThreat, forced: true,
		// Frozen in Fear: at the end of your turn, test willpower (3) to discard it (per copy).
		run: func(s *State, ev *event, seat int, _ int16, _ game.Option) {
			for _, id := range s.Inv[seat].Threat {
				if s.Cards[id].Def == idFrozenInFear {
					s.pushTest(seat, skWillpower, 3, tkFrozen, -1, id)
				}
			}
		}})
}

// Dissonant Voices (01165, Striking Fear): Revelation: into your threat
// area; you cannot play assets or events; discarded at the end of the
// round. LCG §5.4.
var idDissonantVoices = mustID("01165")

func init() {
	registerHooks(idDissonantVoices, &cardHooks{revelation: intoThreat, forbidsPlay: true, roundDiscard: true})
}

// Ancient Evils (01166): Revelation: 1 doom on the agenda (which may
// advance it). LCG §5.2 1.3.
var idAncientEvils = mustID("01166")

func init() {
	registerHooks(idAncientEvils, &cardHooks{revelation: func(s *State, _ int, _ int16) {
		s.placeAgendaDoom(1)
		s.checkDoom() // this effect can make the agenda advance
	}})
}

// Crypt Chill (01167, Chilling Cold): Revelation: test willpower (4); on a
// failure discard an asset you control, or take 2 damage if you cannot.
var idCryptChill = mustID("01167")

func init() {
	registerHooks(idCryptChill, &cardHooks{
		revelation: func(s *State, seat int, id int16) { s.revelationTest(seat, id, skWillpower, 4) },
		testResult: func(s *State, t *SkillTest, ok bool, _ int) {
			if ok {
				return
			}
			if seat := int(t.Tester); s.countAssets(seat) == 0 {
				s.takeDamage(seat, 2, 0, int32(t.Src))
			} else {
				s.push(opEffect, seat, int32(t.Src), -1, effDiscardAsset, 0)
			}
		},
	})
}

// Obscuring Fog (01168, Chilling Cold): Revelation: attach to your location
// (limit 1 per location); +2 shroud; forced, after it is successfully
// investigated: discard it. LCG §3 Attach To, §3 Limits.
var idObscuringFog = mustID("01168")

func init() {
	registerHooks(idObscuringFog, &cardHooks{
		revelation: func(s *State, seat int, id int16) {
			if s.fogAt(int(s.Inv[seat].Loc)) >= 0 {
				return // limit 1 per location: it cannot attach and is discarded
			}
			s.moveTo(id, ZoneBoard, -1)
			s.Cards[id].Host, s.Cards[id].Loc = s.LocInst[s.Inv[seat].Loc], s.Inv[seat].Loc
		},
		shroudMod: 2,
	})
	registerTriggers(trigAbility{seq: 4, kind: tpAfterInvestigate, name: "Obscuring Fog", card: idObscuringFog, from: fromScenario, forced: true,
		// Obscuring Fog: after the attached location is successfully investigated, discard it.
		ok: func(s *State, ev *event, _ int, _ int16) bool {
			return ev.Flags&evSuccess != 0 && s.fogAt(int(ev.Loc)) >= 0
		},
		run: func(s *State, ev *event, _ int, _ int16, _ game.Option) {
			for a := s.fogAt(int(ev.Loc)); a >= 0; a = s.fogAt(int(ev.Loc)) {
				s.toDiscard(a)
			}
		}})
}

// fogAt returns an Obscuring Fog attached to location slot k, or -1.
func (s *State) fogAt(k int) int16 {
	for _, a := range s.Board {
		if s.Cards[a].Def == idObscuringFog && s.Cards[a].Host == s.LocInst[k] {
			return a
		}
	}
	return -1
}
