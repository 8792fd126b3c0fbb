package env

import (
	"strings"

	"github.com/mythos-rl/mythos/encode/lcgobs"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// The registration of the games lives here, on the env side: games know
// nothing of env or encode (DESIGN: arrows point one way).
func init() {
	Register(Entry{
		ID:          lcg.TheGatheringID,
		Description: "Arkham Horror: The Card Game, The Gathering (Night of the Zealot 1), standalone, 1-4 investigators with starter decks",
		Options: []OptionDoc{
			{Name: "investigators", Default: "01001", Doc: "comma-separated investigator codes or names (01001 Roland Banks, 01002 Daisy Walker, 01003 Skids O'Toole, 01004 Agnes Baker, 01005 Wendy Adams)"},
			{Name: "difficulty", Default: "standard", Doc: "easy, standard, hard or expert (chaos bag and scenario reference side)"},
			{Name: "mulligan", Default: "true", Doc: "offer each investigator a mulligan of the opening hand"},
			{Name: "random_weakness", Default: "true", Doc: "add a random basic weakness to each starter deck"},
		},
		Build: buildGathering,
	})
}

// buildGathering makes The Gathering for env options.
func buildGathering(opts Options) (*Game, error) {
	mull, err := opts.Bool("mulligan", true)
	if err != nil {
		return nil, err
	}
	weak, err := opts.Bool("random_weakness", true)
	if err != nil {
		return nil, err
	}
	sc, err := lcg.NewScenario(lcg.Options{
		Investigators:    strings.Split(opts.Str("investigators", "01001"), ","),
		Difficulty:       opts.Str("difficulty", "standard"),
		Mulligan:         mull,
		NoRandomWeakness: !weak,
	})
	if err != nil {
		return nil, err
	}
	enc, err := lcgobs.New(sc.Info())
	if err != nil {
		return nil, err
	}
	return &Game{
		Info:    sc.Info(),
		New:     func(seed uint64, logging bool) game.State { return sc.New(seed, logging) },
		Encoder: enc,
	}, nil
}
