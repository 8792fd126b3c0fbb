package machina

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestLookupsMatchTheirRules: Step, Passable and Adjacent, which look their
// answers up in tables, give what the rules they stand for work out
// (stepCalc, passable, and touching cells in plain line of sight, MA §17.2)
// for every cell, direction and pair of cells of random grids: every kind,
// destruction tokens and edge.
func TestLookupsMatchTheirRules(t *testing.T) {
	for c := -3; c < NumCells+3; c++ {
		for d := Direction(0); d < 8; d++ {
			if Step(c, d) != stepCalc(c, d) {
				t.Fatalf("Step(%d, %d) = %d, worked out %d", c, d, Step(c, d), stepCalc(c, d))
			}
		}
	}
	rng := game.NewRNG(3)
	edges := []Edge{EdgeOpen, EdgeWall, EdgeDoor, EdgeClosed, EdgeDestroyed}
	for round := 0; round < 20; round++ {
		var g Grid
		for c := range g.Kind {
			g.Kind[c] = CellKind(rng.IntN(int(numKinds)))
			if rng.IntN(4) == 0 {
				g.Dest[c] = uint8(1 + rng.IntN(2))
			}
		}
		for y := range g.V {
			for x := range g.V[y] {
				g.V[y][x] = edges[rng.IntN(len(edges))]
			}
		}
		for y := range g.H {
			for x := range g.H[y] {
				g.H[y][x] = edges[rng.IntN(len(edges))]
			}
		}
		for a := -1; a <= NumCells; a++ {
			if g.Passable(a) != (a >= 0 && a < NumCells && g.passable(a)) {
				t.Fatalf("round %d: Passable(%d) differs from its rule", round, a)
			}
			for _, b := range []int{a, a + 1, a - 1, a + Size, a - Size, a + Size + 1, a - Size - 1, a + Size - 1, a - Size + 1, a + 2, a + 2*Size} {
				want := a != b && g.Present(a) && g.Present(b) && Cheb(a, b) == 1 && g.neighbourSight(a, b, SightPlain)
				if g.Adjacent(a, b) != want {
					t.Fatalf("round %d: Adjacent(%d, %d) = %v, the rule says %v", round, a, b, !want, want)
				}
			}
		}
		// The cached steps (geometry.go): adjacency, and the monsters'
		// path steps from cells with a tile (MA §19.5: no wall, a
		// diagonal's lattice point not blocked with doors open).
		for c := 0; c < NumCells; c++ {
			adj, path := stepsOf(&g, c)
			for d := Direction(0); d < 8; d++ {
				n := Step(c, d)
				wantPath := false
				if n >= 0 && g.Present(c) {
					nx, ny, x, y := n%Size, n/Size, c%Size, c/Size
					switch {
					case ny == y:
						wantPath = g.V[y][max(x, nx)] != EdgeWall
					case nx == x:
						wantPath = g.H[max(y, ny)][x] != EdgeWall
					default:
						wantPath = !g.vertexBlocks(max(x, nx), max(y, ny), nx-x, ny-y, SightDoorsOpen)
					}
				}
				if got := adj>>d&1 != 0; got != g.Adjacent(c, n) {
					t.Fatalf("round %d: cell %d's step %s adjacent %v, Adjacent says %v", round, c, d, got, !got)
				}
				if got := path>>d&1 != 0; got != wantPath {
					t.Fatalf("round %d: cell %d's path step %s %v, the rule says %v", round, c, d, got, wantPath)
				}
			}
		}
	}
}
