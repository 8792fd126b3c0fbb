package machinaobs

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/mythos-rl/mythos/env/machina"
)

// cellSet is a set of cells, bit c%64 of word c/64 for cell c (the layout
// of a sight row).
type cellSet [sightWords]uint64

// reachSteps holds, for each cell, the directions a creature may step in
// from it on one board as State.ReachFrom walks them (MA §10.8): the
// neighbour in direction d is adjacent (MA §17.2), passable and not an
// open chasm. Only occupancy is left to check per decision, so the reach
// plane costs a few word operations per step of stamina instead of a walk
// with line-of-sight tests between neighbours. dir[d] holds the cells
// from which a step in direction d is allowed. A cell's steps are worked
// out the first time a walk leaves it (done), so a new board costs only the
// cells walks reach.
type reachSteps struct {
	s    *machina.State // the state whose board the steps are of
	dir  [8]cellSet
	done cellSet
	last lastWalk
}

// lastWalk is the last walk's result on the cached board and what it read
// of the state: a walk from the same cell with the same limit over the same
// free cells of those words reaches the same cells.
type lastWalk struct {
	ok          bool
	cell, limit int
	known       uint8   // the words of free the walk read
	free, seen  cellSet // those words, and the cells reached
}

// reach writes the reach plane from cell c with limit steps (State.ReachFrom
// of the creature there) into plane (zero), on the cached board: the last
// walk's cells when it started there with that limit and occupancy has not
// changed in the words it read (the actor's turn goes on: another look at
// the same cell), else a new walk's.
func (c *boardCache) reach(s *machina.State, cell, limit int, plane []uint8) {
	r, l := &c.steps, &c.steps.last
	same := l.ok && l.cell == cell && l.limit == limit
	for k := l.known; same && k != 0; k &= k - 1 {
		w := bits.TrailingZeros8(k)
		same = freeWord(s, w) == l.free[w]
	}
	if !same {
		l.seen, l.known, l.free = r.walk(s, cell, limit, nil)
		l.ok, l.cell, l.limit = true, cell, limit
	}
	for w, word := range l.seen {
		for ; word != 0; word &= word - 1 {
			plane[w<<6+bits.TrailingZeros64(word)] = 1
		}
	}
}

// build starts the steps of s's board (unchanged while the steps are used)
// afresh.
func (r *reachSteps) build(s *machina.State) {
	r.s = s
	r.dir = [8]cellSet{}
	r.done = cellSet{}
	r.last.ok = false
}

// learn works out the steps from cell u: to the adjacent neighbours (the
// engine's cached adjacency) that are passable and no open chasm.
func (r *reachSteps) learn(u int) {
	b := &r.s.Board
	w, bit := u>>6, uint64(1)<<(u&63)
	r.done[w] |= bit
	for adj := r.s.AdjacentSteps(u); adj != 0; adj &= adj - 1 {
		d := bits.TrailingZeros8(adj)
		v := machina.Step(u, machina.Direction(d))
		if !b.Passable(v) || (b.Kind[v] == machina.KindChasm && b.Dest[v] == 0) {
			continue
		}
		r.dir[d][w] |= bit
	}
}

// stepDelta is the change of cell index of a step in each direction (less
// than 64 either way: a step moves a cell's bit to the same or a
// neighbouring word).
var stepDelta = [8]int{-machina.Size, 1 - machina.Size, 1, 1 + machina.Size, machina.Size, machina.Size - 1, -1, -1 - machina.Size}

// freeWord is word w of the set of cells no creature stands on
// (State.Occ < 0), of the board's cells (the bits past NumCells are clear).
func freeWord(s *machina.State, w int) uint64 {
	const n = machina.NumCells
	occ := unsafe.Slice((*byte)(unsafe.Pointer(&s.Occ[0])), n)
	var free uint64
	lo, hi := w<<6, min(w<<6+64, n)
	i := lo
	for ; i+8 <= hi; i += 8 {
		// The sign bits of eight cells, gathered into a byte: a cell is
		// free where its creature is -1.
		signs := binary.LittleEndian.Uint64(occ[i:]) & 0x8080808080808080
		free |= (signs * 0x0002040810204081 >> 56) << (i - lo)
	}
	for ; i < hi; i++ {
		if s.Occ[i] < 0 {
			free |= 1 << (i - lo)
		}
	}
	return free
}

