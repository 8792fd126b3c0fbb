package dataset

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// RecordConfig says what to play and where to write it.
type RecordConfig struct {
	Env     string
	Options env.Options
	Agent   string
	// Episodes is how many episodes to play; episode k is seeded with
	// agents.EpisodeSeed(Seed, k) and played as agents.Play plays it, so it is
	// the same episode `mythos run` plays with the same seed.
	Episodes int
	Seed     uint64
	// Dir receives the files part-00000.arrow, part-00001.arrow, …; file i
	// holds episodes i*PerFile up to (i+1)*PerFile-1.
	Dir     string
	PerFile int
	// Workers is how many files are written at once (each with its own env and
	// agent). The files' bytes do not depend on it.
	Workers int
	// BatchRows is the number of rows per record batch (DefaultBatchRows if 0).
	BatchRows int
	// Compression of the files' buffers.
	Compression Compression
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

// FileName is the name of the i-th file of a recording.
func FileName(i int) string { return fmt.Sprintf("part-%05d%s", i, FileExt) }

// Record plays cfg.Episodes episodes and writes every decision to Arrow IPC
// files in cfg.Dir. Each file is complete once it has its final name; an
// interrupted run leaves the files it finished readable. The same config
// gives the same bytes, whatever the number of workers.
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
	if old, err := Files(cfg.Dir); err != nil || len(old) > 0 {
		if err != nil {
			return RecordSummary{}, err
		}
		return RecordSummary{}, fmt.Errorf("%s already holds trajectory files (%s, …); record into an empty directory", cfg.Dir, filepath.Base(old[0]))
	}
	files := (cfg.Episodes + cfg.PerFile - 1) / cfg.PerFile
	workers := min(max(cfg.Workers, 1), files)
	type player struct {
		env   env.Env
		agent agents.Agent
	}
	players := make([]player, workers)
	for w := range players {
		e, err := env.Make(cfg.Env, cfg.Options)
		if err != nil {
			return RecordSummary{}, err
		}
		a, err := agents.New(cfg.Agent)
		if err != nil {
			return RecordSummary{}, err
		}
		players[w] = player{e, a}
	}
	sum := RecordSummary{Files: make([]string, files), Episodes: cfg.Episodes}
	var (
		next atomic.Int64
		rows atomic.Int64
		wg   sync.WaitGroup
		mu   sync.Mutex
		fail error
	)
	for _, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := newRecorder(p.env, p.agent, cfg)
			for {
				i := int(next.Add(1) - 1)
				mu.Lock()
				stop := fail != nil
				mu.Unlock()
				if i >= files || stop {
					return
				}
				path := filepath.Join(cfg.Dir, FileName(i))
				n, err := rec.file(path, i*cfg.PerFile, min((i+1)*cfg.PerFile, cfg.Episodes))
				if err != nil {
					mu.Lock()
					if fail == nil {
						fail = err
					}
					mu.Unlock()
					return
				}
				rows.Add(n)
				sum.Files[i] = path
			}
		}()
	}
	wg.Wait()
	if fail != nil {
		return RecordSummary{}, fail
	}
	sum.Rows = rows.Load()
	return sum, nil
}

// recorder plays episodes with one env and agent and writes their rows.
type recorder struct {
	env   env.Env
	agent agents.Agent
	cfg   RecordConfig
	row   Row      // its Obs and Mask are views of the env's buffers
	cols  [][]byte // column buffers handed from one file's writer to the next
}

func newRecorder(e env.Env, a agents.Agent, cfg RecordConfig) *recorder {
	return &recorder{env: e, agent: a, cfg: cfg}
}

// file writes episodes [from, to) to path and returns the number of rows.
func (r *recorder) file(path string, from, to int) (int64, error) {
	meta := MetaFor(r.env.Spec(), r.cfg.Options, r.cfg.Agent, r.cfg.Seed)
	for k := from; k < to; k++ {
		meta.Episodes = append(meta.Episodes, EpisodeSeed{int64(k), agents.EpisodeSeed(r.cfg.Seed, k)})
	}
	w, err := create(path, meta, r.cols)
	if err != nil {
		return 0, err
	}
	defer func() { r.cols = w.cols }()
	if r.cfg.BatchRows > 0 {
		w.BatchRows = r.cfg.BatchRows
	}
	w.Compression = r.cfg.Compression
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

// episode plays one episode as agents.Play does, writing a row per decision,
// and returns the number of rows.
func (r *recorder) episode(w *Writer, ep EpisodeSeed) (int, error) {
	r.agent.Reset(game.DeriveSeed(ep.Seed, 1))
	obs, info := r.env.Reset(ep.Seed)
	row := &r.row
	row.Episode = ep.Episode
	for step := int32(0); ; step++ {
		// The decision part is copied from the env's buffers before Step
		// overwrites them.
		row.Step, row.Agent, row.Obs, row.Mask = step, int32(info.Agent), obs, info.Mask
		if err := w.decision(row); err != nil {
			return 0, err
		}
		act := r.agent.Act(r.env, &info)
		tr, err := r.env.Step(act)
		if err != nil {
			return 0, fmt.Errorf("agent %s chose action %d: %w", r.agent.Name(), act, err)
		}
		row.Action, row.Reward, row.Score = int32(act), float32(tr.Reward), float32(tr.Info.Score)
		row.Terminated, row.Truncated = tr.Terminated, tr.Truncated
		if err := w.outcome(row); err != nil {
			return 0, err
		}
		if tr.Done() {
			return int(step) + 1, nil
		}
		obs, info = tr.Obs, tr.Info
	}
}
