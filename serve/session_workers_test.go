package serve

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// TestSessionIndependentOfWorkers steps sessions of 1, 2, 3 and 7 workers
// with the same actions and checks that every reply is the same, byte for
// byte, in each encoding: the split of the batch over workers (and the
// per-worker sparse packing) shows nowhere in the results.
func TestSessionIndependentOfWorkers(t *testing.T) {
	for _, c := range []struct {
		packed, sparse bool
	}{{true, true}, {true, false}, {false, true}, {false, false}} {
		t.Run(fmt.Sprintf("packed=%v,sparse=%v", c.packed, c.sparse), func(t *testing.T) {
			const n = 45 // at least parallelMin; 45 splits unevenly over 2 and 7
			opts := env.Options{"investigators": "01001,01003", "max_steps": "40"}
			workers := []int{1, 2, 3, 7}
			ss := make([]*session, len(workers))
			for k, w := range workers {
				s, err := newSession("t", "ArkhamLCG/TheGathering-v0", opts, n, 9, true, true, c.sparse, c.packed, w, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer s.stopWorkers()
				if got := s.stepWorkers != nil; got != (w > 1) {
					t.Fatalf("%d workers: step workers started %v", w, got)
				}
				ss[k] = s
			}
			answer := func(s *session) []byte { return answerBytes(t, s) }
			rng := game.NewRNG(4)
			acts := make([]int32, n)
			A := ss[0].spec.Actions
			ends := 0
			for step := 0; step < 100; step++ {
				var first []byte
				for k, s := range ss {
					var err error
					if step == 0 {
						err = s.reset(nil, nil)
					} else {
						err = s.step(actionTensor(acts))
					}
					if err != nil {
						t.Fatal(err)
					}
					got := answer(s)
					if k == 0 {
						first = got
					} else if !bytes.Equal(got, first) {
						t.Fatalf("step %d: the reply of %d workers differs from that of 1 (%d and %d bytes)", step, workers[k], len(got), len(first))
					}
				}
				for i := range acts {
					acts[i] = int32(agents.Uniform(&rng, ss[0].mask[i*A:(i+1)*A]))
					if ss[0].terminated[i] || ss[0].truncated[i] {
						ends++
					}
				}
			}
			if ends == 0 {
				t.Fatal("no episode ended: auto-reset on the workers is not checked")
			}
		})
	}
}

// sessionWorkerGoroutines counts the step workers running (see env.Workers).
func sessionWorkerGoroutines() int {
	buf := make([]byte, 1<<22)
	return strings.Count(string(buf[:runtime.Stack(buf, true)]), "created by github.com/mythos-rl/mythos/env.NewWorkers")
}

// TestSessionStepWorkersStop checks that a session's step workers are
// persistent (a step starts no goroutine) and stop when the server frees
// the session, or when a session that was never freed is collected.
func TestSessionStepWorkersStop(t *testing.T) {
	runtime.GC()
	before := sessionWorkerGoroutines()
	acts := make([]int32, 40)
	// open makes a reset session of 40 envs on 3 step workers.
	open := func() *session {
		s, err := newSession("t", "ArkhamLCG/TheGathering-v0", nil, 40, 1, true, false, true, true, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n := sessionWorkerGoroutines(); n != before+2 { // the handler is part 0
			t.Fatalf("%d step worker goroutines for a session of 3 workers (2 besides the handler), %d before", n, before)
		}
		if err := s.reset(nil, nil); err != nil {
			t.Fatal(err)
		}
		return s
	}
	// step plays every env's first legal action.
	step := func(s *session) {
		for i := range acts {
			acts[i] = firstLegalOf(s.mask[i*s.spec.Actions : (i+1)*s.spec.Actions])
		}
		if err := s.step(actionTensor(acts)); err != nil {
			t.Fatal(err)
		}
	}

	s := open()
	goroutines := runtime.NumGoroutine()
	for range 5 {
		step(s)
	}
	if n := runtime.NumGoroutine(); n != goroutines {
		t.Fatalf("%d goroutines after 5 steps, %d before", n, goroutines)
	}
	srv := New(Config{})
	srv.free(s)
	waitWorkers(t, before, "after the session is freed")

	s = open()
	step(s) // the workers have run a task that refers to s
	s = nil
	waitWorkers(t, before, "once an unfreed session is unreachable")
}

// waitWorkers waits (collecting garbage) for the step workers to fall back
// to want.
func waitWorkers(t *testing.T, want int, when string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for sessionWorkerGoroutines() != want {
		if time.Now().After(deadline) {
			t.Fatalf("%d step workers %s, want %d", sessionWorkerGoroutines(), when, want)
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

// TestSessionWorkersRefuseTheLowestIllegalEnv checks that a session whose
// workers check their own envs' actions names the lowest refused env and
// moves no env.
func TestSessionWorkersRefuseTheLowestIllegalEnv(t *testing.T) {
	s, err := newSession("t", "ArkhamLCG/TheGathering-v0", nil, 40, 1, true, false, true, true, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.stopWorkers()
	if err := s.reset(nil, nil); err != nil {
		t.Fatal(err)
	}
	A := s.spec.Actions
	acts := make([]int32, 40)
	for i := range acts {
		acts[i] = firstLegalOf(s.mask[i*A : (i+1)*A])
	}
	for _, bad := range []int{33, 6, 21} {
		acts[bad] = int32(slices.Index(s.mask[bad*A:(bad+1)*A], 0))
	}
	before := slices.Clone(s.f32)
	for range 10 {
		err := s.step(actionTensor(acts))
		if err == nil || !strings.Contains(err.Error(), "env 6:") {
			t.Fatalf("illegal actions in envs 6, 21 and 33: %v", err)
		}
	}
	if !slices.Equal(before, s.f32) {
		t.Fatal("a refused batch changed the observations")
	}
}
