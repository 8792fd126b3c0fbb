package train

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// teacherConfig is tinyConfig with a random-agent warm start.
func teacherConfig() Config {
	cfg := tinyConfig()
	cfg.Teacher, cfg.TeacherSteps, cfg.TeacherEpochs = "random", 300, 2
	return cfg
}

// TestWarmStartStopsCleanly cancels the context in each phase of the warm
// start: WarmStart returns ErrStopped, the trainer is exactly as before the
// warm start, OUT/last holds that state, and both running on and resuming
// from OUT/last give the same run as one never stopped.
func TestWarmStartStopsCleanly(t *testing.T) {
	cfg := teacherConfig()
	straight := newTiny(t, cfg, t.TempDir(), false)
	fresh := newTiny(t, cfg, t.TempDir(), false) // the state before any warm start
	if err := straight.Run(context.Background(), noDeadline, nil); err != nil {
		t.Fatal(err)
	}
	for _, phase := range []string{"playing", "fitting"} {
		t.Run(phase, func(t *testing.T) {
			dir := t.TempDir()
			a := newTiny(t, cfg, dir, false)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var seen []string
			err := a.WarmStart(ctx, noDeadline, func(p string, done, total int64) {
				seen = append(seen, p)
				if total != a.WarmupUnits() || done > total {
					t.Errorf("progress %d of %d, want of %d", done, total, a.WarmupUnits())
				}
				if p == phase && done > 0 {
					cancel()
				}
			})
			if !errors.Is(err, ErrStopped) {
				t.Fatalf("WarmStart after a cancel in %s: %v", phase, err)
			}
			if seen[len(seen)-1] != phase {
				t.Fatalf("stopped in %s, want %s", seen[len(seen)-1], phase)
			}
			if !a.WarmupPending() || a.Progress.Warmup != "" {
				t.Fatalf("pending %v, warmup %q", a.WarmupPending(), a.Progress.Warmup)
			}
			paramsEqual(t, fresh.Model, a.Model)
			if a.Model.Norm.Count != fresh.Model.Norm.Count {
				t.Fatalf("normaliser count %v, want %v", a.Model.Norm.Count, fresh.Model.Norm.Count)
			}
			if _, err := os.Stat(filepath.Join(dir, "last", "state.json")); err != nil {
				t.Fatalf("nothing saved for --resume: %v", err)
			}
			// the stopped trainer itself runs on to the straight run
			if err := a.Run(context.Background(), noDeadline, nil); err != nil {
				t.Fatal(err)
			}
			paramsEqual(t, straight.Model, a.Model)
		})
	}
	// resume from a run stopped at once: the warm start runs again
	dir := t.TempDir()
	b := newTiny(t, cfg, dir, false)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := b.Run(ctx, noDeadline, nil); err != nil || !b.WarmupPending() || len(b.Metrics) != 0 {
		t.Fatalf("Run with a cancelled context: %v, pending %v, %d updates", err, b.WarmupPending(), len(b.Metrics))
	}
	c := newTiny(t, cfg, dir, true)
	if !c.WarmupPending() {
		t.Fatal("the resumed run does not know its warm start is pending")
	}
	if err := c.Run(context.Background(), noDeadline, nil); err != nil {
		t.Fatal(err)
	}
	paramsEqual(t, straight.Model, c.Model)
	if c.Progress.Warmup != straight.Progress.Warmup {
		t.Fatalf("warm start %q, want %q", c.Progress.Warmup, straight.Progress.Warmup)
	}
}

// TestTimeLimitCoversWarmStart: a deadline that has passed stops the run in
// its warm start, before any update, and saves OUT/last.
func TestTimeLimitCoversWarmStart(t *testing.T) {
	cfg := teacherConfig()
	cfg.TeacherEpochs = 1_000_000 // far longer than the limit
	dir := t.TempDir()
	a := newTiny(t, cfg, dir, false)
	calls := 0
	err := a.WarmStart(context.Background(), time.Now().Add(-time.Second), func(string, int64, int64) { calls++ })
	if !errors.Is(err, ErrStopped) || calls > 2 {
		t.Fatalf("WarmStart past its deadline: %v after %d progress calls", err, calls)
	}
	if err := a.Run(context.Background(), time.Now().Add(-time.Second), nil); err != nil || len(a.Metrics) != 0 || !a.WarmupPending() {
		t.Fatalf("Run past its deadline: %v, %d updates, pending %v", err, len(a.Metrics), a.WarmupPending())
	}
	if _, err := os.Stat(filepath.Join(dir, "last", "state.json")); err != nil {
		t.Fatal(err)
	}
}
