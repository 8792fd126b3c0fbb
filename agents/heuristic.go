package agents

import (
	"fmt"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/machina"
)

func init() {
	Register("heuristic", "rule-based player of the LCG (investigate, fight or evade, play assets, commit icons, watch the doom clock); of Machina Arcana (attack in reach, chapter cells, lairs, exit, exploration; the monster side hunts the nearest pioneer); random elsewhere",
		func(opts env.Options) (Agent, error) {
			if len(opts) > 0 {
				return nil, fmt.Errorf("takes no options (got %s)", opts)
			}
			return &Heuristic{}, nil
		})
}

// RolloutPolicy chooses answers directly on game states. Search agents use
// it for their playouts; it must be safe to call from several goroutines at
// once with different states and RNGs.
type RolloutPolicy interface {
	// Choose returns an option index of s's prompt (s is not over).
	Choose(s game.State, rng *game.RNG) int
}

// Evaluator estimates the team's final score of an unfinished game, in the
// range of the game's scores. Search agents use it when a playout is cut off.
type Evaluator interface {
	// Evaluate returns the estimate for s.
	Evaluate(s game.State) float64
}

// Heuristic is a rule-based player. On Arkham Horror LCG states it scores
// each option of the prompt by rules of thumb (see heuristic_lcg.go) and
// takes the best, breaking ties with its seeded RNG; on other games it plays
// uniformly at random. It is deterministic for a seed.
type Heuristic struct {
	rng game.RNG
}

// Name implements [Agent].
func (h *Heuristic) Name() string { return "heuristic" }

// Reset implements [Agent].
func (h *Heuristic) Reset(seed uint64) { h.rng.Seed(seed) }

// Act implements [Agent].
func (h *Heuristic) Act(e env.Env, info *env.Info) int {
	s := e.State()
	if s == nil || len(s.Prompt().Options) == 0 {
		return Pick(&h.rng, info)
	}
	return ActionFor(e, info, HeuristicPolicy{}.Choose(s, &h.rng), &h.rng)
}

// HeuristicPolicy is the heuristic player as a [RolloutPolicy] and an
// [Evaluator]. It holds no state.
type HeuristicPolicy struct{}

// Choose implements [RolloutPolicy].
func (HeuristicPolicy) Choose(s game.State, rng *game.RNG) int {
	if ls, ok := s.(*lcg.State); ok {
		return chooseLCG(ls, rng)
	}
	if ms, ok := s.(*machina.State); ok {
		return chooseMachina(ms, rng)
	}
	if as, ok := s.(*ah3.State); ok {
		return chooseAH3(as, rng)
	}
	return RandomPolicy{}.Choose(s, rng)
}

// Evaluate implements [Evaluator]: the game's score once over; for LCG states
// an estimate from scenario progress, health and the doom clock; 0 elsewhere.
func (HeuristicPolicy) Evaluate(s game.State) float64 {
	if s.Over() {
		return s.Score()
	}
	if ls, ok := s.(*lcg.State); ok {
		if ls.InCampaign() {
			// Campaign play: the scenarios' rewards so far, plus the
			// estimate of the one being played.
			if ls.Camp.Step != lcg.CampPlaying {
				return ls.Score()
			}
			return ls.Score() + evaluateLCG(ls)
		}
		return evaluateLCG(ls)
	}
	if ms, ok := s.(*machina.State); ok {
		return evaluateMachina(ms)
	}
	if as, ok := s.(*ah3.State); ok {
		return evaluateAH3(as)
	}
	return 0
}

// RandomPolicy plays uniformly at random over the prompt's options.
type RandomPolicy struct{}

// Choose implements [RolloutPolicy].
func (RandomPolicy) Choose(s game.State, rng *game.RNG) int {
	return rng.IntN(len(s.Prompt().Options))
}

// ActionFor returns the legal action id of e that stands for option index
// choice of the current prompt (through e.Decode, so it holds whatever the
// env's action encoding is). If no legal id decodes to choice it falls back to
// a uniformly drawn legal action.
func ActionFor(e env.Env, info *env.Info, choice int, rng *game.RNG) int {
	if info.Legal != nil {
		for _, id := range info.Legal {
			if c, ok := e.Decode(int(id)); ok && c == choice {
				return int(id)
			}
		}
		return UniformLegal(rng, info.Legal)
	}
	for id, m := range info.Mask {
		if m == 0 {
			continue
		}
		if c, ok := e.Decode(id); ok && c == choice {
			return id
		}
	}
	return Uniform(rng, info.Mask)
}

// pickBest returns the index of the highest score, ties broken uniformly with
// rng (reservoir sampling, so nothing is allocated).
func pickBest(scores []float64, rng *game.RNG) int {
	best, ties := 0, 0
	for i, v := range scores {
		switch {
		case i == 0 || v > scores[best]:
			best, ties = i, 1
		case v == scores[best]:
			ties++
			if rng.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return best
}
