package machina

// Canvas geometry: the board is a window of 2×2 tiles of 10×10 cells (MA §11.1,
// §11.3, §23.2), laid on one fixed 20×20 canvas of cells. A cell is named by
// its canvas index y*Size+x; walls and doors lie on the edges between cells.

// Size of the canvas in cells per side (2 tiles of TileSize cells).
const (
	TileSize = 10
	Size     = 2 * TileSize
	NumCells = Size * Size
)

// CellKind is the printed content of a cell (MA §3.8, §12).
type CellKind uint8

// Cell kinds. KindNone is a canvas cell with no tile on it.
const (
	KindNone      CellKind = iota
	KindFloor              // passable cell (MA §12.2)
	KindTrap               // trap cell (MA §12.3)
	KindChasm              // chasm (MA §12.6)
	KindLair               // lair cell (MA §12.7)
	KindRubble             // rubble (MA §12.5)
	KindChest              // chest, an action cell (MA §12.9)
	KindEvent              // event cell, an action cell (MA §12.10)
	KindRecharge           // recharge station, an action cell (MA §12.17)
	KindLever              // trap lever, an action cell (MA §12.12)
	KindWorkbench          // workbench, an action cell (MA §12.14)
	KindChapter            // chapter cell (MA §12.13)
	KindBarrel             // explosive barrel (MA §12.11)
	KindRitual             // a finale's ritual cell: an attack-only creature (MA §21.6)
	numKinds
)

// kindChars are the characters of the tile format, one per kind.
const kindChars = " .TXL#CERVWHBO"

var kindNames = [...]string{"none", "floor", "trap", "chasm", "lair", "rubble", "chest", "event cell",
	"recharge station", "trap lever", "workbench", "chapter cell", "explosive barrel", "ritual cell"}

