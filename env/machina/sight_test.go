package machina

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

func mustMap(t *testing.T, s string) Grid {
	t.Helper()
	g, err := ParseMap(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// MA §17.1, §17.2: line of sight and adjacency on small drawn maps.
func TestLineOfSight(t *testing.T) {
	open := `
+-+-+-+-+-+
|. . . . .|
+ + + + + +
|. . # . .|
+ + + + + +
|. . . . .|
+-+-+-+-+-+`
	walls := `
+-+-+-+-+-+
|. .|. . .|
+ + + + + +
|. . . . .|
+ +-+ + + +
|. . . . .|
+-+-+-+-+-+`
	doors := `
+-+-+-+
|.D. .|
+D+ + +
|. . .|
+-+-+-+`
	oneDoor := `
+-+-+-+
|.D. .|
+d+ + +
|. . .|
+-+-+-+`
	cases := []struct {
		name string
		m    string
		a, b [2]int
		mode uint8
		want bool
	}{
		{"open row", open, [2]int{0, 0}, [2]int{4, 0}, SightPlain, true},
		{"rubble in the way", open, [2]int{0, 1}, [2]int{4, 1}, SightPlain, false},
		{"through the rubble's centre", open, [2]int{1, 0}, [2]int{3, 2}, SightPlain, false},
		{"squeezing past the rubble's corner", open, [2]int{1, 1}, [2]int{2, 2}, SightPlain, true},
		{"rubble cell itself is a target", open, [2]int{0, 1}, [2]int{2, 1}, SightPlain, true},
		{"wall crossed", walls, [2]int{1, 0}, [2]int{2, 0}, SightPlain, false},
		{"touching a wall end", walls, [2]int{1, 1}, [2]int{2, 0}, SightPlain, true},
		{"wall along the bottom", walls, [2]int{1, 1}, [2]int{1, 2}, SightPlain, false},
		{"diagonal at the wall's end", walls, [2]int{0, 1}, [2]int{1, 2}, SightPlain, true},
		{"two closed doors meet on both sides: blocked", doors, [2]int{0, 0}, [2]int{1, 1}, SightPlain, false},
		{"one of the two doors open: sight holds", oneDoor, [2]int{0, 0}, [2]int{1, 1}, SightPlain, true},
		{"closed door ignored for monster paths", doors, [2]int{0, 0}, [2]int{1, 0}, SightDoorsOpen, true},
		{"closed door blocks", doors, [2]int{0, 0}, [2]int{1, 0}, SightPlain, false},
		{"long shallow line clear", walls, [2]int{0, 2}, [2]int{4, 1}, SightPlain, true},
		{"long line through a wall", walls, [2]int{0, 2}, [2]int{4, 0}, SightPlain, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustMap(t, c.m)
			a, b := Cell(c.a[0], c.a[1]), Cell(c.b[0], c.b[1])
			if got := g.LineOfSight(a, b, c.mode, nil); got != c.want {
				t.Errorf("LOS %v→%v = %v, want %v", c.a, c.b, got, c.want)
			}
			if got := g.LineOfSight(b, a, c.mode, nil); got != c.want {
				t.Errorf("LOS %v→%v = %v, want %v (not symmetric)", c.b, c.a, got, c.want)
			}
		})
	}
}

// MA §17.3: obstacles block only the [R/blk] kind of sight.
func TestObstaclesBlockOnlyBlkSight(t *testing.T) {
	g := mustMap(t, `
+-+-+-+
|. C .|
+-+-+-+`)
	if !g.LineOfSight(Cell(0, 0), Cell(2, 0), SightPlain, nil) {
		t.Fatal("an action cell blocks plain sight")
	}
	if g.LineOfSight(Cell(0, 0), Cell(2, 0), SightObstacles, nil) {
		t.Fatal("an action cell does not block [R/blk] sight")
	}
	var occ [NumCells]int8
	for i := range occ {
		occ[i] = -1
	}
	g2 := mustMap(t, `
+-+-+-+
|. . .|
+-+-+-+`)
	occ[Cell(1, 0)] = 5
	if g2.LineOfSight(Cell(0, 0), Cell(2, 0), SightObstacles, &occ) {
		t.Fatal("a creature does not block [R/blk] sight")
	}
	if !g2.LineOfSight(Cell(0, 0), Cell(2, 0), SightPlain, &occ) {
		t.Fatal("a creature blocks plain sight")
	}
}

// MA §17.2 worked example: Lorre and Philip across two doors that meet.
func TestAdjacency(t *testing.T) {
	g := mustMap(t, `
+-+-+-+
|. . .|
+ + + +
|. #|.|
+ + +-+
|. . .|
+-+-+-+`)
	cases := []struct {
		a, b [2]int
		want bool
	}{
		{[2]int{0, 0}, [2]int{1, 0}, true},
		{[2]int{0, 0}, [2]int{1, 1}, true}, // rubble cell is adjacent (not passable)
		{[2]int{1, 1}, [2]int{2, 1}, false},
		{[2]int{2, 0}, [2]int{2, 1}, true},
		{[2]int{1, 2}, [2]int{2, 1}, false}, // two walls seal the corner
		{[2]int{1, 0}, [2]int{2, 1}, true},  // one wall end only touches
		{[2]int{2, 2}, [2]int{2, 1}, false},
		{[2]int{0, 0}, [2]int{2, 0}, false}, // two apart
	}
	for _, c := range cases {
		if got := g.Adjacent(Cell(c.a[0], c.a[1]), Cell(c.b[0], c.b[1])); got != c.want {
			t.Errorf("Adjacent %v %v = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestCheb(t *testing.T) {
	if d := Cheb(Cell(0, 0), Cell(3, 5)); d != 5 {
		t.Fatalf("Cheb = %d", d)
	}
}

// MA §23.2: turning a tile four times gives it back.
func TestTileRotation(t *testing.T) {
	var f TileFace
	f.Cells[3] = KindChest
	f.V[2][5] = EdgeWall
	f.H[7][1] = EdgeClosed
	f.Open = [4]bool{true, false, false, true}
	f.Attach = SideW
	r := f.Rotated(1)
	if r.Cells[3*TileSize+9] != KindChest {
		t.Fatal("cell (3,0) did not go to (9,3)")
	}
	if r.Attach != SideN || !r.Open[SideE] || !r.Open[SideN] {
		t.Fatalf("sides did not turn: %+v %v", r.Open, r.Attach)
	}
	back := f.Rotated(4)
	if back.Cells != f.Cells || back.V != f.V || back.H != f.H || back.Open != f.Open {
		t.Fatal("four quarter turns change the tile")
	}
	// The wall at V[2][5] (x=5, rows 2..3) becomes H[5][7] (y=5, columns 7..8).
	if r.H[5][7] != EdgeWall {
		t.Fatal("a vertical wall did not turn horizontal")
	}
	if r.V[1][3] != EdgeClosed {
		t.Fatal("a horizontal door did not turn vertical")
	}
}

// The neighbour shortcut agrees with the full line of sight everywhere.
func TestNeighbourSightAgrees(t *testing.T) {
	g := mustMap(t, `
+-+-+-+-+
|.D. #|.|
+-+ +d+ +
|. .|. .|
+ +-+ + +
|# . .D.|
+-+-+-+-+`)
	for a := 0; a < NumCells; a++ {
		if !g.Present(a) {
			continue
		}
		for d := Direction(0); d < 8; d++ {
			b := Step(a, d)
			if b < 0 || !g.Present(b) {
				continue
			}
			for _, mode := range []uint8{SightPlain, SightDoorsOpen} {
				if g.neighbourSight(a, b, mode) != g.LineOfSight(a, b, mode, nil) {
					t.Fatalf("%s→%s mode %d disagree", cellName(a), cellName(b), mode)
				}
			}
		}
	}
}

// SightRow gives, from every cell of boards met in random games (doors
// opened, closed and broken, tiles placed, cells destroyed), exactly the
// present cells LineOfSight sees: its pruning by monotone paths never drops
// a cell in sight.
func TestSightRowMatchesLineOfSight(t *testing.T) {
	ct, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	boards := 0
	for seed := uint64(1); seed <= 30; seed++ {
		s, err := New(ct.Scenario("frozen_engine"), Config{Pioneers: []string{"hank", "kim"}, RoundCap: 40}, seed, false)
		rng := game.NewRNG(seed)
		if err != nil {
			t.Fatal(err)
		}
		var last Grid
		for n := 0; n < 4000 && !s.Over(); n++ {
			if s.Board.Grid != last {
				last = s.Board.Grid
				boards++
				g := &s.Board.Grid
				for a := 0; a < NumCells; a++ {
					var row [SightWords]uint64
					g.SightRow(a, &row)
					for c := 0; c < NumCells; c++ {
						want := g.Present(a) && g.Present(c) && g.LineOfSight(a, c, SightPlain, nil)
						if got := row[c>>6]>>(c&63)&1 == 1; got != want {
							t.Fatalf("seed %d decision %d: SightRow(%d) has cell %d %v, LineOfSight says %v", seed, n, a, c, got, want)
						}
					}
				}
			}
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if boards < 50 {
		t.Fatalf("only %d boards checked", boards)
	}
	t.Logf("%d boards checked from every cell", boards)
}
