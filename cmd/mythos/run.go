package main

import (
	"encoding/json"
	"fmt"
	"github.com/mythos-rl/mythos/benchmarks"
	"os"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env/game"
)

func newRun() *cobra.Command {
	var (
		agent     string
		ep        episodeFlags
		recordDir string
		asJSON    bool
	)
	cmd := &cobra.Command{
		Use:   "run ENV_ID",
		Short: "Play episodes with an agent and print a summary",
		Long: "Plays --episodes episodes of ENV_ID with --agent across --workers goroutines and prints\n" +
			"episodes, wins, losses, mean length and mean score. The same seed prints the same\n" +
			"results on every run, whatever the number of workers; the throughput line is timing.",
		Example: "  mythos run ArkhamLCG/TheGathering-v0 --agent random --episodes 200 --seed 1\n" +
			"  mythos run ArkhamLCG/TheGathering-v0 --opt investigators=01001,01002,difficulty=easy",
		Args: envArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, spec, err := ep.envOptions(args[0], agent)
			if err != nil {
				return err
			}
			seats, err := ep.seatAgents(spec)
			if err != nil {
				return err
			}
			cfg := agents.RolloutConfig{Env: args[0], Options: opts, Agent: agent, Seats: seats, Episodes: ep.episodes, Seed: ep.seed, Workers: ep.workers}
			if recordDir != "" {
				if err := os.MkdirAll(recordDir, 0o755); err != nil {
					return err
				}
				var recErr error
				cfg.Record = func(r *game.Record) {
					if recErr == nil {
						recErr = writeRecord(recordDir, r)
					}
				}
				defer func() {
					if recErr != nil {
						fmt.Fprintln(cmd.ErrOrStderr(), "recording:", recErr)
					}
				}()
			}
			bar := ep.bar(cmd.ErrOrStderr(), ep.episodes, "episodes")
			if bar != nil {
				cfg.Progress = func() { bar.Add(1) }
			}
			start := time.Now()
			results, err := agents.Rollout(cfg)
			if err != nil {
				return err
			}
			elapsed := time.Since(start)
			if bar != nil {
				bar.Finish()
			}
			sum := summarize(results)
			sum.Seats, sum.Options = spec.Agents, inEffect(spec, opts)
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(sum)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s  agent=%s  seed=%d\n%s\n", args[0], agent, ep.seed, playedLine(spec, opts)+fixedLine(seats))
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', tabwriter.AlignRight)
			fmt.Fprintln(tw, "episodes\twins\tlosses\tunfinished\twin rate\tmean length\tmean score\tscore 95%\t")
			fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%.3f\t%.1f\t%+.3f\t[%+.3f, %+.3f]\t\n", sum.Episodes, sum.Wins, sum.Losses, sum.Unfinished,
				sum.WinRate, sum.MeanLength, sum.MeanScore, sum.ScoreLow, sum.ScoreHigh)
			if err := tw.Flush(); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "throughput: %.0f decisions/s (%d decisions in %s, %d workers)\n",
				float64(sum.Decisions)/elapsed.Seconds(), sum.Decisions, elapsed.Round(time.Millisecond), ep.workers)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&agent, "agent", "random", "agent spec: name or name:key=value,...")
	ep.add(f, "number of episodes", "goroutines playing episodes in parallel")
	ep.addSeats(f)
	f.StringVar(&recordDir, "record", "", "write each episode's record (for mythos replay) into this directory")
	f.BoolVar(&asJSON, "json", false, "print the summary as JSON")
	return cmd
}

// Summary is what mythos run reports.
type Summary struct {
	Episodes   int     `json:"episodes"`
	Wins       int     `json:"wins"`
	Losses     int     `json:"losses"`
	Unfinished int     `json:"unfinished"`
	WinRate    float64 `json:"win_rate"`
	MeanLength float64 `json:"mean_length"`
	MeanScore  float64 `json:"mean_score"`
	// ScoreLow and ScoreHigh bound the mean score's 95% interval (normal
	// approximation, benchmarks.MeanInterval).
	ScoreLow  float64 `json:"score_low"`
	ScoreHigh float64 `json:"score_high"`
	Decisions int     `json:"decisions"`
	// Seats names the env's seats (the investigators) and Options holds
	// every option in effect, defaults included.
	Seats   []string          `json:"seats"`
	Options map[string]string `json:"options"`
}

func summarize(eps []agents.Episode) Summary {
	s := Summary{Episodes: len(eps)}
	scores := make([]float64, len(eps))
	for i, e := range eps {
		scores[i] = e.Score
		switch {
		case e.Truncated:
			s.Unfinished++
		case e.Score > 0:
			s.Wins++
		case e.Score < 0:
			s.Losses++
		default:
			s.Unfinished++
		}
		s.Decisions += e.Length
	}
	if n := float64(len(eps)); n > 0 {
		s.WinRate, s.MeanLength = float64(s.Wins)/n, float64(s.Decisions)/n
		s.MeanScore, s.ScoreLow, s.ScoreHigh = benchmarks.MeanInterval(scores, benchmarks.Z95)
	}
	return s
}

func writeRecord(dir string, r *game.Record) error {
	return saveRecord(filepath.Join(dir, fmt.Sprintf("seed-%020d.json", r.Seed)), r)
}
