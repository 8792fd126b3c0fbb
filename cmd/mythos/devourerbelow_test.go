package main

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/lcg"
)

// TestDevourerBelowCommands: run, eval, play and check work on The Devourer
// Below (ArkhamLCG/TheDevourerBelow-v0).
func TestDevourerBelowCommands(t *testing.T) {
	out, _, err := mythos(t, "", "run", lcg.TheDevourerBelowID, "--episodes", "4", "--agent", "heuristic", "--opt", "investigators=2,campaign_log=past midnight")
	if err != nil || !strings.Contains(out, "episodes") {
		t.Fatalf("run: %v\n%s", err, out)
	}
	out, _, err = mythos(t, "", "eval", lcg.TheDevourerBelowID, "--agents", "random,heuristic,ismcts:iters=50", "--episodes", "3", "--quiet")
	if err != nil || !strings.Contains(out, "heuristic") || !strings.Contains(out, "ismcts") {
		t.Fatalf("eval: %v\n%s", err, out)
	}
	out, err = playCLI(t, strings.Repeat("1\n0\ny\n", 600), "play", lcg.TheDevourerBelowID, "--seed", "5", "--agent", "heuristic")
	if err != nil || !strings.Contains(out, "The game is over") {
		t.Fatalf("play did not reach the end: %v\n%s", err, out)
	}
	out, _, err = mythos(t, "", "check", "../../env/lcg/testdata/cases/devourer_below_setup.yaml", "--quiet")
	if err != nil || !strings.Contains(out, "0 failed") {
		t.Fatalf("check: %v\n%s", err, out)
	}
}
