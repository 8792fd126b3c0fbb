package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

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
			"Use a checkpoint as an agent with --agent policy:ckpt=OUT/best.",
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
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			var deadline time.Time // the time limit covers the warm start too
			if timeLimit > 0 {
				deadline = time.Now().Add(timeLimit)
			}
			begin := time.Now()
			tr, err := train.NewTrainer(id, opts, cfg, out, resume)
			if err != nil {
				return err
			}
			defer tr.Close()
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "%s  options=%s  seed=%d  out=%s\n", id, tr.Options, tr.Config.Seed, out)
			fmt.Fprintf(w, "%d envs × %d steps per update, %d epochs of minibatch %d, network %d+%d → %v → %d actions (%s)\n",
				tr.Config.NumEnvs, tr.Config.RolloutSteps, tr.Config.Epochs, tr.Config.Minibatch,
				tr.Model.Arch.F32, len(tr.Model.Arch.Nets[0].Embeddings)*tr.Config.EmbedDim, tr.Config.Hidden, tr.Model.Arch.Actions,
				map[bool]string{true: "one shared network", false: "one network per seat"}[tr.Model.Arch.Shared])
			if tr.Progress.Warmup != "" && !resume {
				fmt.Fprintf(w, "warm start (%s): %s\n", time.Since(begin).Round(time.Second), tr.Progress.Warmup)
			}
			if resume {
				fmt.Fprintf(w, "resuming at update %d, %d env steps\n", tr.Progress.Iteration, tr.Progress.EnvSteps)
			}
			if tr.Config.EvalEpisodes > 0 {
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
					progressbar.OptionSetWriter(cmd.ErrOrStderr()),
					progressbar.OptionSetDescription("steps"),
					progressbar.OptionShowCount(),
					progressbar.OptionSetWidth(20),
					progressbar.OptionThrottle(200*time.Millisecond))
				_ = bar.Set64(tr.Progress.EnvSteps)
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
				_ = bar.Finish()
				fmt.Fprintln(cmd.ErrOrStderr())
			}
			p := tr.Progress
			fmt.Fprintf(w, "trained %d updates, %d env steps, %d episodes in %s: %.0f env steps/s\n",
				p.Iteration, p.EnvSteps, p.Episodes, (time.Duration(p.Seconds * float64(time.Second))).Round(time.Second),
				float64(p.EnvSteps)/max(p.Seconds, 1e-9))
			tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "agent\twin rate\t95% interval\teval seeds\t")
			if n := len(tr.Metrics); n > 0 && tr.Metrics[n-1].EvalWinRate >= 0 {
				r := tr.Metrics[n-1]
				fmt.Fprintf(tw, "policy (last)\t%.3f\t[%.3f, %.3f]\t%d\t\n", r.EvalWinRate, r.EvalLo, r.EvalHi, tr.Config.EvalEpisodes)
			}
			if p.BestEval >= 0 {
				fmt.Fprintf(tw, "policy (best, update %d)\t%.3f\t\t%d\t\n", p.BestIteration, p.BestEval, tr.Config.EvalEpisodes)
			}
			for _, b := range tr.Baselines {
				if b.Err == "" {
					fmt.Fprintf(tw, "%s\t%.3f\t[%.3f, %.3f]\t%d\t\n", b.Agent, b.WinRate, b.Lo, b.Hi, b.Episodes)
				}
			}
			if err := tw.Flush(); err != nil {
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
	f.IntVar(&steps, "steps", 0, "total env steps to train for (overrides total_steps)")
	f.StringVar(&out, "out", "", "run directory (default runs/ENV_ID with / as -)")
	f.BoolVar(&resume, "resume", false, "continue from OUT/last exactly (with its config unless --config is given)")
	f.StringVar(&options, "opt", "", "env options as key=value,... (over the config's env_options)")
	f.Uint64Var(&seed, "seed", 1, "seed (overrides the config's seed)")
	f.IntVar(&workers, "workers", 0, "goroutines stepping the envs (overrides workers; never changes results)")
	f.DurationVar(&timeLimit, "time-limit", 0, "stop after this wall time (checkpoint and evaluation included), e.g. 30m")
	f.BoolVar(&quiet, "quiet", false, "no progress bar: print one line per update")
	return cmd
}
