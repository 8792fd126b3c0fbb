package machina

// Side of a tile or a cell, clockwise from north (MA §11.1).
type Side uint8

// Sides.
const (
	SideN Side = iota
	SideE
	SideS
	SideW
)

var sideNames = [4]string{"north", "east", "south", "west"}

// String names the side.
func (s Side) String() string { return sideNames[s&3] }

// Opening is the first of the two border cells of a side's opening, counted
// along the side; the pair is cells Opening and Opening+1 on every side of
// every tile, so attached tiles form an aligned lattice (MA §11.1
// implementation assumption, listed in docs/machina-rulings.md).
const Opening = 4

// TileFace is one side of a double-sided map tile: a 10×10 cell array, its
// interior edges, and which of its four borders carry an opening pair, one of
// which carries the attach symbol (MA §3.8, §11.1, §23.2).
type TileFace struct {
	Cells [TileSize * TileSize]CellKind
	// V[y][x]: edge on the left of local cell (x, y); columns 1..9 are used
	// (the tile's outer border is built from Open when the tile is placed).
	V [TileSize][TileSize + 1]Edge
	// H[y][x]: edge on top of local cell (x, y); rows 1..9 are used.
	H [TileSize + 1][TileSize]Edge
	// Open marks the sides that carry an opening pair.
	Open [4]bool
	// Attach is the side whose opening carries the attach symbol.
	Attach Side
	// Entrances are printed entrance cells (finale tiles, MA §14.8), local
	// indices.
	Entrances []int
}

// Tile is a double-sided map tile (MA §2.2, §11.1).
type Tile struct {
	ID     string
	Name   string
	Finale bool
	Faces  [2]TileFace
}

// rotate returns the face turned clockwise by a quarter turn: local cell
// (x, y) goes to (9-y, x) and side s to s+1.
func (f *TileFace) rotate() TileFace {
	var r TileFace
	const n = TileSize
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			r.Cells[x*n+(n-1-y)] = f.Cells[y*n+x]
		}
	}
	// A vertical edge at x=X, rows [Y, Y+1] becomes a horizontal one at y=X,
	// columns [9-Y, 10-Y]; a horizontal one at y=Y, columns [X, X+1] becomes
	// a vertical one at x=10-Y, rows [X, X+1].
	for y := 0; y < n; y++ {
		for x := 0; x <= n; x++ {
			r.H[x][n-1-y] = f.V[y][x]
		}
	}
	for y := 0; y <= n; y++ {
		for x := 0; x < n; x++ {
			r.V[x][n-y] = f.H[y][x]
		}
	}
	for s := 0; s < 4; s++ {
		r.Open[(s+1)%4] = f.Open[s]
	}
	r.Attach = (f.Attach + 1) % 4
	return r
}

// turnLocal returns where local cell c lands when its tile turns clockwise
// by q quarter turns: (x, y) goes to (9-y, x) at each turn.
func turnLocal(c, q int) int {
	const n = TileSize
	for i := 0; i < q&3; i++ {
		x, y := c%n, c/n
		c = x*n + (n - 1 - y)
	}
	return c
}

// turned is the face turned clockwise by q quarter turns, its entrances
// left out (nil): what laying it on the board needs, with nothing allocated.
func (f *TileFace) turned(q int) TileFace {
	r := *f
	r.Entrances = nil
	for i := 0; i < q&3; i++ {
		r = r.rotate()
	}
	return r
}

// Rotated returns the face turned clockwise by q quarter turns.
func (f *TileFace) Rotated(q int) TileFace {
	r := f.turned(q)
	if len(f.Entrances) > 0 {
		r.Entrances = make([]int, len(f.Entrances))
		for i, e := range f.Entrances {
			r.Entrances[i] = turnLocal(e, q)
		}
	}
	return r
}

// openingCells returns the two local cells of the opening on side s.
func openingCells(s Side) (int, int) {
	const n = TileSize
	switch s {
	case SideN:
		return Opening, Opening + 1
	case SideS:
		return (n-1)*n + Opening, (n-1)*n + Opening + 1
	case SideW:
		return Opening * n, (Opening + 1) * n
	default:
		return Opening*n + n - 1, (Opening+1)*n + n - 1
	}
}
