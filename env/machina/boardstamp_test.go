package machina

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestBoardStampFollowsTheBoard: along random games of every variant and
// team size, a decision that leaves the board's stamp as it was leaves the
// board as it was (what encoders' caches rely on), and a clone keeps its
// original's stamp.
func TestBoardStampFollowsTheBoard(t *testing.T) {
	total := 200_000
	if testing.Short() {
		total = 50_000
	}
	decisions, changes, stamps := 0, 0, 0
	for seed := uint64(0); decisions < total; seed++ {
		s := newGame(t, seed, configFor(seed))
		rng := game.NewRNG(seed ^ 0x57a3)
		for n := 0; !s.Over() && n < 50000; n++ {
			before, stamp := s.Board, s.BoardStamp()
			if stamp == 0 {
				t.Fatalf("seed %d step %d: no stamp drawn", seed, n)
			}
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
			decisions++
			if s.BoardStamp() == stamp && s.Board != before {
				t.Fatalf("seed %d step %d: the board changed and its stamp did not", seed, n)
			}
			if s.Board != before {
				changes++
			}
			if s.BoardStamp() != stamp {
				stamps++
			}
		}
		if c := s.Clone().(*State); c.BoardStamp() != s.BoardStamp() {
			t.Fatalf("seed %d: a clone's stamp differs", seed)
		}
	}
	t.Logf("%d decisions, %d of them changed the board, %d drew a stamp", decisions, changes, stamps)
}
