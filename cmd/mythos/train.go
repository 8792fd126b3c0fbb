package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/mythos-rl/mythos/benchmarks"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/train"
)

func init() { addCommand(newTrain) }

func newTrain() *cobra.Command {
	var (
		configPath string
		steps      int
		updates    int
		out        string
		resume     bool
		options    string
		seed       uint64
		workers    int
		timeLimit  time.Duration
		quiet      bool
	)
	cmd := &cobra.Command{
		Use:   "train ENV_ID",
		Short: "Train a policy with PPO, with evaluation, checkpoints and learning curves",
		Long: "Trains an actor-critic network on ENV_ID with PPO (see train/README.md for the config keys\n" +
			"and their defaults). Every eval_every updates the greedy policy plays eval_episodes fixed\n" +
			"seeds, beside the eval_agents baselines on the same seeds; the best evaluation is saved as\n" +
			"OUT/best and the latest state as OUT/last (--resume continues from it exactly). OUT also\n" +
			"gets metrics.csv and learning_curve.png. The same seed and config give the same run.\n" +
			"Use a checkpoint as an agent with --agent policy:ckpt=OUT/best.\n\n" +
			"A config with a teacher first warm-starts the network from the teacher's play (its own\n" +
			"progress bar). Ctrl-C, or --time-limit, stops the run at the next safe point in any\n" +
			"phase and saves OUT/last; --resume continues it as if it had never stopped (stopped\n" +
			"during the warm start, the warm start runs again). --time-limit counts from the start:\n" +
			"warm start, evaluations and checkpoints included; no update starts that would end past it.",
		Example: "  mythos train ArkhamLCG/TheGathering-v0 --config train/configs/gathering-easy.yaml --out runs/easy\n" +
			"  mythos train ArkhamLCG/TheGathering-v0 --out runs/easy --resume --steps 4000000\n" +
			"  mythos run ArkhamLCG/TheGathering-v0 --opt difficulty=easy,skip_trivial=true --agent policy:ckpt=runs/easy/best",
		Args: envArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			id := args[0]
			if out == "" {
				out = filepath.Join("runs", strings.NewReplacer("/", "-", ":", "-").Replace(id))
			}
			cfg := train.DefaultConfig()
			var err error
			switch {
			case configPath != "":
				if cfg, err = train.LoadConfig(configPath); err != nil {
					return err
				}
			case resume:
				// a resumed run keeps the config it was started with
				if cfg, err = train.LoadConfig(filepath.Join(out, "last", "config.yaml")); err != nil {
					return fmt.Errorf("--resume: %w", err)
				}
			}
			f := cmd.Flags()
			if f.Changed("steps") {
				cfg.TotalSteps = steps
			}
			if f.Changed("seed") {
				cfg.Seed = seed
			}
			if f.Changed("workers") {
				cfg.Workers = workers
			}
			opts, err := env.ParseOptions(options)
			if err != nil {
				return err
			}
			// Ctrl-C stops at the next safe point (between teacher episodes,
			// minibatches or updates) and saves OUT/last; a second one
			// ends the process at once.
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			var deadline time.Time // the time limit covers the warm start too
			if timeLimit > 0 {
				deadline = time.Now().Add(timeLimit)
			}
			// the Ctrl-C notice and the progress bars share stderr
			errw := &lockedWriter{w: cmd.ErrOrStderr()}
			// The notice of an interrupt; joined before returning, so it
			// never prints after the command has ended.
			finished := make(chan struct{})
			var notice sync.WaitGroup
			notice.Add(1)
			go func() {
				defer notice.Done()
				select {
				case <-ctx.Done():
					stop()
					fmt.Fprintf(errw, "\nCtrl-C: stopping at the next safe point and saving %s/last (Ctrl-C again quits without saving)\n", out)
				case <-finished:
				}
			}()
			defer func() { close(finished); notice.Wait() }() // before stop() cancels ctx
			tr, err := train.NewTrainer(id, opts, cfg, out, resume)
			if err != nil {
				return err
			}
			defer tr.Close()
			tr.StopAfter = updates
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "%s  seed=%d  out=%s\n", id, tr.Config.Seed, out)
			if spec, err := trainSpec(id, tr.Options); err == nil {
				fmt.Fprintln(w, playedLine(spec, tr.Options))
			}
			if line := tr.SeatsLine(); line != "" {
				fmt.Fprintln(w, line)
			}
			fmt.Fprintf(w, "%d envs × %d steps per update, %s of minibatch %d, network %s → %v → %d actions (%s)\n",
				tr.Config.NumEnvs, tr.Config.RolloutSteps, plural(tr.Config.Epochs, "epoch"), tr.Config.Minibatch,
				networkInputs(tr.Model), tr.Config.Hidden, tr.Model.Arch.Actions,
				map[bool]string{true: "one shared network", false: "one network per seat"}[tr.Model.Arch.Shared])
			printStarts(w, &tr.Config)
			if resume {
				fmt.Fprintf(w, "resuming at update %d, %d env steps\n", tr.Progress.Iteration, tr.Progress.EnvSteps)
			}
			fmt.Fprintln(w, expectedTrainTime(tr.Config, tr.Progress.EnvSteps, timeLimit, tr.WarmupPending()))
			why := func() string {
				switch {
				case ctx.Err() != nil:
					return "Ctrl-C"
				case updates > 0 && tr.Progress.Iteration >= updates:
					return fmt.Sprintf("--updates %d", updates)
				}
				return "time limit " + timeLimit.String()
			}
			resumeHint := fmt.Sprintf("mythos train %s --out %s --resume", id, out)
			if tr.WarmupPending() {
				if stopped, err := warmStart(ctx, tr, deadline, w, errw, quiet); err != nil {
					return err
				} else if stopped {
					fmt.Fprintf(w, "stopped during the warm start (%s): no update trained; %s/last holds the run from before\n"+
						"the warm start, which starts again with: %s\n", why(), out, resumeHint)
					return nil
				}
			}
			if tr.Config.EvalEpisodes > 0 {
				if !quiet {
					fmt.Fprintf(errw, "evaluating the baselines %s on %d seeds…\n", strings.Join(tr.Config.EvalAgents, ", "), tr.Config.EvalEpisodes)
				}
				tr.Baselines = tr.EvaluateBaselines()
				for _, b := range tr.Baselines {
					if b.Err != "" {
						fmt.Fprintf(w, "baseline %s skipped: %s\n", b.Agent, b.Err)
						continue
					}
					fmt.Fprintf(w, "baseline %-10s win rate %.3f [%.3f, %.3f], mean score %+.3f on %d eval seeds\n", b.Agent, b.WinRate, b.Lo, b.Hi, b.MeanScore, b.Episodes)
				}
			}
			// a bar on a terminal; elsewhere (and with --quiet) one line per update
			bar := newProgress(errw, int64(tr.Config.TotalSteps), "steps", quiet || !isTerminal(errw),
				progressbar.OptionShowCount(),
				progressbar.OptionSetWidth(20)) // no throttle: one render per update, so a stopped bar shows the last
			bar.Set64(tr.Progress.EnvSteps)
			paced := false
			report := func(r train.MetricRow) {
				if !paced && r.StepsPerSec > 0 {
					paced = true
					left := time.Duration(float64(int64(tr.Config.TotalSteps)-r.EnvSteps) / r.StepsPerSec * float64(time.Second))
					if left > 0 {
						msg := fmt.Sprintf("expected time: about %s more for the remaining %s env steps at %.0f env steps/s (the first update's pace; evaluations add to it)",
							roundDuration(left), thousands(int64(tr.Config.TotalSteps)-r.EnvSteps), r.StepsPerSec)
						if timeLimit > 0 {
							msg += ", within the --time-limit of " + timeLimit.String()
						}
						if bar.Terminal() {
							fmt.Fprintln(errw)
						}
						fmt.Fprintln(w, msg)
					}
				}
				line := fmt.Sprintf("upd %d  ep %d  win %.2f%s%s  loss %.3f  ent %.2f  %.0f steps/s", r.Iteration, r.Episodes,
					max(0, r.TrainWinRate), startRates(r.StartWinRates), stageRate(r, len(tr.Config.Stages)), r.Loss, r.Entropy, r.StepsPerSec)
				if r.Advanced != "" {
					if bar.Terminal() {
						fmt.Fprintln(errw)
					}
					fmt.Fprintf(w, "curriculum stage %d of %d begins after update %d: %s\n", r.Stage+1, len(tr.Config.Stages), r.Iteration, r.Advanced)
				}
				if r.EvalWinRate >= 0 {
					line += fmt.Sprintf("  eval %.2f (score %+.2f)", r.EvalWinRate, r.EvalScore)
				}
				if bar != nil {
					bar.Describe(line)
					bar.Set64(min(r.EnvSteps, int64(tr.Config.TotalSteps)))
				} else {
					fmt.Fprintln(w, line)
				}
			}
			if err := tr.Run(ctx, deadline, report); err != nil {
				return err
			}
			if bar != nil {
				if tr.Done() {
					bar.Finish()
				} else {
					bar.Exit() // an interrupted run's bar stays where it stopped
				}
				fmt.Fprintln(errw)
			}
			p := tr.Progress
			fmt.Fprintf(w, "trained %d updates, %d env steps, %d episodes in %s: %.0f env steps/s\n",
				p.Iteration, p.EnvSteps, p.Episodes, (time.Duration(p.Seconds * float64(time.Second))).Round(time.Second),
				float64(p.EnvSteps)/max(p.Seconds, 1e-9))
			if !tr.Done() {
				fmt.Fprintf(w, "stopped before %d env steps (%s); continue with: %s\n", tr.Config.TotalSteps, why(), resumeHint)
			}
			if err := writeTrainTable(w, tr); err != nil {
				return err
			}
			best := ""
			if p.BestEval >= 0 {
				best = fmt.Sprintf(", %s/best (agent policy:ckpt=%s/best)", out, out)
			}
			curves := out + "/learning_curve.png"
			if starts, _ := train.Starts(tr.Config.CurriculumEntries()); starts != nil {
				curves += ", " + out + "/learning_curve_starts.png"
			}
			fmt.Fprintf(w, "checkpoints: %s/last%s; metrics: %s/metrics.csv, %s\n", out, best, out, curves)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&configPath, "config", "", "YAML config (see train/README.md); defaults when absent")
	countVar(f, &steps, "steps", 0, 1, "total env steps to train for (overrides total_steps)")
	f.StringVar(&out, "out", "", "run directory (default runs/ENV_ID with / as -)")
	f.BoolVar(&resume, "resume", false, "continue from OUT/last exactly (with its config unless --config is given)")
	f.StringVar(&options, "opt", "", "env options as key=value,... (over the config's env_options)")
	seedVar(f, &seed, "seed", 1, "seed (overrides the config's seed)")
	countVar(f, &workers, "workers", 0, 1, "goroutines stepping the envs (overrides workers; never changes results)")
	countVar(f, &updates, "updates", 0, 1, "stop after this many updates, the schedule of total_steps unchanged (reproduces a run that --time-limit stopped there)")
	durationVar(f, &timeLimit, "time-limit", 0,
		"the whole run's wall time, warm start, evaluations and checkpoints included, e.g. 30m; 0s: no limit")
	f.BoolVar(&quiet, "quiet", false, "no progress output; one line per update (as when stderr is not a terminal)")
	return cmd
}

