package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/internal/fixture"
)

func TestBenchQuickWritesReport(t *testing.T) {
	dir := t.TempDir()
	out, _, err := mythos(t, "", "bench", "--quick", "--quiet", "--out", dir, "--ids", fixture.ID, "--env", fixture.ID,
		"--duration", "5ms", "--agents", "random,heuristic", "--episodes", "6")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"report.md", "results.json", "throughput.png", "scaling.png", "strength.png"} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil || st.Size() == 0 {
			t.Fatalf("%s: %v (output %s)", name, err, out)
		}
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	for _, want := range []string{"mythos bench", "--quick", "--out " + dir, "Go |", "| " + fixture.ID + " |", "`heuristic`", "6 episodes per agent"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}

func TestBenchRejectsUnknownIDs(t *testing.T) {
	_, _, err := mythos(t, "", "bench", "--quick", "--quiet", "--out", t.TempDir(), "--ids", "Nope/Nope-v0")
	if err == nil || !strings.Contains(err.Error(), "Nope") {
		t.Fatalf("err %v", err)
	}
}

func TestBenchRerenderPicksUpPythonTable(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := mythos(t, "", "bench", "--rerender", "--out", dir); err == nil || !strings.Contains(err.Error(), "previous run") {
		t.Fatalf("rerender without results: %v", err)
	}
	if _, _, err := mythos(t, "", "bench", "--quick", "--quiet", "--out", dir, "--ids", fixture.ID, "--env", fixture.ID,
		"--duration", "5ms", "--agents", "random", "--episodes", "3"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "python.md"), []byte("| client | steps/s |\n|---|--:|\n| mythos | 123 |\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := mythos(t, "", "bench", "--rerender", "--out", dir); err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	if !strings.Contains(string(md), "| mythos | 123 |") || !strings.Contains(string(md), "--episodes 3") {
		t.Fatalf("rerendered report:\n%s", md)
	}
}

// TestBenchChecksStrengthInputsFirst: a bad agent, env or option of the
// strength comparison fails before any throughput is measured.
func TestBenchChecksStrengthInputsFirst(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--agents", "genius"}, "genius"},
		{[]string{"--env", "Nope/Nope-v0"}, "Nope"},
		{[]string{"--opt", "bogus=1"}, "bogus"},
	} {
		args := append([]string{"bench", "--out", t.TempDir(), "--ids", fixture.ID, "--env", fixture.ID, "--duration", "5ms"}, c.args...)
		_, stderr, err := mythos(t, "", args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err %v, want %q", c.args, err, c.want)
		}
		if strings.Contains(stderr, "measuring throughput") {
			t.Errorf("%v: measured throughput before failing", c.args)
		}
	}
}
