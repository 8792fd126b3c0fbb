package machinaobs

import (
	"math/bits"

	"github.com/mythos-rl/mythos/env/machina"
)

// reachSteps holds, for each cell, the directions a creature may step in
// from it on one board as State.ReachFrom walks them (MA §10.8): bit d is
// set when the neighbour in direction d is adjacent (MA §17.2), passable
// and not an open chasm. Only occupancy is left to check per decision, so
// the reach plane costs a walk over bits instead of line-of-sight tests
// between neighbours. A cell's steps are worked out the first time a walk
// leaves it (done), so a new board costs only the cells walks reach.
type reachSteps struct {
	b    *machina.Board // the cached board (boardCache.board)
	m    [machina.NumCells]uint8
	done [sightWords]uint64
}

// reach writes the reach plane from cell c with limit steps (State.ReachFrom
// of the creature there) into plane (zero), on the cached board.
func (c *boardCache) reach(s *machina.State, cell, limit int, plane []uint8) {
	var dist [machina.NumCells]int8
	c.steps.reach(s, cell, limit, &dist, plane)
}

// build starts the steps of board b (kept by the caller, unchanged while
// the steps are used) afresh.
func (r *reachSteps) build(b *machina.Board) {
	r.b = b
	r.done = [sightWords]uint64{}
}

// at returns the steps from cell u.
func (r *reachSteps) at(u int) uint8 {
	if r.done[u>>6]>>(u&63)&1 == 1 {
		return r.m[u]
	}
	b := r.b
	var m uint8
	if b.Present(u) {
		for d := machina.Direction(0); d < 8; d++ {
			v := machina.Step(u, d)
			if v < 0 || !b.Passable(v) || (b.Kind[v] == machina.KindChasm && b.Dest[v] == 0) || !b.Adjacent(u, v) {
				continue
			}
			m |= 1 << d
		}
	}
	r.m[u] = m
	r.done[u>>6] |= 1 << (u & 63)
	return m
}

// reach is State.ReachFrom from cell c on the board of r: dist[v] is the
// number of steps to free cell v (at most limit), -1 where it cannot be
// reached; plane, when not nil, gets a 1 at every cell reached.
func (r *reachSteps) reach(s *machina.State, c, limit int, dist *[machina.NumCells]int8, plane []uint8) {
	for i := range dist {
		dist[i] = -1
	}
	if c < 0 {
		return
	}
	var q [machina.NumCells]int16
	dist[c] = 0
	if plane != nil {
		plane[c] = 1
	}
	h, t := 0, 1
	q[0] = int16(c)
	for h < t {
		u := int(q[h])
		h++
		if int(dist[u]) >= limit {
			continue
		}
		for m := r.at(u); m != 0; m &= m - 1 {
			d := machina.Direction(bits.TrailingZeros8(m))
			v := machina.Step(u, d)
			if dist[v] >= 0 || s.Occ[v] >= 0 {
				continue
			}
			dist[v] = dist[u] + 1
			if plane != nil {
				plane[v] = 1
			}
			q[t] = int16(v)
			t++
		}
	}
}
