package machinaobs

import (
	"hash/maphash"
	"sync"
	"sync/atomic"

	"github.com/mythos-rl/mythos/env/machina"
)

// sightWords is the number of 64-bit words of one cell's sight row.
const sightWords = machina.SightWords

// sightSlots is the number of sight rows a boardCache keeps itself: the
// cells of the last creatures to act (a turn's decisions share one origin).
// Older rows come from the process's table (sharedRows).
const sightSlots = 4

// sightRowCache is one cached sight row: the cells that cell sees.
type sightRowCache struct {
	cell int16 // -1: empty
	row  [sightWords]uint64
}

// boardCache is what one encoder keeps between decisions, all of it derived
// from the board alone, so it stays right while the board (machina.Board:
// tiles, cell kinds, destruction, edges) is unchanged, which the board's
// stamp tells (machina.State.BoardStamp: equal stamps, equal boards):
//
//   - the board's generation, a number of the process's that changes
//     whenever the board does: the key of the terrain planes and, with its
//     origin, of the sight plane of a row (plan.go), so that a row whose
//     terrain was written from the same generation is left as it is;
//   - plain line of sight (MA §17.1) from the last few cells that sight was
//     asked from, a row of bits each, and the hash of what sight reads of
//     the board (sightHash), under which the process's table keeps the rows
//     of every board any encoder met; the rows stay when the board changes
//     where sight does not read it;
//   - the steps a creature may take from each cell (reachSteps), for the
//     reach plane, worked out as walks reach the cells; a change of the
//     board drops them.
//
// It keeps no copy of the board: rows and steps are worked out from the
// board of the state being encoded (steps.s), whose stamp is the cache's.
//
// The cache is under 1 KB (four rows, the steps), so an env in a vector of
// 4096 holds little more than its state. An encoder shared by goroutines
// lets one use the cache at a time; the others encode without it.
type boardCache struct {
	mu    sync.Mutex
	stamp uint64   // the stamp of the encoded state's board (machina.State.BoardStamp), 0 for none
	ok    bool     // the cache holds what stamp's board gives (else nothing)
	gen   uint64   // board's generation (newGeneration)
	hash  boardKey // sightHash of board.Grid, the key of its rows in sharedRows
	next  int      // the slot the next new sight row replaces
	rows  [sightSlots]sightRowCache
	steps reachSteps
}

// sync makes the cache hold what the board of state s gives: unchanged for
// the same stamp (0, no stamp, is never the same), else the steps dropped,
// and the sight rows too where what sight reads changed.
func (c *boardCache) sync(s *machina.State) {
	b, stamp := &s.Board, s.BoardStamp()
	c.steps.s = s // the state being encoded, whose board the rows and steps are of
	if c.ok && stamp != 0 && stamp == c.stamp {
		return // equal stamps, equal boards
	}
	h := sightHash(&b.Grid)
	if !c.ok || h != c.hash { // else the rows hold: sight did not change
		for i := range c.rows {
			c.rows[i].cell = -1
		}
	}
	c.ok, c.stamp, c.hash = true, stamp, h
	c.steps.build(s)
	c.gen = newGeneration()
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
	if !sharedRows.load(c.hash, a, &r.row) {
		c.steps.s.Board.Grid.SightRow(a, &r.row)
		sharedRows.store(c.hash, a, &r.row)
	}
	return &r.row
}

// generations numbers the boards the process's encoders meet: each time a
// cache takes a new board, or an encoding goes without the cache.
var generations atomic.Uint64

// newGeneration returns a generation no board had before (never 0).
func newGeneration() uint64 { return generations.Add(1) }

// bitBytes[b] holds bit i of b in byte i: eight cells of a sight row as the
// plane's 0/1 bytes, little-endian.
var bitBytes = func() (t [256]uint64) {
	for b := range t {
		for i := 0; i < 8; i++ {
			t[b] |= uint64(b>>i&1) << (8 * i)
		}
	}
	return t
}()

