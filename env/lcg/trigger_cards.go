package lcg

import "github.com/mythos-rl/mythos/env/game"

// The triggered abilities of the core set and The Gathering, as data for the
// trigger pipeline (triggers.go). The first four forced abilities keep the
// forced indexes fxPsychosis … fxFrozenInFear (the lead's PkOrder options).

func init() {
	registerTriggers([]trigAbility{
		// Forced abilities (LCG §3 Forced Abilities).
		{seq: 0, kind: tpAfterDamage, name: "Psychosis", card: idPsychosis, from: fromThreat, forced: true,
			// Psychosis: after horror is placed on you, 1 direct damage (per copy; they resolve together).
			ok: func(s *State, ev *event, seat int, _ int16) bool { return ev.Amt[seat]>>8 > 0 },
			run: func(s *State, ev *event, seat int, _ int16, _ game.Option) {
				s.push(opDamage, seat, -1, -1, packDmg(s.countThreat(seat, idPsychosis), 0, true), 0)
			}},
		{seq: 1, kind: tpAfterDamage, name: "Hypochondria", card: idHypochondria, from: fromThreat, forced: true,
			// Hypochondria: after damage is placed on you, 1 direct horror (per copy).
			ok: func(s *State, ev *event, seat int, _ int16) bool { return ev.Amt[seat]&0xff > 0 },
			run: func(s *State, ev *event, seat int, _ int16, _ game.Option) {
				s.push(opDamage, seat, -1, -1, packDmg(0, s.countThreat(seat, idHypochondria), true), 0)
			}},
		{seq: 2, kind: tpEndTurn, name: "Dark Memory", card: idDarkMemory, from: fromHandCard, forced: true,
			// Dark Memory: at the end of your turn, revealed from hand: 2 horror (per copy).
			run: func(s *State, ev *event, seat int, _ int16, _ game.Option) {
				for _, id := range s.Inv[seat].Hand {
					if s.Cards[id].Def == idDarkMemory {
						s.takeDamage(seat, 0, 2, int32(id))
					}
				}
			}},
		{seq: 3, kind: tpEndTurn, name: "Frozen in Fear", card: idFrozenInFear, from: fromThreat, forced: true,
			// Frozen in Fear: at the end of your turn, test willpower (3) to discard it (per copy).
			run: func(s *State, ev *event, seat int, _ int16, _ game.Option) {
				for _, id := range s.Inv[seat].Threat {
					if s.Cards[id].Def == idFrozenInFear {
						s.pushTest(seat, skWillpower, 3, tkFrozen, -1, id)
					}
				}
			}},
		{seq: 4, kind: tpAfterInvestigate, name: "Obscuring Fog", card: idObscuringFog, from: fromScenario, forced: true,
			// Obscuring Fog: after the attached location is successfully investigated, discard it.
			ok: func(s *State, ev *event, _ int, _ int16) bool {
				return ev.Flags&evSuccess != 0 && s.fogAt(int(ev.Loc)) >= 0
			},
			run: func(s *State, ev *event, _ int, _ int16, _ game.Option) {
				for a := s.fogAt(int(ev.Loc)); a >= 0; a = s.fogAt(int(ev.Loc)) {
					s.toDiscard(a)
				}
			}},
		{seq: 5, kind: tpAfterAttack, name: "Silver Twilight Acolyte", card: idSilverTwilight, from: fromScenario, forced: true,
			// Silver Twilight Acolyte: after it attacks, place 1 doom on the current agenda.
			ok: func(s *State, ev *event, _ int, e int16) bool {
				return s.Cards[e].Def == idSilverTwilight && inPlayZone(s.Cards[e].Zone) && !s.blank(e)
			},
			run: func(s *State, ev *event, _ int, _ int16, _ game.Option) { s.placeAgendaDoom(1) }},

		// After damage/horror.

		// After defeating an enemy.

		// After evading an enemy.
		{seq: 10, kind: tpAfterEvade, name: "Close Call", card: idCloseCall, from: fromHand, who: whoHere,
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
			}},

		// When an enemy spawns.

		// When an enemy attacks (a "would" event: cancel, instead).
		{seq: 13, kind: tpWhenAttack, name: "Aquinnah", card: idAquinnah, from: fromPlay,
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
			}},

		// Skill tests (LCG §6 ST.3–ST.6).
		{seq: 15, kind: tpTokenRevealed, name: "Wendy Adams", card: idWendy, from: fromInvestigator,
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
			}},
		{seq: 17, kind: tpWhenFail, name: "Lucky!", card: idLucky, from: fromHand,
			// Lucky!: play when you would fail a skill test: +2 skill value (ruling R-LUCKY).
			ok:  func(s *State, ev *event, _ int, _ int16) bool { return s.wouldFail() },
			run: func(s *State, ev *event, seat int, id int16, _ game.Option) { s.playLucky(seat, id, s.test()) }},
		{seq: 18, kind: tpWhenFail, name: "Lucky! (2)", card: idLucky2, from: fromHand,
			// Lucky! (2): the same, and draw 1 card.
			ok:  func(s *State, ev *event, _ int, _ int16) bool { return s.wouldFail() },
			run: func(s *State, ev *event, seat int, id int16, _ game.Option) { s.playLucky(seat, id, s.test()) }},

		// Investigations.
		{seq: 20, kind: tpAfterInvestigate, name: "Look what I found!", card: idLookWhatIFound, from: fromHand,
			// "Look what I found!": play after you fail a skill test by 2 or
			// less while investigating: discover 2 clues at your location.
			ok: func(s *State, ev *event, seat int, _ int16) bool {
				return ev.Flags&(evSuccess|evAutoFail) == 0 && ev.N >= -2 && s.cluesHere(seat)
			},
			run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
				s.playTrigger(seat, id)
				s.discoverAt(seat, int(s.Inv[seat].Loc), 2)
			}},
		{seq: 21, kind: tpAfterInvestigate, name: "Scavenging", card: idScavenging, from: fromPlay,
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
			}},

		// Encounter cards.

		// Clues.
		{seq: 23, kind: tpWhenDiscover, name: "Cover Up", card: idCoverUp, from: fromThreat,
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
			}},

		// Playing cards.
		{seq: 25, kind: tpAfterEnter, name: "Attic", card: idAttic, from: fromScenario, forced: true,
			// Attic: after you enter the Attic, take 1 horror.
			ok:  func(s *State, ev *event, _ int, loc int16) bool { return s.Cards[loc].Def == idAttic },
			run: func(s *State, ev *event, _ int, _ int16, _ game.Option) { s.takeDamage(int(ev.Seat), 0, 1, -1) }},
		{seq: 26, kind: tpAfterEnter, name: "Cellar", card: idCellar, from: fromScenario, forced: true,
			// Cellar: after you enter the Cellar, take 1 damage.
			ok:  func(s *State, ev *event, _ int, loc int16) bool { return s.Cards[loc].Def == idCellar },
			run: func(s *State, ev *event, _ int, _ int16, _ game.Option) { s.takeDamage(int(ev.Seat), 1, 0, -1) }},
		{seq: 29, kind: tpAfterTest, name: "Rabbit's Foot", card: idRabbitsFoot, from: fromPlay, auto: true,
			// Rabbit's Foot: after you fail a skill test, exhaust it: draw 1 card (ruling R-AUTO).
			ok: func(s *State, ev *event, _ int, id int16) bool {
				return ev.Flags&evSuccess == 0 && !s.Cards[id].Exhausted
			},
			run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
				s.Cards[id].Exhausted = true
				s.drawCards(seat, 1)
			}},
	}...)
}

// cluesHere reports whether seat's location has a clue.
func (s *State) cluesHere(seat int) bool {
	loc := s.LocInst[s.Inv[seat].Loc]
	return loc >= 0 && s.Cards[loc].Clues > 0
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

// wouldFail reports whether the current test would fail now (LCG §6 ST.6),
// short of an automatic failure.
func (s *State) wouldFail() bool {
	if len(s.Tests) == 0 {
		return false
	}
	t := s.test()
	s.judge(t)
	return t.Flags&(tfSuccess|tfAutoFail) == 0
}

// eventIndex returns the index of ev on the event stack.
func (s *State) eventIndex(ev *event) int {
	for k := range s.Events {
		if &s.Events[k] == ev {
			return k
		}
	}
	return -1
}
