package benchmarks

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/internal/fixture"
)

func TestReportWritesMarkdownAndCharts(t *testing.T) {
	fixture.Register()
	ts, err := Throughput(ThroughputConfig{IDs: []string{fixture.ID}, Duration: 5 * time.Millisecond, VectorEnvs: 4, LiveEnvs: 8, Workers: []int{1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) != 1 || ts[0].EncodedPerSec <= 0 || ts[0].RawPerSec <= 0 || ts[0].CloneNs <= 0 || len(ts[0].Vector) != 2 {
		t.Fatalf("throughput %+v", ts)
	}
	res, err := Strength(StrengthConfig{Env: fixture.ID, Agents: []string{"random", "heuristic"}, Episodes: 5, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, PythonTableMD), []byte("# Peers\n\n| env | steps/s |\n|---|--:|\n| x | 1 |\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	py, err := ReadPythonTable(dir)
	if err != nil || py == "" {
		t.Fatalf("python table %q %v", py, err)
	}
	r := &Report{Command: "mythos bench --quick", Generated: time.Unix(0, 0), Machine: ThisMachine(), Throughput: ts,
		Strength: &StrengthReport{Env: fixture.ID, Seed: 1, Episodes: 5, Results: res}, Python: py}
	paths, err := r.Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 5 {
		t.Fatalf("wrote %v", paths)
	}
	for _, name := range []string{ThroughputPNG, ScalingPNG, StrengthPNG} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) {
			t.Fatalf("%s is not a PNG (%v)", name, err)
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"mythos bench --quick", r.Machine.GoVersion, "| " + fixture.ID + " |", "`heuristic`", "### Peers", "| x | 1 |", "strength.png"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}

func TestCPUModelFromCPUInfo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpuinfo")
	if err := os.WriteFile(path, []byte("processor\t: 0\nvendor_id\t: X\nmodel name\t: Test CPU 9000 @ 3.0GHz\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := cpuModel(path); got != "Test CPU 9000 @ 3.0GHz" {
		t.Fatalf("got %q", got)
	}
	if got := cpuModel(filepath.Join(t.TempDir(), "none")); got != "unknown" {
		t.Fatalf("got %q", got)
	}
}

func TestWorkerCounts(t *testing.T) {
	for max, want := range map[int]string{1: "[1]", 2: "[1 2]", 6: "[1 2 4 6]", 8: "[1 2 4 8]"} {
		if got := fmt.Sprint(WorkerCounts(max)); got != want {
			t.Errorf("WorkerCounts(%d) = %s, want %s", max, got, want)
		}
	}
}
