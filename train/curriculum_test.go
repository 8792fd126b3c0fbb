package train

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/lcg"
)

// TestCurriculumStartsTrainingEnvs checks that training env i is made with
// curriculum entry i mod len over the run's options: on The Gathering, the
// envs of a start_act=3 entry begin on act 3 (two acts done, so the act
// potential is at least 2/3) and the others on act 1 (docs/shaping.md).
func TestCurriculumStartsTrainingEnvs(t *testing.T) {
	base := env.Options{"investigators": "01001", "difficulty": "easy", "skip_trivial": "true"}
	probe, err := env.Make(lcg.TheGatheringID, base)
	if err != nil {
		t.Fatal(err)
	}
	curriculum := []map[string]string{{"start_act": "3"}, {}}
	for i := range 4 {
		e, err := makeTrainingEnv(lcg.TheGatheringID, base, curriculum, i, probe.Spec())
		if err != nil {
			t.Fatal(err)
		}
		e.Reset(uint64(i + 1))
		act := e.State().(*lcg.State).ActPotential()
		if onAct3 := act >= 2.0/3; onAct3 != (i%2 == 0) {
			t.Errorf("training env %d: act potential %.3f, want act 3 only for even envs", i, act)
		}
	}
}

// TestCurriculumRefusals checks the errors: an entry the env refuses and an
// entry that changes the env's shape are named with their index, and a
// curriculum longer than num_envs is a config error.
func TestCurriculumRefusals(t *testing.T) {
	base := env.Options{"investigators": "01001", "difficulty": "easy"}
	probe, err := env.Make(lcg.TheGatheringID, base)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		entry map[string]string
		want  string
	}{
		{map[string]string{"start_act": "4"}, "curriculum entry 1 (start_act=4)"},
		{map[string]string{"investigators": "2"}, "differ from env_options'"},
	} {
		_, err := makeTrainingEnv(lcg.TheGatheringID, base, []map[string]string{{}, c.entry}, 1, probe.Spec())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("entry %v: error %v, want it to contain %q", c.entry, err, c.want)
		}
	}
	cfg := DefaultConfig()
	cfg.NumEnvs = 1
	cfg.Curriculum = []map[string]string{{}, {"start_act": "2"}}
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "curriculum") {
		t.Errorf("two entries on one env: %v, want a curriculum error", err)
	}
	if err := ParseConfig([]byte("curriculum:\n  - {start_act: \"3\"}\n  - {}\n"), &cfg); err == nil {
		t.Error("two entries with num_envs 1 parsed without error")
	}
}

// TestStartsGroupEqualEntries: a curriculum's repeated entries are one
// start, numbered by first appearance; one distinct entry is no starts.
func TestStartsGroupEqualEntries(t *testing.T) {
	starts, of := Starts([]map[string]string{{"start_act": "3"}, {}, {"start_act": "3"}, {"start_act": "2", "start_clues": "3"}, {}})
	if len(starts) != 3 || describeOptions(starts[0]) != "start_act=3" || describeOptions(starts[1]) != "{}" ||
		describeOptions(starts[2]) != "start_act=2,start_clues=3" || fmt.Sprint(of) != "[0 1 0 2 1]" {
		t.Fatalf("starts %v, entries' starts %v", starts, of)
	}
	for _, c := range [][]map[string]string{nil, {{}}, {{"start_act": "3"}, {"start_act": "3"}}} {
		if starts, of := Starts(c); starts != nil || of != nil {
			t.Errorf("Starts(%v) = %v, %v: want none", c, starts, of)
		}
	}
}

// TestStartWinRatesKeepEachStartsWindow: a finished episode counts in its
// env's start's rolling window of the last 100, and a start with none
// finished reads −1.
func TestStartWinRatesKeepEachStartsWindow(t *testing.T) {
	// envs 0, 2, 4, … start 0; 1, 5, … start 1; 3, 7, … start 2
	tr := &Trainer{stages: &stageSet{stages: []Stage{{}}, startOf: [][]int{{0, 1, 0, 2}}, starts: 3}}
	for k := range 150 {
		tr.finished(0, 0, float32(k%2*2-1), 10) // start 0: alternately lost and won
	}
	tr.finished(5, 0, 1, 10) // start 1: one win
	for range 120 {
		tr.finished(4, 0, -1, 10) // start 0: losses push the wins out of its window
	}
	got := tr.Progress.startWinRates(3)
	if fmt.Sprint(got) != "[0 1 -1]" || len(tr.Progress.StartScores[0]) != recentWindow {
		t.Fatalf("start win rates %v (start 0's window %d)", got, len(tr.Progress.StartScores[0]))
	}
	if tr.Progress.Episodes != 271 || tr.Progress.Wins != 76 {
		t.Fatalf("episodes %d, wins %d", tr.Progress.Episodes, tr.Progress.Wins)
	}
}

// TestTrainReportsEachStart: a run with a curriculum of two starts writes
// their rolling win rates into every metrics row and metrics.csv, and a
// resumed run gives the same rows.
func TestTrainReportsEachStart(t *testing.T) {
	cfg := DefaultConfig()
	cfg.EnvOptions = map[string]string{"investigators": "01001", "difficulty": "easy", "skip_trivial": "true", "max_steps": "60"}
	cfg.Curriculum = []map[string]string{{"start_act": "3"}, {}, {"start_act": "3"}, {}}
	cfg.NumEnvs, cfg.RolloutSteps, cfg.Epochs, cfg.Minibatch = 4, 64, 1, 128
	cfg.Hidden, cfg.EmbedDim, cfg.Vocab = []int{8}, 4, 16
	cfg.TotalSteps, cfg.EvalEvery, cfg.EvalEpisodes, cfg.EvalAgents, cfg.CheckpointEvery = 256*4, 100, 2, nil, 1
	dir := t.TempDir()
	a, err := NewTrainer(lcg.TheGatheringID, nil, cfg, dir, false)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if err := a.Run(context.Background(), time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	for _, r := range a.Metrics {
		if len(r.StartWinRates) != 2 {
			t.Fatalf("update %d: start win rates %v, want two", r.Iteration, r.StartWinRates)
		}
	}
	last := a.Metrics[len(a.Metrics)-1]
	if last.StartWinRates[0] < 0 || last.StartWinRates[1] < 0 {
		t.Fatalf("no finished episode of a start after %d updates: %v", last.Iteration, last.StartWinRates)
	}
	b, err := os.ReadFile(filepath.Join(dir, "metrics.csv"))
	if err != nil {
		t.Fatal(err)
	}
	header, _, _ := strings.Cut(string(b), "\n")
	if !strings.HasSuffix(header, ",eval_score,train_win_rate_start_0,train_win_rate_start_1") {
		t.Fatalf("metrics.csv header %q", header)
	}
	// a run resumed after update 2 gives the same rows
	cut := cfg
	c1, err := NewTrainer(lcg.TheGatheringID, nil, cut, t.TempDir(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer c1.Close()
	c1.StopAfter = 2
	if err := c1.Run(context.Background(), time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	c2, err := NewTrainer(lcg.TheGatheringID, nil, cut, c1.Out, true)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	if err := c2.Run(context.Background(), time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	for k := range a.Metrics {
		x, y := a.Metrics[k], c2.Metrics[k]
		if !reflect.DeepEqual(x.StartWinRates, y.StartWinRates) || x.TrainWinRate != y.TrainWinRate {
			t.Fatalf("update %d after resume: %v against %v", k+1, y.StartWinRates, x.StartWinRates)
		}
	}
}