// expectedTrainTime is the line train prints before it starts: what the run
// will do and how long it may take. The pace of PPO depends on the machine
// and the network, so the estimate in time follows the first update; a time
// limit bounds the whole run from the start.
func expectedTrainTime(c train.Config, done int64, limit time.Duration, warm bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "expected time: %s env steps of PPO", thousands(max(int64(c.TotalSteps)-done, 0)))
	if warm && c.Teacher != "" {
		fmt.Fprintf(&b, " after a warm start of %s %s decisions", thousands(int64(c.TeacherSteps)), c.Teacher)
	}
	if limit > 0 {
		fmt.Fprintf(&b, "; at most %s (--time-limit), the estimate follows the first update", limit)
	} else {
		b.WriteString("; the estimate follows the first update (--time-limit caps the run)")
	}
	return b.String()
}

// thousands writes n with a comma between each three digits.
func thousands(n int64) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// lockedWriter serialises writes from several goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// trainSpec is the spec of the env a run trains on.
func trainSpec(id string, opts env.Options) (*env.Spec, error) {
	e, err := env.Make(id, opts)
	if err != nil {
		return nil, err
	}
	return e.Spec(), nil
}

// warmStart runs tr's pending teacher warm start with its own progress bar
// (from its first second) and reports whether ctx or deadline stopped it.
func warmStart(ctx context.Context, tr *train.Trainer, deadline time.Time, w, errw io.Writer, quiet bool) (bool, error) {
	c := tr.Config
	fmt.Fprintf(w, "warm start: teacher %s plays %s, then %s fit the network to them\n",
		c.Teacher, plural(c.TeacherSteps, "decision"), plural(c.TeacherEpochs, "epoch"))
	bar := newProgress(errw, tr.WarmupUnits(), "warm start: playing", quiet,
		progressbar.OptionSetWidth(20),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(200*time.Millisecond))
	phase := "playing"
	begin := time.Now()
	err := tr.WarmStart(ctx, deadline, func(p string, done, _ int64) {
		if bar == nil {
			return
		}
		if p != phase {
			phase = p
			bar.Describe("warm start: " + p)
		}
		bar.Set64(done)
	})
	if err == nil {
		bar.Finish()
	} else {
		bar.Exit()
	}
	if bar.Terminal() {
		fmt.Fprintln(errw)
	}
	if errors.Is(err, train.ErrStopped) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	fmt.Fprintf(w, "warm start (%s): %s\n", time.Since(begin).Round(time.Second), tr.Progress.Warmup)
	return false, nil
}

