package env

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Workers spreads a call over goroutines: Run(n, task) covers the items
// [0, n) (the envs of a batch) in chunks, calling task(part, lo, hi) for
// each chunk on one of Parts() goroutines, and returns when every chunk is
// done. The caller is part 0; parts 1 and up are persistent worker
// goroutines. Each part owns a contiguous range of chunks (as [Span] splits
// the items) and takes them in order, so an env stays on one core from step
// to step; a part that runs out takes the remaining chunks of the others, so
// a worker that the operating system delays (a loaded machine) or that has
// slower envs delays nobody else. Workers made with steal false give each
// part exactly its Span, as one chunk, for callers that need it (rows
// written per part in order).
//
// A Run costs no allocation and, in a tight loop, no sleep and no wake-up:
//
//   - A Run publishes the task by bumping a generation counter that the
//     workers watch. A worker that finished polls the counter for four times its
//     last wait for a Run (at least [WorkersMinSpin], at most [WorkersSpin])
//     before it sleeps on its own channel, so a caller that calls again at
//     its usual pace (a vector stepped by a fast agent, a batched policy, a
//     served client in a loop) reaches a running worker. Waking a sleeping
//     thread costs 20-50 µs on an idle core of a virtual machine, and far
//     more on some (2026-11-29: a 64-env vector of The Gathering, whose
//     random policy reads the masks for about 100 µs between steps, ran no
//     faster on 2 workers than on 1 with a fixed 50 µs poll, and 1.6-1.9×
//     faster once the poll covered the gap).
//   - The caller, out of chunks, polls for the last chunk's end for up to
//     WorkersSpin before it sleeps until the part that ends it wakes it.
//   - Polling is adaptive: a worker whose last wait for a Run outlasted
//     four times WorkersSpin polls only WorkersMinSpin the next time, so a
//     caller that thinks between Runs (a neural policy, a remote client)
//     costs the workers little CPU. (A wait up to that long may be a short
//     gap plus a slow wake-up: the full poll then catches the next Run.)
//
// A worker's sleep and a Run's wake race safely: each side announces itself
// in an atomic flag before it re-checks the other's, and the one that claims
// the flag (a compare-and-swap) owns the single wake-up token. Chunk cursors
// carry the Run's generation, so a worker that wakes late takes nothing from
// a later Run.
//
// The worker goroutines hold no reference to the task between calls or to
// the Workers' owner, so an owner that forgets Close does not keep itself
// alive (an owner can Close from a runtime.AddCleanup). One goroutine calls
// Run at a time; a task must not panic (a worker's panic ends the process:
// recover inside the task and report it another way).
type Workers struct {
	c    *workerCore
	once sync.Once
}

// WorkersSpin is the longest a worker polls for the next Run, and a caller
// for the workers' end, before sleeping (see [Workers]); 0 turns polling
// off. Set it before making Workers.
var WorkersSpin = 500 * time.Microsecond

// WorkersMinSpin is the shortest a worker polls for the next Run (its first,
// or after a quick one).
var WorkersMinSpin = 50 * time.Microsecond

// chunksPerPart is how many chunks a part's range splits into when parts
// steal: enough to even out a delayed part, few enough that taking a chunk
// (a compare-and-swap) costs nothing next to stepping its envs.
const chunksPerPart = 4

// chunkAlign is the items per 64-byte line of a 4-byte column: stealing
// chunks are a multiple of it when the batch is large enough.
const chunkAlign = 16

// cacheLine pads the fields that different cores write, so that they never
// share a cache line.
type cacheLine [64]byte

// workerCore is what the worker goroutines share with the caller.
type workerCore struct {
	gen   atomic.Uint64 // bumped by Run after the fields below are set; 0 before the first Run
	_     cacheLine
	left  atomic.Int64 // items of the current Run not yet done
	_     cacheLine
	task  func(part, lo, hi int) // the running Run's task; nil between Runs
	n     int                    // the current Run's items
	chunk int                    // items per chunk
	steal bool
	spin  time.Duration

	caller sleeper // the caller, waiting for the last chunk
	closed atomic.Bool
	parts  []partState // one per part; the caller is part 0
}

