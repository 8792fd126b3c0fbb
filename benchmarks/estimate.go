package benchmarks

import (
	"fmt"
	"runtime"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// defaultEpisodeLength is the episode length assumed for an agent none of
// whose probe episodes finished, when no other agent's did either.
const defaultEpisodeLength = 100

// probeEpisodes is the most episodes a probe plays of one agent.
const probeEpisodes = 20

// AgentEstimate is what a short probe of one agent predicts for a strength
// run. It is timing: it moves with the machine and its load.
type AgentEstimate struct {
	Agent string
	// SecondsPerDecision is the probe's wall time per decision, one goroutine.
	SecondsPerDecision float64
	// MeanLength is the mean length of the probe's finished episodes, or
	// the assumed length when none finished (then Measured is false).
	MeanLength float64
	Measured   bool
	// Expected is the predicted time of the agent's part of the run.
	Expected time.Duration
}

// EstimateStrength predicts how long Strength(cfg) takes by playing each
// agent for about budget on the run's own seeds, one goroutine, and scaling
// by the number of episodes and the parallelism the run gets
// (min(Workers, GOMAXPROCS, Episodes)). Results of the estimate are timing,
// never results: Strength itself replays every seed from the start.
func EstimateStrength(cfg StrengthConfig, budget time.Duration) (time.Duration, []AgentEstimate, error) {
	if budget <= 0 {
		return 0, nil, fmt.Errorf("estimate budget must be positive, got %v", budget)
	}
	out := make([]AgentEstimate, 0, len(cfg.Agents))
	for _, spec := range cfg.Agents {
		est, err := probe(cfg, spec, budget)
		if err != nil {
			return 0, nil, err
		}
		out = append(out, est)
	}
	// an agent whose probe finished no episode is assumed to play as long
	// as the longest measured one (a search agent plays the same game)
	assumed := 0.0
	for _, e := range out {
		if e.Measured {
			assumed = max(assumed, e.MeanLength)
		}
	}
	if assumed == 0 {
		assumed = defaultEpisodeLength
	}
	parallel := float64(max(1, min(cfg.Workers, runtime.GOMAXPROCS(0), cfg.Episodes)))
	var total time.Duration
	for i := range out {
		e := &out[i]
		if !e.Measured {
			e.MeanLength = assumed
		}
		secs := float64(cfg.Episodes) * e.MeanLength * e.SecondsPerDecision / parallel
		e.Expected = time.Duration(secs * float64(time.Second))
		total += e.Expected
	}
	return total, out, nil
}

// probe plays agent spec on cfg's episode seeds for about budget and
// measures its time per decision and the length of the episodes it ends
// (at most probeEpisodes of them).
func probe(cfg StrengthConfig, spec string, budget time.Duration) (AgentEstimate, error) {
	est := AgentEstimate{Agent: spec}
	e, err := env.Make(cfg.Env, cfg.Options)
	if err != nil {
		return est, err
	}
	a, err := agents.New(spec)
	if err != nil {
		return est, err
	}
	if err := agents.CheckEnv(a, e); err != nil {
		return est, err
	}
	start := time.Now()
	decisions, finished, finishedLen := 0, 0, 0
	for k := 0; k < probeEpisodes && time.Since(start) < budget; k++ {
		seed := agents.EpisodeSeed(cfg.Seed, k)
		a.Reset(game.DeriveSeed(seed, 1))
		_, info := e.Reset(seed)
		for length := 1; ; length++ {
			tr, err := e.Step(a.Act(e, &info))
			if err != nil {
				return est, fmt.Errorf("agent %s: %w", spec, err)
			}
			decisions++
			if tr.Done() {
				finished++
				finishedLen += length
				break
			}
			if time.Since(start) >= budget {
				break
			}
			info = tr.Info
		}
	}
	est.SecondsPerDecision = time.Since(start).Seconds() / float64(max(decisions, 1))
	if finished > 0 {
		est.MeanLength, est.Measured = float64(finishedLen)/float64(finished), true
	}
	return est, nil
}
