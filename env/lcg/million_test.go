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
		n := playChecked(t, s, seed, nil)
		decisions += n
		games++
	}
	t.Logf("%d decisions over %d games, invariants held after each", decisions, games)
}

// playChecked plays one game of s to its end with random legal answers
// (drawn from an RNG seeded by seed; pick, when not nil, may replace the
// drawn option), checking the invariants at setup and after every decision;
// it fails the test when the game does not end in 20,000 decisions, and
// returns the number of decisions.
func playChecked(t *testing.T, s *State, seed uint64, pick func(p *game.Prompt, c int, rng *game.RNG) int) int {
	t.Helper()
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
		c := rng.IntN(len(p.Options))
		if pick != nil {
			c = pick(p, c, &rng)
		}
		if err := s.Apply(c); err != nil {
			t.Fatalf("seed %d step %d: %v", seed, n, err)
		}
		n++
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("seed %d step %d: %v", seed, n, err)
		}
	}
	if !s.Over() {
		t.Fatalf("seed %d: no resolution after %d decisions", seed, n)
	}
	return n
}