// sleeper is one goroutine's sleep flag and wake-up token.
type sleeper struct {
	asleep atomic.Int32  // 1 while it sleeps or is about to
	wake   chan struct{} // capacity 1: the wake-up token
}

// partState is a part's chunk cursor and its goroutine's sleeper, on lines
// of their own.
type partState struct {
	// next is the Run's generation (bits 32-63), one past the part's last
	// chunk (bits 16-31) and the next chunk of its range to take (bits 0-15).
	next atomic.Uint64
	sleeper
	_ cacheLine
}

// NewWorkers starts parts-1 worker goroutines (none for parts <= 1); steal
// lets parts take each other's chunks (see [Workers]).
func NewWorkers(parts int, steal bool) *Workers {
	parts = max(parts, 1)
	c := &workerCore{spin: WorkersSpin, steal: steal, caller: sleeper{wake: make(chan struct{}, 1)}}
	if parts > runtime.GOMAXPROCS(0) {
		// More goroutines than Ps: one that polls would hold a P that a
		// part needs.
		c.spin = 0
	}
	c.parts = make([]partState, parts)
	for p := 1; p < parts; p++ {
		c.parts[p].wake = make(chan struct{}, 1)
		go work(c, p)
	}
	return &Workers{c: c}
}

// Parts is the number of parts a Run splits into.
func (w *Workers) Parts() int { return len(w.c.parts) }

// Run calls task(part, lo, hi) for chunks [lo, hi) that together cover
// [0, n) once each, in parallel, and waits for them all. task should be a
// func value made once (a method value kept in a field) so that Run does not
// allocate.
func (w *Workers) Run(n int, task func(part, lo, hi int)) {
	c := w.c
	parts := len(c.parts)
	if parts == 1 || n <= 1 {
		if n > 0 {
			task(0, 0, n)
		}
		return
	}
	if c.closed.Load() {
		panic("env: Workers.Run after Close")
	}
	chunks := min(parts, 1<<16-1)
	if c.steal {
		chunks = min(n, parts*chunksPerPart, 1<<16-1)
	}
	c.task, c.n, c.chunk = task, n, (n+chunks-1)/chunks
	if c.steal && n >= chunkAlign*parts*chunksPerPart {
		// Whole cache lines of the batch's 4-byte columns (rewards, agents)
		// per chunk: parts that write neighbouring chunks share no line.
		// Only where every part keeps its chunksPerPart chunks: a line
		// shared at a chunk's edge costs far less than a part that waits
		// for the other's last large chunk (64 envs on 2 parts: 8 chunks
		// of 8, not 4 of 16).
		c.chunk = (c.chunk + chunkAlign - 1) / chunkAlign * chunkAlign
	}
	chunks = (n + c.chunk - 1) / c.chunk
	g := (c.gen.Load() + 1) & 0xffffffff
	for p := range c.parts {
		lo, hi := Span(chunks, parts, p)
		c.parts[p].next.Store(g<<32 | uint64(hi)<<16 | uint64(lo))
	}
	c.left.Store(int64(n))
	c.gen.Add(1) // publishes the fields above to the workers
	for p := 1; p < parts; p++ {
		c.parts[p].wakeIfAsleep()
	}
	c.runChunks(0, g)
	c.waitLast()
	c.task = nil // the workers keep no reference to the owner between Runs
}

// runChunks runs part p's chunks of Run g, then (when parts steal) the
// chunks the other parts have not taken.
func (c *workerCore) runChunks(p int, g uint64) {
	for q, k := p, 0; k < len(c.parts); q, k = (q+1)%len(c.parts), k+1 {
		if q != p && !c.steal {
			return
		}
		for {
			ch, ok := c.parts[q].take(g)
			if !ok {
				break
			}
			lo := ch * c.chunk
			hi := min(lo+c.chunk, c.n)
			c.task(p, lo, hi)
			if c.left.Add(int64(lo-hi)) == 0 {
				c.caller.wakeIfAsleep()
			}
		}
	}
}

