package lcg

import "github.com/mythos-rl/mythos/env/game"

// The Seeker cards of the core set (and Daisy Walker's own), each in one
// block: its id, then everything it does (card_hooks.go's playerHooks, its
// triggered abilities for triggers.go). Texts in our own words.

// Daisy Walker (01002), investigator: 1 additional action each turn for
// Tome ⮕ abilities; ⊛ on a success: draw 1 card per Tome you control. LCG
// §3 Action, §6 ST.4, ST.7.
var idDaisy = mustID("01002")

func init() {
	registerCard(idDaisy, playerHooks{
		tomeAction:   true,
		elderSuccess: func(s *State, seat int) { s.drawCards(seat, s.countTrait(seat, trTome)) },
	})
}

// Daisy's Tote Bag (01008): 2 additional hand slots for Tome assets. LCG §3
// Slots.
var idTote = mustID("01008")

func init() { registerCard(idTote, playerHooks{handSlots: 2}) }

// Magnifying Glass (01030): fast; "You get +1 [intellect] while
// investigating": a bonus to intellect, so not to an investigation tested
// with another skill (The Old House, Cliffside, Tangled Thicket). LCG §3
// Modifiers.
var idMagGlass = mustID("01030")

// magGlassBonus is both Magnifying Glasses' "+1 [intellect] while investigating".
var magGlassBonus = testBonus{kind: tkInvestigate, skill: skIntellect, n: 1}

func init() { registerCard(idMagGlass, playerHooks{whileBonus: magGlassBonus}) }

// Old Book of Lore (01031): ⮕ exhaust: an investigator at your location
// searches the top 3 cards of their deck for a card and draws it
// (its effect effOldBook). LCG §3 Search.
var idOldBook = mustID("01031")

func init() {
	registerCard(idOldBook, playerHooks{abilities: []weapon{{exhaust: true, effect: effOldBook}}})
	registerEffect(effOldBook, func(s *State, f *game.Frame, seat int) game.Control {
		// Old Book of Lore: an investigator at your location searches the top
		// 3 cards of their deck for a card, draws it, shuffles the rest in.
		if f.Step == 0 {
			who, c := s.askSeat(f, s.seatsHere(seat))
			if c == game.Wait {
				return c
			}
			if who < 0 {
				return game.Done
			}
			f.Step, f.Tgt = 1, int32(who)
			return game.Again
		}
		g := *f
		g.Who = game.AgentID(f.Tgt)
		c := s.searchDeck(&g, int(f.Tgt), 3, func(int16) bool { return true }, true)
		f.Answer = g.Answer
		return c
	})
}

// Research Librarian (01032): after it enters play, search your deck for a
// Tome asset (its effect effSearchTome), an optional reaction. LCG §3
// Search, §3 Reaction Abilities (ruling R-AUTO).
var idLibrarian = mustID("01032")

func init() {
	registerTriggers(trigAbility{seq: 28, kind: tpAfterEnterPlay, name: "Research Librarian", card: idLibrarian, from: fromPlay,
		// Research Librarian: after it enters play, search your deck for a Tome asset (ruling R-AUTO).
		// Offered only when the search can find a Tome (an ability whose
		// effect could not change the game state cannot be initiated, LCG
		// §3 Ability).
		ok: func(s *State, ev *event, seat int, _ int16) bool {
			if s.Cards[ev.Subj].Def != idLibrarian || s.Cards[ev.Subj].Zone != ZonePlay {
				return false
			}
			for _, id := range s.Inv[seat].Deck {
				if s.has(id, trTome) && s.card(id).Type == typeAsset {
					return true
				}
			}
			return false
		},
		run: func(s *State, ev *event, seat int, _ int16, _ game.Option) {
			s.push(opEffect, seat, int32(ev.Subj), -1, effSearchTome, 0)
		}})
	registerEffect(effSearchTome, func(s *State, f *game.Frame, seat int) game.Control {
		// Research Librarian: search your deck for a Tome asset, add it to
		// your hand, shuffle (LCG §3 Search).
		return s.searchDeck(f, seat, len(s.Inv[seat].Deck), func(id int16) bool {
			return s.has(id, trTome) && s.card(id).Type == typeAsset
		}, false)
	})
}

