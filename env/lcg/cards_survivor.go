package lcg

import "github.com/mythos-rl/mythos/env/game"

// The Survivor cards of the core set (and Wendy Adams' own), each in one
// block: its id, then everything it does (card_hooks.go's playerHooks, its
// triggered abilities for triggers.go). Texts in our own words.

// Wendy Adams (01005), investigator: when a chaos token is revealed, discard
// a card: cancel it and reveal another (once per test); ⊛ is an automatic
// success while she controls Wendy's Amulet. LCG §3 Cancel, §6 ST.4.
var idWendy = mustID("01005")

func init() {
	registerCard(idWendy, playerHooks{
		elderSign: func(s *State, t *SkillTest, seat int) int {
			if s.controls(seat, idWendyAmulet) >= 0 {
				t.Flags |= tfAutoSuccess // with Wendy's Amulet in play: automatic success
			}
			return 0
		},
	})
	registerTriggers(trigAbility{seq: 15, kind: tpTokenRevealed, name: "Wendy Adams", card: idWendy, from: fromInvestigator,
		// Wendy Adams: when a chaos token is revealed, discard a card:
		// cancel that token, return it to the bag and reveal a new one
		// (limit once per test).
		ok: func(s *State, ev *event, seat int, _ int16) bool {
			return len(s.Tests) > 0 && s.test().Flags&tfWendyUsed == 0 && len(s.Inv[seat].Hand) > 0
		},
		opts: func(s *State, ev *event, seat int, _ int16, p *game.Prompt) {
			for h, id := range s.Inv[seat].Hand {
				if h < MaxHand {
					p.Add(ActDiscard+game.ActionCode(h), int32(id), 0)
				}
			}
		},
		run: func(s *State, ev *event, seat int, _ int16, o game.Option) {
			t := s.test()
			s.discardFromHand(seat, int(o.Code-ActDiscard))
			t.Flags |= tfWendyUsed
			s.returnToken(s.Revealed[len(s.Revealed)-1])
			s.revealFor(t)
		}})
}

// Wendy's Amulet (01014): you may play the topmost event of your discard
// pile as if it were in your hand; events you play go to the bottom of your
// deck instead of the discard pile (card_texts.go). LCG §3 Instead.
var idWendyAmulet = mustID("01014")

func init() { registerCard(idWendyAmulet, playerHooks{amulet: true}) }

// Scavenging (01073): after you succeed at investigating by 2 or more,
// exhaust it: an Item from your discard pile to your hand. LCG §3 Reaction
// Abilities.
var idScavenging = mustID("01073")

func init() {
	registerTriggers(trigAbility{seq: 21, kind: tpAfterInvestigate, name: "Scavenging", card: idScavenging, from: fromPlay,
		// Scavenging: after you successfully investigate by 2 or more,
		// exhaust it: choose an Item card in your discard pile and add it to your hand.
		ok: func(s *State, ev *event, seat int, id int16) bool {
			return ev.Flags&evSuccess != 0 && ev.N >= 2 && !s.Cards[id].Exhausted && s.discardItem(seat, 0) >= 0
		},
		opts: func(s *State, ev *event, seat int, _ int16, p *game.Prompt) {
			for k := 0; k < MaxChoice; k++ {
				id := s.discardItem(seat, k)
				if id < 0 {
					break
				}
				p.Add(ActChoose+game.ActionCode(k), int32(id), 0)
			}
		},
		run: func(s *State, ev *event, seat int, id int16, o game.Option) {
			s.Cards[id].Exhausted = true
			s.moveTo(int16(o.Arg), ZoneHand, seat)
		}})
}

// discardItem returns the k-th Item in seat's discard pile (topmost first,
// one per title), or -1 (Scavenging).
func (s *State) discardItem(seat, k int) int16 {
	v := &s.Inv[seat]
	for i := len(v.Discard) - 1; i >= 0; i-- {
		id := v.Discard[i]
		if !s.has(id, trItem) {
			continue
		}
		dup := false
		for j := len(v.Discard) - 1; j > i; j-- {
			dup = dup || (s.has(v.Discard[j], trItem) && s.Cards[v.Discard[j]].Def == s.Cards[id].Def)
		}
		if dup {
			continue
		}
		if k == 0 {
			return id
		}
		k--
	}
	return -1
}

// Baseball Bat (01074): ⮕ Fight with +2 combat and +1 damage; discarded
// after the attack if a skull or the auto-fail token was revealed. LCG §3
// Fight.
var idBaseballBat = mustID("01074")

func init() {
	registerCard(idBaseballBat, playerHooks{
		abilities: []weapon{{skill: skCombat, mod: 2, dmg: 1}},
		srcFight: func(s *State, t *SkillTest, _ bool, _, dmg int) int {
			if t.Token == TokSkull || t.Token == TokAutoFail {
				s.toDiscard(t.Src) // discard after the attack
			}
			return dmg
		},
	})
}

// Rabbit's Foot (01075): after you fail a skill test, exhaust it: draw 1
// card. LCG §3 Reaction Abilities (ruling R-AUTO).
var idRabbitsFoot = mustID("01075")

