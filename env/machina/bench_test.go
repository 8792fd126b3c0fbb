package machina

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// BenchmarkRandomPlay measures random decisions of 2-pioneer games, the
// engine alone (go test -bench . -benchmem ./env/machina/). A finished game
// is replaced by a fresh clone of a set-up game, so steady state allocates
// only what the rules do.
func BenchmarkRandomPlay(b *testing.B) {
	start := newGame(b, 5, Config{Pioneers: []string{"hank", "kim"}, RoundCap: 60})
	s := start.Clone().(*State)
	rng := game.NewRNG(1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if s.Over() {
			start.CloneInto(s)
			s.rng.Seed(uint64(i))
		}
		if err := s.Apply(rng.IntN(len(s.prompt.Options))); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClone measures a deep copy into reused storage (search's path).
func BenchmarkClone(b *testing.B) {
	s := newGame(b, 5, Config{Pioneers: []string{"hank", "kim"}})
	rng := game.NewRNG(3)
	play(s, &rng, 60)
	dst := &State{}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.CloneInto(dst)
	}
}
