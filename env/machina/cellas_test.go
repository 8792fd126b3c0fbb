package machina

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// MA §12.18 (R-COUNTS): while a counts_as effect lasts, the cells of a tile
// explored meanwhile count as the other kind too, through any re-anchoring
// of the window; when the effect ends every cell shows its printed kind.
func TestCountsAsReachesExploredTiles(t *testing.T) {
	checked := 0
	for seed := uint64(0); seed < 200 && checked < 10; seed++ {
		s := newGame(t, seed, Config{Pioneers: []string{"kim"}})
		rng := game.NewRNG(seed)
		for i := 0; i < 400 && !s.Over(); i++ {
			p := s.Prompt()
			k := p.Find(CodeExplore)
			if k < 0 {
				s.Apply(rng.IntN(len(p.Options)))
				continue
			}
			s.Mods = append(s.Mods, Mod{Target: -1, Stat: statCellAs, N: 1, Owner: 0, From: KindChest, To: KindBarrel, Src: -1})
			s.syncCells()
			if err := s.Apply(k); err != nil {
				t.Fatal(err)
			}
			if s.Prompt().Kind == PromptWindow {
				s.Apply(0)
			}
			chests := 0
			for c := 0; c < NumCells; c++ {
				if s.Board.Kind[c] == KindChest {
					t.Fatalf("seed %d: cell %s is a chest while chests count as barrels", seed, cellName(c))
				}
				if s.Board.Was[c] == KindChest {
					chests++
					if s.Board.Kind[c] != KindBarrel {
						t.Fatalf("seed %d: printed chest %s counts as %v", seed, cellName(c), s.Board.Kind[c])
					}
				}
			}
			s.expireMods(false)
			for c := 0; c < NumCells; c++ {
				if s.Board.Was[c] != KindNone {
					t.Fatalf("seed %d: cell %s still counts as another kind", seed, cellName(c))
				}
			}
			after := 0
			for c := 0; c < NumCells; c++ {
				if s.Board.Kind[c] == KindChest {
					after++
				}
			}
			if after != chests || s.Board.Counted {
				t.Fatalf("seed %d: %d chests counted as barrels, %d chests after the end", seed, chests, after)
			}
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if chests > 0 {
				checked++
			}
			break
		}
	}
	if checked < 3 {
		t.Fatalf("only %d explorations with chests on the board", checked)
	}
}
