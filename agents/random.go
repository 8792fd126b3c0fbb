package agents

import (
	"fmt"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

func init() {
	Register("random", "uniform over the legal actions, seeded per episode", func(opts env.Options) (Agent, error) {
		if len(opts) > 0 {
			return nil, fmt.Errorf("takes no options (got %s)", opts)
		}
		return &Random{}, nil
	})
}

// Random picks uniformly among the legal actions with its own seeded RNG.
type Random struct {
	rng game.RNG
}

// Name implements [Agent].
func (r *Random) Name() string { return "random" }

// Reset implements [Agent].
func (r *Random) Reset(seed uint64) { r.rng.Seed(seed) }

// Act implements [Agent]: it walks the mask twice (count, then pick) so that it
// allocates nothing.
func (r *Random) Act(_ env.Env, info *env.Info) int {
	return Uniform(&r.rng, info.Mask)
}

// Uniform returns a legal action of mask drawn uniformly with rng, or -1 if
// none is legal.
func Uniform(rng *game.RNG, mask []int8) int {
	n := 0
	for _, m := range mask {
		if m != 0 {
			n++
		}
	}
	if n == 0 {
		return -1
	}
	k := rng.IntN(n)
	for a, m := range mask {
		if m != 0 {
			if k == 0 {
				return a
			}
			k--
		}
	}
	return -1
}
