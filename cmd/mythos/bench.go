package main

import (
	"encoding/json"
	"fmt"
	"io"
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
			"results.json, throughput.png, scaling.png and strength.png into --out (by default a new\n" +
			"directory bench-results/DATE_TIME), with the machine (CPU model, cores, Go version) and\n" +
			"this exact command. A python.md in --out (the Python peer comparison) is included in\n" +
			"the report.\n\n" +
			"The full run takes minutes (the ISMCTS agent dominates); it prints its expected time\n" +
			"before it starts. --quick is a smoke run of a few seconds. The committed report is\n" +
			"rewritten only by naming it, --out benchmarks/results, and never by a --quick run.\n" +
			"--rerender measures nothing: it rewrites report.md and the charts from --out's\n" +
			"results.json, picking up a python.md written since.",
		Example: "  mythos bench --quick\n" +
			"  mythos bench                              # full run into bench-results/DATE_TIME\n" +
			"  mythos bench --out benchmarks/results     # regenerate the committed report",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := b.checkOut(cmd); err != nil {
				return err
			}
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
	f.StringVar(&b.out, "out", "", "directory for the report and charts (default: a new bench-results/DATE_TIME)")
	f.BoolVar(&b.quick, "quick", false, "a smoke run of a few seconds: 50ms per throughput figure, 4 episodes, cheap agents")
	durationVar(f, &b.duration, "duration", time.Second, "time spent on each throughput figure")
	f.StringVar(&b.ids, "ids", "", "env ids for throughput, comma-separated (default: every registered id)")
	f.StringVar(&b.strengthEnv, "env", lcg.TheGatheringID, "env id of the strength comparison")
	f.StringVar(&ep.options, "opt", "", "options of the strength env as key=value,key=value")
	f.StringVar(&b.agentList, "agents", "random;heuristic;ismcts:iters=1000,rollout=heuristic", "agents of the strength comparison (as in mythos eval)")
	// the episode flags of run and eval, with bench's own defaults and wording
	f.IntVar(&ep.episodes, "episodes", 200, "episodes per agent in the strength comparison")
	seedVar(f, &ep.seed, "seed", 1, "base seed of the strength comparison")
	countVar(f, &ep.workers, "workers", runtime.GOMAXPROCS(0), 1, "goroutines playing strength episodes in parallel")
	f.BoolVar(&b.noStrength, "no-strength", false, "skip the strength comparison")
	f.BoolVar(&b.noThroughput, "no-throughput", false, "skip the throughput figures")
	f.BoolVar(&b.rerender, "rerender", false, "rewrite the report from --out's results.json (and python.md); measure nothing")
	f.BoolVar(&ep.quiet, "quiet", false, "no progress output")
	return cmd
}

// committedResults is the directory of the committed report; only a run
// that names it with --out writes there.
const committedResults = "benchmarks/results"

// checkOut resolves --out before any work: --rerender needs an existing run's
// directory, a quick run may not overwrite the committed (full) report, and
// without --out a run gets a new directory under bench-results/.
func (b *benchFlags) checkOut(cmd *cobra.Command) error {
	given := cmd.Flags().Changed("out")
	switch {
	case b.rerender && !given:
		return fmt.Errorf("--rerender needs --out DIR, the directory of an earlier run")
	case given && b.out == "":
		return fmt.Errorf("--out is empty: name a directory, or leave --out out for a new one under bench-results/")
	case b.quick && !b.rerender && given && filepath.Clean(b.out) == committedResults:
		return fmt.Errorf("--quick --out %s: the committed report is a full run; write quick runs elsewhere (leave --out out for a new directory)", b.out)
	case !given:
		dir, err := freshDir("bench-results", time.Now())
		if err != nil {
			return err
		}
		b.out = dir
	}
	return nil
}

// freshDir returns base/DATE_TIME (with -2, -3, … when taken) for a run
// starting at now; the directory itself is created when the report is written.
func freshDir(base string, now time.Time) (string, error) {
	name := filepath.Join(base, now.Format("2006-01-02_150405"))
	for i := 2; ; i++ {
		if _, err := os.Stat(name); os.IsNotExist(err) {
			return name, nil
		} else if err != nil {
			return "", err
		}
		name = filepath.Join(base, fmt.Sprintf("%s-%d", now.Format("2006-01-02_150405"), i))
	}
}

