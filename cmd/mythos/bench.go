package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mythos-rl/mythos/benchmarks"
	"github.com/mythos-rl/mythos/env"
)

func init() { addCommand(newBench) }

// benchFlags are mythos bench's flags.
type benchFlags struct {
	out          string
	quick        bool
	duration     time.Duration
	ids          string
	strengthEnv  string // --env, deprecated: --strength-envs
	st           strengthFlags
	workers      int
	seed         uint64
	quiet        bool
	noStrength   bool
	noThroughput bool
	rerender     bool
	merge        bool
}

func newBench() *cobra.Command {
	var b benchFlags
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Measure throughput and strength and write a Markdown report with PNG charts",
		Long: "Measures, for every env id (or --ids): decisions/s with and without encoding, the cost of\n" +
			"State.Clone, memory per live env, and vector-env scaling from 1 to GOMAXPROCS workers;\n" +
			"then the strength table: --agents on every env id (or --strength-envs) as mythos eval\n" +
			"plays them, on the same seeds, with win rates, Wilson 95% intervals and mean scores, plus\n" +
			"a trained policy's row on its env where a checkpoint is found. Writes report.md,\n" +
			"results.json, throughput.png, scaling.png, strength.md and strength.png into --out (by default a new\n" +
			"directory bench-results/DATE_TIME), with the machine (CPU model, cores, Go version) and\n" +
			"this exact command. A python.md in --out (the Python peer comparison) is included in\n" +
			"the report.\n\n" +
			"The full run takes tens of minutes on 2 cores (ISMCTS dominates); it prints its expected time\n" +
			"before it starts. --quick is a smoke run of a few seconds. The committed report is\n" +
			"rewritten only by naming it, --out benchmarks/results, and never by a --quick run.\n" +
			"--no-throughput --out DIR writes the strength table alone.\n" +
			"--rerender measures nothing: it rewrites report.md and the charts from --out's\n" +
			"results.json, picking up a python.md written since.\n" +
			"--merge folds what this run measures into --out's results.json instead of replacing it:\n" +
			"re-measured throughput replaces the old; in the strength case of the same env, options\n" +
			"and seats each agent's result replaces that agent's (others are kept), a new case joins\n" +
			"its env's, and a note under the table names the command. The rest of the report is kept.",
		Example: "  mythos bench --quick\n" +
			"  mythos bench                              # full run into bench-results/DATE_TIME\n" +
			"  mythos bench --out benchmarks/results     # regenerate the committed report\n" +
			"  mythos bench --no-throughput --strength-envs Gathering,Machina --episodes 100 --ismcts-episodes 10\n" +
			"  mythos bench --merge --out benchmarks/results --no-strength   # re-measure throughput, keep the tables",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := b.checkOut(cmd); err != nil {
				return err
			}
			var report, old *benchmarks.Report
			var err error
			if b.merge { // before measuring: a missing report is an error now, not after the run
				if old, err = readReport(b.out, "--merge"); err != nil {
					return err
				}
				if ob := old.Baselines; ob != nil && !b.noStrength && ob.Seed != b.seed {
					return fmt.Errorf("--merge: the report's strength table was played from base seed %d, this run's would be from %d: give --seed %d", ob.Seed, b.seed, ob.Seed)
				}
			}
			if b.rerender {
				report, err = readReport(b.out, "--rerender")
			} else {
				report = &benchmarks.Report{Command: commandLine(cmd), Generated: time.Now(), Machine: benchmarks.ThisMachine()}
				err = b.measure(cmd, report)
			}
			if err != nil {
				return err
			}
			if old != nil {
				if err := old.Merge(report); err != nil {
					return err
				}
				report = old
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
	f.BoolVar(&b.quick, "quick", false, "a smoke run of a few seconds: 50ms per throughput figure, 4 episodes per agent and env, ISMCTS with 10 iterations on 1")
	durationVar(f, &b.duration, "duration", time.Second, "time spent on each throughput figure")
	f.StringVar(&b.ids, "ids", "", "env ids for throughput, comma-separated (default: every registered id)")
	b.st.add(f)
	f.StringVar(&b.strengthEnv, "env", "", "the strength table's envs (as --strength-envs)")
	_ = f.MarkDeprecated("env", "use --strength-envs")
	seedVar(f, &b.seed, "seed", 1, "base seed of the strength table")
	countVar(f, &b.workers, "workers", runtime.GOMAXPROCS(0), 1, "goroutines playing strength episodes in parallel (never changes the table)")
	f.BoolVar(&b.noStrength, "no-strength", false, "skip the strength table")
	f.BoolVar(&b.noThroughput, "no-throughput", false, "skip the throughput figures")
	f.BoolVar(&b.rerender, "rerender", false, "rewrite the report from --out's results.json (and python.md); measure nothing")
	f.BoolVar(&b.merge, "merge", false, "fold this run's throughput and strength cases into --out's results.json, keeping the rest")
	f.BoolVar(&b.quiet, "quiet", false, "no progress output")
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
	case b.merge && b.rerender:
		return fmt.Errorf("--merge and --rerender: --rerender measures nothing to merge")
	case b.merge && !given:
		return fmt.Errorf("--merge needs --out DIR, the directory of the report to merge into")
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
// table's cases (envs, options, seats, agents) are checked before any timing
// starts, and the expected time of the run is printed before it starts.
func (b *benchFlags) measure(cmd *cobra.Command, report *benchmarks.Report) error {
	f := cmd.Flags()
	b.st.ownIters = f.Changed("ismcts-iters")
	if b.quick {
		if !f.Changed("duration") {
			b.duration = 50 * time.Millisecond
		}
		b.st.quick(f)
	}
	if b.strengthEnv != "" {
		if f.Changed("strength-envs") {
			return fmt.Errorf("--env and --strength-envs: give only --strength-envs")
		}
		b.st.envs = b.strengthEnv
	}
	var scfg benchmarks.BaselinesConfig
	var notes []string
	if !b.noStrength {
		var err error
		if scfg.Cases, notes, err = b.st.cases(); err != nil {
			return err
		}
		if err := benchmarks.CheckCases(scfg.Cases); err != nil {
			return err
		}
		scfg.Seed, scfg.Workers = b.seed, b.workers
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
	log := cmd.ErrOrStderr()
	var estimates []benchmarks.CaseEstimate
	if !b.quiet {
		var err error
		if estimates, err = b.announce(log, tcfg, scfg); err != nil {
			return err
		}
	}
	if !b.noThroughput {
		if !b.quiet {
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
	br := &benchmarks.BaselinesReport{Command: report.Command, Generated: time.Now(), Load: loadAverage(), Machine: report.Machine,
		Seed: b.seed, Workers: b.workers, Notes: notes}
	bar := strengthProgress(log, b.quiet, &scfg, estimates)
	var err error
	br.Envs, err = benchmarks.Baselines(scfg)
	if err == nil {
		bar.Set64(progressUnits)
	}
	bar.Finish()
	if err != nil {
		return err
	}
	br.Seconds, br.LoadEnd = time.Since(br.Generated).Seconds(), loadAverage()
	report.Baselines = br
	return nil
}

// loadAverage is /proc/loadavg's 1, 5 and 15 minute load and this
// process's niceness (from /proc/self/stat), or "" where unknown.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	load := strings.Join(f[:3], " ")
	// the fields after the command's closing parenthesis start at the
	// state (field 3 of proc(5)); nice is field 19
	if st, err := os.ReadFile("/proc/self/stat"); err == nil {
		if i := strings.LastIndexByte(string(st), ')'); i >= 0 {
			if rest := strings.Fields(string(st[i+1:])); len(rest) > 16 {
				load += ", niceness " + rest[16]
			}
		}
	}
	return load
}

// announce prints, before any timing, where the report goes and how long the
// run is expected to take: the throughput part exactly, the strength part
// from a short probe of each agent on each env (about half a second each; a
// twentieth with --quick).
func (b *benchFlags) announce(w io.Writer, tcfg benchmarks.ThroughputConfig, scfg benchmarks.BaselinesConfig) ([]benchmarks.CaseEstimate, error) {
	mode := "full run"
	if b.quick {
		mode = "quick run"
	}
	fmt.Fprintf(w, "mythos bench: %s into %s\n", mode, b.out)
	var through, strength time.Duration
	var parts []string
	var per []benchmarks.CaseEstimate
	if !b.noThroughput {
		through = tcfg.Expected()
		parts = append(parts, "throughput "+roundDuration(through))
	}
	if !b.noStrength {
		budget := 500 * time.Millisecond
		if b.quick {
			budget = 25 * time.Millisecond
		}
		agentsN := 0
		for _, c := range scfg.Cases {
			agentsN += len(c.Agents)
		}
		fmt.Fprintf(w, "estimating the strength table: %d envs, %d agents, %d episodes (%s per agent and env)…\n",
			len(scfg.Cases), agentsN, scfg.Episodes(), budget)
		var err error
		if strength, per, err = benchmarks.EstimateBaselines(scfg, budget); err != nil {
			return nil, err
		}
		for _, c := range per {
			var agents []string
			for _, e := range c.Agents {
				a := fmt.Sprintf("%s %s", e.Agent, roundDuration(e.Expected))
				if !e.Measured {
					a += " (episode length guessed)"
				}
				agents = append(agents, a)
			}
			name := c.Env
			if c.Note != "" {
				name += " (" + c.Note + ")"
			}
			fmt.Fprintf(w, "  %s: %s (%s)\n", name, roundDuration(c.Expected), strings.Join(agents, ", "))
		}
		parts = append(parts, "strength "+roundDuration(strength))
	}
	fmt.Fprintf(w, "expected time: about %s: %s\n", roundDuration(through+strength), strings.Join(parts, "; "))
	return per, nil
}

// progressUnits is the length of the strength table's progress: per cent
// of its estimated time.
const progressUnits = 100

// strengthProgress sets cfg.Progress to advance a progress of the run's
// estimated time, each episode by its agent's estimated time per episode
// (ISMCTS episodes cost a thousand random ones), and names the env and agent
// being played. Without estimates (--quiet) it returns nil.
func strengthProgress(w io.Writer, quiet bool, cfg *benchmarks.BaselinesConfig, est []benchmarks.CaseEstimate) *progress {
	if quiet || len(est) != len(cfg.Cases) {
		return nil
	}
	var total float64
	weight := make([][]float64, len(est))
	for c, ce := range est {
		weight[c] = make([]float64, len(ce.Agents))
		for a, e := range ce.Agents {
			// at least a millisecond an episode, so that an estimate of 0 moves
			weight[c][a] = max(e.Expected.Seconds()/float64(cfg.Cases[c].Episodes[a]), 1e-3)
			total += weight[c][a] * float64(cfg.Cases[c].Episodes[a])
		}
	}
	bar := newProgress(w, progressUnits, "strength table, % of the estimated time", false,
		progressbar.OptionSetPredictTime(true), progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionClearOnFinish())
	var mu sync.Mutex
	done, last := 0.0, [2]int{-1, -1}
	cfg.Progress = func(c, a int) {
		mu.Lock()
		defer mu.Unlock()
		if last != [2]int{c, a} {
			last = [2]int{c, a}
			bar.Describe(fmt.Sprintf("strength table, %% of the estimated time (%s, %s)", cfg.Cases[c].Env, benchmarks.AgentLabel(cfg.Cases[c].Agents[a])))
		}
		done += weight[c][a]
		bar.Set64(min(int64(done/total*progressUnits), progressUnits-1))
	}
	return bar
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

// readReport reads the report of a previous run from dir's results.json
// (for flag, which an error names).
func readReport(dir, flag string) (*benchmarks.Report, error) {
	b, err := os.ReadFile(filepath.Join(dir, benchmarks.ResultsFile))
	if err != nil {
		return nil, fmt.Errorf("%s needs a previous run's results: %w", flag, err)
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
		sv, repeated := fl.Value.(pflag.SliceValue)
		switch {
		case fl.Value.Type() == "bool" && fl.Value.String() == "true":
			parts = append(parts, "--"+fl.Name)
		case repeated && fl.Value.Type() == "stringArray":
			for _, v := range sv.GetSlice() {
				parts = append(parts, "--"+fl.Name, shellWord(v))
			}
		default:
			parts = append(parts, "--"+fl.Name, shellWord(fl.Value.String()))
		}
	})
	return strings.Join(parts, " ")
}

// shellWord quotes v for a shell where it needs it.
func shellWord(v string) string {
	if strings.ContainsAny(v, " ;*?'\"[]") || v == "" {
		return "'" + v + "'"
	}
	return v
}