// Dr. Milan Christopher (01033): +1 intellect; after you successfully
// investigate, gain 1 resource. LCG §3 Modifiers (ruling R-AUTO).
var idMilan = mustID("01033")

func init() {
	registerCard(idMilan, playerHooks{skillBonus: [4]int8{skIntellect: 1}})
	registerTriggers(trigAbility{seq: 19, kind: tpAfterInvestigate, name: "Dr. Milan Christopher", card: idMilan, from: fromPlay,
		// Dr. Milan Christopher: after you successfully investigate, gain 1 resource (ruling R-AUTO).
		ok:  func(s *State, ev *event, _ int, _ int16) bool { return ev.Flags&evSuccess != 0 },
		run: func(s *State, ev *event, seat int, _ int16, _ game.Option) { s.gainResources(seat, 1) }})
}

// Hyperawareness (01034): ⚡ spend 1 resource: +1 intellect, or +1
// agility, for this skill test. LCG §3 Fast.
var idHyperawareness = mustID("01034")

func init() {
	registerCard(idHyperawareness, playerHooks{boost: [2]int8{skIntellect, skAgility}, boosts: true})
}

// Medical Texts (01035): ⮕ an investigator at your location: test intellect
// (2); heal 1 damage on a success, deal 1 on a failure (its effect
// effMedical; the test is a tkMedical whose ST.7 is its testResult).
var idMedicalTexts = mustID("01035")

func init() {
	registerHooks(idMedicalTexts, &cardHooks{
		playerHooks: playerHooks{abilities: []weapon{{effect: effMedical}}},
		testResult: func(s *State, t *SkillTest, ok bool, _ int) {
			if ok {
				s.heal(int(t.Target), 1, false)
			} else {
				s.takeDamage(int(t.Target), 1, 0, -1)
			}
		},
	})
	registerEffect(effMedical, func(s *State, f *game.Frame, seat int) game.Control {
		// Medical Texts: choose an investigator at your location, test
		// intellect (2): heal 1 damage on a success, deal 1 on a failure.
		who, c := s.askSeat(f, s.seatsHere(seat))
		if c == game.Wait || who < 0 {
			return c
		}
		s.pushTest(seat, skIntellect, 2, tkMedical, int16(who), int16(f.Src))
		return game.Done
	})
}

// Mind over Matter (01036): fast, during your turn: until the end of the
// round, use intellect instead of combat and agility (lasting.go). LCG §3
// Lasting Effects.
var idMindOverMatter = mustID("01036")

func init() {
	registerCard(idMindOverMatter, playerHooks{
		playable: duringYourTurn,
		play: func(s *State, seat int, _ int16) {
			s.Inv[seat].Lasting |= lastMindOverMatter // until the end of the round
		},
	})
}

// Working a Hunch (01037): fast, during your turn: discover 1 clue at your
// location. LCG §3 Fast.
var idWorkingHunch = mustID("01037")

func init() {
	registerCard(idWorkingHunch, playerHooks{
		playable: func(s *State, seat int, _ int16) bool {
			return s.Active == int8(seat) && s.canDiscoverHere(seat)
		},
		play: func(s *State, seat int, _ int16) { s.discoverAt(seat, int(s.Inv[seat].Loc), 1) },
	})
}

// Barricade (01038): attach to your location: non-Elite enemies cannot move
// into it; discard it when an investigator leaves it. LCG §3 Attach To, §3
// Hunter.
var idBarricade = mustID("01038")

func init() {
	registerCard(idBarricade, playerHooks{
		playable:  func(s *State, seat int, _ int16) bool { return !s.barricaded(s.Inv[seat].Loc) },
		playStays: true,
		play: func(s *State, seat int, id int16) {
			loc := s.Inv[seat].Loc
			s.moveTo(id, ZoneBoard, -1)
			s.Cards[id].Host, s.Cards[id].Loc = s.LocInst[loc], loc
		},
		barricade: true,
	})
}

