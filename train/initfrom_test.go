package train

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/internal/fixture"
)

// TestInitFromStartsFromTheCheckpoint: a run with init_from starts with the
// checkpoint's weights and observation statistics (not a fresh
// initialisation) and nothing else of it (progress, metrics), under env
// options that leave the network as it is; runs the same on 1 and 2
// workers; and refuses a checkpoint of another network or a teacher beside
// it with errors that say so.
func TestInitFromStartsFromTheCheckpoint(t *testing.T) {
	cfg := tinyConfig()
	first := newTiny(t, cfg, t.TempDir(), false)
	updateAndSave(t, first, 2)
	last := filepath.Join(first.Out, "last")

	warm := cfg
	warm.InitFrom = last
	warm.Seed = 7 // a fresh initialisation would differ
	// Env options that leave the network as it is may change (a cap here;
	// shaping, a variant, a curriculum).
	warm.EnvOptions = map[string]string{"seats": "2", "skip_trivial": "true", "max_steps": "30"}
	a := newTiny(t, warm, t.TempDir(), false)
	fresh := newTiny(t, cfg, t.TempDir(), false)
	src, got, init := first.Model.Params(), a.Model.Params(), fresh.Model.Params()
	for i := range src {
		if !slices.Equal(src[i].Data, got[i].Data) {
			t.Fatalf("param %s differs from the checkpoint's", src[i].Name)
		}
	}
	if slices.Equal(src[0].Data, init[0].Data) {
		t.Fatal("the checkpoint's first param equals a fresh initialisation: the test shows nothing")
	}
	if a.Model.Norm.Count != first.Model.Norm.Count || !slices.Equal(a.Model.Norm.Mean, first.Model.Norm.Mean) {
		t.Fatalf("observation statistics: count %v, want %v", a.Model.Norm.Count, first.Model.Norm.Count)
	}
	if a.Progress.EnvSteps != 0 || len(a.Metrics) != 0 {
		t.Fatalf("progress carried over: %+v, %d metric rows", a.Progress, len(a.Metrics))
	}

	// Workers never change results, with a warm start too.
	one := warm
	one.Workers = 1
	b := newTiny(t, one, t.TempDir(), false)
	for _, tr := range []*Trainer{a, b} {
		for range 2 {
			if _, err := tr.Iterate(); err != nil {
				t.Fatal(err)
			}
		}
	}
	wa, _ := json.Marshal(a.Model.Params())
	wb, _ := json.Marshal(b.Model.Params())
	if string(wa) != string(wb) {
		t.Fatal("init_from: 1 and 2 workers trained different weights")
	}

	// Another network: refused.
	other := cfg
	other.InitFrom = last
	other.Hidden = []int{8}
	fixture.Register()
	if _, err := NewTrainer(fixture.ID, nil, other, t.TempDir(), false); err == nil || !strings.Contains(err.Error(), "network differs") {
		t.Fatalf("a checkpoint of another network: %v", err)
	}
	// A missing directory: refused, naming it.
	missing := cfg
	missing.InitFrom = filepath.Join(t.TempDir(), "nothing")
	if _, err := NewTrainer(fixture.ID, nil, missing, t.TempDir(), false); err == nil || !strings.Contains(err.Error(), "init_from") {
		t.Fatalf("a missing checkpoint: %v", err)
	}
	// With a teacher: two warm starts.
	both := teacherConfig()
	both.InitFrom = last
	if err := both.Validate(); err == nil || !strings.Contains(err.Error(), "init_from") {
		t.Fatalf("init_from beside a teacher: %v", err)
	}
}
