package env_test

import (
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/internal/fixture"
)

func TestWorkersRunCoverEveryItemOnce(t *testing.T) {
	for _, steal := range []bool{true, false} {
		for _, parts := range []int{0, 1, 2, 5} {
			w := env.NewWorkers(parts, steal)
			if want := max(parts, 1); w.Parts() != want {
				t.Fatalf("NewWorkers(%d).Parts() = %d, want %d", parts, w.Parts(), want)
			}
			counts := make([]atomic.Int32, 300)
			// Runs of many sizes one after the other: a worker that wakes
			// late from one Run must take nothing from the next.
			for r := range 2000 {
				n := r % len(counts)
				w.Run(n, func(part, lo, hi int) {
					if part < 0 || part >= w.Parts() || lo < 0 || hi > n || lo >= hi {
						t.Errorf("steal=%v parts=%d n=%d: chunk [%d, %d) on part %d", steal, parts, n, lo, hi, part)
					}
					for i := lo; i < hi; i++ {
						counts[i].Add(1)
					}
				})
				for i := range counts {
					want := int32(0)
					if i < n {
						want = 1
					}
					if got := counts[i].Swap(0); got != want {
						t.Fatalf("steal=%v parts=%d n=%d: item %d ran %d times", steal, parts, n, i, got)
					}
				}
			}
			w.Close()
			w.Close() // twice is fine
		}
	}
}

func TestWorkersWithoutStealingKeepTheirRanges(t *testing.T) {
	// Each part gets one contiguous chunk, and the chunks follow the parts'
	// order (a sparse session merges its rows in worker order).
	w := env.NewWorkers(3, false)
	defer w.Close()
	for _, n := range []int{2, 3, 10, 64, 257} {
		var lo, hi [3]atomic.Int32
		for p := range lo {
			lo[p].Store(-1)
		}
		var calls atomic.Int32
		w.Run(n, func(part, l, h int) {
			calls.Add(1)
			lo[part].Store(int32(l))
			hi[part].Store(int32(h))
		})
		next := int32(0)
		for p := range lo {
			if lo[p].Load() < 0 {
				continue
			}
			if lo[p].Load() != next {
				t.Fatalf("n=%d: part %d runs [%d, %d), want it to start at %d", n, p, lo[p].Load(), hi[p].Load(), next)
			}
			next = hi[p].Load()
		}
		if next != int32(n) || calls.Load() > 3 {
			t.Fatalf("n=%d: parts cover [0, %d) in %d calls", n, next, calls.Load())
		}
	}
}

func TestWorkersRunInParallel(t *testing.T) {
	// Each part waits until every part has started: this only returns if
	// the parts run at the same time (without stealing, each part has its
	// own chunk and cannot take another's).
	w := env.NewWorkers(3, false)
	defer w.Close()
	var started atomic.Int32
	deadline := time.Now().Add(10 * time.Second)
	w.Run(3, func(int, int, int) {
		started.Add(1)
		for started.Load() < 3 {
			if time.Now().After(deadline) {
				return
			}
			runtime.Gosched()
		}
	})
	if started.Load() != 3 {
		t.Fatalf("%d of 3 parts ran", started.Load())
	}
	if time.Now().After(deadline) {
		t.Fatal("the parts did not run at the same time")
	}
}

func TestWorkersStealFromADelayedPart(t *testing.T) {
	// Part 1's first chunk blocks until the caller has run every other
	// chunk: with stealing the caller takes part 1's remaining chunks.
	w := env.NewWorkers(2, true)
	defer w.Close()
	var done atomic.Int32
	const n = 64
	deadline := time.Now().Add(10 * time.Second)
	var stuck atomic.Bool
	w.Run(n, func(part, lo, hi int) {
		if part == 1 && stuck.CompareAndSwap(false, true) {
			for done.Load() < int32(n-(hi-lo)) && time.Now().Before(deadline) {
				runtime.Gosched()
			}
		}
		done.Add(int32(hi - lo))
	})
	if time.Now().After(deadline) {
		t.Fatal("the caller did not take the delayed part's chunks")
	}
}

