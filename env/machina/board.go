package machina

// PlacedTile is one slot of the 2×2 window (MA §11.3): which tile lies there,
// which face is up, how it is turned, and which of its sides (after turning)
// carry opening pairs.
type PlacedTile struct {
	Tile   int16 // index in Content.Tiles, or -1 for an empty slot
	Face   uint8
	Rot    uint8 // clockwise quarter turns
	Open   [4]bool
	Attach Side
}

// Board is the map in play: the geometry and the tiles of the window. Slot
// (tx, ty) covers canvas cells [10tx, 10tx+10) × [10ty, 10ty+10); slot index
// ty*2+tx.
type Board struct {
	Grid
	Slots [4]PlacedTile
}

// slotXY returns the window coordinates of a slot.
func slotXY(s int) (int, int) { return s % 2, s / 2 }

// sideDelta is the lattice step across a side.
var sideDelta = [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

// clear empties the board.
func (b *Board) clear() {
	*b = Board{}
	for i := range b.Slots {
		b.Slots[i].Tile = -1
	}
}

// TileCount is the number of placed tiles.
func (b *Board) TileCount() int {
	n := 0
	for i := range b.Slots {
		if b.Slots[i].Tile >= 0 {
			n++
		}
	}
	return n
}

// place lays face f of tile t, turned rot quarter turns, on slot s and
// rebuilds the tile borders (MA §11.2).
func (b *Board) place(s int, t int16, faceIdx uint8, f *TileFace, rot int) {
	r := f.turned(rot)
	tx, ty := slotXY(s)
	ox, oy := tx*TileSize, ty*TileSize
	for y := 0; y < TileSize; y++ {
		for x := 0; x < TileSize; x++ {
			c := (oy+y)*Size + ox + x
			b.Kind[c] = r.Cells[y*TileSize+x]
			b.Was[c] = KindNone
			b.Dest[c] = 0
			b.Lit[c] = false
		}
	}
	for y := 0; y < TileSize; y++ {
		for x := 1; x < TileSize; x++ {
			b.V[oy+y][ox+x] = r.V[y][x]
		}
	}
	for y := 1; y < TileSize; y++ {
		for x := 0; x < TileSize; x++ {
			b.H[oy+y][ox+x] = r.H[y][x]
		}
	}
	b.Slots[s] = PlacedTile{Tile: t, Face: faceIdx, Rot: uint8(rot & 3), Open: r.Open, Attach: r.Attach}
	b.rebuildBorders()
}

// remove takes the tile off slot s (MA §11.3) and rebuilds the borders.
func (b *Board) remove(s int) {
	tx, ty := slotXY(s)
	ox, oy := tx*TileSize, ty*TileSize
	for y := 0; y < TileSize; y++ {
		for x := 0; x < TileSize; x++ {
			c := (oy+y)*Size + ox + x
			b.Kind[c], b.Dest[c], b.Lit[c], b.Was[c] = KindNone, 0, false, KindNone
		}
	}
	for y := 0; y < TileSize; y++ {
		for x := 1; x < TileSize; x++ {
			b.V[oy+y][ox+x] = EdgeOpen
		}
	}
	for y := 1; y < TileSize; y++ {
		for x := 0; x < TileSize; x++ {
			b.H[oy+y][ox+x] = EdgeOpen
		}
	}
	b.Slots[s] = PlacedTile{Tile: -1}
	b.rebuildBorders()
}

// rebuildBorders sets every tile-border edge: open where two placed tiles
// both have an opening pair on the shared side, a wall everywhere else
// (MA §11.1: a border with no tile attached counts as a wall).
func (b *Board) rebuildBorders() {
	for y := 0; y < Size; y++ {
		for x := 0; x <= Size; x += TileSize {
			b.V[y][x] = EdgeWall
		}
	}
	for y := 0; y <= Size; y += TileSize {
		for x := 0; x < Size; x++ {
			b.H[y][x] = EdgeWall
		}
	}
	// East-west neighbours.
	for ty := 0; ty < 2; ty++ {
		w, e := b.Slots[ty*2], b.Slots[ty*2+1]
		if w.Tile >= 0 && e.Tile >= 0 && w.Open[SideE] && e.Open[SideW] {
			for k := 0; k < 2; k++ {
				b.V[ty*TileSize+Opening+k][TileSize] = EdgeOpen
			}
		}
	}
	// North-south neighbours.
	for tx := 0; tx < 2; tx++ {
		n, s := b.Slots[tx], b.Slots[2+tx]
		if n.Tile >= 0 && s.Tile >= 0 && n.Open[SideS] && s.Open[SideN] {
			for k := 0; k < 2; k++ {
				b.H[TileSize][tx*TileSize+Opening+k] = EdgeOpen
			}
		}
	}
}

// OpeningCells returns the two canvas cells of the opening on side d of slot
// s.
func OpeningCells(s int, d Side) (int, int) {
	tx, ty := slotXY(s)
	a, c := openingCells(d)
	base := ty*TileSize*Size + tx*TileSize
	return base + (a/TileSize)*Size + a%TileSize, base + (c/TileSize)*Size + c%TileSize
}

// UnexploredSide returns the side of cell c's tile whose opening pair holds c
// and faces no placed tile (an unexplored border, MA §11.2), or false.
func (b *Board) UnexploredSide(c int) (Side, bool) {
	if !b.Present(c) {
		return 0, false
	}
	s := TileOf(c)
	for d := Side(0); d < 4; d++ {
		if !b.Slots[s].Open[d] {
			continue
		}
		p, q := OpeningCells(s, d)
		if c != p && c != q {
			continue
		}
		tx, ty := slotXY(s)
		nx, ny := tx+sideDelta[d][0], ty+sideDelta[d][1]
		if nx < 0 || ny < 0 || nx > 1 || ny > 1 || b.Slots[ny*2+nx].Tile < 0 {
			return d, true
		}
	}
	return 0, false
}

// Window is one way to fit a newly explored tile into the 2×2 limit
// (MA §11.3): the window's origin in the current window's tile coordinates,
// and the placed slots that fall outside it and must be discarded (a bit per
// slot).
type Window struct {
	X0, Y0  int8
	Discard uint8
}

// windows lists the minimal ways to fit a tile at window coordinates (nx, ny)
// (possibly outside the current window), given the slots that may not be
// discarded (a bit per slot: tiles holding a pioneer). A window whose
// discards include another's is left out (docs/machina-rulings.md).
func (b *Board) windows(nx, ny int, keep uint8, out []Window) []Window {
	out = out[:0]
	var cand [9]Window
	n := 0
	for y0 := ny - 1; y0 <= ny; y0++ {
		for x0 := nx - 1; x0 <= nx; x0++ {
			var d uint8
			for s := 0; s < 4; s++ {
				if b.Slots[s].Tile < 0 {
					continue
				}
				tx, ty := slotXY(s)
				if tx < x0 || tx > x0+1 || ty < y0 || ty > y0+1 {
					d |= 1 << s
				}
			}
			if d&keep != 0 {
				continue
			}
			cand[n] = Window{int8(x0), int8(y0), d}
			n++
		}
	}
	for i := 0; i < n; i++ {
		minimal := true
		for j := 0; j < n && minimal; j++ {
			if j != i && cand[j].Discard&cand[i].Discard == cand[j].Discard && cand[j].Discard != cand[i].Discard {
				minimal = false
			}
		}
		dup := false
		for _, w := range out {
			if w.Discard == cand[i].Discard {
				dup = true
			}
		}
		// Prefer the window that keeps the current origin when discards tie.
		if minimal && !dup {
			out = append(out, cand[i])
		}
	}
	return out
}

// shift moves the window so that its origin is at (x0, y0) of the current
// tile coordinates; every slot outside must already be empty. It returns the
// cell offset to add to every position.
func (b *Board) shift(x0, y0 int) int {
	if x0 == 0 && y0 == 0 {
		return 0
	}
	old := *b
	b.clear()
	for s := 0; s < 4; s++ {
		if old.Slots[s].Tile < 0 {
			continue
		}
		tx, ty := slotXY(s)
		nx, ny := tx-x0, ty-y0
		ns := ny*2 + nx
		b.Slots[ns] = old.Slots[s]
		for y := 0; y < TileSize; y++ {
			for x := 0; x < TileSize; x++ {
				oc := (ty*TileSize+y)*Size + tx*TileSize + x
				nc := (ny*TileSize+y)*Size + nx*TileSize + x
				b.Kind[nc], b.Dest[nc], b.Lit[nc], b.Was[nc] = old.Kind[oc], old.Dest[oc], old.Lit[oc], old.Was[oc]
			}
		}
		b.Counted = old.Counted
		for y := 0; y < TileSize; y++ {
			for x := 1; x < TileSize; x++ {
				b.V[ny*TileSize+y][nx*TileSize+x] = old.V[ty*TileSize+y][tx*TileSize+x]
			}
		}
		for y := 1; y < TileSize; y++ {
			for x := 0; x < TileSize; x++ {
				b.H[ny*TileSize+y][nx*TileSize+x] = old.H[ty*TileSize+y][tx*TileSize+x]
			}
		}
	}
	b.rebuildBorders()
	return -(y0*TileSize*Size + x0*TileSize)
}
