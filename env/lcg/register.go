package lcg

import (
	"github.com/mythos-rl/mythos/env/game"
)

// TheGatheringID is the env id under which package env registers The Gathering.
const TheGatheringID = "ArkhamLCG/TheGathering-v0"

// TheMidnightMasksID is the env id of The Midnight Masks (standalone).
const TheMidnightMasksID = "ArkhamLCG/TheMidnightMasks-v0"

// TheDevourerBelowID is the env id of The Devourer Below (standalone).
const TheDevourerBelowID = "ArkhamLCG/TheDevourerBelow-v0"

// NightOfTheZealotID is the env id of the Night of the Zealot campaign
// played as one game (campaign_play.go).
const NightOfTheZealotID = "ArkhamLCG/NightOfTheZealot-v0"

// Scenario is a configured game of The Gathering: its static description and
// a way to start a game from a seed.
type Scenario struct {
	cfg  *config
	info *game.Info
}

// NewScenario validates options and builds the decks (LCG §7 Setup).
func NewScenario(o Options) (*Scenario, error) {
	cfg, err := newConfig(o)
	if err != nil {
		return nil, err
	}
	return &Scenario{cfg: cfg, info: newInfo(cfg)}, nil
}

// Info describes the game: seats, action vocabulary, prompt kinds.
func (sc *Scenario) Info() *game.Info { return sc.info }

// New starts a game from seed; with logging its event log records from setup.
func (sc *Scenario) New(seed uint64, logging bool) *State {
	s := &State{cfg: sc.cfg, info: sc.info}
	s.Reset(seed, logging)
	return s
}