// workerGoroutines counts the goroutines that NewWorkers started and that
// have not ended.
func workerGoroutines() int {
	buf := make([]byte, 1<<22)
	return strings.Count(string(buf[:runtime.Stack(buf, true)]), "created by github.com/mythos-rl/mythos/env.NewWorkers")
}

// settledWorkerGoroutines is workerGoroutines once the workers of
// unreachable vectors of earlier tests have stopped.
func settledWorkerGoroutines() int {
	n := workerGoroutines()
	for range 50 {
		runtime.GC()
		time.Sleep(time.Millisecond)
		m := workerGoroutines()
		if m == n {
			return n
		}
		n = m
	}
	return n
}

func TestWorkersCloseStopsGoroutines(t *testing.T) {
	before := settledWorkerGoroutines()
	w := env.NewWorkers(9, true) // the caller is part 0: 8 goroutines
	if n := workerGoroutines(); n != before+8 {
		t.Fatalf("%d worker goroutines after starting 8, %d before", n, before)
	}
	w.Close()
	for i := 0; workerGoroutines() != before; i++ {
		if i == 1000 {
			t.Fatalf("%d worker goroutines after Close, %d before", workerGoroutines(), before)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestVectorWithoutCloseStopsItsWorkers(t *testing.T) {
	before := settledWorkerGoroutines()
	v, err := env.NewVector(fixture.ID, nil, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	if n := workerGoroutines(); n != before+3 {
		t.Fatalf("%d worker goroutines for a vector of 4 workers (3 besides the caller), %d before", n, before)
	}
	// Stepped, so that the workers have run a task that refers to v.
	b := v.NewBatch(false)
	if err := v.Reset(1, b); err != nil {
		t.Fatal(err)
	}
	acts := make([]int32, 4)
	for i := range acts {
		acts[i] = int32(firstLegal(b.Mask[i*v.Spec().Actions : (i+1)*v.Spec().Actions]))
	}
	if err := v.Step(acts, b); err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(v)
	v = nil
	for i := 0; workerGoroutines() != before; i++ {
		if i == 1000 {
			t.Fatalf("%d worker goroutines once the vector is unreachable, %d before", workerGoroutines(), before)
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

func TestWorkersRunAllocatesNothing(t *testing.T) {
	w := env.NewWorkers(2, true)
	defer w.Close()
	var sum atomic.Int64
	task := func(_, lo, hi int) { sum.Add(int64(hi - lo)) }
	if n := testing.AllocsPerRun(1000, func() { w.Run(64, task) }); n != 0 {
		t.Fatalf("Workers.Run allocates %.2f times per call", n)
	}
}

func TestSpanCoversEveryEnvOnce(t *testing.T) {
	for _, n := range []int{1, 7, 64, 100} {
		for parts := 1; parts <= n && parts <= 16; parts++ {
			next := 0
			for p := range parts {
				lo, hi := env.Span(n, parts, p)
				if lo != next || hi < lo {
					t.Fatalf("Span(%d, %d, %d) = [%d, %d), want it to start at %d", n, parts, p, lo, hi, next)
				}
				next = hi
			}
			if next != n {
				t.Fatalf("the spans of %d envs in %d parts end at %d", n, parts, next)
			}
		}
	}
}

// BenchmarkWorkersRun measures one Run of two items on two parts that do
// almost nothing:
// the cost of handing a call to a worker and waiting for it.
func BenchmarkWorkersRun(b *testing.B) {
	w := env.NewWorkers(2, true)
	defer w.Close()
	var sum atomic.Int64
	task := func(_, lo, hi int) { sum.Add(int64(hi - lo)) }
	b.ReportAllocs()
	for b.Loop() {
		w.Run(2, task)
	}
}