// reach is State.ReachFrom from cell c on the board of r, one layer of
// steps at a time: dist, when not nil, gets the number of steps to each
// free cell reached (at most limit), -1 elsewhere; plane, when not nil, a 1
// at every cell reached.
func (r *reachSteps) reach(s *machina.State, c, limit int, dist *[machina.NumCells]int8, plane []uint8) {
	seen, _, _ := r.walk(s, c, limit, dist)
	if plane != nil {
		for w, word := range seen {
			for ; word != 0; word &= word - 1 {
				plane[w<<6+bits.TrailingZeros64(word)] = 1
			}
		}
	}
}

// walk is reach's walk: it returns the cells reached, and the words of the
// free cells it read (known) with their values (free).
func (r *reachSteps) walk(s *machina.State, c, limit int, dist *[machina.NumCells]int8) (seen cellSet, known uint8, free cellSet) {
	if dist != nil {
		for i := range dist {
			dist[i] = -1
		}
	}
	if c < 0 {
		return
	}
	var front cellSet
	seen[c>>6] |= 1 << (c & 63)
	front = seen
	if dist != nil {
		dist[c] = 0
	}
	// free holds the free cells of the words whose bit is set in known:
	// those the walk gets to.
	// front's cells lie in words [lo, hi]; a layer's cells lie in the
	// words of the last layer's or the words next to them.
	lo, hi := c>>6, c>>6
	for k := 1; k <= limit; k++ {
		next := r.layer(&front, lo, hi)
		nlo, nhi := len(next), -1
		for w := max(lo-1, 0); w <= min(hi+1, len(next)-1); w++ {
			if next[w] == 0 {
				continue
			}
			if known&(1<<w) == 0 {
				free[w] = freeWord(s, w)
				known |= 1 << w
			}
			x := next[w] & free[w] &^ seen[w]
			next[w] = x
			if x != 0 {
				seen[w] |= x
				nlo, nhi = min(nlo, w), w
			}
		}
		if nhi < 0 {
			break
		}
		if dist != nil {
			for w := nlo; w <= nhi; w++ {
				for word := next[w]; word != 0; word &= word - 1 {
					dist[w<<6+bits.TrailingZeros64(word)] = int8(k)
				}
			}
		}
		front, lo, hi = next, nlo, nhi
	}
	return seen, known, free
}

// layer returns the cells one step from the cells of front (which lie in
// words lo to hi) by the board's steps, working out the steps of front's
// cells first; they lie in words lo-1 to hi+1.
func (r *reachSteps) layer(front *cellSet, lo, hi int) (next cellSet) {
	for w := lo; w <= hi; w++ {
		for todo := front[w] &^ r.done[w]; todo != 0; todo &= todo - 1 {
			r.learn(w<<6 + bits.TrailingZeros64(todo))
		}
	}
	for d := range r.dir {
		dir := &r.dir[d]
		if delta := stepDelta[d]; delta > 0 {
			n := uint(delta)
			var carry uint64
			for w := lo; w <= hi; w++ {
				x := front[w] & dir[w]
				next[w] |= x<<n | carry
				carry = x >> (64 - n)
			}
			if hi+1 < len(next) {
				next[hi+1] |= carry
			}
		} else {
			n := uint(-delta)
			var carry uint64
			for w := hi; w >= lo; w-- {
				x := front[w] & dir[w]
				next[w] |= x>>n | carry
				carry = x << (64 - n)
			}
			if lo > 0 {
				next[lo-1] |= carry
			}
		}
	}
	return next
}