// writeTrainTable prints the final table: the policy's last and best
// evaluations and the baselines, each with its Wilson 95% interval.
func writeTrainTable(w io.Writer, tr *train.Trainer) error {
	p, n := tr.Progress, tr.Config.EvalEpisodes
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "agent\twin rate\t95% interval\tmean score\teval seeds\t")
	if k := len(tr.Metrics); k > 0 && tr.Metrics[k-1].EvalWinRate >= 0 {
		r := tr.Metrics[k-1]
		fmt.Fprintf(tw, "policy (last)\t%.3f\t[%.3f, %.3f]\t%+.3f\t%d\t\n", r.EvalWinRate, r.EvalLo, r.EvalHi, r.EvalScore, n)
	}
	if p.BestEval >= 0 {
		lo, hi := benchmarks.Wilson(int(math.Round(p.BestEval*float64(n))), n, benchmarks.Z95)
		fmt.Fprintf(tw, "policy (best, update %d)\t%.3f\t[%.3f, %.3f]\t%+.3f\t%d\t\n", p.BestIteration, p.BestEval, lo, hi, p.BestScore, n)
	}
	for _, b := range tr.Baselines {
		if b.Err == "" {
			fmt.Fprintf(tw, "%s\t%.3f\t[%.3f, %.3f]\t%+.3f\t%d\t\n", b.Agent, b.WinRate, b.Lo, b.Hi, b.MeanScore, b.Episodes)
		}
	}
	return tw.Flush()
}