// Deduction (01039): committed to a successful investigation, discover 1
// additional clue. LCG §6 ST.7.
var idDeduction = mustID("01039")

func init() { registerCard(idDeduction, playerHooks{discoverExtra: 1}) }

// Magnifying Glass (1) (01040): fast; +1 intellect while you investigate; ⚡
// while your location has no clues: return it to your hand. LCG §3 Fast.
var idMagGlass1 = mustID("01040")

func init() {
	registerCard(idMagGlass1, playerHooks{
		whileBonus: magGlassBonus,
		fastUsable: func(s *State, seat int, _ int16) bool {
			return s.Cards[s.LocInst[s.Inv[seat].Loc]].Clues == 0
		},
		fastRun: func(s *State, seat int, id int16) { s.moveTo(id, ZoneHand, seat) }, // return it to your hand
	})
}

// Disc of Itzamna (02) (01041): when a non-Elite enemy spawns at your
// location, discard it: discard that enemy. LCG §3 Reaction Abilities.
var idDisc = mustID("01041")

func init() {
	registerTriggers(trigAbility{seq: 11, kind: tpWhenSpawn, name: "Disc of Itzamna", card: idDisc, from: fromPlay, who: whoHere,
		// Disc of Itzamna: when a non-Elite enemy spawns at your location,
		// discard Disc of Itzamna: discard that enemy.
		ok: func(s *State, ev *event, _ int, _ int16) bool {
			return s.enemySlot(ev.Subj) >= 0 && !s.has(ev.Subj, trElite)
		},
		run: func(s *State, ev *event, _ int, id int16, _ game.Option) {
			s.toDiscard(id)
			if s.enemySlot(ev.Subj) >= 0 {
				s.toDiscard(ev.Subj)
			}
		}})
}

// Encyclopedia (01042): ⮕ exhaust: an investigator at your location gets +2
// to a skill of your choice until the end of the phase (its effect
// effEncyclopedia). LCG §3 Lasting Effects.
var idEncyclopedia = mustID("01042")

func init() {
	registerCard(idEncyclopedia, playerHooks{abilities: []weapon{{exhaust: true, effect: effEncyclopedia}}})
	registerEffect(effEncyclopedia, func(s *State, f *game.Frame, seat int) game.Control {
		// Encyclopedia: an investigator at your location gets +2 to a skill of
		// your choice until the end of the phase (LCG §3 Lasting Effects).
		if f.Answer != game.NoAnswer {
			k := int(s.chosen(f).Code - ActChoose)
			s.Inv[k/4].PhaseBonus[k%4] += 2
			return game.Done
		}
		p := s.ask(seat, PkChoice, f.Src)
		m := s.seatsHere(seat)
		for i := 0; i < int(s.N); i++ {
			if m&(1<<uint(i)) != 0 {
				for sk := 0; sk < 4; sk++ {
					p.Add(ActChoose+game.ActionCode(4*i+sk), int32(i), int32(sk))
				}
			}
		}
		return game.Wait
	})
}

// Cryptic Research (01043): fast, during your turn: an investigator at your
// location draws 3 cards (its effect effCrypticResearch). LCG §3 Fast.
var idCrypticResearch = mustID("01043")

func init() {
	registerCard(idCrypticResearch, playerHooks{
		playable: duringYourTurn,
		play:     func(s *State, seat int, id int16) { s.push(opEffect, seat, int32(id), -1, effCrypticResearch, 0) },
	})
	registerEffect(effCrypticResearch, func(s *State, f *game.Frame, seat int) game.Control {
		// Cryptic Research: an investigator at your location draws 3 cards.
		who, c := s.askSeat(f, s.seatsHere(seat))
		if c == game.Wait || who < 0 {
			return c
		}
		s.drawCards(who, 3)
		return game.Done
	})
}