// String names the kind.
func (k CellKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// KindOf returns the kind written as c in the tile format, or false.
func KindOf(c byte) (CellKind, bool) {
	for i := 1; i < len(kindChars); i++ {
		if kindChars[i] == c {
			return CellKind(i), true
		}
	}
	return 0, false
}

// Char is the tile-format character of the kind.
func (k CellKind) Char() byte { return kindChars[k] }

// IsAction reports whether cells of this kind are action cells (MA §12.16;
// chapter cells count, MA §12.13).
func (k CellKind) IsAction() bool { return k >= KindChest && k <= KindChapter }

// Edge is what lies on the boundary between two cells (MA §12.1, §12.4).
type Edge uint8

// Edges. A tile border with no tile attached is a wall (MA §11.1).
const (
	EdgeOpen Edge = iota
	EdgeWall
	EdgeDoor      // open door
	EdgeClosed    // closed door
	EdgeDestroyed // destroyed door: permanently open
	edgeKinds     // the number of edge kinds
)

// Blocks reports whether the edge blocks line of sight and movement: a wall or
// a closed door (MA §12.1, §12.4).
func (e Edge) Blocks() bool { return e == EdgeWall || e == EdgeClosed }

// Direction is one of the 8 neighbours of a cell, clockwise from north.
type Direction uint8

// Directions.
const (
	North Direction = iota
	NorthEast
	East
	SouthEast
	South
	SouthWest
	West
	NorthWest
)

var dirDX = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
var dirDY = [8]int{-1, -1, 0, 1, 1, 1, 0, -1}
var dirNames = [8]string{"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}

// String names the direction.
func (d Direction) String() string { return dirNames[d&7] }

// Diagonal reports whether d is a diagonal direction.
func (d Direction) Diagonal() bool { return d&1 == 1 }

// neighbours is Step of every cell in every direction, as a table (the
// monsters' path field reads it for every cell it expands).
var neighbours = func() (n [NumCells][8]int16) {
	for c := range n {
		for d := range n[c] {
			n[c][d] = int16(stepCalc(c, Direction(d)))
		}
	}
	return n
}()

// Step returns the neighbour of cell c in direction d, or -1 off the canvas.
func Step(c int, d Direction) int {
	if uint(c) < NumCells && d < 8 {
		return int(neighbours[c][d]) // stepCalc's, looked up
	}
	return stepCalc(c, d)
}

// stepCalc is Step worked out (neighbours holds it for every cell).
func stepCalc(c int, d Direction) int {
	x, y := c%Size+dirDX[d], c/Size+dirDY[d]
	if x < 0 || y < 0 || x >= Size || y >= Size {
		return -1
	}
	return y*Size + x
}

// DirTo returns the direction from a to a neighbouring cell b, or false.
func DirTo(a, b int) (Direction, bool) {
	dx, dy := b%Size-a%Size, b/Size-a/Size
	for d := Direction(0); d < 8; d++ {
		if dirDX[d] == dx && dirDY[d] == dy {
			return d, true
		}
	}
	return 0, false
}

// Cheb is the Chebyshev distance between two cells: the range metric
// (MA §17.7, §22.11) and the "nearest" count (MA §17.5).
func Cheb(a, b int) int {
	dx, dy := a%Size-b%Size, a/Size-b/Size
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	if dx > dy {
		return dx
	}
	return dy
}

// TileOf returns the window slot (0..3, row-major) of a canvas cell.
func TileOf(c int) int { return (c/Size/TileSize)*2 + (c%Size)/TileSize }

// slotCells lists the canvas cells of each window slot in row-major order:
// the cells c with TileOf(c) == t, in the order a scan of the canvas meets
// them.
var slotCells = func() (t [4][TileSize * TileSize]int16) {
	var n [4]int
	for c := 0; c < NumCells; c++ {
		s := TileOf(c)
		t[s][n[s]] = int16(c)
		n[s]++
	}
	return t
}()

// Grid is the board's geometry: every cell's printed kind and destruction
// state, and every edge. V[y][x] is the edge on the left side of cell (x, y)
// (x = Size is the right border); H[y][x] is the edge on the top side of cell
// (x, y) (y = Size is the bottom border). A Grid is plain data: copying it
// copies the board.
type Grid struct {
	Kind [NumCells]CellKind
	// Dest counts destruction tokens on a cell (MA §12.15; a sealed lair cell
	// holds 2, MA §12.8). A destroyed cell is an obstacle that has lost its
	// printed properties.
	Dest [NumCells]uint8
	// Lit marks a lit chapter cell (MA §12.13).
	Lit [NumCells]bool
	// Was is the printed kind of a cell that counts as another kind while an
	// effect lasts (MA §12.18; Kind holds the kind it counts as), else
	// KindNone. Counted is set while any cell counts as another.
	Was     [NumCells]CellKind
	Counted bool
	V       [Size][Size + 1]Edge
	H       [Size + 1][Size]Edge
}

// Present reports whether a tile lies under cell c.
func (g *Grid) Present(c int) bool { return c >= 0 && c < NumCells && g.Kind[c] != KindNone }

// Effective is the kind a cell has now: KindNone for a destroyed cell, which
// has lost its printed properties (MA §12.15).
func (g *Grid) Effective(c int) CellKind {
	if g.Dest[c] > 0 {
		return KindNone
	}
	return g.Kind[c]
}

// Destroyed reports whether cell c carries a destruction token.
func (g *Grid) Destroyed(c int) bool { return g.Dest[c] > 0 }

// BlocksSight reports whether the cell blocks plain line of sight: rubble
// (MA §17.1).
func (g *Grid) BlocksSight(c int) bool { return g.Kind[c] == KindRubble && g.Dest[c] == 0 }

// StaticObstacle reports whether the cell itself is an obstacle, creatures
// aside: an action cell, a destroyed cell or an explosive barrel (MA §17.3),
// or a finale's standing ritual cell.
func (g *Grid) StaticObstacle(c int) bool {
	if g.Kind[c] == KindNone {
		return false
	}
	if g.Dest[c] > 0 {
		return g.Kind[c] != KindRitual // a destroyed ritual cell is passable (MA §21.6)
	}
	k := g.Kind[c]
	return k.IsAction() || k == KindBarrel || k == KindRitual
}

// Passable reports whether creatures may stand on the cell, creatures aside:
// present, not rubble and not an obstacle (MA §17.4).
func (g *Grid) Passable(c int) bool {
	if uint(c) >= NumCells {
		return false
	}
	return passableKind[b2i(g.Dest[c] > 0)][g.Kind[c]]
}

// passable is Passable worked out: present, not rubble, not an obstacle.
func (g *Grid) passable(c int) bool {
	return g.Present(c) && !g.BlocksSight(c) && g.Kind[c] != KindRubble && !g.StaticObstacle(c)
}

// passableKind[t][k] is Passable for a cell of kind k with destruction
// tokens (t = 1) or none (t = 0): what Passable reads of a cell, looked up.
var passableKind = func() (t [2][256]bool) {
	var g Grid
	for k := range 256 {
		for d := range 2 {
			g.Kind[0], g.Dest[0] = CellKind(k), uint8(d)
			t[d][k] = g.passable(0)
		}
	}
	return t
}()

// cellX and cellY are the coordinates of each cell (c%Size, c/Size).
var cellX, cellY = func() (x, y [NumCells]int8) {
	for c := range x {
		x[c], y[c] = int8(c%Size), int8(c/Size)
	}
	return x, y
}()

// EdgeBetween returns the edge between two orthogonally neighbouring cells.
func (g *Grid) EdgeBetween(a, b int) Edge {
	ax, ay, bx, by := a%Size, a/Size, b%Size, b/Size
	switch {
	case ay == by && bx == ax+1:
		return g.V[ay][bx]
	case ay == by && bx == ax-1:
		return g.V[ay][ax]
	case ax == bx && by == ay+1:
		return g.H[by][ax]
	case ax == bx && by == ay-1:
		return g.H[ay][ax]
	}
	return EdgeWall
}

// SideEdge returns a pointer to the edge on side d (North, East, South or
// West) of cell c.
func (g *Grid) SideEdge(c int, d Direction) *Edge {
	x, y := c%Size, c/Size
	switch d {
	case North:
		return &g.H[y][x]
	case South:
		return &g.H[y+1][x]
	case West:
		return &g.V[y][x]
	case East:
		return &g.V[y][x+1]
	}
	return nil
}
