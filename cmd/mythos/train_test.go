package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/benchmarks"
	"github.com/mythos-rl/mythos/internal/fixture"
)

const tinyTrainConfig = `
env_options: {seats: "2", skip_trivial: "true", max_steps: "40"}
num_envs: 4
rollout_steps: 32
epochs: 2
minibatch: 64
hidden: [16]
embed_dim: 4
vocab: 8
eval_every: 2
eval_episodes: 8
eval_agents: [random, no-such-agent]
checkpoint_every: 1
`

// TestTrainWritesRunAndResumes trains Cipher for a few updates through the
// CLI, checks the run directory, resumes to more steps and plays the result
// as the policy agent.
func TestTrainWritesRunAndResumes(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tiny.yaml")
	if err := os.WriteFile(cfg, []byte(tinyTrainConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "run")
	stdout, _, err := mythos(t, "", "train", fixture.ID, "--config", cfg, "--steps", "256", "--out", out, "--quiet")
	if err != nil {
		t.Fatalf("train: %v\n%s", err, stdout)
	}
	for _, want := range []string{"baseline random", "baseline no-such-agent skipped", "upd 2", "trained 2 updates, 256 env steps", "policy (last)"} {
		if !strings.Contains(stdout, want) {
			t.Fatalf("output lacks %q:\n%s", want, stdout)
		}
	}
	for _, f := range []string{"last/network.json", "best/weights.npz", "metrics.csv", "learning_curve.png"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Fatal(err)
		}
	}
	stdout, _, err = mythos(t, "", "train", fixture.ID, "--out", out, "--resume", "--steps", "384", "--quiet")
	if err != nil || !strings.Contains(stdout, "resuming at update 2") || !strings.Contains(stdout, "trained 3 updates") {
		t.Fatalf("resume: %v\n%s", err, stdout)
	}
	stdout, _, err = mythos(t, "", "run", fixture.ID, "--opt", "seats=2,skip_trivial=true,max_steps=40",
		"--agent", "policy:ckpt="+filepath.Join(out, "best"), "--episodes", "5", "--quiet")
	if err != nil || !strings.Contains(stdout, "policy") {
		t.Fatalf("run with the policy: %v\n%s", err, stdout)
	}
	if _, _, err := mythos(t, "", "train", fixture.ID, "--config", filepath.Join(dir, "missing.yaml")); err == nil {
		t.Fatal("a missing config file was accepted")
	}
	if _, _, err := mythos(t, "", "train", fixture.ID, "--out", filepath.Join(dir, "nothing"), "--resume"); err == nil {
		t.Fatal("resuming an empty directory was accepted")
	}
}

