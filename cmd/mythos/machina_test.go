package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
)

// A person plays Machina Arcana in the terminal to the end (a short round
// cap): the grid, the pioneers and the prompt are shown, and the record
// replays as a narrated log.
func TestPlayMachina(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "machina.json")
	out, err := playCLI(t, strings.Repeat("0\ny\n", 3000), "play", env.MachinaFrozenEngineID, "--seed", "7",
		"--opt", "pioneers=lorre,hank,round_cap=2", "--seat", "0", "--agent", "heuristic", "--record", rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"The Frozen Engine", "+-+-+", "Lorre Jerrard (mystic)", "Lorre Jerrard must decide", "The game is over"} {
		if !strings.Contains(out, want) {
			t.Fatalf("play output lacks %q:\n%s", want, out)
		}
	}
	log, _, err := mythos(t, "", "replay", rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log, "moves to") {
		t.Fatalf("replay:\n%s", log)
	}
	// Each decision of the replay shows its question with the answer, and
	// the map its axes and legend (issue 24 item 4).
	for _, want := range []string{"Lorre Jerrard: which entrance cell does the pioneer start on? → cell (",
		"who receives the item? → "} {
		if !strings.Contains(log, want) {
			t.Fatalf("replay lacks %q:\n%s", want, log)
		}
	}
	for _, want := range []string{"  x  0 1 2 3", "  y +-+", "legend:", "1 Lorre Jerrard  ", "L lair"} {
		if !strings.Contains(out, want) {
			t.Fatalf("play output lacks %q:\n%s", want, out)
		}
	}
}

// run, eval, record and spec work on the Machina Arcana id.
func TestMachinaCommands(t *testing.T) {
	id := env.MachinaFrozenEngineID
	out, _, err := mythos(t, "", "run", id, "--agent", "heuristic", "--episodes", "3", "--seed", "1", "--quiet")
	if err != nil || !strings.Contains(out, "episodes") {
		t.Fatalf("run: %v\n%s", err, out)
	}
	out, _, err = mythos(t, "", "eval", id, "--agents", "random,heuristic,ismcts:iters=10", "--episodes", "2", "--seed", "1", "--quiet",
		"--opt", "round_cap=4")
	if err != nil || !strings.Contains(out, "95% interval") || !strings.Contains(out, "ismcts") {
		t.Fatalf("eval: %v\n%s", err, out)
	}
	dir := t.TempDir()
	if out, _, err = mythos(t, "", "record", id, "--agent", "random", "--episodes", "2", "--out", dir, "--quiet"); err != nil {
		t.Fatalf("record: %v\n%s", err, out)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.arrow")); len(m) == 0 {
		t.Fatalf("record wrote no Arrow file in %s", dir)
	}
	out, _, err = mythos(t, "", "spec", id, "--opt", "pioneers=4")
	if err != nil || !strings.Contains(out, "Discrete(1927)") || !strings.Contains(out, "Philip") || !strings.Contains(out, "monsters") {
		t.Fatalf("spec: %v\n%s", err, out)
	}
}

// Without --agent a Machina Arcana hint comes from its own ISMCTS spec
// (short playouts, the heuristic's prior), not the LCG's 10000 iterations.
func TestPlayMachinaDefaultHint(t *testing.T) {
	if got := hintAgentFor(env.MachinaFrozenEngineID); got != machinaHintAgent {
		t.Fatalf("hint agent %q", got)
	}
	out, err := playCLI(t, "hint\n", "play", env.MachinaFrozenEngineID, "--seed", "7", "--opt", "variant=easy")
	if err != nil || !strings.Contains(out, "Hint (ismcts)") {
		t.Fatalf("default hint: %v\n%s", err, out)
	}
}

// The play command "card" shows Machina Arcana's pioneers (by name or map
// digit), items, the chapter card and tiles with their stats and abilities
// (issue 24 item 4).
func TestPlayMachinaCard(t *testing.T) {
	out, err := playCLI(t, strings.Repeat("0\n", 8)+"card 1\ncard hank\ncard miner\ncard entr\ncard zz\n", "play", env.MachinaFrozenEngineID,
		"--seed", "1", "--opt", "pioneers=lorre,hank")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Lorre Jerrard (pioneer 1, mystic): defence 2, will 3", "(active, target any pioneer) Mend — [2 stamina] heal",
		"Hank Horden (pioneer 2, fighter)", "melee weapon +1", "Miner's Pick (weapon item, level 1, 2 hand(s))", "carried by Hank Horden",
		"Entrance (chapter 1)", `card "zz": no card in view`} {
		if !strings.Contains(out, want) {
			t.Fatalf("play output lacks %q:\n%s", want, out)
		}
	}
}
