package machinaobs

import (
	"sync"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/machina"
)

// sightWords is the number of 64-bit words of one cell's sight row.
const sightWords = (machina.NumCells + 63) / 64

// maxTerrain bounds the terrain writes of one board: per cell, present,
// passable, destroyed, its kind, the chapter light and four sides; plus the
// unexplored openings.
const maxTerrain = machina.NumCells*9 + 4*4*2

// terrainWrite is one element of the terrain planes.
type terrainWrite struct {
	off int32
	v   float32
}

// boardCache keeps what the board planes derive from the board alone: the
// terrain planes (cell kinds, edges, unexplored openings) as a list of
// writes with their touched-block bits, and plain line of sight (MA §17.1:
// walls, closed doors and rubble block it; creatures do not) from each cell,
// a row computed on first use. A board equal to the cached one reuses it all;
// any change (a door, a destroyed cell, a tile placed) starts over. An
// observation then costs a board comparison and a copy of the writes
// instead of a pass over 400 cells and a walk to each of them.
type boardCache struct {
	mu      sync.Mutex // the encoder may be shared: a busy cache is skipped
	board   machina.Board
	ok      bool
	n       int
	writes  [maxTerrain]terrainWrite
	touched []uint64 // blocks of the float32 buffer the writes touch
	done    [machina.NumCells]bool
	rows    [machina.NumCells][sightWords]uint64
}

func newBoardCache(l *encode.Layout) *boardCache {
	words := (l.F32 + 64*encode.TouchBlock - 1) / (64 * encode.TouchBlock)
	return &boardCache{touched: make([]uint64, words)}
}

// refresh makes the cache hold board b; w records the terrain writes.
func (c *boardCache) refresh(b *machina.Board, w *writer) {
	if c.ok && c.board == *b {
		return
	}
	c.board, c.ok = *b, true
	c.done = [machina.NumCells]bool{}
	c.n = 0
	clear(c.touched)
	w.rec = c
	w.terrain()
	w.rec = nil
}

// record keeps one terrain write.
func (c *boardCache) record(off int, v float32) {
	c.writes[c.n] = terrainWrite{int32(off), v}
	c.n++
	c.touched[off/(64*encode.TouchBlock)] |= 1 << (off / encode.TouchBlock % 64)
}

// replay writes the cached terrain into the observation.
func (c *boardCache) replay(w *writer) {
	if w.t != nil {
		for k, word := range c.touched {
			w.t.F32[k] |= word
		}
	}
	f := w.o.F32
	for _, x := range c.writes[:c.n] {
		f[x.off] = x.v
	}
}

// row returns the sight row of cell a on the cached board.
func (c *boardCache) row(a int) *[sightWords]uint64 {
	r := &c.rows[a]
	if !c.done[a] {
		*r = sightRow(&c.board.Grid, a)
		c.done[a] = true
	}
	return r
}

// sightRow computes the cells of g that cell a sees.
func sightRow(g *machina.Grid, a int) [sightWords]uint64 {
	var r [sightWords]uint64
	for c := 0; c < machina.NumCells; c++ {
		if g.Present(c) && g.LineOfSight(a, c, machina.SightPlain, nil) {
			r[c>>6] |= 1 << (c & 63)
		}
	}
	return r
}
