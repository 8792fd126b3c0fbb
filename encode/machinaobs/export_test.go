package machinaobs

import "github.com/mythos-rl/mythos/env/machina"

// Overflows is the number of uint8 values out of range written so far.
func Overflows() int64 { return overflows.Load() }

// LastOverflow is the offset and value of the last uint8 value out of range.
func LastOverflow() (off int, v int16) {
	x := overflowAt.Load()
	return int(x >> 16), int16(uint16(x))
}

// CachedReach is the reach plane's walk over the board's cached steps, from
// creature cr (for tests against State.ReachFrom): over the steps of encoder
// e's cache, which keeps what it learnt of earlier boards, or over steps
// worked out afresh when e is nil.
func CachedReach(e *Encoder, s *machina.State, cr int, dist *[machina.NumCells]int8) {
	if e == nil {
		var r reachSteps
		r.build(s)
		r.reach(s, s.Position(cr), stamina(s, cr), dist, nil)
		return
	}
	e.cache.mu.Lock()
	defer e.cache.mu.Unlock()
	e.cache.sync(s)
	e.cache.steps.reach(s, s.Position(cr), stamina(s, cr), dist, nil)
}

// CachedSight is the sight row of cell a through an encoder's cache and the
// process's table (for tests against LineOfSight).
func CachedSight(e *Encoder, s *machina.State, a int) [machina.SightWords]uint64 {
	e.cache.mu.Lock()
	defer e.cache.mu.Unlock()
	e.cache.sync(s)
	return *e.cache.row(a)
}

// Stamina is the stamina the reach plane walks with for creature cr.
func Stamina(s *machina.State, cr int) int { return stamina(s, cr) }
