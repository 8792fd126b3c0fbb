package agents

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"unsafe"

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
// none is legal. It counts and walks the mask eight entries at a time (the
// masks of Machina Arcana have 1,927 entries, a handful of them legal).
func Uniform(rng *game.RNG, mask []int8) int {
	n := 0
	for w := 0; w+8 <= len(mask); w += 8 {
		n += bits.OnesCount64(nonzero(mask[w:]))
	}
	for _, m := range mask[len(mask)&^7:] {
		if m != 0 {
			n++
		}
	}
	if n == 0 {
		return -1
	}
	k := rng.IntN(n)
	a := 0
	for ; a+8 <= len(mask); a += 8 {
		c := bits.OnesCount64(nonzero(mask[a:]))
		if k < c {
			break
		}
		k -= c
	}
	for ; a < len(mask); a++ {
		if mask[a] != 0 {
			if k == 0 {
				return a
			}
			k--
		}
	}
	return -1
}

// nonzero returns, for the first eight entries of m, a word with bit 8i set
// where entry i is not zero.
func nonzero(m []int8) uint64 {
	x := binary.LittleEndian.Uint64(unsafe.Slice((*byte)(unsafe.Pointer(&m[0])), 8))
	x |= x >> 4
	x |= x >> 2
	x |= x >> 1
	return x & 0x0101010101010101
}
