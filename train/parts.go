package train

import "sync"

// maxParts caps the goroutines of one minibatch step: past it a part's work
// is too small to pay for its start.
const maxParts = 8

// inParts runs f(p) for p in [0, parts), concurrently when parts > 1, and
// returns when all have returned. Callers give each part a fixed share of
// the work whose results never depend on the others' (disjoint outputs, each
// reduced in the serial order), so the arithmetic, and with it every weight,
// is the same for any number of parts: the trainer's `workers` never changes
// results (train/README.md, "Determinism").
func inParts(parts int, f func(p int)) {
	if parts <= 1 {
		f(0)
		return
	}
	var wg sync.WaitGroup
	wg.Add(parts - 1)
	for p := 1; p < parts; p++ {
		go func() {
			defer wg.Done()
			f(p)
		}()
	}
	f(0)
	wg.Wait()
}

// share is part p's range [lo, hi) of n items cut into parts contiguous ranges.
func share(n, p, parts int) (lo, hi int) {
	return n * p / parts, n * (p + 1) / parts
}
