package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/mythos-rl/mythos/benchmarks"
)

func init() { addCommand(newEval) }

func newEval() *cobra.Command {
	var (
		agentList string
		ep        episodeFlags
		asJSON    bool
	)
	cmd := &cobra.Command{
		Use:   "eval ENV_ID",
		Short: "Compare agents on the same seeds: win rate with a 95% interval, score, length",
		Long: "Plays --episodes episodes of ENV_ID with each agent of --agents; episode k of every agent\n" +
			"starts from the same seed. Prints per agent the wins, the win rate with its Wilson 95%\n" +
			"interval, the mean score (the game's result: +1 win, -1 loss in the LCG) and the mean\n" +
			"length in decisions. The table is the same for the same seed on every run; the\n" +
			"throughput lines (decisions/s) are timing.\n\n" +
			"Agent specs are separated by commas; an agent's own options follow its name after a\n" +
			"colon, so \"random,ismcts:iters=2000,rollout=heuristic\" is two agents (a piece with '='\n" +
			"and no ':' continues the previous agent's options). ';' also separates agents.\n\n" +
			"--seat SEAT=AGENT plays a seat with a fixed agent whatever the agent under test: in\n" +
			"Machina Arcana, --seat monsters=heuristic pits every pioneer agent against the same\n" +
			"monster side, and fixing the pioneer seats instead compares monster sides. Win rates and\n" +
			"scores are always the team's (the pioneers', the investigators').",
		Example: "  mythos eval ArkhamLCG/TheGathering-v0 --agents random,heuristic,ismcts --episodes 200 --seed 1\n" +
			"  mythos eval ArkhamLCG/TheGathering-v0 --agents 'heuristic;ismcts:iters=2000,rollout=heuristic' --json\n" +
			"  mythos eval MachinaArcana/TheFrozenEngine-v0 --agents random,heuristic --seat monsters=heuristic --opt variant=easy",
		Args: envArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			specs, err := splitAgentSpecs(agentList)
			if err != nil {
				return err
			}
			opts, spec, err := ep.envOptions(args[0], specs...)
			if err != nil {
				return err
			}
			seats, err := ep.seatAgents(spec)
			if err != nil {
				return err
			}
			cfg := benchmarks.StrengthConfig{Env: args[0], Options: opts, Agents: specs, Seats: seats, Episodes: ep.episodes, Seed: ep.seed, Workers: ep.workers}
			bar := ep.bar(cmd.ErrOrStderr(), ep.episodes*len(specs), "episodes")
			if bar != nil {
				cfg.Progress = func() { bar.Add(1) }
			}
			res, err := benchmarks.Strength(cfg)
			if bar != nil {
				bar.Finish()
			}
			if err != nil {
				return err
			}
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(evalReport{Env: args[0], Seats: spec.Agents, FixedSeats: ep.seats, Options: inEffect(spec, opts).String(), Seed: ep.seed,
					Episodes: ep.episodes, Agents: res})
			}
			return writeEvalTable(cmd.OutOrStdout(), args[0], playedLine(spec, opts)+fixedLine(seats), ep.seed, ep.episodes, res)
		},
	}
	f := cmd.Flags()
	f.StringVar(&agentList, "agents", "random,heuristic,ismcts", "agent specs to compare, comma-separated (see above)")
	ep.add(f, "episodes per agent (the same seeds for every agent)", "goroutines playing episodes in parallel")
	ep.addSeats(f)
	f.BoolVar(&asJSON, "json", false, "print the results as JSON")
	return cmd
}

// evalReport is the JSON form of mythos eval.
type evalReport struct {
	Env string `json:"env"`
	// Seats names the seats (the investigators); Options are every option
	// in effect, defaults included, as name=value,...
	Seats []string `json:"seats"`
	// FixedSeats are the --seat SEAT=AGENT pairs.
	FixedSeats []string                 `json:"fixed_seats,omitempty"`
	Options    string                   `json:"options"`
	Seed       uint64                   `json:"seed"`
	Episodes   int                      `json:"episodes"`
	Agents     []benchmarks.AgentResult `json:"agents"`
}

// splitAgentSpecs splits "a,b:k=v,k2=v2;c" into agent specs: ';' always
// separates; after a ',' a piece that has '=' and no ':' continues the
// previous agent's options.
func splitAgentSpecs(list string) ([]string, error) {
	var specs []string
	for _, group := range strings.Split(list, ";") {
		for _, piece := range strings.Split(group, ",") {
			piece = strings.TrimSpace(piece)
			if piece == "" {
				continue
			}
			if strings.Contains(piece, "=") && !strings.Contains(piece, ":") {
				if len(specs) == 0 || !strings.Contains(specs[len(specs)-1], ":") {
					return nil, fmt.Errorf("agents %q: option %q does not follow an agent name with ':'", list, piece)
				}
				specs[len(specs)-1] += "," + piece
				continue
			}
			specs = append(specs, piece)
		}
	}
	if len(specs) == 0 {
		return nil, fmt.Errorf("--agents is empty")
	}
	return specs, nil
}

// writeEvalTable prints what was played, the deterministic table, then the
// timing lines.
func writeEvalTable(w io.Writer, id, played string, seed uint64, episodes int, res []benchmarks.AgentResult) error {
	fmt.Fprintf(w, "%s  episodes=%d  seed=%d\n%s\n", id, episodes, seed, played)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "agent\twins\tlosses\tunfinished\twin rate\t95% interval\tmean score\tmean length\t")
	for _, r := range res {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.3f\t[%.3f, %.3f]\t%+.3f\t%.1f\t\n", r.Agent, r.Wins, r.Losses, r.Unfinished,
			r.WinRate, r.WinLow, r.WinHigh, r.MeanScore, r.MeanLength)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, r := range res {
		fmt.Fprintf(w, "throughput: %s %.0f decisions/s (%d decisions in %s)\n", r.Agent, r.DecisionsPerSec, r.Decisions,
			time.Duration(r.Seconds*float64(time.Second)).Round(time.Millisecond))
	}
	return nil
}
