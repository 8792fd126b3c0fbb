package agents

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// Episode is the result of one rollout episode.
type Episode struct {
	Index     int
	Seed      uint64
	Score     float64
	Length    int // decisions taken by the agent (after any skipped prompts)
	Truncated bool
}

// Won reports a winning outcome.
func (e Episode) Won() bool { return e.Score > 0 }

// RolloutConfig says what to play.
type RolloutConfig struct {
	Env     string
	Options env.Options
	Agent   string
	// Seats, if any, are seats played by their own agents instead of Agent
	// (see WithSeats).
	Seats    []SeatAgent
	Episodes int
	Seed     uint64
	Workers  int
	// Record, if not nil, receives each finished episode's record (called
	// from worker goroutines, one call at a time).
	Record func(*game.Record)
	// Progress, if not nil, is called once per finished episode (from worker
	// goroutines, concurrently).
	Progress func()
}

// EpisodeSeed is the seed of episode k of a rollout from seed.
func EpisodeSeed(seed uint64, k int) uint64 { return game.DeriveSeed(seed, uint64(k)) }

// Rollout plays cfg.Episodes episodes with cfg.Workers goroutines, each with
// its own env and agent. Episode k is seeded with EpisodeSeed(seed, k) and the
// agent with a seed derived from it, so results are the same for any number of
// workers. Results are returned in episode order.
func Rollout(cfg RolloutConfig) ([]Episode, error) {
	if cfg.Episodes <= 0 {
		return nil, fmt.Errorf("episodes must be at least 1, got %d", cfg.Episodes)
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = 1
	}
	workers = min(workers, cfg.Episodes)
	type player struct {
		env   env.Env
		agent Agent
	}
	players := make([]player, workers)
	var recMu sync.Mutex
	for w := range players {
		e, err := makeEnv(cfg, &recMu)
		if err != nil {
			return nil, err
		}
		a, err := New(cfg.Agent)
		if err != nil {
			return nil, err
		}
		if a, err = WithSeats(a, e.Spec(), cfg.Seats); err != nil {
			return nil, err
		}
		players[w] = player{e, a}
	}
	results := make([]Episode, cfg.Episodes)
	err := forEach(workers, cfg.Episodes, func(w, k int) error {
		ep, err := Play(players[w].env, players[w].agent, EpisodeSeed(cfg.Seed, k))
		if err != nil {
			return fmt.Errorf("episode %d: %w", k, err)
		}
		ep.Index = k
		results[k] = ep
		if cfg.Progress != nil {
			cfg.Progress()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return results, nil
}

// forEach calls do(w, i) for every i in [0, n), each once, from workers
// goroutines (w is the calling worker's index, so do may use per-worker
// state). Once a call fails no new one starts; it returns the error of the
// lowest-numbered worker that failed.
func forEach(workers, n int, do func(w, i int) error) error {
	var (
		next   atomic.Int64
		failed atomic.Bool
		wg     sync.WaitGroup
		errs   = make([]error, workers)
	)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := do(w, i); err != nil {
					errs[w] = err
					failed.Store(true)
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// makeEnv builds the env, with a recorder inside the common wrappers when
// records are wanted.
func makeEnv(cfg RolloutConfig, recMu *sync.Mutex) (env.Env, error) {
	if cfg.Record == nil {
		return env.Make(cfg.Env, cfg.Options)
	}
	gameOpts := cfg.Options.Without(env.CommonOptionNames()...)
	base, err := env.MakeBase(cfg.Env, gameOpts)
	if err != nil {
		return nil, err
	}
	return env.Wrap(env.NewRecorder(base, gameOpts, func(r *game.Record) {
		recMu.Lock()
		defer recMu.Unlock()
		cfg.Record(r)
	}), cfg.Options)
}

// Play runs one episode of agent a in e from seed.
func Play(e env.Env, a Agent, seed uint64) (Episode, error) { return play(e, a, seed, nil) }

// watcher sees an episode as play plays it (Record writes it down).
type watcher interface {
	// decision is called before the agent acts at decision step; obs and
	// info are the env's buffers, overwritten by the next Step.
	decision(step int, obs encode.Obs, info *env.Info) error
	// outcome is called after Step with the action taken and its result
	// (by value: a pointer would move every step's Transition to the heap).
	outcome(action int, tr env.Transition) error
}

// play is Play with an optional watcher (nil for none).
func play(e env.Env, a Agent, seed uint64, wt watcher) (Episode, error) {
	if err := CheckEnv(a, e); err != nil {
		return Episode{Seed: seed}, err
	}
	a.Reset(game.DeriveSeed(seed, 1))
	obs, info := e.Reset(seed)
	ep := Episode{Seed: seed}
	for {
		if wt != nil {
			if err := wt.decision(ep.Length, obs, &info); err != nil {
				return ep, err
			}
		}
		act := a.Act(e, &info)
		tr, err := e.Step(act)
		if err != nil {
			return ep, fmt.Errorf("agent %s chose action %d: %w", a.Name(), act, err)
		}
		if wt != nil {
			if err := wt.outcome(act, tr); err != nil {
				return ep, err
			}
		}
		ep.Length++
		if tr.Done() {
			ep.Score, ep.Truncated = tr.Info.Score, tr.Truncated
			return ep, nil
		}
		obs, info = tr.Obs, tr.Info
	}
}
