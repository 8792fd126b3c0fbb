package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestMillionRandomDecisions is issue 3's fuzz floor: one million random legal
// decisions over many seeds, team sizes and difficulties, with CheckInvariants
// after every step. It runs in short mode too, so CI runs it with and without
// the race detector (about 2 s and 35 s here).
func TestMillionRandomDecisions(t *testing.T) {
	const total = 1_000_000
	diffs := []string{"easy", "standard", "hard", "expert"}
	decisions, games := 0, 0
	for seed := uint64(0); decisions < total; seed++ {
		inv := teams[seed%uint64(len(teams))]
		s, err := New(Options{Investigators: inv, Difficulty: diffs[seed%4], Mulligan: seed%3 != 0}, seed, false)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("seed %d setup: %v", seed, err)
		}
		rng := game.NewRNG(seed ^ 0x9e3779b97f4a7c15)
		n := 0
		for !s.Over() && n < 20000 {
			p := s.Prompt()
			if len(p.Options) == 0 {
				t.Fatalf("seed %d step %d: prompt with no options", seed, n)
			}
			if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, n, err)
			}
			n++
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("seed %d (%v, %s) step %d: %v", seed, inv, diffs[seed%4], n, err)
			}
		}
		if !s.Over() {
			t.Fatalf("seed %d: no resolution after %d decisions", seed, n)
		}
		decisions += n
		games++
	}
	t.Logf("%d decisions over %d games, invariants held after each", decisions, games)
}
