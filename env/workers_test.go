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

func TestWorkersRunEveryPartOnce(t *testing.T) {
	for _, parts := range []int{0, 1, 2, 5} {
		w := env.NewWorkers(parts)
		want := max(parts, 1)
		if w.Parts() != want {
			t.Fatalf("NewWorkers(%d).Parts() = %d, want %d", parts, w.Parts(), want)
		}
		counts := make([]int, want)
		task := func(p int) { counts[p]++ } // parts write distinct elements
		for range 100 {
			w.Run(task)
		}
		w.Close()
		w.Close() // twice is fine
		for p, c := range counts {
			if c != 100 {
				t.Fatalf("parts=%d: part %d ran %d times in 100 runs", parts, p, c)
			}
		}
	}
}

func TestWorkersRunInParallel(t *testing.T) {
	// Each part waits until every part has started: this only returns if
	// the parts run at the same time.
	w := env.NewWorkers(3)
	defer w.Close()
	var started atomic.Int32
	deadline := time.Now().Add(10 * time.Second)
	w.Run(func(int) {
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
	w := env.NewWorkers(9)
	if n := workerGoroutines(); n != before+9 {
		t.Fatalf("%d worker goroutines after starting 9, %d before", n, before)
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
	if n := workerGoroutines(); n != before+4 {
		t.Fatalf("%d worker goroutines for a vector of 4 workers, %d before", n, before)
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
	w := env.NewWorkers(2)
	defer w.Close()
	sum := make([]int, 2)
	task := func(p int) { sum[p]++ }
	if n := testing.AllocsPerRun(1000, func() { w.Run(task) }); n != 0 {
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