// measure fills report's throughput and strength sections. The strength
// inputs (env, options, agents) are checked before any timing starts, and the
// expected time of the run is printed before it starts.
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
		if opts, _, err = ep.envOptions(b.strengthEnv, specs...); err != nil {
			return err
		}
	}
	tcfg := benchmarks.ThroughputConfig{Duration: b.duration}
	if b.ids != "" {
		tcfg.IDs = strings.Split(b.ids, ",")
		for _, id := range tcfg.IDs {
			if _, err := env.Lookup(id); err != nil {
				return err
			}
		}
	}
	if b.quick {
		tcfg.VectorEnvs, tcfg.LiveEnvs = 16, 32
	}
	scfg := benchmarks.StrengthConfig{Env: b.strengthEnv, Options: opts, Agents: specs, Episodes: ep.episodes, Seed: ep.seed, Workers: ep.workers}
	log := cmd.ErrOrStderr()
	if !ep.quiet {
		if err := b.announce(log, tcfg, scfg); err != nil {
			return err
		}
	}
	if !b.noThroughput {
		if !ep.quiet {
			fmt.Fprintln(log, "measuring throughput…")
		}
		var err error
		if report.Throughput, err = benchmarks.Throughput(tcfg); err != nil {
			return err
		}
	}
	if b.noStrength {
		return nil
	}
	bar := ep.bar(log, ep.episodes*len(specs), "strength episodes")
	if bar != nil {
		scfg.Progress = func() { bar.Add(1) }
	}
	res, err := benchmarks.Strength(scfg)
	if bar != nil {
		bar.Finish()
	}
	if err != nil {
		return err
	}
	report.Strength = &benchmarks.StrengthReport{Env: b.strengthEnv, Options: opts.String(), Seed: ep.seed, Episodes: ep.episodes, Results: res}
	return nil
}

// announce prints, before any timing, where the report goes and how long the
// run is expected to take: the throughput part exactly, the strength part
// from a short probe of each agent (about a second each; a tenth with
// --quick).
func (b *benchFlags) announce(w io.Writer, tcfg benchmarks.ThroughputConfig, scfg benchmarks.StrengthConfig) error {
	mode := "full run"
	if b.quick {
		mode = "quick run"
	}
	fmt.Fprintf(w, "mythos bench: %s into %s\n", mode, b.out)
	var through, strength time.Duration
	var parts []string
	if !b.noThroughput {
		through = tcfg.Expected()
		parts = append(parts, "throughput "+roundDuration(through))
	}
	if !b.noStrength {
		budget := time.Second
		if b.quick {
			budget = 100 * time.Millisecond
		}
		fmt.Fprintf(w, "estimating the strength comparison (%s per agent)…\n", budget)
		var per []benchmarks.AgentEstimate
		var err error
		if strength, per, err = benchmarks.EstimateStrength(scfg, budget); err != nil {
			return err
		}
		var agents []string
		for _, e := range per {
			a := fmt.Sprintf("%s %s", e.Agent, roundDuration(e.Expected))
			if !e.Measured {
				a += " with its episode length guessed"
			}
			agents = append(agents, a)
		}
		parts = append(parts, fmt.Sprintf("strength %s (%s)", roundDuration(strength), strings.Join(agents, ", ")))
	}
	fmt.Fprintf(w, "expected time: about %s: %s\n", roundDuration(through+strength), strings.Join(parts, "; "))
	return nil
}

// roundDuration rounds d for people: to 0.1s below 10s, to the second below
// 10 minutes, to the minute above.
func roundDuration(d time.Duration) string {
	switch {
	case d < 10*time.Second:
		return d.Round(100 * time.Millisecond).String()
	case d < 10*time.Minute:
		return d.Round(time.Second).String()
	default:
		return d.Round(time.Minute).String()
	}
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
