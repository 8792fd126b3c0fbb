package machina

import "fmt"

// The board's geometry, cached: for every cell, the directions in which a
// creature may step from it, and the number of edges of each kind, worked
// out when the geometry changes instead of from the edges and lattice
// points at every question. Monster paths (MA §19.5), movement (MA §10.8),
// adjacency (MA §17.2) and the door pieces' limits (MA §2.4) ask them
// hundreds of times a round; the geometry changes a few times a game.
//
// The cache is kept by the State: every change of the geometry (a tile
// laid, removed or shifted, the board replaced: restep; the board cleared:
// cleared; a door opened, closed, broken or mended: setDoor) brings it up
// to date, and CheckInvariants compares it with a fresh build. Destruction tokens,
// cells counting as other kinds (MA §12.18) and creatures do not enter it:
// passability and occupancy are read where they are asked.

// geometry holds, for every cell c, bit d (a Direction) of:
//   - adj: Grid.Adjacent(c, Step(c, d)): both cells present and the edge
//     between them, or a diagonal's lattice point, not blocking plain sight
//     (MA §17.2);
//   - path: for a cell with a tile, the step toward Step(c, d) that a
//     predictable monster's path may take (MA §19.5): an orthogonal edge
//     other than a wall (a closed door is crossed at a cost), a diagonal
//     lattice point not blocked with doors counted open; whether the
//     neighbour has a tile is asked apart (walkable). A path starts on a
//     creature's cell, so a cell with no tile has none (0).
//
// An orthogonal step in path and not in adj crosses a closed door or
// leaves the board. edges[k] counts the board's edges of kind k.
type geometry struct {
	adj, path [NumCells]uint8
	edges     [edgeKinds]int16
}

// stepsOf works out the masks of cell c on grid g, from the edges around
// it: an orthogonal step crosses one edge; a diagonal one crosses a lattice
// point, blocked when blocking edges meet there on both sides of the step
// (MA §17.1, the two-doors example of §17.2: Grid.vertexBlocks, here for
// both modes at once). TestLookupsMatchTheirRules holds it to
// Grid.Adjacent and vertexBlocks.
func stepsOf(g *Grid, c int) (adj, path uint8) {
	var corner [4]uint8
	x, y := c%Size, c/Size
	for k := 0; k < 4; k++ {
		if d := Direction(2*k + 1); neighbours[c][d] >= 0 {
			corner[k] = armsAt(g, x+max(dirDX[d], 0), y+max(dirDY[d], 0))
		}
	}
	return stepsAround(g, c, &corner)
}

// armsAt is the blocking arms of lattice point (vx, vy) inside the canvas
// (1 to Size-1 each): the four edges that meet there, north 1, south 2,
// west 4, east 8, the walls in the low nibble and the closed doors in the
// high one.
func armsAt(g *Grid, vx, vy int) uint8 {
	return blocking[g.V[vy-1][vx]] | blocking[g.V[vy][vx]]<<1 | blocking[g.H[vy][vx-1]]<<2 | blocking[g.H[vy][vx]]<<3
}

// stepsAround is stepsOf with the arms of the lattice points c's diagonal
// steps cross (north-east, south-east, south-west, north-west; any value
// where the step leaves the canvas) given.
func stepsAround(g *Grid, c int, corner *[4]uint8) (adj, path uint8) {
	if g.Kind[c] == KindNone {
		return 0, 0
	}
	x, y := c%Size, c/Size
	side := [4]Edge{g.H[y][x], g.V[y][x+1], g.H[y+1][x], g.V[y][x]} // north, east, south, west
	ns := &neighbours[c]
	for k, e := range side {
		d := Direction(2 * k)
		n := ns[d]
		if n < 0 {
			continue
		}
		if g.Kind[n] != KindNone && !e.Blocks() {
			adj |= 1 << d
		}
		if e != EdgeWall {
			path |= 1 << d
		}
	}
	for k, arms := range corner {
		d := Direction(2*k + 1)
		n := ns[d]
		if n < 0 {
			continue
		}
		walls, doors := arms&0xf, arms>>4
		left := leftArms[k]
		if g.Kind[n] != KindNone && !splits(walls|doors, left) {
			adj |= 1 << d
		}
		if !splits(walls, left) {
			path |= 1 << d
		}
	}
	return adj, path
}

// leftArms[k] is the arms (north 1, south 2, west 4, east 8) of a lattice
// point on the left of the diagonal step 2k+1 through it (north-east,
// south-east, south-west, north-west); the others are on its right.
var leftArms = [4]uint8{2 | 8, 2 | 4, 1 | 4, 1 | 8}

// blocking[e] is 1 for a wall, 1<<4 for a closed door, else 0: an arm's
// bit among the walls (low nibble) or the closed doors (high nibble).
var blocking = [256]uint8{EdgeWall: 1, EdgeClosed: 1 << 4}

// splits reports whether blocking arms lie on both sides of a step: the
// lattice point blocks it.
func splits(blocking, left uint8) bool { return blocking&left != 0 && blocking&^left != 0 }

// build works out every cell's masks and counts the edges: the arms of
// every lattice point once, then each cell's steps from them.
func (m *geometry) build(g *Grid) {
	var arms [Size + 1][Size + 1]uint8 // the inside points' (armsAt)
	for vy := 1; vy < Size; vy++ {
		for vx := 1; vx < Size; vx++ {
			arms[vy][vx] = armsAt(g, vx, vy)
		}
	}
	m.adj, m.path = [NumCells]uint8{}, [NumCells]uint8{} // a cell with no tile has no steps
	for c := 0; c < NumCells; c++ {
		if g.Kind[c] == KindNone {
			continue
		}
		x, y := c%Size, c/Size
		corner := [4]uint8{arms[y][x+1], arms[y+1][x+1], arms[y+1][x], arms[y][x]}
		m.adj[c], m.path[c] = stepsAround(g, c, &corner)
	}
	m.edges = countEdges(g)
}

