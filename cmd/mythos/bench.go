package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mythos-rl/mythos/benchmarks"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/lcg"
)

func init() { addCommand(newBench) }

// benchFlags are mythos bench's flags.
type benchFlags struct {
	out          string
	quick        bool
	duration     time.Duration
	ids          string
	strengthEnv  string
	agentList    string
	ep           episodeFlags
	noStrength   bool
	noThroughput bool
	rerender     bool
}

func newBench() *cobra.Command {
	var b benchFlags
	ep := &b.ep
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Measure throughput and strength and write a Markdown report with PNG charts",
		Long: "Measures, for every env id (or --ids): decisions/s with and without encoding, the cost of\n" +
			"State.Clone, memory per live env, and vector-env scaling from 1 to GOMAXPROCS workers;\n" +
			"then the strength of --agents on --env as mythos eval does. Writes report.md,\n" +
			"results.json, throughput.png, scaling.png and strength.png into --out, with the machine\n" +
			"(CPU model, cores, Go version) and this exact command. A python.md in --out (the\n" +
			"Python peer comparison) is included in the report. --quick is a short smoke run.\n" +
			"--rerender measures nothing: it rewrites report.md and the charts from --out's\n" +
			"results.json, picking up a python.md written since.",
		Example: "  mythos bench --out benchmarks/results\n" +
			"  mythos bench --quick --out /tmp/bench",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var report *benchmarks.Report
			var err error
			if b.rerender {
				report, err = readReport(b.out)
			} else {
				report = &benchmarks.Report{Command: commandLine(cmd), Generated: time.Now(), Machine: benchmarks.ThisMachine()}
				err = b.measure(cmd, report)
			}
			if err != nil {
				return err
			}
			if report.Python, err = benchmarks.ReadPythonTable(b.out); err != nil {
				return err
			}
			paths, err := report.Write(b.out)
			if err != nil {
				return err
			}
			for _, p := range paths {
				fmt.Fprintln(cmd.OutOrStdout(), "wrote", p)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&b.out, "out", "benchmarks/results", "directory for the report and charts")
	f.BoolVar(&b.quick, "quick", false, "a short run: 50ms per throughput figure, 4 episodes, cheap agents")
	f.DurationVar(&b.duration, "duration", time.Second, "time spent on each throughput figure")
	f.StringVar(&b.ids, "ids", "", "env ids for throughput, comma-separated (default: every registered id)")
	f.StringVar(&b.strengthEnv, "env", lcg.TheGatheringID, "env id of the strength comparison")
	f.StringVar(&ep.options, "opt", "", "options of the strength env as key=value,key=value")
	f.StringVar(&b.agentList, "agents", "random;heuristic;ismcts:iters=1000,rollout=heuristic", "agents of the strength comparison (as in mythos eval)")
	// the episode flags of run and eval, with bench's own defaults and wording
	f.IntVar(&ep.episodes, "episodes", 200, "episodes per agent in the strength comparison")
	f.Uint64Var(&ep.seed, "seed", 1, "base seed of the strength comparison")
	f.IntVar(&ep.workers, "workers", runtime.GOMAXPROCS(0), "goroutines playing strength episodes in parallel")
	f.BoolVar(&b.noStrength, "no-strength", false, "skip the strength comparison")
	f.BoolVar(&b.noThroughput, "no-throughput", false, "skip the throughput figures")
	f.BoolVar(&b.rerender, "rerender", false, "rewrite the report from --out's results.json (and python.md); measure nothing")
	f.BoolVar(&ep.quiet, "quiet", false, "no progress output")
	return cmd
}

// measure fills report's throughput and strength sections. The strength
// inputs (env, options, agents) are checked before any timing starts.
func (b *benchFlags) measure(cmd *cobra.Command, report *benchmarks.Report) error {
	ep := &b.ep
	if f := cmd.Flags(); b.quick {
		if !f.Changed("duration") {
			b.duration = 50 * time.Millisecond
		}
		if !f.Changed("episodes") {
			ep.episodes = 4
		}
		if !f.Changed("agents") {
			b.agentList = "random;heuristic;ismcts:iters=20"
		}
	}
	var specs []string
	var opts env.Options
	if !b.noStrength {
		var err error
		if specs, err = splitAgentSpecs(b.agentList); err != nil {
			return err
		}
		if opts, err = ep.envOptions(b.strengthEnv, specs...); err != nil {
			return err
		}
	}
	log := cmd.ErrOrStderr()
	if !b.noThroughput {
		cfg := benchmarks.ThroughputConfig{Duration: b.duration}
		if b.ids != "" {
			cfg.IDs = strings.Split(b.ids, ",")
			for _, id := range cfg.IDs {
				if _, err := env.Lookup(id); err != nil {
					return err
				}
			}
		}
		if b.quick {
			cfg.VectorEnvs, cfg.LiveEnvs = 16, 32
		}
		if !ep.quiet {
			fmt.Fprintln(log, "measuring throughput…")
		}
		var err error
		if report.Throughput, err = benchmarks.Throughput(cfg); err != nil {
			return err
		}
	}
	if b.noStrength {
		return nil
	}
	cfg := benchmarks.StrengthConfig{Env: b.strengthEnv, Options: opts, Agents: specs, Episodes: ep.episodes, Seed: ep.seed, Workers: ep.workers}
	bar := ep.bar(log, ep.episodes*len(specs), "episodes")
	if bar != nil {
		cfg.Progress = func() { _ = bar.Add(1) }
	}
	res, err := benchmarks.Strength(cfg)
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		return err
	}
	report.Strength = &benchmarks.StrengthReport{Env: b.strengthEnv, Options: opts.String(), Seed: ep.seed, Episodes: ep.episodes, Results: res}
	return nil
}

// readReport reads the report of a previous run from dir's results.json.
func readReport(dir string) (*benchmarks.Report, error) {
	b, err := os.ReadFile(filepath.Join(dir, benchmarks.ResultsFile))
	if err != nil {
		return nil, fmt.Errorf("--rerender needs a previous run's results: %w", err)
	}
	var r benchmarks.Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %w", benchmarks.ResultsFile, err)
	}
	return &r, nil
}

// commandLine rebuilds the command as typed: its path and every flag set.
func commandLine(cmd *cobra.Command) string {
	parts := []string{cmd.CommandPath()}
	cmd.Flags().Visit(func(fl *pflag.Flag) {
		switch {
		case fl.Value.Type() == "bool" && fl.Value.String() == "true":
			parts = append(parts, "--"+fl.Name)
		default:
			v := fl.Value.String()
			if strings.ContainsAny(v, " ;*?'\"") || v == "" {
				v = "'" + v + "'"
			}
			parts = append(parts, "--"+fl.Name, v)
		}
	})
	return strings.Join(parts, " ")
}