// teacherTrainConfig is tinyTrainConfig with a random-agent warm start of
// teacherSteps decisions and teacherEpochs epochs.
func teacherTrainConfig(t *testing.T, dir string, teacherSteps, teacherEpochs int) string {
	t.Helper()
	cfg := filepath.Join(dir, "teacher.yaml")
	text := tinyTrainConfig + fmt.Sprintf("teacher: random\nteacher_steps: %d\nteacher_epochs: %d\n", teacherSteps, teacherEpochs)
	if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestTrainTimeLimitCoversWarmStart: a warm start far longer than the limit
// stops at the limit, says so, and leaves OUT/last for --resume.
func TestTrainTimeLimitCoversWarmStart(t *testing.T) {
	dir := t.TempDir()
	cfg := teacherTrainConfig(t, dir, 2000, 1_000_000) // hours of fitting
	out := filepath.Join(dir, "run")
	start := time.Now()
	stdout, stderr, err := mythos(t, "", "train", fixture.ID, "--config", cfg, "--steps", "256", "--out", out, "--time-limit", "300ms")
	if err != nil {
		t.Fatal(err)
	}
	// a generous bound: the warm start alone would take hours
	if el := time.Since(start); el > time.Minute {
		t.Fatalf("--time-limit 300ms ran %s", el)
	}
	for _, want := range []string{"warm start: teacher random plays 2,000 decisions", "stopped during the warm start (time limit 300ms)", "--resume"} {
		if !strings.Contains(stdout, want) {
			t.Fatalf("output lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "warm start: playing") || strings.Contains(stderr, "100%") {
		t.Fatalf("the warm start's bar is missing or jumped to 100%%:\n%q", stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "last", "state.json")); err != nil {
		t.Fatal(err)
	}
}

// TestTrainInterruptedInWarmStartResumes: Ctrl-C (a cancelled context) in the
// warm start saves OUT/last; --resume runs the warm start again and trains.
func TestTrainInterruptedInWarmStartResumes(t *testing.T) {
	dir := t.TempDir()
	cfg := teacherTrainConfig(t, dir, 200, 2)
	out := filepath.Join(dir, "run")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stdout, stderr, err := mythosContext(t, ctx, "train", fixture.ID, "--config", cfg, "--steps", "256", "--out", out, "--quiet")
	if err != nil || !strings.Contains(stdout, "stopped during the warm start (Ctrl-C)") || strings.Contains(stdout, "\ntrained ") {
		t.Fatalf("interrupted train: %v\n%s\n%s", err, stdout, stderr)
	}
	stdout, _, err = mythos(t, "", "train", fixture.ID, "--out", out, "--resume", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"resuming at update 0", "warm start (", "teacher random: 200 decisions", "trained 2 updates, 256 env steps", "policy (best, update 2)"} {
		if !strings.Contains(stdout, want) {
			t.Fatalf("resumed output lacks %q:\n%s", want, stdout)
		}
	}
}

// TestTrainTableBestHasInterval: the best policy's row has its Wilson
// interval like every other row.
func TestTrainTableBestHasInterval(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tiny.yaml")
	if err := os.WriteFile(cfg, []byte(tinyTrainConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, _, err := mythos(t, "", "train", fixture.ID, "--config", cfg, "--steps", "256", "--out", filepath.Join(dir, "run"), "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	best := regexp.MustCompile(`policy \(best, update \d+\)\s+(\d\.\d{3})\s+\[(\d\.\d{3}), (\d\.\d{3})\]\s+[+-]\d\.\d{3}\s+8`).FindStringSubmatch(stdout)
	if best == nil {
		t.Fatalf("no interval on the best row:\n%s", stdout)
	}
	rate, _ := strconv.ParseFloat(best[1], 64)
	lo, hi := benchmarks.Wilson(int(math.Round(rate*8)), 8, benchmarks.Z95)
	if best[2] != fmt.Sprintf("%.3f", lo) || best[3] != fmt.Sprintf("%.3f", hi) {
		t.Fatalf("best row %q, want [%.3f, %.3f]", best[0], lo, hi)
	}
}

// TestTrainStagedCurriculum trains The Drowned Lantern with three stages
// through the CLI (the first moved on by its win rate, the second by its env
// steps): it lists the stages and their starts, shows the stage in the
// progress lines, says when each begins and why, and writes the stage
// columns into metrics.csv.
func TestTrainStagedCurriculum(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "stages.yaml")
	text := `
env_options: {skip_trivial: "true", max_steps: "200"}
stages:
  - curriculum: [{start_sheet_clues: "4"}]
    advance_at: 0.05
  - curriculum: [{}]
    advance_at: 0.9
    advance_after: 2048
  - curriculum: [{start_sheet_clues: "4"}, {}]
num_envs: 8
rollout_steps: 64
epochs: 1
minibatch: 256
hidden: [8]
embed_dim: 4
vocab: 16
eval_episodes: 0
eval_agents: []
`
	if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "run")
	stdout, _, err := mythos(t, "", "train", "ArkhamHorror3/DrownedLantern-v0", "--config", cfg, "--steps", "20480", "--out", out, "--quiet")
	if err != nil {
		t.Fatalf("train: %v\n%s", err, stdout)
	}
	for _, want := range []string{
		"  start 0: start_sheet_clues=4\n  start 1: {} (env_options alone)\n",
		"  stage 1 (until its training win rate reaches 0.05): start 0 on 8 of 8 envs\n",
		"  stage 2 (until its training win rate reaches 0.90 or 2,048 env steps in it): start 1 on 8 of 8 envs\n",
		"  stage 3 (until the end): start 0 on 4, start 1 on 4 of 8 envs\n",
		"stage 1/3 ", "stage 2/3 ", "stage 3/3 ",
	} {
		if !strings.Contains(stdout, want) {
			t.Fatalf("output lacks %q:\n%s", want, stdout)
		}
	}
	if !regexp.MustCompile(`curriculum stage 2 of 3 begins after update \d+: stage 1 won 0\.\d\d of its last 100 training episodes \(advance_at 0\.05\)\n`).MatchString(stdout) {
		t.Fatalf("no line for the second stage:\n%s", stdout)
	}
	if !regexp.MustCompile(`curriculum stage 3 of 3 begins after update \d+: stage 2 trained its 2048 env steps \(advance_after\), winning 0\.\d\d of its last \d+ training episodes\n`).MatchString(stdout) {
		t.Fatalf("no line for the third stage:\n%s", stdout)
	}
	b, err := os.ReadFile(filepath.Join(out, "metrics.csv"))
	if err != nil || !strings.Contains(string(b), ",stage,stage_win_rate\n") {
		t.Fatalf("metrics.csv: %v\n%.300s", err, b)
	}
}
