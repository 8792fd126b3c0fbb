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

// Act implements [Agent]: a uniform draw among the legal actions ([Pick]).
func (r *Random) Act(_ env.Env, info *env.Info) int {
	return Pick(&r.rng, info)
}

// Pick returns a legal action of info drawn uniformly with rng, or -1 if
// none is legal: from info.Legal when the env lists the legal ids
// ([UniformLegal]), else from the mask ([Uniform]). Both make the same draw.
func Pick(rng *game.RNG, info *env.Info) int {
	if info.Legal != nil {
		return UniformLegal(rng, info.Legal)
	}
	return Uniform(rng, info.Mask)
}

// UniformLegal returns legal[k] for k = rng.IntN(len(legal)), or -1 if
// legal is empty: for the increasing list of a mask's legal ids
// (env.Info.Legal), the draw Uniform makes on the mask, without reading it.
func UniformLegal(rng *game.RNG, legal []int32) int {
	if len(legal) == 0 {
		return -1
	}
	return int(legal[rng.IntN(len(legal))])
}

// Uniform returns a legal action of mask drawn uniformly with rng, or -1 if
// none is legal: the k-th legal entry for k = rng.IntN(the number legal).
// The masks of Machina Arcana have 1,927 entries, a handful of them legal,
// so it counts them 32 entries at a time, skipping chunks of zeros with
// one test, and notes the chunks that hold legal entries (up to
// chunkNotes of them) so that the pick looks at those alone.
func Uniform(rng *game.RNG, mask []int8) int {
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(mask))), len(mask))
	var notes [chunkNotes]uint16 // the chunks with legal entries, in order
	noted := 0                   // how many; past chunkNotes, too many to note
	n, a := 0, 0
	for ; a+chunk <= len(b); a += chunk {
		c := (*[chunk]byte)(b[a : a+chunk])
		x0, x1 := binary.LittleEndian.Uint64(c[0:8]), binary.LittleEndian.Uint64(c[8:16])
		x2, x3 := binary.LittleEndian.Uint64(c[16:24]), binary.LittleEndian.Uint64(c[24:32])
		if x0|x1|x2|x3 == 0 {
			continue
		}
		n += bits.OnesCount64(nonzero(x0) | nonzero(x1)<<1 | nonzero(x2)<<2 | nonzero(x3)<<3)
		if noted < chunkNotes {
			notes[noted] = uint16(a / chunk)
		}
		noted++
	}
	tail := a // the entries after the last whole chunk
	for ; a < len(b); a++ {
		if b[a] != 0 {
			n++
		}
	}
	if n == 0 {
		return -1
	}
	k := rng.IntN(n)
	if noted <= chunkNotes {
		for _, c := range notes[:noted] {
			if a, ok := pick(b, int(c)*chunk, &k); ok {
				return a
			}
		}
	} else {
		for a := 0; a < tail; a += chunk {
			if a, ok := pick(b, a, &k); ok {
				return a
			}
		}
	}
	for a := tail; a < len(b); a++ {
		if b[a] != 0 {
			if k == 0 {
				return a
			}
			k--
		}
	}
	return -1
}

// chunk is the entries Uniform tests at once, chunkNotes the chunks with
// legal entries it remembers between counting and picking.
const (
	chunk      = 32
	chunkNotes = 16
)

// pick returns the k-th legal entry of the chunk at a, if it holds more
// than k of them, else takes its count from k.
func pick(b []byte, a int, k *int) (int, bool) {
	c := (*[chunk]byte)(b[a : a+chunk])
	for w := 0; w < chunk; w += 8 {
		x := nonzero(binary.LittleEndian.Uint64(c[w : w+8]))
		c := bits.OnesCount64(x)
		if *k >= c {
			*k -= c
			continue
		}
		for ; ; x &= x - 1 { // bit 8i for entry i of the word
			if *k == 0 {
				return a + w + bits.TrailingZeros64(x)>>3, true
			}
			*k--
		}
	}
	return 0, false
}

// nonzero returns, for eight entries as a little-endian word x, a word with
// bit 8i set where entry i is not zero.
func nonzero(x uint64) uint64 {
	x |= x >> 4
	x |= x >> 2
	x |= x >> 1
	return x & 0x0101010101010101
}