// clear makes the cache that of an empty board (Board.clear: no cells, every
// edge open): no steps.
func (m *geometry) clear() {
	m.adj, m.path = [NumCells]uint8{}, [NumCells]uint8{}
	m.edges = [edgeKinds]int16{EdgeOpen: Size*(Size+1) + (Size+1)*Size}
}

// countEdges counts the grid's edges of each kind.
func countEdges(g *Grid) (n [edgeKinds]int16) {
	for y := range g.V {
		for _, e := range g.V[y] {
			n[e]++
		}
	}
	for y := range g.H {
		for _, e := range g.H[y] {
			n[e]++
		}
	}
	return n
}

// buildNear works out the masks of cell c and its eight neighbours: every
// step that crosses one of c's edges or one of its corners (a diagonal
// step's lattice point) starts there.
func (m *geometry) buildNear(g *Grid, c int) {
	x0, y0 := c%Size, c/Size
	for y := max(y0-1, 0); y <= min(y0+1, Size-1); y++ {
		for x := max(x0-1, 0); x <= min(x0+1, Size-1); x++ {
			n := y*Size + x
			m.adj[n], m.path[n] = stepsOf(g, n)
		}
	}
}

// cleared brings the cache up to date after Board.clear.
func (s *State) cleared() {
	s.geo.clear()
	s.touchBoard()
}

// restep rebuilds the cache after a change of the board's geometry.
func (s *State) restep() {
	s.geo.build(&s.Board.Grid)
	s.touchBoard()
}

// BoardChanged brings the engine's cache of the board's geometry and the
// board's stamp (boardstamp.go) up to date after its caller wrote Board
// itself (a test, a scripted position); the engine's own changes keep them
// up to date.
func (s *State) BoardChanged() { s.restep() }

// setDoor puts edge e on side d (North, East, South or West) of cell c: a
// door opened, closed, broken or mended (MA §12.4), and the cache follows.
func (s *State) setDoor(c int, d Direction, e Edge) {
	at := s.Board.SideEdge(c, d)
	s.geo.edges[*at]--
	s.geo.edges[e]++
	*at = e
	s.geo.buildNear(&s.Board.Grid, c)
	s.touchBoard()
}

// closedDoors is the number of closed doors on the board: its door pieces
// are limited (MA §2.4).
func (s *State) closedDoors() int { return int(s.geo.edges[EdgeClosed]) }

// destroyedDoors is the number of destroyed doors on the board (the MA
// §2.4 limit).
func (s *State) destroyedDoors() int { return int(s.geo.edges[EdgeDestroyed]) }

// AdjacentSteps is the directions in which cell c is adjacent to its
// neighbour: bit d is Board.Adjacent(c, Step(c, d)) (MA §17.2), from the
// engine's cache of the board (0 off the canvas).
func (s *State) AdjacentSteps(c int) uint8 {
	if uint(c) >= NumCells {
		return 0
	}
	return s.geo.adj[c]
}

// adjacentStep reports whether cell c and its neighbour in direction d are
// adjacent: Board.Adjacent(c, Step(c, d)), from the step masks.
func (s *State) adjacentStep(c int, d Direction) bool {
	return uint(c) < NumCells && s.geo.adj[c]>>(d&7)&1 != 0
}

// adjacent reports whether cells a and b are adjacent: Board.Adjacent(a, b),
// from the step masks.
func (s *State) adjacent(a, b int) bool {
	if uint(a) >= NumCells || uint(b) >= NumCells {
		return false
	}
	dx, dy := int(cellX[b])-int(cellX[a]), int(cellY[b])-int(cellY[a])
	if dx < -1 || dx > 1 || dy < -1 || dy > 1 {
		return false
	}
	d := dirOf[dy+1][dx+1]
	return d >= 0 && s.geo.adj[a]>>d&1 != 0
}

// canvasSteps[c] has bit d set where Step(c, d) is on the canvas.
var canvasSteps = func() (t [NumCells]uint8) {
	for c := range t {
		for d, n := range neighbours[c] {
			if n >= 0 {
				t[c] |= 1 << d
			}
		}
	}
	return t
}()

// dirOf[dy+1][dx+1] is the direction of the step (dx, dy), -1 for none.
var dirOf = func() (t [3][3]int8) {
	t[1][1] = -1
	for d := range dirDX {
		t[dirDY[d]+1][dirDX[d]+1] = int8(d)
	}
	return t
}()

// checkGeometry reports where the cache differs from a fresh build
// (CheckInvariants).
func (s *State) checkGeometry() error {
	if n := countEdges(&s.Board.Grid); n != s.geo.edges {
		return fmt.Errorf("edge counts are stale: %v, the board has %v", s.geo.edges, n)
	}
	for c := 0; c < NumCells; c++ {
		adj, path := stepsOf(&s.Board.Grid, c)
		if s.geo.adj[c] != adj || s.geo.path[c] != path {
			return fmt.Errorf("step masks of %s are stale: adjacent %08b path %08b, the board says %08b and %08b",
				cellName(c), s.geo.adj[c], s.geo.path[c], adj, path)
		}
	}
	return nil
}
