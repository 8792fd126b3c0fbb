package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mythos-rl/mythos/benchmarks"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/lcg"
)

func init() { addCommand(newBench) }

func newBench() *cobra.Command {
	var (
		out          string
		quick        bool
		duration     time.Duration
		ids          string
		strengthEnv  string
		options      string
		agentList    string
		episodes     int
		seed         uint64
		workers      int
		noStrength   bool
		noThroughput bool
		rerender     bool
		quiet        bool
	)
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
			f := cmd.Flags()
			if rerender {
				return rerenderReport(cmd, out)
			}
			if quick {
				if !f.Changed("duration") {
					duration = 50 * time.Millisecond
				}
				if !f.Changed("episodes") {
					episodes = 4
				}
				if !f.Changed("agents") {
					agentList = "random;heuristic;ismcts:iters=20"
				}
			}
			opts, err := env.ParseOptions(options)
			if err != nil {
				return err
			}
			report := &benchmarks.Report{Command: commandLine(cmd), Generated: time.Now(), Machine: benchmarks.ThisMachine()}
			if report.Python, err = benchmarks.ReadPythonTable(out); err != nil {
				return err
			}
			log := cmd.ErrOrStderr()
			if !noThroughput {
				cfg := benchmarks.ThroughputConfig{Duration: duration}
				if ids != "" {
					cfg.IDs = strings.Split(ids, ",")
					for _, id := range cfg.IDs {
						if _, err := env.Lookup(id); err != nil {
							return err
						}
					}
				}
				if quick {
					cfg.VectorEnvs, cfg.LiveEnvs = 16, 32
				}
				if !quiet {
					fmt.Fprintln(log, "measuring throughput…")
				}
				if report.Throughput, err = benchmarks.Throughput(cfg); err != nil {
					return err
				}
			}
			if !noStrength {
				specs, err := splitAgentSpecs(agentList)
				if err != nil {
					return err
				}
				cfg := benchmarks.StrengthConfig{Env: strengthEnv, Options: opts, Agents: specs, Episodes: episodes, Seed: seed, Workers: workers}
				var bar *progressbar.ProgressBar
				if !quiet {
					bar = episodeBar(log, episodes*len(specs), "episodes")
					cfg.Progress = func() { _ = bar.Add(1) }
				}
				res, err := benchmarks.Strength(cfg)
				if bar != nil {
					_ = bar.Finish()
				}
				if err != nil {
					return err
				}
				report.Strength = &benchmarks.StrengthReport{Env: strengthEnv, Options: opts.String(), Seed: seed, Episodes: episodes, Results: res}
			}
			paths, err := report.Write(out)
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
	f.StringVar(&out, "out", "benchmarks/results", "directory for the report and charts")
	f.BoolVar(&quick, "quick", false, "a short run: 50ms per throughput figure, 4 episodes, cheap agents")
	f.DurationVar(&duration, "duration", time.Second, "time spent on each throughput figure")
	f.StringVar(&ids, "ids", "", "env ids for throughput, comma-separated (default: every registered id)")
	f.StringVar(&strengthEnv, "env", lcg.TheGatheringID, "env id of the strength comparison")
	f.StringVar(&options, "opt", "", "options of the strength env as key=value,key=value")
	f.StringVar(&agentList, "agents", "random;heuristic;ismcts:iters=1000,rollout=heuristic", "agents of the strength comparison (as in mythos eval)")
	f.IntVar(&episodes, "episodes", 200, "episodes per agent in the strength comparison")
	f.Uint64Var(&seed, "seed", 1, "base seed of the strength comparison")
	f.IntVar(&workers, "workers", runtime.GOMAXPROCS(0), "goroutines playing strength episodes in parallel")
	f.BoolVar(&noStrength, "no-strength", false, "skip the strength comparison")
	f.BoolVar(&noThroughput, "no-throughput", false, "skip the throughput figures")
	f.BoolVar(&rerender, "rerender", false, "rewrite the report from --out's results.json (and python.md); measure nothing")
	f.BoolVar(&quiet, "quiet", false, "no progress output")
	return cmd
}

// rerenderReport rewrites the report in dir from its results.json, with the
// current python.md.
func rerenderReport(cmd *cobra.Command, dir string) error {
	b, err := os.ReadFile(filepath.Join(dir, benchmarks.ResultsFile))
	if err != nil {
		return fmt.Errorf("--rerender needs a previous run's results: %w", err)
	}
	var r benchmarks.Report
	if err := json.Unmarshal(b, &r); err != nil {
		return fmt.Errorf("%s: %w", benchmarks.ResultsFile, err)
	}
	if r.Python, err = benchmarks.ReadPythonTable(dir); err != nil {
		return err
	}
	paths, err := r.Write(dir)
	if err != nil {
		return err
	}
	for _, p := range paths {
		fmt.Fprintln(cmd.OutOrStdout(), "wrote", p)
	}
	return nil
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