func init() {
	registerTriggers(trigAbility{seq: 29, kind: tpAfterTest, name: "Rabbit's Foot", card: idRabbitsFoot, from: fromPlay,
		// Rabbit's Foot: after you fail a skill test, exhaust it: draw 1 card (ruling R-AUTO).
		ok: func(s *State, ev *event, _ int, id int16) bool {
			return ev.Flags&evSuccess == 0 && !s.Cards[id].Exhausted
		},
		run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
			s.Cards[id].Exhausted = true
			s.drawCards(seat, 1)
		}})
}

// Stray Cat (01076): ⚡ discard it: evade a non-Elite enemy at your location
// (its effect effStrayCat). LCG §3 Fast, §3 Evade.
var idStrayCat = mustID("01076")

func init() {
	registerCard(idStrayCat, playerHooks{
		fastAfter:  true,
		fastUsable: func(s *State, seat int, _ int16) bool { return s.strayCatTarget(seat) >= 0 },
		fastRun: func(s *State, seat int, id int16) {
			s.toDiscard(id)
			s.push(opEffect, seat, int32(id), -1, effStrayCat, 0)
		},
	})
	registerEffect(effStrayCat, func(s *State, f *game.Frame, seat int) game.Control {
		return s.chooseEnemy(f, func(e int16) bool { return s.Cards[e].Loc == s.Inv[seat].Loc && !s.has(e, trElite) }, false, func(e int16) {
			s.evadeEnemy(e, seat)
		})
	})
}

// strayCatTarget returns a non-Elite enemy at seat's location, or -1.
func (s *State) strayCatTarget(seat int) int16 {
	for _, e := range s.Enemies {
		if e >= 0 && s.Cards[e].Loc == s.Inv[seat].Loc && !s.has(e, trElite) {
			return e
		}
	}
	return -1
}

// Dig Deep (01077): ⚡ spend 1 resource: +1 willpower, or +1 agility, for
// this skill test. LCG §3 Fast.
var idDigDeep = mustID("01077")

func init() {
	registerCard(idDigDeep, playerHooks{boost: [2]int8{skWillpower, skAgility}, boosts: true})
}

// Cunning Distraction (01078): evade each enemy at your location (the Evade
// action it designates). LCG §3 Evade, §3 Ability.
var idCunning = mustID("01078")

func init() {
	registerCard(idCunning, playerHooks{
		playable:   func(s *State, seat int, _ int16) bool { return s.enemyAtLocation(seat) },
		designates: akEvade,
		play: func(s *State, seat int, _ int16) {
			for _, e := range s.Enemies {
				if e >= 0 && s.Cards[e].Loc == s.Inv[seat].Loc {
					s.evadeEnemy(e, seat)
				}
			}
		},
	})
}

// "Look what I found!" (01079): fast, after you fail an investigation by 2
// or less: discover 2 clues at your location. LCG §3 Fast.
var idLookWhatIFound = mustID("01079")

func init() {
	registerCard(idLookWhatIFound, playerHooks{playable: atTriggerOnly})
	registerTriggers(trigAbility{seq: 20, kind: tpAfterInvestigate, name: "Look what I found!", card: idLookWhatIFound, from: fromHand,
		// "Look what I found!": play after you fail a skill test by 2 or
		// less while investigating: discover 2 clues at your location.
		ok: func(s *State, ev *event, seat int, _ int16) bool {
			return ev.Flags&(evSuccess|evAutoFail) == 0 && ev.N >= -2 && s.canDiscoverHere(seat)
		},
		run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
			s.playTrigger(seat, id)
			s.discoverAt(seat, int(s.Inv[seat].Loc), 2)
		}})
}

// Lucky! (01080) and Lucky! (2) (01084): fast, when you would fail a skill
// test: +2 skill value (level 2: and draw 1 card). LCG §3 Fast (ruling
// R-LUCKY).
var idLucky, idLucky2 = mustID("01080"), mustID("01084")

func init() {
	registerCard(idLucky, playerHooks{playable: atTriggerOnly})
	registerCard(idLucky2, playerHooks{playable: atTriggerOnly})
	registerTriggers(trigAbility{seq: 17, kind: tpWhenFail, name: "Lucky!", card: idLucky, from: fromHand,
		// Lucky!: play when you would fail a skill test: +2 skill value (ruling R-LUCKY).
		ok: func(s *State, ev *event, _ int, _ int16) bool { return s.wouldFail() },
		run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
			s.playTrigger(seat, id)
			s.test().Mod += 2
		}})
	registerTriggers(trigAbility{seq: 18, kind: tpWhenFail, name: "Lucky! (2)", card: idLucky2, from: fromHand,
		// Lucky! (2): the same, and draw 1 card.
		ok: func(s *State, ev *event, _ int, _ int16) bool { return s.wouldFail() },
		run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
			s.playTrigger(seat, id)
			s.test().Mod += 2
			s.drawCards(seat, 1)
		}})
}

