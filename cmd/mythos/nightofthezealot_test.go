package main

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/lcg"
)

// TestNightOfTheZealotCommands: run and play work on the campaign env
// (ArkhamLCG/NightOfTheZealot-v0); a person playing it sees the upgrade
// step's prompts in words, and the cases of the campaign check.
func TestNightOfTheZealotCommands(t *testing.T) {
	out, _, err := mythos(t, "", "run", lcg.NightOfTheZealotID, "--episodes", "3", "--agent", "heuristic", "--opt", "investigators=2")
	if err != nil || !strings.Contains(out, "episodes") {
		t.Fatalf("run: %v\n%s", err, out)
	}
	// "1, 1": a purchase and the card it replaces cost experience, so the
	// upgrade step ends.
	out, err = playCLI(t, strings.Repeat("1\n1\n1\n0\n", 3000), "play", lcg.NightOfTheZealotID, "--seed", "3", "--agent", "heuristic",
		"--opt", "investigators=01001,mulligan=false,campaign_xp=3")
	if err != nil || !strings.Contains(out, "The game is over") {
		t.Fatalf("play did not reach the end: %v\n%s", err, out[max(0, len(out)-3000):])
	}
	for _, want := range []string{"Campaign Night of the Zealot: scenario 1 of 3", "experience unspent", "must decide (upgrade)", "Done: keep the", "Replace a ", " buys "} {
		if !strings.Contains(out, want) {
			t.Fatalf("play: no %q in the render", want)
		}
	}
	out, _, err = mythos(t, "", "check", "../../env/lcg/testdata/cases/campaign.yaml", "--quiet")
	if err != nil || !strings.Contains(out, "0 failed") {
		t.Fatalf("check: %v\n%s", err, out)
	}
}
