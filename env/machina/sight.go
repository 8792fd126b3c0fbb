package machina

import "math/bits"

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
	// Arms: north (0,-1), south (0,1), west (-1,0), east (1,0); the side is
	// the sign of cross(d, arm): left where it is positive, else right.
	var side [2]bool // right, left
	blocks := func(e Edge) bool {
		return (e == EdgeWall || e == EdgeClosed) && !(e == EdgeClosed && mode&SightDoorsOpen != 0) // edgeBlocks
	}
	if vx <= Size {
		if vy > 0 && blocks(g.V[vy-1][vx]) {
			side[b2i(-sx > 0)] = true
		}
		if vy < Size && blocks(g.V[vy][vx]) {
			side[b2i(sx > 0)] = true
		}
	}
	if vy <= Size {
		if vx > 0 && blocks(g.H[vy][vx-1]) {
			side[b2i(sy > 0)] = true
		}
		if vx < Size && blocks(g.H[vy][vx]) {
			side[b2i(-sy > 0)] = true
		}
	}
	return side[0] && side[1]
}

// Adjacent reports whether cells a and b are adjacent: they touch
// orthogonally or diagonally and are in line of sight (MA §17.2). Across a
// tile border this holds where the border is open (MA §11.4, §22.12).
func (g *Grid) Adjacent(a, b int) bool {
	if a == b || !g.Present(a) || !g.Present(b) {
		return false
	}
	// neighbourSight in plain sight, from the cells' coordinates.
	ax, ay, bx, by := int(cellX[a]), int(cellY[a]), int(cellX[b]), int(cellY[b])
	sx, sy := bx-ax, by-ay
	switch {
	case sx < -1 || sx > 1 || sy < -1 || sy > 1:
		return false // Chebyshev distance over 1
	case sy == 0:
		return !g.V[ay][max(ax, bx)].Blocks()
	case sx == 0:
		return !g.H[max(ay, by)][ax].Blocks()
	}
	return !g.vertexBlocks(max(ax, bx), max(ay, by), sx, sy, SightPlain)
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

// SightWords is the number of 64-bit words of a SightRow.
const SightWords = (NumCells + 63) / 64

// SightRow writes into row the cells with a tile that cell a sees in plain
// sight: bit c%64 of word c/64 is LineOfSight(a, c, SightPlain, nil) for
// every present cell c (MA §17.1). It asks LineOfSight only of the cells a
// monotone path of clear steps reaches from a, one quadrant at a time
// (orthogonal steps across an edge that does not block, diagonal ones
// through a lattice point that does not block, never out of a cell that
// blocks sight but a): a segment's walk is such a path, so no cell it
// leaves out is seen, and cells behind walls cost nothing.
func (g *Grid) SightRow(a int, row *[SightWords]uint64) {
	*row = [SightWords]uint64{}
	if !g.Present(a) {
		return
	}
	var cand [SightWords]uint64
	var reach [NumCells]bool
	ax, ay := a%Size, a/Size
	open := func(p int) bool { return reach[p] && (p == a || !g.cellBlocks(p, SightPlain, nil)) }
	for q := 0; q < 4; q++ {
		sx, sy := 1-2*(q&1), 1-2*(q>>1)
		lx, ly := 0, 0 // the grid line crossed entering a cell: x (y) ahead, x+1 (y+1) behind
		if sx < 0 {
			lx = 1
		}
		if sy < 0 {
			ly = 1
		}
		for y := ay; y >= 0 && y < Size; y += sy {
			for x := ax; x >= 0 && x < Size; x += sx {
				c := y*Size + x
				if c == a {
					reach[c] = true
					continue
				}
				ok := false
				if g.Kind[c] != KindNone {
					ok = x != ax && open(c-sx) && !g.edgeBlocks(g.V[y][x+lx], SightPlain) ||
						y != ay && open(c-sy*Size) && !g.edgeBlocks(g.H[y+ly][x], SightPlain) ||
						x != ax && y != ay && open(c-sx-sy*Size) && !g.vertexBlocks(x+lx, y+ly, sx, sy, SightPlain)
				}
				reach[c] = ok
				if ok {
					cand[c>>6] |= 1 << (c & 63)
				}
			}
		}
	}
	row[a>>6] |= 1 << (a & 63)
	for k, word := range cand {
		for word != 0 {
			c := k<<6 + bits.TrailingZeros64(word)
			word &= word - 1
			if g.plainSight(ax, ay, c%Size, c/Size) {
				row[k] |= 1 << (c & 63)
			}
		}
	}
}

// plainSight is LineOfSight(a, b, SightPlain, nil) for cells a = (ax, ay)
// and b = (bx, by), a != b, with the mode's tests inlined: the same walk.
func (g *Grid) plainSight(ax, ay, bx, by int) bool {
	sx, sy, adx, ady := 1, 1, bx-ax, by-ay
	if adx < 0 {
		sx, adx = -1, -adx
	}
	if ady < 0 {
		sy, ady = -1, -ady
	}
	ox, oy := 0, 0 // the line ahead of a cell: x+1 (y+1) going forward
	if sx > 0 {
		ox = 1
	}
	if sy > 0 {
		oy = 1
	}
	cx, cy := ax, ay
	l, r := ady, adx // (1+2i)*ady and (1+2j)*adx: which line comes first
	for {
		switch {
		case adx != 0 && (ady == 0 || l < r): // a vertical line
			if e := g.V[cy][cx+ox]; e == EdgeWall || e == EdgeClosed {
				return false
			}
			cx += sx
			l += 2 * ady
		case ady != 0 && (adx == 0 || l > r): // a horizontal line
			if e := g.H[cy+oy][cx]; e == EdgeWall || e == EdgeClosed {
				return false
			}
			cy += sy
			r += 2 * adx
		default: // a lattice point
			if g.vertexBlocks(cx+ox, cy+oy, sx, sy, SightPlain) {
				return false
			}
			cx += sx
			cy += sy
			l += 2 * ady
			r += 2 * adx
		}
		if cx == bx && cy == by {
			return true
		}
		c := cy*Size + cx
		if k := g.Kind[c]; k == KindNone || (k == KindRubble && g.Dest[c] == 0) {
			return false
		}
	}
}