// networkInputs describes the first layer's inputs of m's first network:
// the float inputs (the egocentric windows among them), the embedding
// bags' width and the encoders' outputs.
func networkInputs(m *train.Model) string {
	floats, windows, embedded, encoded := m.Arch.FirstLayerInputs(0)
	s := fmt.Sprintf("%d floats", floats)
	if windows > 0 {
		s += fmt.Sprintf(" (%d of them windows)", windows)
	}
	s += fmt.Sprintf(" + %d embedded", embedded)
	if encoded > 0 {
		s += fmt.Sprintf(" + %d encoded", encoded)
	}
	return s
}

// startEnvs is the number of a run's num_envs training envs that play
// curriculum start k (training env i plays entry i mod len(of)).
func startEnvs(of []int, k, numEnvs int) int {
	n := 0
	for i := range numEnvs {
		if of[i%len(of)] == k {
			n++
		}
	}
	return n
}

// printStarts lists the run's curriculum starts and, for a staged
// curriculum, each stage's starts and when it moves on.
func printStarts(w io.Writer, cfg *train.Config) {
	starts, of := cfg.StageStarts()
	if starts == nil {
		return
	}
	fmt.Fprintln(w, "curriculum starts (training win rate of each in metrics.csv, train_win_rate_start_K):")
	if len(cfg.Stages) == 0 {
		for k, o := range starts {
			fmt.Fprintf(w, "  start %d: %s, %d of %d envs\n", k, train.StartName(o), startEnvs(of[0], k, cfg.NumEnvs), cfg.NumEnvs)
		}
		return
	}
	for k, o := range starts {
		fmt.Fprintf(w, "  start %d: %s\n", k, train.StartName(o))
	}
	fmt.Fprintln(w, "curriculum stages (the stage and its rolling win rate in metrics.csv, stage and stage_win_rate):")
	for s, st := range cfg.Stages {
		var parts []string
		for k := range starts {
			if e := startEnvs(of[s], k, cfg.NumEnvs); e > 0 {
				parts = append(parts, fmt.Sprintf("start %d on %d", k, e))
			}
		}
		var until []string
		if st.AdvanceAt > 0 {
			until = append(until, fmt.Sprintf("its training win rate reaches %.2f", st.AdvanceAt))
		}
		if st.AdvanceAfter > 0 {
			until = append(until, fmt.Sprintf("%s env steps in it", thousands(st.AdvanceAfter)))
		}
		if until == nil {
			until = []string{"the end"}
		}
		fmt.Fprintf(w, "  stage %d (until %s): %s of %d envs\n", s+1, strings.Join(until, " or "), strings.Join(parts, ", "), cfg.NumEnvs)
	}
}

// stageRate is the progress line's " stage 2/3 0.41", "" without stages.
func stageRate(r train.MetricRow, stages int) string {
	if r.Stage == 0 {
		return ""
	}
	return fmt.Sprintf("  stage %d/%d %.2f", r.Stage, stages, max(0, r.StageWinRate))
}

// startRates is the progress line's " (starts 0.45 0.00 …)", "" without
// curriculum starts; "-" for a start none of whose episodes has finished.
func startRates(rates []float64) string {
	if len(rates) == 0 {
		return ""
	}
	parts := make([]string, len(rates))
	for k, v := range rates {
		parts[k] = "-"
		if v >= 0 {
			parts[k] = fmt.Sprintf("%.2f", v)
		}
	}
	return " (starts " + strings.Join(parts, " ") + ")"
}
