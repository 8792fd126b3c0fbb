package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/internal/fixture"
)

// TestReplayReadsRecordTrajectories: mythos replay narrates an episode of an
// Arrow trajectory written by mythos record exactly as it narrates the JSON
// record mythos run --record writes of the same game.
func TestReplayReadsRecordTrajectories(t *testing.T) {
	const id = "ArkhamLCG/TheGathering-v0"
	dir := t.TempDir()
	jsonDir, arrowDir := filepath.Join(dir, "json"), filepath.Join(dir, "arrow")
	if _, _, err := mythos(t, "", "run", id, "--agent", "heuristic", "--episodes", "2", "--seed", "3", "--record", jsonDir, "--quiet"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := mythos(t, "", "record", id, "--agent", "heuristic", "--episodes", "2", "--seed", "3", "--out", arrowDir, "--quiet"); err != nil {
		t.Fatal(err)
	}
	jsons, _ := filepath.Glob(filepath.Join(jsonDir, "*.json"))
	if len(jsons) != 2 {
		t.Fatalf("run --record wrote %v", jsons)
	}
	narrations := map[string]bool{}
	for _, j := range jsons {
		out, _, err := mythos(t, "", "replay", j)
		if err != nil {
			t.Fatal(err)
		}
		narrations[body(out)] = true
	}
	for _, args := range [][]string{
		{filepath.Join(arrowDir, "part-00000.arrow")},
		{arrowDir, "--episode", "1"},
	} {
		out, _, err := mythos(t, "", append([]string{"replay"}, args...)...)
		if err != nil {
			t.Fatalf("replay %v: %v", args, err)
		}
		if !strings.Contains(out, "decisions") || !strings.Contains(out, "The game is over") {
			t.Fatalf("replay %v:\n%s", args, out)
		}
		if !narrations[body(out)] {
			t.Errorf("replay %v narrates a game run --record did not play:\n%s", args, out)
		}
		delete(narrations, body(out))
	}
	if _, _, err := mythos(t, "", "replay", arrowDir, "--episode", "9"); err == nil || !strings.Contains(err.Error(), "no episode 9") {
		t.Errorf("a missing episode: %v", err)
	}
	if _, _, err := mythos(t, "", "replay", jsons[0], "--episode", "1"); err == nil || !strings.Contains(err.Error(), "--episode") {
		t.Errorf("--episode with a JSON record: %v", err)
	}
}

// body drops a replay's first line (which names the file's kind).
func body(out string) string {
	_, rest, _ := strings.Cut(out, "\n")
	return rest
}

// TestProgressOffTerminal: when stderr is not a terminal (a log file, a
// pipe) no bar is drawn: plain progress lines, each on its own line, and
// none with --quiet.
func TestProgressOffTerminal(t *testing.T) {
	_, stderr, err := mythos(t, "", "run", "ArkhamLCG/TheGathering-v0", "--episodes", "20", "--seed", "1")
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(stderr, "\r\x1b") || strings.Contains(stderr, "█") {
		t.Errorf("a bar was drawn off a terminal: %q", stderr)
	}
	if !strings.Contains(stderr, "episodes: 0/20\n") || !strings.Contains(stderr, "episodes: 20/20 (100%)") {
		t.Errorf("no plain progress lines: %q", stderr)
	}
	if lines := strings.Count(stderr, "\n"); lines > 12 {
		t.Errorf("%d progress lines for 20 episodes: one per tenth at most", lines)
	}
	_, stderr, err = mythos(t, "", "run", "ArkhamLCG/TheGathering-v0", "--episodes", "5", "--quiet")
	if err != nil || stderr != "" {
		t.Errorf("--quiet: %v %q", err, stderr)
	}
	f, err := os.CreateTemp(t.TempDir(), "log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) || isTerminal(&lockedWriter{w: f}) {
		t.Error("a file is not a terminal")
	}
}

// TestTrainSaysItsTimeFirst: train prints what it will do and how its time
// is bounded before the work starts, its estimate after the first update,
// and counts in the singular where they are one.
func TestTrainSaysItsTimeFirst(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "one.yaml")
	text := strings.Replace(tinyTrainConfig, "epochs: 2", "epochs: 1", 1) + "teacher: random\nteacher_steps: 100\nteacher_epochs: 1\n"
	if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, err := mythos(t, "", "train", fixture.ID, "--config", cfg, "--steps", "256", "--out", filepath.Join(dir, "run"), "--time-limit", "5m")
	if err != nil {
		t.Fatalf("train: %v\n%s\n%s", err, out, stderr)
	}
	first := strings.Index(out, "expected time: 256 env steps of PPO after a warm start of 100 random decisions; at most 5m0s (--time-limit)")
	warm := strings.Index(out, "warm start: teacher")
	paced := strings.Index(out, "expected time: about")
	upd := strings.Index(out, "upd 1 ")
	if first < 0 || warm < first || paced < 0 || upd < paced {
		t.Errorf("the expected time does not come first:\n%s", out)
	}
	if strings.Contains(out, "1 epochs") || !strings.Contains(out, "1 epoch of minibatch") {
		t.Errorf("plurals:\n%s", out)
	}
	if strings.Contains(stderr, "\r") {
		t.Errorf("a bar off a terminal: %q", stderr)
	}
	// the checkpoint, trained on the fixture, is refused on another env
	// before any episode starts (no progress line printed)
	ckpt := "policy:ckpt=" + filepath.Join(dir, "run", "last")
	for _, args := range [][]string{
		{"run", "ArkhamLCG/TheGathering-v0", "--agent", ckpt},
		{"eval", "ArkhamLCG/TheGathering-v0", "--agents", "random," + ckpt},
		{"record", "ArkhamLCG/TheGathering-v0", "--agent", ckpt, "--out", filepath.Join(dir, "rec")},
	} {
		_, stderr, err := mythos(t, "", append(args, "--episodes", "2")...)
		if err == nil || !strings.Contains(err.Error(), "trained on "+fixture.ID) || stderr != "" {
			t.Errorf("%s with a checkpoint of another env: %v, stderr %q", args[0], err, stderr)
		}
	}
}

// TestListIsOneShortLineEach: mythos list gives each env one short line; the
// whole description is mythos spec's.
func TestListIsOneShortLineEach(t *testing.T) {
	out, _, err := mythos(t, "", "list")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range lines {
		if n := len([]rune(l)); n > 110 {
			t.Errorf("%d characters: %s", n, l)
		}
	}
	if !strings.Contains(out, "ArkhamLCG/TheGathering-v0") || len(lines) < 6 {
		t.Errorf("list:\n%s", out)
	}
	for d, want := range map[string]string{
		"short; the rest": "short…",
		"A, B (C, D), E":  "A, B (C, D), E",
		"Game, a scenario (first part of a campaign), cooperative": "Game, a scenario…",
	} {
		if got := shortDescription(d, 24); got != want {
			t.Errorf("shortDescription(%q) = %q, want %q", d, got, want)
		}
	}
}
