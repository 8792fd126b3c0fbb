package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/lcg"
)

// generatedDocs are the committed docs made by mythos spec --markdown.
var generatedDocs = []struct {
	path string
	args []string
}{
	{"docs/observations/lcg.md", []string{"spec", lcg.TheGatheringID, "--markdown"}},
	{"docs/observations/ah3.md", []string{"spec", env.AH3ID, "--markdown"}},
	{"docs/observations/machina.md", []string{"spec", env.MachinaFrozenEngineID, "--markdown"}},
}

// TestObservationDocsAreGenerated fails when a committed layout doc differs
// from what mythos spec prints now, so the docs cannot drift from the code.
func TestObservationDocsAreGenerated(t *testing.T) {
	for _, d := range generatedDocs {
		want, _, err := mythos(t, "", d.args...)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("..", "..", d.path))
		if err != nil {
			t.Fatalf("%v: generate it with: make docs (or mythos %s > %s)", err, strings.Join(d.args, " "), d.path)
		}
		if string(got) != want {
			gl, wl := strings.Split(string(got), "\n"), strings.Split(want, "\n")
			line := 0
			for line < len(gl) && line < len(wl) && gl[line] == wl[line] {
				line++
			}
			t.Fatalf("%s differs from the code from line %d on; regenerate it with make docs, or:\n  mythos %s > %s",
				d.path, line+1, strings.Join(d.args, " "), d.path)
		}
	}
}

func TestSpecPrintsFieldsAndActions(t *testing.T) {
	out, _, err := mythos(t, "", "spec", lcg.TheGatheringID, "--opt", "investigators=01001,01002")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"hand_card", "int32", "Discrete(", "Move3: Move action to location slot 3", "Roland Banks, Daisy Walker"} {
		if !strings.Contains(out, want) {
			t.Errorf("spec output lacks %q:\n%s", want, out)
		}
	}
	flat, _, err := mythos(t, "", "spec", lcg.TheGatheringID, "--flat", "--markdown")
	if err != nil || !strings.Contains(flat, "| `flat` | float32 |") {
		t.Fatalf("flat spec: %v\n%s", err, flat)
	}
	if _, _, err := mythos(t, "", "spec", "No/Such-v0"); err == nil {
		t.Fatal("an unknown env id was accepted")
	}
}
