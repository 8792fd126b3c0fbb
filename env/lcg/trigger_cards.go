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

		// When an enemy spawns.

		// When an enemy attacks (a "would" event: cancel, instead).

		// Skill tests (LCG §6 ST.3–ST.6).

		// Investigations.

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