// hashSeeds key the process's board hashes.
var hashSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// boardKey is a 128-bit hash of what line of sight reads of a board: two
// boards that differ there share a key with probability 2^-128 per pair, so
// a row found under a key is the row of that board (a 64-bit key would
// leave a wrong observation within reach of a long training run's millions
// of boards).
type boardKey [2]uint64

// sightGrid is what Grid.SightRow reads of a grid (MA §17.1), a byte per
// cell (sightNone: no tile; sightBlocks: a cell that blocks sight, intact
// rubble; sightClear: any other) and per edge (1 where it blocks: a wall or
// a closed door), vertical edges first. Boards that differ elsewhere
// (destruction tokens on cells other than rubble, lit chapter cells, edges
// of kinds that do not block) see alike and share their rows.
type sightGrid [machina.NumCells + machina.Size*(machina.Size+1)*2]byte

// A cell's byte in a sightGrid.
const (
	sightNone = iota
	sightBlocks
	sightClear
)

// sightHash is the key of g's sightGrid.
func sightHash(g *machina.Grid) boardKey {
	var b sightGrid
	for c := range g.Kind {
		switch {
		case g.Kind[c] == machina.KindNone:
			b[c] = sightNone
		case g.BlocksSight(c):
			b[c] = sightBlocks
		default:
			b[c] = sightClear
		}
	}
	k := machina.NumCells
	for y := range g.V {
		for _, e := range g.V[y] {
			if e.Blocks() {
				b[k] = 1
			}
			k++
		}
	}
	for y := range g.H {
		for _, e := range g.H[y] {
			if e.Blocks() {
				b[k] = 1
			}
			k++
		}
	}
	return boardKey{maphash.Bytes(hashSeeds[0], b[:]), maphash.Bytes(hashSeeds[1], b[:])}
}

// sharedRow is one entry of the process's sight-row table.
type sharedRow struct {
	board boardKey // sightHash of the board
	cell  int16    // the origin, -1 for an empty entry
	row   [sightWords]uint64
}

// sharedRowBits sizes the table: 2^16 entries of 80 bytes (5 MB, made on
// first use, for the whole process).
const sharedRowBits = 16

// rowTable is the process's sight rows, keyed by board hash and origin
// cell, shared by every encoder: envs whose boards are alike (every
// episode starts on the scenario's first tile; doors open and close again)
// and an env that comes back to a board reuse each other's rows. It is
// direct-mapped (a newer row replaces an older one of the same index) and
// split in shards, each behind its own lock. Rows are trusted on a 128-bit
// key match.
type rowTable struct {
	once   sync.Once
	shards [64]sync.Mutex
	rows   []sharedRow
}

var sharedRows rowTable

func (t *rowTable) index(board boardKey, cell int) int {
	return int((board[0] ^ uint64(cell+1)*0x9e3779b97f4a7c15) >> (64 - sharedRowBits))
}

// load copies the row of (board, cell) into dst, if the table has it.
func (t *rowTable) load(board boardKey, cell int, dst *[sightWords]uint64) bool {
	t.once.Do(t.make)
	i := t.index(board, cell)
	mu := &t.shards[i%len(t.shards)]
	mu.Lock()
	e := &t.rows[i]
	ok := e.board == board && int(e.cell) == cell
	if ok {
		*dst = e.row
	}
	mu.Unlock()
	return ok
}

// store keeps the row of (board, cell).
func (t *rowTable) store(board boardKey, cell int, row *[sightWords]uint64) {
	t.once.Do(t.make)
	i := t.index(board, cell)
	mu := &t.shards[i%len(t.shards)]
	mu.Lock()
	t.rows[i] = sharedRow{board: board, cell: int16(cell), row: *row}
	mu.Unlock()
}

func (t *rowTable) make() {
	t.rows = make([]sharedRow, 1<<sharedRowBits)
	for i := range t.rows {
		t.rows[i].cell = -1
	}
}
