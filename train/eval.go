package train

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/benchmarks"
	"github.com/mythos-rl/mythos/env"
)

// EvalResult is an agent's record on the fixed evaluation seeds.
type EvalResult struct {
	Agent    string  `json:"agent"`
	Episodes int     `json:"episodes"`
	Wins     int     `json:"wins"`
	WinRate  float64 `json:"win_rate"`
	// Lo and Hi bound the 95% Wilson score interval of the win rate.
	Lo        float64 `json:"lo"`
	Hi        float64 `json:"hi"`
	MeanScore float64 `json:"mean_score"`
	// Err is set when the agent could not be built (it is then skipped).
	Err string `json:"error,omitempty"`
}

// result summarises an agent's episodes on the evaluation seeds; side turns
// the team's score into the evaluated side's (−1 for Machina's monsters).
func result(name string, eps []agents.Episode, side float64) EvalResult {
	r := EvalResult{Agent: name, Episodes: len(eps)}
	score := 0.0
	for _, e := range eps {
		if side*e.Score > 0 {
			r.Wins++
		}
		score += side * e.Score
	}
	if r.Episodes > 0 {
		r.WinRate, r.MeanScore = float64(r.Wins)/float64(r.Episodes), score/float64(r.Episodes)
	}
	r.Lo, r.Hi = benchmarks.Wilson(r.Wins, r.Episodes, benchmarks.Z95)
	return r
}

// EvaluateAgent plays agent (a spec for agents.New) on episodes fixed seeds
// agents.EpisodeSeed(seed, k), exactly as `mythos run --seed` does.
func EvaluateAgent(envID string, opts env.Options, agent string, episodes int, seed uint64, workers int) (EvalResult, error) {
	eps, err := agents.Rollout(agents.RolloutConfig{Env: envID, Options: opts, Agent: agent, Episodes: episodes, Seed: seed, Workers: workers})
	if err != nil {
		return EvalResult{Agent: agent, Err: err.Error()}, err
	}
	return result(agent, eps, 1), nil
}

// EvaluateBaselines evaluates the configured baseline agents on the
// evaluation seeds; an agent that cannot be built is reported, not fatal.
func (t *Trainer) EvaluateBaselines() []EvalResult {
	out := []EvalResult{}
	for _, name := range t.Config.EvalAgents {
		var r EvalResult
		if t.plan == nil {
			r, _ = EvaluateAgent(t.EnvID, t.Options, name, t.Config.EvalEpisodes, t.Config.EvalSeed, t.Config.workers())
		} else {
			r, _ = t.evaluateSeated(name, func() (agents.Agent, error) { return agents.New(name) })
		}
		out = append(out, r)
	}
	return out
}

// EvaluatePolicy plays model greedily (most probable legal action) on
// episodes fixed seeds agents.EpisodeSeed(seed, k), spread over workers; the
// result does not depend on workers.
func EvaluatePolicy(envID string, opts env.Options, model *Model, episodes int, seed uint64, workers int) (EvalResult, error) {
	model.Prepare()
	return evaluate(envID, opts, "policy", episodes, seed, workers, 1, func(env.Env) (agents.Agent, error) {
		return NewPolicy(model, false), nil
	})
}

// evaluateSeated plays the agents mk makes in the learning seats of the
// trainer's seat plan and its opponents in the others (league seats: the
// league's first member, greedy, so every evaluation faces the same
// opponents), on the evaluation seeds; results are the learning side's.
func (t *Trainer) evaluateSeated(name string, mk func() (agents.Agent, error)) (EvalResult, error) {
	cfg := &t.Config
	var first *Model
	if t.league != nil {
		first = t.league.members[0].Model
	}
	r, err := evaluate(t.EnvID, t.Options, name, cfg.EvalEpisodes, cfg.EvalSeed, cfg.workers(), t.plan.side, func(e env.Env) (agents.Agent, error) {
		learner, err := mk()
		if err != nil {
			return nil, err
		}
		return newSeatedAgent(learner, e, t.plan, first)
	})
	if err != nil {
		r = EvalResult{Agent: name, Err: err.Error()}
	}
	return r, err
}

// evaluate plays the agents mk makes (one per worker, for its env) on
// episodes fixed seeds agents.EpisodeSeed(seed, k), spread over workers (the
// result does not depend on them), and summarises them for side.
func evaluate(envID string, opts env.Options, name string, episodes int, seed uint64, workers int, side float64, mk func(env.Env) (agents.Agent, error)) (EvalResult, error) {
	if episodes < 1 {
		return EvalResult{}, fmt.Errorf("evaluation needs at least one episode, got %d", episodes)
	}
	workers = max(1, min(workers, episodes))
	eps := make([]agents.Episode, episodes)
	errs := make([]error, workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		e, err := env.Make(envID, opts)
		if err != nil {
			return EvalResult{}, err
		}
		p, err := mk(e)
		if err != nil {
			return EvalResult{}, err
		}
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= episodes {
					return
				}
				ep, err := agents.Play(e, p, agents.EpisodeSeed(seed, k))
				if err != nil {
					errs[w] = fmt.Errorf("evaluation episode %d: %w", k, err)
					return
				}
				ep.Index = k
				eps[k] = ep
			}
		}(w)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return EvalResult{}, err
		}
	}
	return result(name, eps, side), nil
}
