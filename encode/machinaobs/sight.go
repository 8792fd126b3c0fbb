package machinaobs

import (
	"sync"
	"sync/atomic"

	"github.com/mythos-rl/mythos/encode"

	"github.com/mythos-rl/mythos/env/machina"
)

// sightWords is the number of 64-bit words of one cell's sight row.
const sightWords = machina.SightWords

// sightSlots is the number of sight rows a boardCache keeps: the cells of
// the last creatures to act (a turn's decisions share one origin).
const sightSlots = 8

// sightRowCache is one cached sight row: the cells that cell sees.
type sightRowCache struct {
	cell int16 // -1: empty
	row  [sightWords]uint64
}

// boardCache is what one encoder keeps between decisions, all of it derived
// from the board alone, so it stays right while the board (machina.Board:
// tiles, cell kinds, destruction, edges) is unchanged:
//
//   - where it last wrote the terrain planes (the uint8 buffer and the
//     record of the caller's row): when the next encoding goes to the same
//     row, with a record still valid (nobody else wrote the row) and the
//     board unchanged, the terrain planes already hold what a fresh
//     encoding would write, and only the planes that change with every
//     decision are rewritten;
//   - plain line of sight (MA §17.1: walls, closed doors and rubble block
//     it; creatures do not) from the last few cells that sight was asked
//     from, a row of bits each.
//
// Any change of the board drops both. The cache is a few KB (the board and
// eight rows), so an env in a vector of 4096 holds little more than its
// state. An encoder shared by goroutines lets one use the cache at a time;
// the others encode without it.
type boardCache struct {
	mu    sync.Mutex
	dirty atomic.Bool // a row was written without the cache: forget dst
	board machina.Board
	ok    bool // board holds a board (else nothing is cached)
	// dst and rec identify the row whose terrain planes match board (nil:
	// none): its uint8 buffer's first element and its record.
	dst  *uint8
	rec  *encode.Touched
	next int // the slot the next new sight row replaces
	rows [sightSlots]sightRowCache
}

// sync makes the cache hold board b: unchanged, or emptied and set to b.
func (c *boardCache) sync(b *machina.Board) {
	if c.ok && c.board == *b {
		return
	}
	c.board, c.ok = *b, true
	c.dst, c.rec = nil, nil
	for i := range c.rows {
		c.rows[i].cell = -1
	}
}

// row returns the sight row of cell a on the cached board.
func (c *boardCache) row(a int) *[sightWords]uint64 {
	for i := range c.rows {
		if int(c.rows[i].cell) == a {
			return &c.rows[i].row
		}
	}
	r := &c.rows[c.next]
	c.next = (c.next + 1) % sightSlots
	r.cell = int16(a)
	c.board.Grid.SightRow(a, &r.row)
	return &r.row
}
