package lcg

import "github.com/mythos-rl/mythos/env/game"

// The triggered abilities of the core set and The Gathering, as data for the
// trigger pipeline (triggers.go). The first four forced abilities keep the
// forced indexes fxPsychosis … fxFrozenInFear (the lead's PkOrder options).

func init() {
	registerTriggers([]trigAbility{
		// Forced abilities (LCG §3 Forced Abilities).
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

		// After damage/horror.

		// After defeating an enemy.

		// After evading an enemy.

		// When an enemy spawns.

		// When an enemy attacks (a "would" event: cancel, instead).

		// Skill tests (LCG §6 ST.3–ST.6).

		// Investigations.

		// Encounter cards.

		// Clues.

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
