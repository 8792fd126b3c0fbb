package env

import (
	"sync/atomic"
	"testing"
	"time"
)

// TestWorkersRunOutlivesAStaleWakeUp plays the wake-up of a part that ended
// the previous Run but was delayed (a loaded machine) until the caller slept
// in the next one: the caller must sleep on until this Run's last chunk is
// done, or it returns while a part still writes its rows (the race that
// serve's TestSessionIndependentOfWorkers once met in CI).
func TestWorkersRunOutlivesAStaleWakeUp(t *testing.T) {
	old := WorkersSpin
	WorkersSpin = 0 // the caller sleeps at once
	defer func() { WorkersSpin = old }()
	w := NewWorkers(2, false)
	defer w.Close()
	release := make(chan struct{})
	var part1Done atomic.Bool
	task := func(part, lo, hi int) {
		if part == 1 {
			<-release
			part1Done.Store(true)
		}
	}
	returned := make(chan bool)
	go func() {
		w.Run(2, task)
		returned <- part1Done.Load()
	}()
	for w.c.caller.asleep.Load() == 0 {
		time.Sleep(100 * time.Microsecond)
	}
	w.c.caller.wakeIfAsleep() // the stale wake-up
	select {
	case <-returned:
		t.Fatal("Run returned on a stale wake-up while part 1 still ran")
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	if done := <-returned; !done {
		t.Fatal("Run returned before part 1's chunk was done")
	}
}
