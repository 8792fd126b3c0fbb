package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
)

// The AH3 rules cases run through mythos check, which picks the AH3 engine
// for a path under an ah3 directory.
func TestCheckRunsAH3Cases(t *testing.T) {
	out, _, err := mythos(t, "", "check", "--quiet", filepath.Join("..", "..", "env", "ah3", "testdata", "cases"))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, " 0 failed") {
		t.Fatalf("summary:\n%s", out)
	}
	if _, _, err := mythos(t, "", "check", "--game", "ah3", filepath.Join("..", "..", "env", "lcg", "testdata", "cases")); err == nil {
		t.Fatal("LCG cases loaded as AH3 cases")
	}
	if _, _, err := mythos(t, "", "check", "--game", "nope", "."); err == nil || !strings.Contains(err.Error(), "--game") {
		t.Fatalf("--game nope: %v", err)
	}
}

// A person finishes a short AH3 game in the terminal: the board, the codex
// and the prompt are shown, ending a turn with actions left asks first, and
// the record replays as a narrated log.
func TestPlayAH3(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "ah3.json")
	out, err := playCLI(t, strings.Repeat("2\n1\n0\ny\n", 600), "play", env.AH3ID, "--seed", "4",
		"--opt", "investigators=jenny,tommy,round_cap=3", "--seat", "0", "--agent", "heuristic", "--record", rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"The Drowned Lantern", "Codex:", "Saltmarsh Docks", "Streets:", "Mythos cup:",
		"Jenny Barnes must decide", "End your turn with 2 action(s) left?", "The game is over"} {
		if !strings.Contains(out, want) {
			t.Fatalf("play output lacks %q:\n%s", want, out)
		}
	}
	log, _, err := mythos(t, "", "replay", rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log, "enters play") {
		t.Fatalf("replay:\n%s", log)
	}
	// Each decision of the replay shows its question with the answer
	// (issue 24 item 4).
	if !strings.Contains(log, "Jenny Barnes: which action next (2 of 2 left), or end the turn? → ") ||
		!strings.Contains(log, "Tommy Muldoon: which action next (1 of 2 left), or end the turn? → ") ||
		!strings.Contains(out, "Jenny Barnes must decide (action): which action next (2 of 2 left), or end the turn?") {
		t.Fatalf("no question with the answer:\n%s", log)
	}
}

// run, eval, record and spec work on the AH3 id.
func TestAH3Commands(t *testing.T) {
	out, _, err := mythos(t, "", "run", env.AH3ID, "--agent", "heuristic", "--episodes", "3", "--seed", "1", "--quiet")
	if err != nil || !strings.Contains(out, "episodes") {
		t.Fatalf("run: %v\n%s", err, out)
	}
	out, _, err = mythos(t, "", "eval", env.AH3ID, "--agents", "random,heuristic", "--episodes", "4", "--seed", "1", "--quiet")
	if err != nil || !strings.Contains(out, "95% interval") || !strings.Contains(out, "heuristic") {
		t.Fatalf("eval: %v\n%s", err, out)
	}
	dir := t.TempDir()
	if out, _, err = mythos(t, "", "record", env.AH3ID, "--agent", "random", "--episodes", "2", "--out", dir, "--quiet"); err != nil {
		t.Fatalf("record: %v\n%s", err, out)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.arrow")); len(m) == 0 {
		t.Fatalf("record wrote no Arrow file in %s", dir)
	}
	out, _, err = mythos(t, "", "spec", env.AH3ID, "--opt", "investigators=6")
	if err != nil || !strings.Contains(out, "Discrete(168)") || !strings.Contains(out, "Rex Murphy") {
		t.Fatalf("spec: %v\n%s", err, out)
	}
}

// mythos train runs the AH3 smoke config end to end, and the trained policy
// plays the env as an agent.
func TestTrainAH3Smoke(t *testing.T) {
	dir := t.TempDir()
	out, _, err := mythos(t, "", "train", env.AH3ID, "--config", filepath.Join("..", "..", "train", "configs", "ah3-smoke.yaml"), "--out", dir)
	if err != nil {
		t.Fatalf("train: %v\n%s", err, out)
	}
	if !strings.Contains(out, "trained 4 updates") {
		t.Fatalf("train output:\n%s", out)
	}
	out, _, err = mythos(t, "", "run", env.AH3ID, "--opt", "skip_trivial=true", "--agent", "policy:ckpt="+filepath.Join(dir, "best"), "--episodes", "2", "--quiet")
	if err != nil {
		t.Fatalf("run the policy: %v\n%s", err, out)
	}
}

// The play command "card NAME" shows an AH3 card's text.
func TestPlayAH3Card(t *testing.T) {
	out, err := playCLI(t, "card bilge\ncard zzz\ncard #0\ncard 9\n", "play", env.AH3ID, "--seed", "4",
		"--opt", "investigators=jenny,tommy", "--seat", "0", "--agent", "heuristic")
	if err != nil {
		t.Fatal(err)
	}
	// card #N shows the monster the board numbers so (issue 24 item 4).
	for _, want := range []string{"Bilge Hound (monster", "Feeding", `card "zzz": no card in view`,
		"<#0 Vestry Acolyte", "#0 Vestry Acolyte (monster", "at Counting House, ready", "card #9: no monster on the board"} {
		if !strings.Contains(out, want) {
			t.Fatalf("play output lacks %q:\n%s", want, out)
		}
	}
}
