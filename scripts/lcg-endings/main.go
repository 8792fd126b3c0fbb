// Command lcg-endings plays games of an Arkham Horror LCG scenario env with
// one agent and reports where they ended: the act and agenda reached, the
// rounds played, the act objective's progress (lcg.State.ActPotential: on
// The Midnight Masks the unique cultists in the victory display over 6),
// the cards in the victory display, and how each game ended (its resolution
// and how each investigator left). It is the evidence behind train/README.md's
// account of what a trained policy fails to learn on a scenario.
//
//	go run ./scripts/lcg-endings --env ArkhamLCG/TheMidnightMasks-v0 --agent heuristic --games 200
//	go run ./scripts/lcg-endings --env ArkhamLCG/TheMidnightMasks-v0 \
//	    --agent policy:ckpt=runs/masks-easy-cultists/last --opt difficulty=easy,investigators=01001,skip_trivial=true,start_victory=5
//
// Game k is seeded game.DeriveSeed(seed, k), as mythos run seeds its
// episodes.
package main

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	_ "github.com/mythos-rl/mythos/train" // the policy agent
)

func main() {
	id := pflag.String("env", lcg.TheMidnightMasksID, "an LCG scenario env id")
	spec := pflag.String("agent", "heuristic", "the agent of every seat (mythos run's --agent)")
	games := pflag.Int("games", 200, "games to play")
	seed := pflag.Uint64("seed", 31337, "seed of the games' seeds")
	opts := pflag.String("opt", "difficulty=easy,investigators=01001,skip_trivial=true", "env options")
	pflag.Parse()
	if err := run(*id, *spec, *games, *seed, *opts); err != nil {
		fmt.Fprintln(os.Stderr, "lcg-endings:", err)
		os.Exit(1)
	}
}

// outNames are the words for lcg.Investigator.Out.
var outNames = map[uint8]string{
	lcg.OutNone: "still in", lcg.OutDamage: "killed by damage", lcg.OutHorror: "driven insane by horror",
	lcg.OutBoth: "defeated by damage and horror", lcg.OutResigned: "resigned", lcg.OutDefeated: "defeated by a card",
}

func run(id, spec string, games int, seed uint64, optText string) error {
	opts, err := env.ParseOptions(optText)
	if err != nil {
		return err
	}
	e, err := env.Make(id, opts)
	if err != nil {
		return err
	}
	a, err := agents.New(spec)
	if err != nil {
		return err
	}
	var wins, acts, agendas, rounds, progress, victory, decisions float64
	ends := map[string]int{}
	for k := 0; k < games; k++ {
		gs := game.DeriveSeed(seed, uint64(k))
		_, info := e.Reset(gs)
		a.Reset(gs)
		for {
			tr, err := e.Step(a.Act(e, &info))
			if err != nil {
				return fmt.Errorf("game %d: %w", k, err)
			}
			decisions++
			info = tr.Info
			if !tr.Done() {
				continue
			}
			s, ok := e.State().(*lcg.State)
			if !ok {
				return fmt.Errorf("%s is not an LCG env", id)
			}
			if tr.Info.Score > 0 {
				wins++
			}
			acts += float64(s.Act)
			agendas += float64(s.Agenda)
			rounds += float64(s.Round)
			progress += s.ActPotential()
			victory += float64(len(s.Victory))
			var how []string
			for i := 0; i < int(s.N); i++ {
				how = append(how, outNames[s.Inv[i].Out])
			}
			end := lcg.ResolutionName(s.Resolution)
			if s.Resolution == lcg.ResNone {
				end = "unfinished (max_steps)"
			}
			ends[end+"; "+strings.Join(how, ", ")]++
			break
		}
	}
	n := float64(max(games, 1))
	fmt.Printf("%s, %s (%s): %d of %d games won\n", id, spec, optText, int(wins), games)
	fmt.Println("mean act index  agenda index  rounds  objective progress  victory display  decisions")
	fmt.Printf("%14.2f  %12.2f  %6.2f  %18.3f  %15.2f  %9.1f\n", acts/n, agendas/n, rounds/n, progress/n, victory/n, decisions/n)
	for _, k := range slices.Sorted(maps.Keys(ends)) {
		fmt.Printf("  %-60s %d\n", k, ends[k])
	}
	return nil
}
