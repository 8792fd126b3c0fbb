package train

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestStagesRefusals: a staged curriculum that cannot work is refused with
// the setting at fault.
func TestStagesRefusals(t *testing.T) {
	two := func() []Stage {
		return []Stage{{Curriculum: []map[string]string{{"start_clues": "2"}}, AdvanceAt: 0.5}, {}}
	}
	for _, c := range []struct {
		name string
		edit func(*Config)
		want string
	}{
		{"with curriculum", func(c *Config) { c.Curriculum = []map[string]string{{}} }, "curriculum and stages"},
		{"one stage", func(c *Config) { c.Stages = c.Stages[:1] }, "has one stage"},
		{"no advance_at or advance_after", func(c *Config) { c.Stages[0].AdvanceAt = 0 }, "stages[0].advance_at=0: and advance_after are both unset"},
		{"advance_at above 1", func(c *Config) { c.Stages[0].AdvanceAt = 1.5 }, "stages[0].advance_at=1.5: must be in (0, 1]"},
		{"advance_at below 0", func(c *Config) { c.Stages[0].AdvanceAt = -0.1 }, "stages[0].advance_at=-0.1"},
		{"advance_after below 0", func(c *Config) { c.Stages[0].AdvanceAfter = -5 }, "stages[0].advance_after=-5: must be 0"},
		{"last advance_at", func(c *Config) { c.Stages[1].AdvanceAt = 0.5 }, "stages[1].advance_at=0.5: is the last stage's"},
		{"last advance_after", func(c *Config) { c.Stages[1].AdvanceAfter = 1000 }, "stages[1].advance_after=1000: is the last stage's"},
		{"too many entries", func(c *Config) {
			c.NumEnvs = 1
			c.Stages[0].Curriculum = append(c.Stages[0].Curriculum, map[string]string{})
		}, "stages[0].curriculum=2: has more entries than num_envs=1"},
	} {
		cfg := DefaultConfig()
		cfg.Stages = two()
		if err := cfg.Validate(); err != nil {
			t.Fatalf("the base config: %v", err)
		}
		c.edit(&cfg)
		if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	// a stage whose entry the env refuses is named at make time
	cfg := DefaultConfig()
	cfg.Stages = two()
	cfg.Stages[1].Curriculum = []map[string]string{{"start_clues": "99"}}
	if _, err := NewTrainer(drownedLantern, nil, cfg, t.TempDir(), false); err == nil || !strings.Contains(err.Error(), "stages[1]: curriculum entry 0 (start_clues=99)") {
		t.Fatalf("error %v", err)
	}
}

// TestStageAdvance: a stage moves on at its win rate over a full window of
// 100 episodes, or after its env steps, whichever comes first; the last
// stage never does.
func TestStageAdvance(t *testing.T) {
	st := &stageSet{stages: []Stage{{AdvanceAt: 0.5}, {AdvanceAt: 0.5, AdvanceAfter: 1000}, {AdvanceAfter: 500}, {}}}
	p := &Progress{}
	fill := func(wins, n int) {
		p.StageScores = p.StageScores[:0]
		for k := range n {
			p.StageScores = append(p.StageScores, float32(map[bool]int{true: 1, false: -1}[k < wins]))
		}
	}
	step := func(envSteps int64, want int) string {
		t.Helper()
		p.Iteration++
		p.EnvSteps = envSteps
		before := p.Stage
		why := st.advance(p)
		if p.Stage != want || (why != "") != (want != before) {
			t.Fatalf("at %d env steps, update %d: stage %d, want %d (changes %v, why %q)", envSteps, p.Iteration, p.Stage, want, p.StageChanges, why)
		}
		return why
	}
	fill(99, 99) // won, but not a full window yet
	step(100, 0)
	fill(49, 100) // a full window below 0.5
	step(1_000_000, 0)
	fill(50, 100)
	if why := step(1_000_100, 1); why != "stage 1 won 0.50 of its last 100 training episodes (advance_at 0.50)" { // on to stage 2, its window empty
		t.Fatalf("why: %q", why)
	}
	if len(p.StageScores) != 0 || p.StageFrom != 1_000_100 {
		t.Fatalf("stage 2 starts with %d scores, from %d env steps", len(p.StageScores), p.StageFrom)
	}
	step(1_001_099, 1)
	p.StageScores = append(p.StageScores, 1, -1, -1, -1)
	if why := step(1_001_100, 2); why != "stage 2 trained its 1000 env steps (advance_after), winning 0.25 of its last 4 training episodes" { // never won at 0.5
		t.Fatalf("why: %q", why)
	}
	fill(100, 100)
	step(1_001_599, 2) // stage 3 has no advance_at: wins do not move it
	step(1_001_600, 3)
	step(9_000_000, 3) // the last stage stays
	if fmt.Sprint(p.StageChanges) != "[3 5 7]" {
		t.Fatalf("changes after updates %v", p.StageChanges)
	}
}

const drownedLantern = "ArkhamHorror3/DrownedLantern-v0"

// stagedConfig is a small staged run of The Drowned Lantern: a start with
// four clues on the scenario sheet (random play wins about 0.16 of it) until
// the stage wins 0.05 of its last 100 episodes, then the real game beside it.
func stagedConfig() Config {
	cfg := DefaultConfig()
	cfg.EnvOptions = map[string]string{"skip_trivial": "true", "max_steps": "200"}
	cfg.Stages = []Stage{
		{Curriculum: []map[string]string{{"start_sheet_clues": "4"}}, AdvanceAt: 0.05},
		{Curriculum: []map[string]string{{"start_sheet_clues": "4"}, {}}},
	}
	cfg.NumEnvs, cfg.RolloutSteps, cfg.Epochs, cfg.Minibatch = 8, 64, 1, 256
	cfg.Hidden, cfg.EmbedDim, cfg.Vocab = []int{8}, 4, 16
	cfg.TotalSteps, cfg.EvalEvery, cfg.EvalEpisodes, cfg.EvalAgents, cfg.CheckpointEvery = 512*40, 0, 0, nil, 1
	return cfg
}

// TestStagedCurriculumAdvances: a staged run plays the first stage's start
// alone until its rolling win rate over a full window of 100 episodes
// reaches advance_at, then the second stage's entries; the stage shows in
// every row, metrics.csv and the progress; and the run is the same on two
// workers and when resumed from a checkpoint taken just after the change,
// while some envs still finish first-stage episodes.
func TestStagedCurriculumAdvances(t *testing.T) {
	checkStagedRun(t, stagedConfig())
}

// TestStagedCurriculumWithOpponents is TestStagedCurriculumAdvances with
// opponent seats: the policy learns Jenny Barnes's seat beside a heuristic
// Tommy Muldoon, whose wrapper changes stage with its env.
func TestStagedCurriculumWithOpponents(t *testing.T) {
	cfg := stagedConfig()
	cfg.Seats = SeatsConfig{Learn: []string{"0"}, Opponent: "heuristic"}
	checkStagedRun(t, cfg)
}

// checkStagedRun runs cfg (two stages: stagedConfig's) and checks the stage
// change, the rows and metrics.csv, then that the run is the same on two
// workers and when resumed from a checkpoint taken after the change.
func checkStagedRun(t *testing.T, cfg Config) {
	t.Helper()
	dir := t.TempDir()
	a, err := NewTrainer(drownedLantern, nil, cfg, dir, false)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if err := a.Run(context.Background(), time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	if len(a.Progress.StageChanges) != 1 || a.Progress.Stage != 1 {
		t.Fatalf("stage %d, changes after updates %v: want one change", a.Progress.Stage, a.Progress.StageChanges)
	}
	change := a.Progress.StageChanges[0]
	for _, r := range a.Metrics {
		want := 1
		if r.Iteration > change {
			want = 2
		}
		if r.Stage != want {
			t.Fatalf("update %d (change after %d): stage %d", r.Iteration, change, r.Stage)
		}
		if r.Iteration < change && r.Episodes >= recentWindow+int64(cfg.NumEnvs) && r.StageWinRate >= 0.05 {
			t.Fatalf("update %d: stage 1 won %.2f of a full window but the run stayed", r.Iteration, r.StageWinRate)
		}
		switch {
		case r.Iteration <= change && r.StartWinRates[1] >= 0:
			t.Fatalf("update %d: the real game (start 1) finished an episode in stage 1", r.Iteration)
		case r.Iteration == change && r.StageWinRate < 0.05:
			t.Fatalf("update %d: the run moved on at a win rate of %.2f", r.Iteration, r.StageWinRate)
		}
	}
	if last := a.Metrics[len(a.Metrics)-1]; last.StartWinRates[1] < 0 {
		t.Fatalf("no real game finished in stage 2 (updates %d to %d)", change+1, last.Iteration)
	}
	b, err := os.ReadFile(filepath.Join(dir, "metrics.csv"))
	if err != nil {
		t.Fatal(err)
	}
	header, _, _ := strings.Cut(string(b), "\n")
	if !strings.HasSuffix(header, ",train_win_rate_start_0,train_win_rate_start_1,stage,stage_win_rate") {
		t.Fatalf("metrics.csv header %q", header)
	}
	same := func(name string, x []MetricRow) {
		t.Helper()
		if len(x) != len(a.Metrics) {
			t.Fatalf("%s: %d rows, want %d", name, len(x), len(a.Metrics))
		}
		for k := range x {
			p, q := x[k], a.Metrics[k]
			p.StepsPerSec, p.Seconds, q.StepsPerSec, q.Seconds = 0, 0, 0, 0
			if p.Stage != q.Stage || p.StageWinRate != q.StageWinRate || p.TrainWinRate != q.TrainWinRate || p.Loss != q.Loss {
				t.Fatalf("%s, update %d: %+v, want %+v", name, p.Iteration, p, q)
			}
		}
	}
	two := cfg
	two.Workers = 2
	w2, err := NewTrainer(drownedLantern, nil, two, t.TempDir(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer w2.Close()
	if err := w2.Run(context.Background(), time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	same("two workers", w2.Metrics)
	c1, err := NewTrainer(drownedLantern, nil, cfg, t.TempDir(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer c1.Close()
	c1.StopAfter = change + 1
	if err := c1.Run(context.Background(), time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	c2, err := NewTrainer(drownedLantern, nil, cfg, c1.Out, true)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	inOld := 0
	for _, te := range c2.tenvs {
		if te.stage == 0 {
			inOld++
		}
	}
	if inOld == 0 {
		t.Logf("every env had moved to stage 2 at the checkpoint: the resume replays no first-stage episode")
	}
	if err := c2.Run(context.Background(), time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	same("resumed after the change", c2.Metrics)
	// a config without the stage the checkpoint is in cannot resume it
	flat := cfg
	flat.Stages, flat.Curriculum = nil, cfg.Stages[1].Curriculum
	if _, err := NewTrainer(drownedLantern, nil, flat, c1.Out, true); err == nil || !strings.Contains(err.Error(), "in curriculum stage 2, and the config has 1") {
		t.Fatalf("resuming stage 2 without stages: %v", err)
	}
}
