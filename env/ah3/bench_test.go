package ah3

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// BenchmarkRandomPlay measures random play with 2 investigators: ns/op is per
// decision (Apply), allocs/op per decision in steady state.
func BenchmarkRandomPlay(b *testing.B) {
	s := newGame(b, teams[0], 1)
	rng := game.NewRNG(1)
	seed := uint64(1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if s.Over() {
			seed++
			s.Reset(seed, s.log.Enabled)
		}
		s.Apply(rng.IntN(len(s.prompt.Options)))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
}

// BenchmarkClone measures a deep copy of a mid-game state.
func BenchmarkClone(b *testing.B) {
	s := newGame(b, teams[0], 1)
	rng := game.NewRNG(1)
	for i := 0; i < 60 && !s.Over(); i++ {
		s.Apply(rng.IntN(len(s.prompt.Options)))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sink = s.CloneState()
	}
}

var sink *State

// BenchmarkCloneInto measures a copy into reused storage (what a search does).
func BenchmarkCloneInto(b *testing.B) {
	s := newGame(b, teams[0], 1)
	c := s.CloneState()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.CloneInto(c)
	}
}
