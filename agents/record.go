package agents

// Recording lives here, beside Play and Rollout, rather than in
// encode/trajectory or cmd/mythos. encode/trajectory may not import env or
// agents (encode sits below env in DESIGN.md's arrows), so it only stores
// rows over an encode.Layout. The loop that makes envs and agents, plays
// episodes and feeds a trajectory.Writer must know both, and it must play
// each episode exactly as Play does (same episode seed, same agent seed,
// same env calls) so that a recorded episode is the one `mythos run` plays:
// both run the same loop (play, with the recorder as its watcher). Being in
// a library package rather than in the CLI, it also serves other callers
// (offline datasets for train, benchmarks), and cmd/mythos/record.go stays a
// thin flag parser.

import (
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/encode/trajectory"
	"github.com/mythos-rl/mythos/env"
)

// RecordConfig says what to play and where to write its trajectories.
type RecordConfig struct {
	// Env is the env id, Options its make-time options (common ones
	// included) and Agent the agent spec that plays every seat.
	Env     string
	Options env.Options
	Agent   string
	// Episodes is how many episodes to play; episode k is seeded with
	// EpisodeSeed(Seed, k) and played as Play plays it, so it is the same
	// episode Rollout (and `mythos run`) plays with the same seed.
	Episodes int
	// Seed is the run's base seed.
	Seed uint64
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
	Files    []string // the files written, in order
	Episodes int      // episodes played
	Rows     int64    // rows (decisions) written, over all files
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
	var rows atomic.Int64
	err := forEach(workers, files, func(w, i int) error {
		path := filepath.Join(cfg.Dir, trajectory.FileName(i))
		n, err := recorders[w].file(path, i*cfg.PerFile, min((i+1)*cfg.PerFile, cfg.Episodes))
		if err != nil {
			return err
		}
		rows.Add(n)
		sum.Files[i] = path
		return nil
	})
	if err != nil {
		return RecordSummary{}, err
	}
	sum.Rows = rows.Load()
	return sum, nil
}

// recorder plays episodes with one env and agent and writes their rows; it
// is the watcher of the episodes it plays.
type recorder struct {
	env   env.Env
	agent Agent
	cfg   *RecordConfig
	w     *trajectory.Writer // the file being written
	row   trajectory.Row     // its Obs and Mask are views of the env's buffers
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
	r.w = w
	defer func() { r.w = nil }()
	for _, ep := range meta.Episodes {
		r.row.Episode = ep.Episode
		played, err := play(r.env, r.agent, ep.Seed, r)
		if err != nil {
			w.Abort()
			return 0, fmt.Errorf("episode %d (seed %d): %w", ep.Episode, ep.Seed, err)
		}
		if r.cfg.Progress != nil {
			r.cfg.Progress(played.Length)
		}
	}
	rows := w.Rows()
	return rows, w.Close()
}

// decision implements watcher: it writes the decision part of the row, copied
// from the env's buffers before the agent acts and Step overwrites them.
func (r *recorder) decision(step int, obs encode.Obs, info *env.Info) error {
	row := &r.row
	row.Step, row.Agent, row.Obs, row.Mask = int32(step), int32(info.Agent), obs, info.Mask
	return r.w.WriteDecision(row)
}

// outcome implements watcher: it completes the row with the action and what
// Step returned.
func (r *recorder) outcome(action int, tr env.Transition) error {
	row := &r.row
	row.Action, row.Reward, row.Score = int32(action), float32(tr.Reward), float32(tr.Info.Score)
	row.Terminated, row.Truncated = tr.Terminated, tr.Truncated
	return r.w.WriteOutcome(row)
}
