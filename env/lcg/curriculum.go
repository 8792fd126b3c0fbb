package lcg

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Starting conditions for curricula. They are not rules: a learner that
// never wins the full scenario can start nearer to a win and be moved back
// to the real setup as it improves (docs/shaping.md). All are zero by
// default, which is the setup of LCG §7 exactly.

// Start holds the curriculum's starting conditions of a game.
type Start struct {
	// Act is the act the game starts on, 1 to 3 (0 means 1). The earlier
	// acts advance as the rules advance them, b-sides included (LCG §3 Act
	// Deck and Agenda Deck), at the end of setup, before the mulligans, so
	// the first decision already sees the act it starts on.
	Act int
	// Clues are extra clues each investigator holds at the start.
	Clues int
	// Resources are extra resources each investigator holds at the start,
	// on top of LCG §7 step 7's five.
	Resources int
	// Victory is a head start on a scenario's victory-display objective:
	// that many of the cards the objective counts start in the victory
	// display, as if already earned (The Midnight Masks: unique cultists
	// from the Cultist deck). Only a scenario with a StartVictory takes it.
	Victory int
}

// Limits of the starting conditions.
const (
	maxStartClues     = 10
	maxStartResources = 20
)

// validate reports the first starting condition out of range.
func (st Start) validate(sc *ScenarioDef) error {
	acts := 0
	for _, a := range sc.Acts {
		if def(a.Card).Type == cards.Act {
			acts++ // not a stage an agenda becomes (The Devourer Below's agenda 3b)
		}
	}
	if st.Act < 0 || st.Act > acts {
		return fmt.Errorf("start act %d: want 1 to %d", st.Act, acts)
	}
	if st.Clues < 0 || st.Clues > maxStartClues {
		return fmt.Errorf("start clues %d: want 0 to %d", st.Clues, maxStartClues)
	}
	if st.Resources < 0 || st.Resources > maxStartResources {
		return fmt.Errorf("start resources %d: want 0 to %d", st.Resources, maxStartResources)
	}
	if st.Victory < 0 || st.Victory > sc.StartVictoryMax {
		if sc.StartVictoryMax == 0 {
			return fmt.Errorf("start victory %d: %s has no victory-display objective to start on (want 0)", st.Victory, sc.Name)
		}
		return fmt.Errorf("start victory %d: want 0 to %d", st.Victory, sc.StartVictoryMax)
	}
	return nil
}

// applyStart gives each investigator the extra clues and resources, puts
// the scenario's head start in the victory display, and pushes the act
// advances, which run first (the frames are a stack: the mulligans and
// round 1 were pushed before). It is called at the end of every scenario's
// setup and does nothing with the zero Start; in campaign play only the
// episode's first scenario (the campaign start's) gets it, the later ones
// are set up as the rules say.
func (s *State) applyStart() {
	if s.Camp.On && int(s.Camp.Index) != s.cfg.campaignStart {
		return
	}
	st := s.cfg.start
	for i := 0; i < int(s.N); i++ {
		s.Inv[i].Clues += int8(st.Clues)
		s.Inv[i].Resources += int16(st.Resources)
	}
	if st.Victory > 0 {
		s.scen().StartVictory(s, st.Victory)
	}
	for a := 1; a < st.Act; a++ {
		s.push(opActAdvance, int(s.Lead), -1, -1, 0, 0)
	}
}
