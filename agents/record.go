package agents

// Recording lives here, beside Play and Rollout, rather than in
// encode/trajectory or cmd/mythos. encode/trajectory may not import env or
// agents (encode sits below env in DESIGN.md's arrows), so it only stores
// rows over an encode.Layout. The loop that makes envs and agents, plays
// episodes and feeds a trajectory.Writer must know both, and it must play
// each episode exactly as Play does (same episode seed, same agent seed,
// same env calls) so that a recorded episode is the one `mythos run` plays:
// keeping it next to Play keeps the two in step. Being in a library package
// rather than in the CLI, it also serves other callers (offline datasets for
// train, benchmarks), and cmd/mythos/record.go stays a thin flag parser.

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/mythos-rl/mythos/encode/trajectory"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// RecordConfig says what to play and where to write its trajectories.
type RecordConfig struct {
	Env     string
	Options env.Options
	Agent   string
	// Episodes is how many episodes to play; episode k is seeded with
	// EpisodeSeed(Seed, k) and played as Play plays it, so it is the same
	// episode Rollout (and `mythos run`) plays with the same seed.
	Episodes int
	Seed     uint64
	// Dir receives the files part-00000.arrow, part-00001.arrow, …; file i
	// holds episodes i*PerFile up to (i+1)*PerFile-1.
	Dir     string
	PerFile int
	// Workers is how many files are written at once (each with its own env and
	// agent). The files' bytes do not depend on it.
	Workers int
	// Writer sets the rows per record batch and the compression.
	Writer trajectory.WriterOptions
	// Progress, if not nil, is called after each episode with its number of
	// rows, from worker goroutines, concurrently.
	Progress func(rows int)
}

// RecordSummary is what a recording produced.
type RecordSummary struct {
	Files    []string
	Episodes int
	Rows     int64
}

// TrajectoryMeta is the metadata of a trajectory file of episodes played on
// an env with spec: env id, options, agent, base seed, layout, action and
// seat names (every action id of the Discrete space is named). The caller
// adds the file's episodes.
func TrajectoryMeta(spec *env.Spec, opts env.Options, agent string, seed uint64) trajectory.Meta {
	names := make([]string, spec.Actions)
	for i := range names {
		if i < len(spec.ActionNames) {
			names[i] = spec.ActionNames[i]
		} else {
			names[i] = fmt.Sprintf("action %d", i)
		}
	}
	return trajectory.Meta{Env: spec.ID, Options: opts, Agent: agent, Seed: seed, Layout: spec.Layout,
		ActionNames: names, Agents: spec.Agents}
}

// Record plays cfg.Episodes episodes and writes every decision to Arrow IPC
// files in cfg.Dir (see package trajectory for the columns). Each file is
// complete once it has its final name; an interrupted run leaves the files
// it finished readable. The same config gives the same bytes, whatever the
// number of workers.
func Record(cfg RecordConfig) (RecordSummary, error) {
	if cfg.Episodes <= 0 {
		return RecordSummary{}, fmt.Errorf("episodes must be at least 1, got %d", cfg.Episodes)
	}
	if cfg.PerFile <= 0 {
		return RecordSummary{}, fmt.Errorf("episodes per file must be at least 1, got %d", cfg.PerFile)
	}
	if cfg.Dir == "" {
		return RecordSummary{}, fmt.Errorf("no output directory")
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return RecordSummary{}, err
	}
	if old, err := trajectory.Files(cfg.Dir); err != nil || len(old) > 0 {
		if err != nil {
			return RecordSummary{}, err
		}
		return RecordSummary{}, fmt.Errorf("%s already holds trajectory files (%s, …); record into an empty directory", cfg.Dir, filepath.Base(old[0]))
	}
	files := (cfg.Episodes + cfg.PerFile - 1) / cfg.PerFile
	workers := min(max(cfg.Workers, 1), files)
	recorders := make([]*recorder, workers)
	for w := range recorders {
		e, err := env.Make(cfg.Env, cfg.Options)
		if err != nil {
			return RecordSummary{}, err
		}
		a, err := New(cfg.Agent)
		if err != nil {
			return RecordSummary{}, err
		}
		recorders[w] = &recorder{env: e, agent: a, cfg: &cfg}
	}
	sum := RecordSummary{Files: make([]string, files), Episodes: cfg.Episodes}
	var (
		next   atomic.Int64
		rows   atomic.Int64
		failed atomic.Bool
		wg     sync.WaitGroup
		errs   = make([]error, workers)
	)
	for w, rec := range recorders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= files {
					return
				}
				path := filepath.Join(cfg.Dir, trajectory.FileName(i))
				n, err := rec.file(path, i*cfg.PerFile, min((i+1)*cfg.PerFile, cfg.Episodes))
				if err != nil {
					errs[w] = err
					failed.Store(true)
					return
				}
				rows.Add(n)
				sum.Files[i] = path
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return RecordSummary{}, err
		}
	}
	sum.Rows = rows.Load()
	return sum, nil
}

// recorder plays episodes with one env and agent and writes their rows.
type recorder struct {
	env   env.Env
	agent Agent
	cfg   *RecordConfig
	row   trajectory.Row // its Obs and Mask are views of the env's buffers
	pool  trajectory.BufferPool
}

// file writes episodes [from, to) to path and returns the number of rows.
func (r *recorder) file(path string, from, to int) (int64, error) {
	meta := TrajectoryMeta(r.env.Spec(), r.cfg.Options, r.cfg.Agent, r.cfg.Seed)
	for k := from; k < to; k++ {
		meta.Episodes = append(meta.Episodes, trajectory.EpisodeSeed{Episode: int64(k), Seed: EpisodeSeed(r.cfg.Seed, k)})
	}
	opt := r.cfg.Writer
	if opt.Pool == nil {
		opt.Pool = &r.pool // one file after another: the batch buffers are reused
	}
	w, err := trajectory.Create(path, meta, opt)
	if err != nil {
		return 0, err
	}
	for _, ep := range meta.Episodes {
		n, err := r.episode(w, ep)
		if err != nil {
			w.Abort()
			return 0, fmt.Errorf("episode %d (seed %d): %w", ep.Episode, ep.Seed, err)
		}
		if r.cfg.Progress != nil {
			r.cfg.Progress(n)
		}
	}
	rows := w.Rows()
	return rows, w.Close()
}

// episode plays one episode as Play does, writing a row per decision, and
// returns the number of rows.
func (r *recorder) episode(w *trajectory.Writer, ep trajectory.EpisodeSeed) (int, error) {
	r.agent.Reset(game.DeriveSeed(ep.Seed, 1))
	obs, info := r.env.Reset(ep.Seed)
	row := &r.row
	row.Episode = ep.Episode
	for step := int32(0); ; step++ {
		// The decision part is copied from the env's buffers before the
		// agent acts and Step overwrites them.
		row.Step, row.Agent, row.Obs, row.Mask = step, int32(info.Agent), obs, info.Mask
		if err := w.WriteDecision(row); err != nil {
			return 0, err
		}
		act := r.agent.Act(r.env, &info)
		tr, err := r.env.Step(act)
		if err != nil {
			return 0, fmt.Errorf("agent %s chose action %d: %w", r.agent.Name(), act, err)
		}
		row.Action, row.Reward, row.Score = int32(act), float32(tr.Reward), float32(tr.Info.Score)
		row.Terminated, row.Truncated = tr.Terminated, tr.Truncated
		if err := w.WriteOutcome(row); err != nil {
			return 0, err
		}
		if tr.Done() {
			return int(step) + 1, nil
		}
		obs, info = tr.Obs, tr.Info
	}
}
