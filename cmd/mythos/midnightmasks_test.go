package main

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/lcg"
)

// TestMidnightMasksCommands: run, eval, play and check work on The Midnight
// Masks (ArkhamLCG/TheMidnightMasks-v0).
func TestMidnightMasksCommands(t *testing.T) {
	out, _, err := mythos(t, "", "run", lcg.TheMidnightMasksID, "--episodes", "4", "--agent", "heuristic", "--opt", "investigators=2,campaign_log=house burned")
	if err != nil || !strings.Contains(out, "episodes") {
		t.Fatalf("run: %v\n%s", err, out)
	}
	out, _, err = mythos(t, "", "eval", lcg.TheMidnightMasksID, "--agents", "random,heuristic,ismcts:iters=50", "--episodes", "3", "--quiet")
	if err != nil || !strings.Contains(out, "heuristic") || !strings.Contains(out, "ismcts") {
		t.Fatalf("eval: %v\n%s", err, out)
	}
	out, err = playCLI(t, strings.Repeat("1\n0\ny\n", 600), "play", lcg.TheMidnightMasksID, "--seed", "5", "--agent", "heuristic")
	if err != nil || !strings.Contains(out, "The game is over") {
		t.Fatalf("play did not reach the end: %v\n%s", err, out)
	}
	out, _, err = mythos(t, "", "check", "../../env/lcg/testdata/cases/midnight_masks_setup.yaml", "--quiet")
	if err != nil || !strings.Contains(out, "0 failed") {
		t.Fatalf("check: %v\n%s", err, out)
	}
}
