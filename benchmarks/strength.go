package benchmarks

import (
	"fmt"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
)

// StrengthConfig says which agents to compare, where and on how many seeds.
type StrengthConfig struct {
	// Env and Options make the env every agent plays.
	Env     string
	Options env.Options
	// Agents are agent specs, e.g. "ismcts:iters=1000,rollout=heuristic".
	Agents []string
	// Seats, if any, are seats every agent leaves to a fixed agent (the
	// monster side of Machina Arcana: "monsters=heuristic").
	Seats []agents.SeatAgent
	// Episodes is the number of episodes per agent; episode k of every agent
	// is seeded from Seed.
	Episodes int
	Seed     uint64
	// Workers is the number of goroutines playing episodes (it never changes
	// the results).
	Workers int
	// Progress, if not nil, is called once per finished episode (from worker
	// goroutines, concurrently).
	Progress func()
}

// AgentResult is one agent's record over the seeds of a strength run. Every
// field but Seconds and DecisionsPerSec depends only on the configuration.
type AgentResult struct {
	Agent      string  `json:"agent"`
	Episodes   int     `json:"episodes"`
	Wins       int     `json:"wins"`
	Losses     int     `json:"losses"`
	Unfinished int     `json:"unfinished"`
	WinRate    float64 `json:"win_rate"`
	WinLow     float64 `json:"win_low"`  // Wilson 95% interval
	WinHigh    float64 `json:"win_high"` // Wilson 95% interval
	MeanScore  float64 `json:"mean_score"`
	MeanLength float64 `json:"mean_length"`
	Decisions  int     `json:"decisions"`
	// Timing (not reproducible).
	Seconds         float64 `json:"seconds"`
	DecisionsPerSec float64 `json:"decisions_per_s"`
}

// Strength plays every agent on the same episode seeds (episode k of every
// agent is seeded with agents.EpisodeSeed(cfg.Seed, k)) and summarizes each.
// Results are in the order of cfg.Agents.
func Strength(cfg StrengthConfig) ([]AgentResult, error) {
	if len(cfg.Agents) == 0 {
		return nil, fmt.Errorf("no agents to evaluate")
	}
	if cfg.Episodes < 1 {
		return nil, fmt.Errorf("episodes must be at least 1, got %d", cfg.Episodes)
	}
	if _, err := env.Make(cfg.Env, cfg.Options); err != nil {
		return nil, err
	}
	for _, a := range cfg.Agents {
		if _, err := agents.New(a); err != nil {
			return nil, err
		}
	}
	out := make([]AgentResult, 0, len(cfg.Agents))
	for _, a := range cfg.Agents {
		start := time.Now()
		eps, err := agents.Rollout(agents.RolloutConfig{
			Env: cfg.Env, Options: cfg.Options, Agent: a, Seats: cfg.Seats, Episodes: cfg.Episodes,
			Seed: cfg.Seed, Workers: cfg.Workers, Progress: cfg.Progress,
		})
		if err != nil {
			return nil, fmt.Errorf("agent %s: %w", a, err)
		}
		r := Summarize(a, eps)
		r.Seconds = time.Since(start).Seconds()
		if r.Seconds > 0 {
			r.DecisionsPerSec = float64(r.Decisions) / r.Seconds
		}
		out = append(out, r)
	}
	return out, nil
}

// Summarize turns an agent's episodes into an [AgentResult] (timing left 0).
// An episode counts as a win when its score is positive, a loss when
// negative, and unfinished when it was truncated or scored 0.
func Summarize(agent string, eps []agents.Episode) AgentResult {
	r := AgentResult{Agent: agent, Episodes: len(eps)}
	var score float64
	for _, e := range eps {
		switch {
		case e.Truncated || e.Score == 0:
			r.Unfinished++
		case e.Score > 0:
			r.Wins++
		default:
			r.Losses++
		}
		score += e.Score
		r.Decisions += e.Length
	}
	if n := float64(len(eps)); n > 0 {
		r.WinRate, r.MeanScore, r.MeanLength = float64(r.Wins)/n, score/n, float64(r.Decisions)/n
	}
	r.WinLow, r.WinHigh = Wilson(r.Wins, r.Episodes, Z95)
	return r
}
