package machina

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

func openFace() TileFace {
	var f TileFace
	for i := range f.Cells {
		f.Cells[i] = KindFloor
	}
	f.Open = [4]bool{true, true, true, true}
	f.Attach = SideS
	return f
}

// MA §11.1, §11.4: two placed tiles connect only through opening pairs
// present on both facing sides; other borders are walls.
func TestTileBordersConnectAtOpenings(t *testing.T) {
	var b Board
	b.clear()
	f := openFace()
	b.place(0, 0, 0, &f, 0)
	b.place(1, 1, 0, &f, 0)
	a, c := Cell(9, 4), Cell(10, 4)
	if !b.Adjacent(a, c) {
		t.Fatal("the opening pair does not connect the tiles")
	}
	if b.Adjacent(Cell(9, 3), Cell(10, 3)) {
		t.Fatal("a border cell outside the opening connects")
	}
	if !b.Adjacent(Cell(9, 5), Cell(10, 6)) {
		t.Fatal("a diagonal across the end of the border wall does not connect (MA §10.8)")
	}
	if b.Adjacent(Cell(9, 6), Cell(10, 7)) {
		t.Fatal("a diagonal through the border wall connects")
	}
	if !b.Adjacent(Cell(9, 4), Cell(10, 5)) {
		t.Fatal("a diagonal inside the opening does not connect")
	}
	if _, ok := b.UnexploredSide(Cell(9, 4)); ok {
		t.Fatal("a connected opening counts as unexplored")
	}
	if s, ok := b.UnexploredSide(Cell(4, 0)); !ok || s != SideN {
		t.Fatalf("the north opening of tile 0 is not unexplored: %v %v", s, ok)
	}
	g := f
	g.Open = [4]bool{true, false, true, false}
	b.place(1, 1, 0, &g, 0)
	if b.Adjacent(a, c) {
		t.Fatal("tiles connect although one side has no opening")
	}
}

// MA §11.3: fitting a fifth tile into the 2×2 limit discards the minimal set of
// tiles, never one holding a pioneer; several minimal choices are offered.
func TestWindows(t *testing.T) {
	var b Board
	b.clear()
	f := openFace()
	for s := 0; s < 4; s++ {
		b.place(s, int16(s), 0, &f, 0)
	}
	// A tile east of slot 1: the window moves right; slots 0 and 2 go.
	ws := b.windows(2, 0, 0, nil)
	if len(ws) != 1 || ws[0].Discard != 1|4 {
		t.Fatalf("windows %+v", ws)
	}
	// With a pioneer on slot 0 the tile cannot be placed there.
	if ws := b.windows(2, 0, 1, nil); len(ws) != 0 {
		t.Fatalf("a pioneer's tile would be discarded: %+v", ws)
	}
	// Two tiles in a row, a third beyond: two ways to keep 2×2.
	b.clear()
	b.place(0, 0, 0, &f, 0)
	b.place(1, 1, 0, &f, 0)
	ws = b.windows(2, 0, 0, nil)
	if len(ws) != 1 || ws[0].Discard != 1 {
		t.Fatalf("windows %+v", ws)
	}
}

// MA §11.3: shifting the window keeps the board and moves every cell.
func TestShiftMovesTheBoard(t *testing.T) {
	var b Board
	b.clear()
	f := openFace()
	f.Cells[0] = KindChest
	b.place(1, 3, 1, &f, 0)
	off := b.shift(1, 0)
	if off != -TileSize {
		t.Fatalf("offset %d", off)
	}
	if b.Slots[0].Tile != 3 || b.Slots[1].Tile != -1 || b.Kind[0] != KindChest {
		t.Fatalf("the tile did not move to slot 0: %+v kind %v", b.Slots, b.Kind[0])
	}
}

// MA §11.2: exploring from an unexplored opening places the top tile with its
// attach side toward the pioneer, and the board stays legal.
func TestExploreInGame(t *testing.T) {
	explored := 0
	for seed := uint64(0); seed < 200 && explored < 20; seed++ {
		s := newGame(t, seed, Config{Pioneers: []string{"kim"}})
		rng := game.NewRNG(seed)
		for i := 0; i < 400 && !s.Over(); i++ {
			p := s.Prompt()
			if k := p.Find(CodeExplore); k >= 0 {
				before := s.Board.TileCount()
				stack := len(s.Tiles)
				if err := s.Apply(k); err != nil {
					t.Fatal(err)
				}
				if s.Prompt().Kind == PromptWindow {
					s.Apply(0)
				}
				if len(s.Tiles) != stack-1+(before+1-s.Board.TileCount()) {
					t.Fatalf("seed %d: stack %d → %d with %d → %d tiles", seed, stack, len(s.Tiles), before, s.Board.TileCount())
				}
				c := int(s.P[0].Pos)
				if _, ok := s.Board.UnexploredSide(c); ok {
					t.Fatalf("seed %d: the explored border is still unexplored", seed)
				}
				if err := s.CheckInvariants(); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				explored++
				continue
			}
			s.Apply(rng.IntN(len(p.Options)))
		}
	}
	if explored < 5 {
		t.Fatalf("only %d explorations in random play", explored)
	}
}

func TestReachAndSightPlanes(t *testing.T) {
	s := newGame(t, 3, Config{Pioneers: []string{"kim"}})
	for s.Prompt().Kind == PromptPlace {
		s.Apply(0)
	}
	var reach [NumCells]int8
	s.ReachFrom(0, 2, &reach)
	c := s.Position(0)
	if reach[c] != 0 {
		t.Fatal("the start cell is not at 0 steps")
	}
	n := 0
	for i, r := range reach {
		if r > 0 {
			n++
			if Cheb(i, c) > int(r) || r > 2 {
				t.Fatalf("cell %s at %d steps, %d away", cellName(i), r, Cheb(i, c))
			}
		}
	}
	if n == 0 {
		t.Fatal("nothing reachable")
	}
	var sight [NumCells]bool
	s.SightFrom(c, SightPlain, &sight)
	if !sight[c] {
		t.Fatal("a cell does not see itself")
	}
}

// A turned face's entrances follow its cells (MA §14.8: the finale's
// printed entrance cells), and four quarter turns give the face back.
func TestRotatedEntrancesFollowTheCells(t *testing.T) {
	f := openFace()
	f.Cells[3] = KindRubble
	f.Entrances = []int{3, 57}
	for q := 0; q < 5; q++ {
		r := f.Rotated(q)
		for i, e := range f.Entrances {
			if got := r.Entrances[i]; r.Cells[got] != f.Cells[e] || got != turnLocal(e, q) {
				t.Fatalf("turn %d: entrance %d at %d (cell %d), want the cell of %d", q, i, got, r.Cells[got], e)
			}
		}
		if turned := f.turned(q); turned.Cells != r.Cells || turned.Entrances != nil {
			t.Fatalf("turn %d: turned differs from Rotated but for the entrances", q)
		}
	}
	if r := f.Rotated(4); r.Cells != f.Cells || r.Entrances[0] != 3 || r.Entrances[1] != 57 {
		t.Fatal("four quarter turns do not give the face back")
	}
	if r := f.Rotated(1); r.Entrances[0] != 3*TileSize+TileSize-1 {
		t.Fatalf("a quarter turn puts local cell 3 at %d, want %d", r.Entrances[0], 3*TileSize+TileSize-1)
	}
}
