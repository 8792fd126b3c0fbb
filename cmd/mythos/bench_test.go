package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/internal/fixture"
)

func TestBenchQuickWritesReport(t *testing.T) {
	dir := t.TempDir()
	out, _, err := mythos(t, "", "bench", "--quick", "--quiet", "--out", dir, "--ids", fixture.ID, "--strength-envs", fixture.ID,
		"--duration", "5ms", "--agents", "random,heuristic", "--episodes", "6")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"report.md", "results.json", "throughput.png", "scaling.png", "strength.png", "strength.md"} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil || st.Size() == 0 {
			t.Fatalf("%s: %v (output %s)", name, err, out)
		}
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	for _, want := range []string{"mythos bench", "--quick", "--out " + dir, "Go |", "| " + fixture.ID + " |", "| `heuristic` | 6 |", "## Strength of the baselines on every env"} {
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

// TestBenchMergeKeepsTheReport: --merge adds a strength case to an earlier
// run's report and keeps its throughput section and its other cases; it
// refuses, before measuring, a directory without a report and another base
// seed.
func TestBenchMergeKeepsTheReport(t *testing.T) {
	dir := t.TempDir()
	_, stderr, err := mythos(t, "", "bench", "--merge", "--out", dir, "--no-throughput", "--strength-envs", fixture.ID, "--agents", "random", "--episodes", "2")
	if err == nil || !strings.Contains(err.Error(), "--merge needs a previous run's results") || strings.Contains(stderr, "playing") {
		t.Fatalf("merge into an empty directory: %v\n%s", err, stderr)
	}
	if _, _, err := mythos(t, "", "bench", "--quick", "--quiet", "--out", dir, "--ids", fixture.ID, "--strength-envs", fixture.ID,
		"--duration", "5ms", "--agents", "random", "--episodes", "3"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := mythos(t, "", "bench", "--merge", "--quiet", "--out", dir, "--no-throughput", "--strength-envs", fixture.ID,
		"--agents", "random", "--episodes", "2", "--seed", "9"); err == nil || !strings.Contains(err.Error(), "give --seed 1") {
		t.Fatalf("merge of another seed: %v", err)
	}
	if _, _, err := mythos(t, "", "bench", "--merge", "--quiet", "--out", dir, "--no-throughput", "--strength-envs", fixture.ID,
		"--opt", "max_steps=7", "--agents", "heuristic", "--episodes", "2"); err != nil {
		t.Fatal(err)
	}
	r, err := readReport(dir, "--merge")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Throughput) != 1 || r.Baselines == nil || len(r.Baselines.Envs) != 2 {
		t.Fatalf("merged report: %d throughput rows, baselines %+v", len(r.Throughput), r.Baselines)
	}
	first, second := r.Baselines.Envs[0], r.Baselines.Envs[1]
	if first.Options != "" || first.Results[0].Agent != "random" || first.Results[0].Episodes != 3 ||
		second.Options != "max_steps=7" || second.Results[0].Agent != "heuristic" {
		t.Fatalf("merged cases: %+v, %+v", first, second)
	}
	md, _ := os.ReadFile(filepath.Join(dir, "strength.md"))
	if !strings.Contains(string(md), fixture.ID+" (max_steps=7): heuristic (a new case)") || !strings.Contains(string(md), "--merge") {
		t.Fatalf("strength.md has no note of the merge:\n%s", md)
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
		{[]string{"--strength-envs", "Nope/Nope-v0"}, "Nope"},
		{[]string{"--env-episodes", fixture.ID + "=0"}, "--env-episodes"},
		{[]string{"--env-iters", "Arkham=5"}, "matches"},
		{[]string{"--opt", "bogus=1"}, "bogus"},
	} {
		args := append([]string{"bench", "--out", t.TempDir(), "--ids", fixture.ID, "--strength-envs", fixture.ID, "--duration", "5ms"}, c.args...)
		_, stderr, err := mythos(t, "", args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err %v, want %q", c.args, err, c.want)
		}
		if strings.Contains(stderr, "measuring throughput") {
			t.Errorf("%v: measured throughput before failing", c.args)
		}
	}
}

// TestBenchWritesAFreshDirectoryByDefault: without --out every run gets its
// own directory under bench-results/, never the committed report's.
func TestBenchWritesAFreshDirectoryByDefault(t *testing.T) {
	t.Chdir(t.TempDir())
	args := []string{"bench", "--quick", "--quiet", "--ids", fixture.ID, "--strength-envs", fixture.ID, "--duration", "5ms", "--agents", "random", "--episodes", "2"}
	var dirs []string
	for range 2 {
		out, _, err := mythos(t, "", args...)
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`wrote (bench-results/[^/\s]+)/report.md`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("no report under bench-results/:\n%s", out)
		}
		dirs = append(dirs, m[1])
	}
	if dirs[0] == dirs[1] {
		t.Fatalf("two runs wrote into the same directory %s", dirs[0])
	}
	if _, err := os.Stat("benchmarks"); !os.IsNotExist(err) {
		t.Fatalf("a run without --out wrote benchmarks/: %v", err)
	}
}

