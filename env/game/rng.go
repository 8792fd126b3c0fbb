package game

import (
	"math/bits"
	"math/rand/v2"
)

// RNG is the single seeded random source inside a game state. It is a value
// (a PCG generator, 128 bits of state), so copying a state copies its position
// in the stream: Clone and serialization carry it.
type RNG struct {
	pcg rand.PCG
}

// NewRNG returns a generator seeded with seed.
func NewRNG(seed uint64) RNG {
	var r RNG
	r.Seed(seed)
	return r
}

// Seed resets the generator to the start of the stream for seed.
func (r *RNG) Seed(seed uint64) {
	// Two different words from one seed so that seed 0 is as good as any.
	r.pcg.Seed(seed, SplitMix(seed^0x9e3779b97f4a7c15))
}

// Uint64 returns a uniformly distributed 64-bit value.
func (r *RNG) Uint64() uint64 { return r.pcg.Uint64() }

// IntN returns a uniform integer in [0, n). It panics if n <= 0.
// It uses Lemire's multiply-shift rejection method: unbiased, no division in
// the common case, no allocation.
func (r *RNG) IntN(n int) int {
	if n <= 0 {
		panic("game: RNG.IntN with n <= 0")
	}
	un := uint64(n)
	hi, lo := bits.Mul64(r.pcg.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.pcg.Uint64(), un)
		}
	}
	return int(hi)
}

// Float64 returns a uniform float in [0, 1).
func (r *RNG) Float64() float64 { return float64(r.pcg.Uint64()>>11) / (1 << 53) }

// Shuffle permutes n elements with the Fisher–Yates algorithm, calling swap
// for each exchange.
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		swap(i, j)
	}
}

// ShuffleInts permutes s in place (no closure, no allocation).
func ShuffleInts[T ~int8 | ~int16 | ~int32 | ~int | ~uint16](r *RNG, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// AppendBinary appends the generator's state to b.
func (r *RNG) AppendBinary(b []byte) ([]byte, error) { return r.pcg.AppendBinary(b) }

// MarshalBinary returns the generator's state.
func (r *RNG) MarshalBinary() ([]byte, error) { return r.pcg.MarshalBinary() }

// UnmarshalBinary restores a state written by MarshalBinary.
func (r *RNG) UnmarshalBinary(b []byte) error { return r.pcg.UnmarshalBinary(b) }

// SplitMix is one step of the SplitMix64 mixer: a cheap way to derive
// independent-looking seeds (one per episode, one per env) from one seed.
func SplitMix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// DeriveSeed mixes a base seed and stream indices into a new seed, so that
// episode k of env i gets a seed that depends only on (base, i, k).
func DeriveSeed(base uint64, index ...uint64) uint64 {
	s := SplitMix(base)
	for _, i := range index {
		s = SplitMix(s ^ (i * 0xd1b54a32d192ed03))
	}
	return s
}
