package ah3

import (
	"bytes"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// FuzzRandomPlay plays a game from a fuzzed seed with answers taken from the
// fuzzed bytes (then a random stream), checking the invariants after every
// step and that a replay of the same answers gives the same bytes.
func FuzzRandomPlay(f *testing.F) {
	f.Add(uint64(1), uint8(2), []byte{0, 1, 2, 3})
	f.Add(uint64(42), uint8(6), []byte{5, 5, 5})
	f.Fuzz(func(t *testing.T, seed uint64, seats uint8, answers []byte) {
		inv := teams[int(seats)%len(teams)]
		play := func() *State {
			s := newGame(t, inv, seed)
			rng := game.NewRNG(seed)
			for i := 0; !s.Over() && i < 5000; i++ {
				n := len(s.Prompt().Options)
				c := rng.IntN(n)
				if i < len(answers) {
					c = int(answers[i]) % n
				}
				if err := s.Apply(c); err != nil {
					t.Fatal(err)
				}
				if err := s.CheckInvariants(); err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
			}
			return s
		}
		a, b := play(), play()
		x, _ := a.MarshalBinary()
		y, _ := b.MarshalBinary()
		if !bytes.Equal(x, y) {
			t.Fatal("the same seed and answers gave different states")
		}
	})
}
