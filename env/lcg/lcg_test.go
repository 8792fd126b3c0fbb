package lcg

import (
	"bytes"
	"errors"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

func newGame(t testing.TB, seed uint64, inv ...string) *State {
	t.Helper()
	if len(inv) == 0 {
		inv = []string{"01001"}
	}
	s, err := New(Options{Investigators: inv, Difficulty: "standard", Mulligan: true}, seed, true)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// playRandom plays random legal options until the game ends or max steps,
// checking invariants after every step when check is set.
func playRandom(t testing.TB, s *State, rng *game.RNG, max int, check bool) int {
	t.Helper()
	n := 0
	for !s.Over() && n < max {
		p := s.Prompt()
		if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
			t.Fatalf("step %d: %v", n, err)
		}
		n++
		if check {
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("step %d: %v", n, err)
			}
		}
	}
	return n
}

var teams = [][]string{{"01001"}, {"01002", "01003"}, {"01004", "01005", "01001"}, {"01001", "01002", "01003", "01004"}, {"01005"}, {"01003"}}

func TestRandomPlayInvariants(t *testing.T) {
	seeds := 60
	if testing.Short() {
		seeds = 20
	}
	ends := 0
	for seed := 0; seed < seeds; seed++ {
		s := newGame(t, uint64(seed), teams[seed%len(teams)]...)
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("seed %d setup: %v", seed, err)
		}
		rng := game.NewRNG(uint64(seed) + 1000)
		playRandom(t, s, &rng, 20000, true)
		if s.Over() {
			ends++
		}
	}
	if ends == 0 {
		t.Errorf("no random game reached a resolution")
	}
}

func TestDeterminism(t *testing.T) {
	for seed := uint64(0); seed < 5; seed++ {
		a, b := newGame(t, seed, "01002", "01004"), newGame(t, seed, "01002", "01004")
		ra, rb := game.NewRNG(seed), game.NewRNG(seed)
		playRandom(t, a, &ra, 3000, false)
		playRandom(t, b, &rb, 3000, false)
		ba, _ := a.MarshalBinary()
		bb, _ := b.MarshalBinary()
		if !bytes.Equal(ba, bb) {
			t.Fatalf("seed %d: same seed and choices gave different states", seed)
		}
		if len(a.Log().Events) != len(b.Log().Events) {
			t.Fatalf("seed %d: logs differ", seed)
		}
	}
}

func TestCloneIndependence(t *testing.T) {
	s := newGame(t, 7, "01001", "01005")
	rng := game.NewRNG(1)
	playRandom(t, s, &rng, 200, false)
	before, _ := s.MarshalBinary()
	c := s.CloneState()
	cb, _ := c.MarshalBinary()
	if !bytes.Equal(before, cb) {
		t.Fatal("clone differs from original")
	}
	r2 := game.NewRNG(2)
	playRandom(t, c, &r2, 500, false)
	after, _ := s.MarshalBinary()
	if !bytes.Equal(before, after) {
		t.Fatal("playing the clone changed the original")
	}
}

func TestIllegalChoiceChangesNothing(t *testing.T) {
	s := newGame(t, 3)
	before, _ := s.MarshalBinary()
	for _, c := range []int{-1, len(s.Prompt().Options), 1000} {
		err := s.Apply(c)
		if !errors.Is(err, game.ErrIllegal) {
			t.Fatalf("choice %d: want an illegal-choice error, got %v", c, err)
		}
	}
	after, _ := s.MarshalBinary()
	if !bytes.Equal(before, after) {
		t.Fatal("an illegal choice changed the state")
	}
}

func TestUniqueCodesAndNarration(t *testing.T) {
	s := newGame(t, 11, "01001", "01003")
	rng := game.NewRNG(5)
	for i := 0; i < 3000 && !s.Over(); i++ {
		p := s.Prompt()
		seen := map[game.ActionCode]bool{}
		for j, o := range p.Options {
			if seen[o.Code] {
				t.Fatalf("step %d: code %d twice in one prompt", i, o.Code)
			}
			if int(o.Code) >= NumActions {
				t.Fatalf("code %d out of range", o.Code)
			}
			seen[o.Code] = true
			if s.Describe(j) == "" {
				t.Fatal("empty description")
			}
		}
		_ = s.Render(p.Actor)
		if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range s.Log().Events {
		if s.Narrate(e) == "" {
			t.Fatal("empty narration")
		}
	}
}

func FuzzRandomPlay(f *testing.F) {
	f.Add(uint64(1), uint8(1))
	f.Add(uint64(42), uint8(4))
	f.Fuzz(func(t *testing.T, seed uint64, n uint8) {
		k := int(n%4) + 1
		inv := []string{"01001", "01002", "01003", "01004", "01005"}[:k]
		s := newGame(t, seed, inv...)
		rng := game.NewRNG(seed ^ 0x5eed)
		playRandom(t, s, &rng, 5000, true)
	})
}

func BenchmarkRandomPlay(b *testing.B) {
	s := newGame(b, 1, "01001", "01002")
	s.log.Enabled = false
	rng := game.NewRNG(9)
	b.ReportAllocs()
	decisions := 0
	seed := uint64(1)
	for i := 0; i < b.N; i++ {
		if s.Over() {
			seed++
			s.Reset(seed, false)
		}
		p := s.Prompt()
		if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
			b.Fatal(err)
		}
		decisions++
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
}

func BenchmarkClone(b *testing.B) {
	s := newGame(b, 1, "01001", "01002")
	rng := game.NewRNG(9)
	playRandom(b, s, &rng, 100, false)
	var c State
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.CloneInto(&c)
	}
}

// BenchmarkCloneFresh is Clone through the game.State interface: a new state
// each time (what a search pays when it cannot reuse one), logging off.
func BenchmarkCloneFresh(b *testing.B) {
	s := newGame(b, 1, "01001", "01002")
	s.log.Enabled = false
	rng := game.NewRNG(9)
	playRandom(b, s, &rng, 100, false)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = s.Clone()
	}
}