// TestBenchGuardsTheCommittedReport: a quick run may not overwrite the
// committed report, and --rerender must be told which run to rewrite.
func TestBenchGuardsTheCommittedReport(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--quick", "--out", "benchmarks/results"}, "the committed report is a full run"},
		{[]string{"bench", "--quick", "--out", "./benchmarks/results/"}, "the committed report is a full run"},
		{[]string{"bench", "--rerender"}, "--rerender needs --out DIR"},
		{[]string{"bench", "--out", ""}, "--out is empty"},
		{[]string{"bench", "--merge"}, "--merge needs --out DIR"},
		{[]string{"bench", "--merge", "--rerender", "--out", "x"}, "--merge and --rerender"},
		{[]string{"bench", "--quick", "--merge", "--out", "benchmarks/results"}, "the committed report is a full run"},
	} {
		_, stderr, err := mythos(t, "", c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err %v, want %q", c.args, err, c.want)
		}
		if stderr != "" {
			t.Errorf("%v: work started:\n%s", c.args, stderr)
		}
	}
	if _, err := os.Stat("benchmarks"); !os.IsNotExist(err) {
		t.Fatalf("benchmarks/ was written: %v", err)
	}
}

// TestBenchPrintsExpectedTimeFirst: a full run says where it writes and how
// long it expects to take before it measures anything.
func TestBenchPrintsExpectedTimeFirst(t *testing.T) {
	dir := t.TempDir()
	_, stderr, err := mythos(t, "", "bench", "--out", dir, "--ids", fixture.ID, "--env", fixture.ID, "--duration", "5ms",
		"--agents", "random;heuristic", "--episodes", "3")
	if err != nil {
		t.Fatal(err)
	}
	head := "mythos bench: full run into " + dir + "\n"
	expected := strings.Index(stderr, "expected time: about ")
	measuring := strings.Index(stderr, "measuring throughput")
	if !strings.HasPrefix(stderr, head) || expected < 0 || measuring < expected ||
		!strings.Contains(stderr, "throughput ") || !strings.Contains(stderr, "strength ") || !strings.Contains(stderr, "heuristic ") {
		t.Fatalf("stderr does not start with the plan:\n%s", stderr)
	}
}

func TestFreshDir(t *testing.T) {
	base := t.TempDir()
	now := time.Date(2026, 11, 25, 1, 2, 3, 0, time.UTC)
	a, err := freshDir(base, now)
	if err != nil || a != filepath.Join(base, "2026-11-25_010203") {
		t.Fatalf("%q %v", a, err)
	}
	if err := os.MkdirAll(a, 0o755); err != nil {
		t.Fatal(err)
	}
	if b, err := freshDir(base, now); err != nil || b != a+"-2" {
		t.Fatalf("taken name: %q %v", b, err)
	}
}