// Survival Instinct (01081): committed to a successful evasion, the evader
// may disengage from each other enemy and move to a connecting location
// (its effect effSurvivalInstinct). LCG §6 ST.7.
var idSurvivalInstinct = mustID("01081")

func init() {
	registerCard(idSurvivalInstinct, playerHooks{
		committed: func(s *State, t *SkillTest, id int16) {
			if t.Kind == tkEvade && s.inGame(int(t.Tester)) {
				s.push(opEffect, int(t.Tester), int32(id), -1, effSurvivalInstinct, 0)
			}
		},
	})
	registerEffect(effSurvivalInstinct, disengageAndMove)
}

// Aquinnah (01082): when an enemy attacks you, exhaust her and deal her 1
// horror: the attack's damage goes to another enemy at your location
// (aquinnahTarget, its effect effAquinnah). LCG §3 Instead.
var idAquinnah = mustID("01082")

func init() {
	registerTriggers(trigAbility{seq: 13, kind: tpWhenAttack, name: "Aquinnah", card: idAquinnah, from: fromPlay,
		// Aquinnah: when an enemy attacks you, exhaust her and deal her 1
		// horror: that attack's damage goes to another enemy at your
		// location instead (LCG §3 Instead; the horror still is yours).
		ok: func(s *State, ev *event, seat int, id int16) bool {
			return !s.Cards[id].Exhausted && ev.N == 0 && s.card(ev.Subj).Damage > 0 && s.aquinnahTarget(seat, ev.Subj, 0) >= 0
		},
		run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
			s.Cards[id].Exhausted = true
			s.Cards[id].Horror++
			if s.Cards[id].Horror >= s.card(id).Sanity {
				s.log.Add(evDefeat, game.AgentID(seat), int32(id), 0, 0)
				s.toDiscard(id)
			}
			s.push(opEffect, seat, int32(ev.Subj), -1, effAquinnah, int32(s.eventIndex(ev)))
		}})
	registerEffect(effAquinnah, func(s *State, f *game.Frame, seat int) game.Control {
		return s.aquinnahChoose(f)
	})
}

// aquinnahTarget returns the k-th enemy at seat's location other than the
// attacker, or -1.
func (s *State) aquinnahTarget(seat int, attacker int16, k int) int16 {
	for slot, x := range s.Enemies {
		if slot < MaxEnemies && x >= 0 && x != attacker && s.Cards[x].Loc == s.Inv[seat].Loc {
			if k == 0 {
				return x
			}
			k--
		}
	}
	return -1
}

// aquinnahChoose asks which other enemy at the attacked investigator's
// location takes the attack's damage (Aquinnah); the choice goes to the
// attack's event (Frame B) as N = enemy + 1.
func (s *State) aquinnahChoose(f *game.Frame) game.Control {
	seat, e := int(f.Who), int16(f.Src)
	ev := &s.Events[f.B]
	if f.Answer != game.NoAnswer {
		ev.N = s.chosen(f).Arg + 1
		return game.Done
	}
	p := s.ask(seat, PkTarget, int32(e))
	for k := 0; k < MaxEnemies; k++ {
		x := s.aquinnahTarget(seat, e, k)
		if x < 0 {
			break
		}
		p.Add(ActEnemy+game.ActionCode(s.enemySlot(x)), int32(x), 0)
	}
	switch len(p.Options) {
	case 0:
		return game.Done
	case 1:
		ev.N = p.Options[0].Arg + 1
		return game.Done
	}
	return game.Wait
}

// Close Call (01083): fast, after a non-Elite, non-weakness enemy at your
// location is evaded: shuffle it into the encounter deck. LCG §3 Fast.
var idCloseCall = mustID("01083")

func init() {
	registerCard(idCloseCall, playerHooks{playable: atTriggerOnly})
	registerTriggers(trigAbility{seq: 10, kind: tpAfterEvade, name: "Close Call", card: idCloseCall, from: fromHand, who: whoHere,
		// Close Call: play after a non-Elite, non-weakness enemy at your
		// location is evaded: shuffle it into the encounter deck.
		ok: func(s *State, ev *event, seat int, _ int16) bool {
			e := ev.Subj
			return s.enemySlot(e) >= 0 && s.Cards[e].Exhausted && !s.card(e).Weakness && !s.has(e, trElite)
		},
		run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
			s.playTrigger(seat, id)
			if e := ev.Subj; s.enemySlot(e) >= 0 {
				s.moveTo(e, ZoneEncDeck, -1)
				s.Cards[e].Loc = -1
				s.shuffleEncounter()
			}
		}})
}

// Will to Survive (01085): fast, during your turn: no chaos tokens are
// revealed in your skill tests until the end of your turn (lasting.go). LCG
// §3 Lasting Effects.
var idWillToSurvive = mustID("01085")

func init() {
	registerCard(idWillToSurvive, playerHooks{
		playable: duringYourTurn,
		play:     func(s *State, seat int, _ int16) { s.Inv[seat].Lasting |= lastWillToSurvive }, // until the end of your turn
	})
}
