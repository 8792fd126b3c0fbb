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
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "%s  seed=%d  out=%s\n", id, tr.Config.Seed, out)
			if spec, err := trainSpec(id, tr.Options); err == nil {
				fmt.Fprintln(w, playedLine(spec, tr.Options))
			}
			fmt.Fprintf(w, "%d envs × %d steps per update, %d epochs of minibatch %d, network %d+%d → %v → %d actions (%s)\n",
				tr.Config.NumEnvs, tr.Config.RolloutSteps, tr.Config.Epochs, tr.Config.Minibatch,
				tr.Model.Arch.F32, len(tr.Model.Arch.Nets[0].Embeddings)*tr.Config.EmbedDim, tr.Config.Hidden, tr.Model.Arch.Actions,
				map[bool]string{true: "one shared network", false: "one network per seat"}[tr.Model.Arch.Shared])
			if resume {
				fmt.Fprintf(w, "resuming at update %d, %d env steps\n", tr.Progress.Iteration, tr.Progress.EnvSteps)
			}
			why := func() string {
				if ctx.Err() != nil {
					return "Ctrl-C"
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
					fmt.Fprintf(w, "baseline %-10s win rate %.3f [%.3f, %.3f] on %d eval seeds\n", b.Agent, b.WinRate, b.Lo, b.Hi, b.Episodes)
				}
			}
			var bar *progressbar.ProgressBar
			if !quiet {
				bar = progressbar.NewOptions64(int64(tr.Config.TotalSteps),
					progressbar.OptionSetWriter(errw),
					progressbar.OptionSetDescription("steps"),
					progressbar.OptionShowCount(),
					progressbar.OptionSetWidth(20)) // no throttle: one render per update, so a stopped bar shows the last
				_ = bar.Set64(tr.Progress.EnvSteps)
				_ = bar.RenderBlank()
			}
			report := func(r train.MetricRow) {
				line := fmt.Sprintf("upd %d  ep %d  win %.2f  loss %.3f  ent %.2f  %.0f steps/s", r.Iteration, r.Episodes,
					max(0, r.TrainWinRate), r.Loss, r.Entropy, r.StepsPerSec)
				if r.EvalWinRate >= 0 {
					line += fmt.Sprintf("  eval %.2f", r.EvalWinRate)
				}
				if bar != nil {
					bar.Describe(line)
					_ = bar.Set64(min(r.EnvSteps, int64(tr.Config.TotalSteps)))
				} else {
					fmt.Fprintln(w, line)
				}
			}
			if err := tr.Run(ctx, deadline, report); err != nil {
				return err
			}
			if bar != nil {
				if tr.Done() {
					_ = bar.Finish()
				} else {
					_ = bar.Exit() // an interrupted run's bar stays where it stopped
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
			fmt.Fprintf(w, "checkpoints: %s/last%s; metrics: %s/metrics.csv, %s/learning_curve.png\n", out, best, out, out)
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
	durationVar(f, &timeLimit, "time-limit", 0,
		"the whole run's wall time, warm start, evaluations and checkpoints included, e.g. 30m; 0s: no limit")
	f.BoolVar(&quiet, "quiet", false, "no progress bar: print one line per update")
	return cmd
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
	fmt.Fprintf(w, "warm start: teacher %s plays %d decisions, then %d epochs fit the network to them\n",
		c.Teacher, c.TeacherSteps, c.TeacherEpochs)
	var bar *progressbar.ProgressBar
	if !quiet {
		bar = progressbar.NewOptions64(tr.WarmupUnits(),
			progressbar.OptionSetWriter(errw),
			progressbar.OptionSetDescription("warm start: playing"),
			progressbar.OptionSetWidth(20),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond))
		_ = bar.RenderBlank()
	}
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
		_ = bar.Set64(done)
	})
	if bar != nil {
		if err == nil {
			_ = bar.Finish()
		} else {
			_ = bar.Exit()
		}
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
	fmt.Fprintln(tw, "agent\twin rate\t95% interval\teval seeds\t")
	if k := len(tr.Metrics); k > 0 && tr.Metrics[k-1].EvalWinRate >= 0 {
		r := tr.Metrics[k-1]
		fmt.Fprintf(tw, "policy (last)\t%.3f\t[%.3f, %.3f]\t%d\t\n", r.EvalWinRate, r.EvalLo, r.EvalHi, n)
	}
	if p.BestEval >= 0 {
		lo, hi := benchmarks.Wilson(int(math.Round(p.BestEval*float64(n))), n, benchmarks.Z95)
		fmt.Fprintf(tw, "policy (best, update %d)\t%.3f\t[%.3f, %.3f]\t%d\t\n", p.BestIteration, p.BestEval, lo, hi, n)
	}
	for _, b := range tr.Baselines {
		if b.Err == "" {
			fmt.Fprintf(tw, "%s\t%.3f\t[%.3f, %.3f]\t%d\t\n", b.Agent, b.WinRate, b.Lo, b.Hi, b.Episodes)
		}
	}
	return tw.Flush()
}
