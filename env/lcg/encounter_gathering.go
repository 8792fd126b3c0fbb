package lcg

import "github.com/mythos-rl/mythos/env/game"

// The Gathering's own encounter cards with behaviour beyond their
// locations' data (scenario_gathering.go): the Attic's and the Cellar's
// forced abilities. Texts in our own words.

func init() {
	// Attic (01113): forced, after you enter it: 1 horror. Cellar (01114):
	// forced, after you enter it: 1 damage. LCG §3 Forced Abilities.
	registerTriggers(trigAbility{seq: 25, kind: tpAfterEnter, name: "Attic", card: idAttic, from: fromScenario, forced: true,
		// Attic: after you enter the Attic, take 1 horror.
		ok:  func(s *State, ev *event, _ int, loc int16) bool { return s.Cards[loc].Def == idAttic },
		run: func(s *State, ev *event, _ int, _ int16, _ game.Option) { s.takeDamage(int(ev.Seat), 0, 1, -1) }})
	registerTriggers(trigAbility{seq: 26, kind: tpAfterEnter, name: "Cellar", card: idCellar, from: fromScenario, forced: true,
		// Cellar: after you enter the Cellar, take 1 damage.
		ok:  func(s *State, ev *event, _ int, loc int16) bool { return s.Cards[loc].Def == idCellar },
		run: func(s *State, ev *event, _ int, _ int16, _ game.Option) { s.takeDamage(int(ev.Seat), 1, 0, -1) }})
}
