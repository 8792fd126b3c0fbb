package agents_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/fixture"
)

func TestNewParsesSpecs(t *testing.T) {
	if _, err := agents.New("random"); err != nil {
		t.Fatal(err)
	}
	for spec, want := range map[string]string{
		"nobody":         "unknown agent",
		"random:x=1":     "takes no options",
		"random:novalue": "want name=value",
	} {
		if _, err := agents.New(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("New(%q) = %v, want %q", spec, err, want)
		}
	}
}

func TestUniformPicksOnlyLegalAndAll(t *testing.T) {
	r := game.NewRNG(1)
	mask := []int8{0, 1, 0, 1, 1, 0}
	seen := map[int]int{}
	for i := 0; i < 3000; i++ {
		seen[agents.Uniform(&r, mask)]++
	}
	if len(seen) != 3 || seen[1] < 800 || seen[3] < 800 || seen[4] < 800 {
		t.Fatalf("picks %v", seen)
	}
	if agents.Uniform(&r, []int8{0, 0}) != -1 {
		t.Fatal("an empty mask gave an action")
	}
}

func TestRandomPlaysFixtureToTheEnd(t *testing.T) {
	fixture.Register()
	e, err := env.Make(fixture.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := agents.New("random")
	a.Reset(3)
	_, info := e.Reset(3)
	for i := 0; i < 1000; i++ {
		tr, err := e.Step(a.Act(e, &info))
		if err != nil {
			t.Fatal(err)
		}
		if tr.Done() {
			return
		}
		info = tr.Info
	}
	t.Fatal("the game did not end in 1000 steps")
}

// Uniform picks what a byte-by-byte walk picks (the k-th legal entry for the
// rng's draw), for masks of every length around the word size and any
// non-zero entries.
func TestUniformMatchesAWalkByEntry(t *testing.T) {
	ref := func(rng *game.RNG, mask []int8) int {
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
	gen := game.NewRNG(7)
	for size := 0; size < 70; size++ {
		for trial := 0; trial < 40; trial++ {
			mask := make([]int8, size)
			for i := range mask {
				if gen.IntN(3) == 0 {
					mask[i] = int8(gen.IntN(255) - 127)
				}
			}
			a, b := game.NewRNG(uint64(trial)), game.NewRNG(uint64(trial))
			if got, want := agents.Uniform(&a, mask), ref(&b, mask); got != want {
				t.Fatalf("mask %v: Uniform picks %d, the walk %d", mask, got, want)
			}
		}
	}
}

// Uniform picks what a byte-by-byte walk picks on long masks too (the
// 1,927 entries of Machina Arcana's), sparse ones and ones with legal
// entries in more chunks than it notes between counting and picking.
func TestUniformMatchesAWalkOnLongMasks(t *testing.T) {
	gen := game.NewRNG(11)
	for _, size := range []int{31, 32, 33, 511, 512, 513, 1927} {
		for _, legal := range []int{1, 2, 5, 15, 16, 17, 40, 300} {
			for trial := 0; trial < 20; trial++ {
				mask := make([]int8, size)
				var at []int
				for i := 0; i < legal; i++ {
					a := gen.IntN(size)
					if mask[a] == 0 {
						at = append(at, a)
					}
					mask[a] = int8(1 + gen.IntN(127))
				}
				slices.Sort(at)
				a, b := game.NewRNG(uint64(trial)), game.NewRNG(uint64(trial))
				if got, want := agents.Uniform(&a, mask), at[b.IntN(len(at))]; got != want {
					t.Fatalf("size %d, legal %v: Uniform picks %d, the walk %d", size, at, got, want)
				}
			}
		}
	}
}
