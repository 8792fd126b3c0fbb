package machina

// Sight modes for LineOfSight.
const (
	// SightPlain: walls, closed doors and rubble block (MA §17.1).
	SightPlain uint8 = 0
	// SightObstacles: obstacles block too (the [R≤X/blk] symbol, MA §17.3,
	// §17.7).
	SightObstacles uint8 = 1
	// SightDoorsOpen: closed doors do not block (predictable monsters' path
	// count ignores them, MA §19.5).
	SightDoorsOpen uint8 = 2
)

// LineOfSight reports whether the segment from the centre of cell a to the
// centre of cell b is clear (MA §17.1): it must not cross the interior of a
// blocking edge, nor pass through a lattice point with blocking edges on both
// of its sides, nor enter the interior of a blocking cell. Touching the end of
// a wall or the corner of a blocking cell does not block. occ, when not nil,
// marks creature-occupied cells (≥ 0), obstacles under SightObstacles.
//
// The walk is an exact integer traversal in doubled coordinates (cell
// centres at odd values, grid lines at even ones), so corner cases are
// decided exactly.
func (g *Grid) LineOfSight(a, b int, mode uint8, occ *[NumCells]int8) bool {
	if a == b {
		return true
	}
	ax, ay, bx, by := a%Size, a/Size, b%Size, b/Size
	dx, dy := bx-ax, by-ay
	sx, sy := 1, 1
	adx, ady := dx, dy
	if dx < 0 {
		sx, adx = -1, -dx
	}
	if dy < 0 {
		sy, ady = -1, -dy
	}
	cx, cy := ax, ay
	i, j := 0, 0 // vertical and horizontal grid lines crossed so far
	for cx != bx || cy != by {
		// Distances (doubled) from a's centre to the next lines: 1+2i, 1+2j;
		// compare the parameters t = p/adx and q/ady without division.
		var cmp int
		switch {
		case adx == 0:
			cmp = 1 // only horizontal lines
		case ady == 0:
			cmp = -1
		default:
			l, r := (1+2*i)*ady, (1+2*j)*adx
			switch {
			case l < r:
				cmp = -1
			case l > r:
				cmp = 1
			}
		}
		switch cmp {
		case -1: // cross a vertical line between cx and cx+sx
			x := cx
			if sx > 0 {
				x = cx + 1
			}
			if g.edgeBlocks(g.V[cy][x], mode) {
				return false
			}
			cx += sx
			i++
		case 1: // cross a horizontal line
			y := cy
			if sy > 0 {
				y = cy + 1
			}
			if g.edgeBlocks(g.H[y][cx], mode) {
				return false
			}
			cy += sy
			j++
		default: // through a lattice point: only the corner cells are touched
			vx, vy := cx, cy
			if sx > 0 {
				vx++
			}
			if sy > 0 {
				vy++
			}
			if g.vertexBlocks(vx, vy, sx, sy, mode) {
				return false
			}
			cx += sx
			cy += sy
			i++
			j++
		}
		c := cy*Size + cx
		if c == b {
			break
		}
		if g.cellBlocks(c, mode, occ) {
			return false
		}
	}
	return true
}

func (g *Grid) edgeBlocks(e Edge, mode uint8) bool {
	if e == EdgeClosed && mode&SightDoorsOpen != 0 {
		return false
	}
	return e.Blocks()
}

func (g *Grid) cellBlocks(c int, mode uint8, occ *[NumCells]int8) bool {
	if g.Kind[c] == KindNone || g.BlocksSight(c) {
		return true
	}
	if mode&SightObstacles != 0 {
		if g.StaticObstacle(c) || (occ != nil && occ[c] >= 0) {
			return true
		}
	}
	return false
}

// vertexBlocks applies the lattice-point rule (MA §17.1, the two-doors
// example of §17.2): a segment through the point (vx, vy) in direction
// (sx, sy) is blocked when blocking edges meet there on both of its sides.
func (g *Grid) vertexBlocks(vx, vy, sx, sy int, mode uint8) bool {
	left, right := false, false
	mark := func(e Edge, cross int) {
		if !g.edgeBlocks(e, mode) {
			return
		}
		if cross > 0 {
			left = true
		} else {
			right = true
		}
	}
	// Arms: north (0,-1), south (0,1), west (-1,0), east (1,0); the side is
	// the sign of cross(d, arm).
	if vy > 0 && vx <= Size {
		mark(g.V[vy-1][vx], -sx)
	}
	if vy < Size && vx <= Size {
		mark(g.V[vy][vx], sx)
	}
	if vx > 0 && vy <= Size {
		mark(g.H[vy][vx-1], sy)
	}
	if vx < Size && vy <= Size {
		mark(g.H[vy][vx], -sy)
	}
	return left && right
}

// Adjacent reports whether cells a and b are adjacent: they touch
// orthogonally or diagonally and are in line of sight (MA §17.2). Across a
// tile border this holds where the border is open (MA §11.4, §22.12).
func (g *Grid) Adjacent(a, b int) bool {
	if a == b || !g.Present(a) || !g.Present(b) || Cheb(a, b) != 1 {
		return false
	}
	return g.neighbourSight(a, b, SightPlain)
}

// neighbourSight is LineOfSight for two touching cells: the segment crosses
// one edge (orthogonal neighbours) or one lattice point (diagonal ones) and
// enters no other cell.
func (g *Grid) neighbourSight(a, b int, mode uint8) bool {
	ax, ay, bx, by := a%Size, a/Size, b%Size, b/Size
	sx, sy := bx-ax, by-ay
	switch {
	case sy == 0:
		return !g.edgeBlocks(g.V[ay][max(ax, bx)], mode)
	case sx == 0:
		return !g.edgeBlocks(g.H[max(ay, by)][ax], mode)
	}
	return !g.vertexBlocks(max(ax, bx), max(ay, by), sx, sy, mode)
}