// take claims the next chunk of the part's range in Run g, if one is left.
func (ps *partState) take(g uint64) (int, bool) {
	for {
		v := ps.next.Load()
		if v>>32 != g || v&0xffff >= v>>16&0xffff {
			return 0, false
		}
		if ps.next.CompareAndSwap(v, v+1) {
			return int(v & 0xffff), true
		}
	}
}

// waitLast returns once every chunk of this Run is done.
func (c *workerCore) waitLast() {
	deadline := time.Now().Add(c.spin)
	for i := 1; c.spin > 0; i++ {
		if c.left.Load() == 0 {
			return
		}
		if i%64 == 0 && time.Now().After(deadline) {
			break
		}
	}
	// A wake-up may be stale: the part that ended the previous Run can be
	// delayed between its last chunk and its wake-up call past the start of
	// this Run, and wake this sleep. Sleep again until this Run is done.
	done := func() bool { return c.left.Load() == 0 }
	for !done() {
		c.caller.sleepUnless(done)
	}
}

// work runs part p of each Run until the Workers close.
func work(c *workerCore, p int) {
	s := &c.parts[p].sleeper
	var seen uint64
	var lastWait time.Duration
	for {
		start := time.Now()
		if c.spin > 0 {
			poll := min(c.spin, max(4*lastWait, WorkersMinSpin))
			if lastWait > 4*c.spin {
				poll = min(c.spin, WorkersMinSpin) // a caller that thinks between Runs
			}
			deadline := start.Add(poll)
			for k := 1; c.gen.Load() == seen && !c.closed.Load(); k++ {
				if k%64 == 0 && time.Now().After(deadline) {
					break
				}
			}
		}
		s.sleepUnless(func() bool { return c.gen.Load() != seen || c.closed.Load() })
		lastWait = time.Since(start)
		if c.closed.Load() {
			return
		}
		seen = c.gen.Load()
		c.runChunks(p, seen&0xffffffff)
	}
}

// sleepUnless sleeps until woken, unless ready() already holds (checked
// after announcing the sleep, so a wake-up between the check and the sleep
// is not lost).
func (s *sleeper) sleepUnless(ready func() bool) {
	if ready() {
		return
	}
	s.asleep.Store(1)
	if ready() {
		if s.asleep.CompareAndSwap(1, 0) {
			return // nobody claimed the wake-up
		}
		// The waker claimed it and sends the token: take it, so that it does
		// not wake a later sleep early.
	}
	<-s.wake
}

// wakeIfAsleep wakes the sleeper if it sleeps (or is about to).
func (s *sleeper) wakeIfAsleep() {
	if s.asleep.Load() == 1 && s.asleep.CompareAndSwap(1, 0) {
		s.wake <- struct{}{}
	}
}

// Close stops the worker goroutines; Run must not be called after it. It
// is safe to call more than once.
func (w *Workers) Close() {
	w.once.Do(func() {
		w.c.closed.Store(true)
		for p := 1; p < len(w.c.parts); p++ {
			w.c.parts[p].wakeIfAsleep()
		}
	})
}

// Span returns the envs [lo, hi) of part p when n envs are split into parts
// contiguous ranges as evenly as possible.
func Span(n, parts, p int) (lo, hi int) {
	return p * n / parts, (p + 1) * n / parts
}

// defaultWorkers is the worker count that 0 (or less) asks for: GOMAXPROCS,
// never more than n.
func defaultWorkers(workers, n int) int {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return max(1, min(workers, n))
}

// Lowest keeps the lowest of the indices that parts running at the same
// time offer (the first env, in env order, whose action a check refused),
// so that the answer does not depend on which part ran first.
type Lowest struct{ v atomic.Int64 }

// Reset forgets every offer; Get returns none until the next.
func (l *Lowest) Reset(none int) { l.v.Store(int64(none)) }

// Offer keeps i if it is lower than the lowest so far.
func (l *Lowest) Offer(i int) {
	for {
		cur := l.v.Load()
		if int64(i) >= cur || l.v.CompareAndSwap(cur, int64(i)) {
			return
		}
	}
}

// Get is the lowest index offered since Reset, or Reset's none.
func (l *Lowest) Get() int { return int(l.v.Load()) }
