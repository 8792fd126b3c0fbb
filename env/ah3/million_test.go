package ah3

import (
	"bytes"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestMillionRandomDecisions plays one million random legal decisions (20,000
// in -short mode) over many seeds and table sizes, with CheckInvariants
// after every step.
func TestMillionRandomDecisions(t *testing.T) {
	total := 1_000_000
	if testing.Short() {
		total = 20_000
	}
	decisions, games := 0, 0
	outcomes := [4]int{}
	for seed := uint64(0); decisions < total; seed++ {
		s := newGame(t, teams[seed%uint64(len(teams))], seed)
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("seed %d setup: %v", seed, err)
		}
		rng := game.NewRNG(seed ^ 0x9e3779b97f4a7c15)
		decisions += playRandom(t, s, &rng, true)
		outcomes[s.Outcome]++
		games++
	}
	t.Logf("%d decisions over %d games (won %d, lost %d, truncated %d), invariants held after each", decisions, games, outcomes[OutcomeWin], outcomes[OutcomeLoss], outcomes[OutcomeTruncated])
}

// TestDeterminism: the same seed and answers give the same bytes.
func TestDeterminism(t *testing.T) {
	for seed := uint64(1); seed < 20; seed++ {
		inv := teams[seed%uint64(len(teams))]
		a, b := newGame(t, inv, seed), newGame(t, inv, seed)
		ra, rb := game.NewRNG(seed), game.NewRNG(seed)
		for !a.Over() {
			x, _ := a.MarshalBinary()
			y, _ := b.MarshalBinary()
			if !bytes.Equal(x, y) {
				t.Fatalf("seed %d: states differ", seed)
			}
			if err := a.Apply(ra.IntN(len(a.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
			if err := b.Apply(rb.IntN(len(b.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
		if !b.Over() || a.Score() != b.Score() {
			t.Fatalf("seed %d: outcomes differ", seed)
		}
	}
}

// TestCloneIsIndependent: a clone follows the same game, and playing it
// leaves the original as it was.
func TestCloneIsIndependent(t *testing.T) {
	s := newGame(t, teams[4], 7)
	rng := game.NewRNG(3)
	for i := 0; i < 200 && !s.Over(); i++ {
		s.Apply(rng.IntN(len(s.Prompt().Options)))
	}
	before, _ := s.MarshalBinary()
	c := s.CloneState()
	cb, _ := c.MarshalBinary()
	if !bytes.Equal(before, cb) {
		t.Fatal("a clone differs from its original")
	}
	r2 := game.NewRNG(11)
	for !c.Over() {
		c.Apply(r2.IntN(len(c.Prompt().Options)))
	}
	after, _ := s.MarshalBinary()
	if !bytes.Equal(before, after) {
		t.Fatal("playing a clone changed the original")
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// TestDeterminizeKeepsWhatIsSeen: resampling keeps the invariants and every
// public fact, and the game plays on.
func TestDeterminizeKeepsWhatIsSeen(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		s := newGame(t, teams[seed%uint64(len(teams))], seed)
		rng := game.NewRNG(seed)
		for i := 0; i < int(seed*7) && !s.Over(); i++ {
			s.Apply(rng.IntN(len(s.Prompt().Options)))
		}
		if s.Over() {
			continue
		}
		c := s.CloneState()
		r := game.NewRNG(seed + 1000)
		c.Determinize(0, &r)
		if err := c.CheckInvariants(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if c.Render(0) != s.Render(0) {
			t.Fatalf("seed %d: determinizing changed what is seen:\n%s\n---\n%s", seed, s.Render(0), c.Render(0))
		}
		playRandom(t, c, &r, true)
	}
}
