package benchmarks

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/internal/fixture"
)

// TestBaselinesPlaysEachAgentItsEpisodes: every agent of a case plays its own
// number of episodes, the first of the case's seeds, so an agent with fewer
// episodes scores what it scores on the same first seeds of a longer run.
func TestBaselinesPlaysEachAgentItsEpisodes(t *testing.T) {
	fixture.Register()
	cfg := BaselinesConfig{Seed: 7, Workers: 2, Cases: []BaselineCase{
		{Env: fixture.ID, Agents: []string{"random", "heuristic"}, Episodes: []int{9, 4}},
	}}
	got, err := Baselines(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || len(got[0].Results) != 2 || got[0].Results[0].Episodes != 9 || got[0].Results[1].Episodes != 4 {
		t.Fatalf("%+v", got)
	}
	first, err := Strength(StrengthConfig{Env: fixture.ID, Agents: []string{"heuristic"}, Episodes: 4, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	h := got[0].Results[1]
	if h.Wins != first[0].Wins || h.MeanScore != first[0].MeanScore || h.Decisions != first[0].Decisions {
		t.Fatalf("heuristic %+v, on the first 4 seeds alone %+v", h, first[0])
	}
	r := &BaselinesReport{Command: "mythos bench", Generated: time.Unix(0, 0), Seed: 7, Workers: 2, Envs: got, Notes: []string{"a note"}}
	dir := t.TempDir()
	if _, err := r.write(dir); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, BaselinesMD))
	if err != nil || !strings.Contains(string(md), "| `"+fixture.ID+"` | defaults | `random` | 9 |") ||
		!strings.Contains(string(md), "|  |  | `heuristic` | 4 |") || !strings.Contains(string(md), "a note") {
		t.Fatalf("%v\n%s", err, md)
	}
}

// TestCheckCasesRefusesBeforePlaying: a bad agent, seat or episode count
// fails the whole run before any episode.
func TestCheckCasesRefusesBeforePlaying(t *testing.T) {
	fixture.Register()
	played := 0
	for _, c := range []struct {
		c    BaselineCase
		want string
	}{
		{BaselineCase{Env: fixture.ID, Agents: []string{"random", "genius"}, Episodes: []int{1, 1}}, "genius"},
		{BaselineCase{Env: fixture.ID, Agents: []string{"random"}, Episodes: []int{0}}, "at least 1"},
		{BaselineCase{Env: fixture.ID, Agents: []string{"random"}, Episodes: []int{1, 2}}, "episode counts"},
		{BaselineCase{Env: fixture.ID, Agents: []string{"random"}, Episodes: []int{1},
			Seats: []agents.SeatAgent{{Seat: "nobody", Agent: "random"}}}, "nobody"},
	} {
		ok := BaselineCase{Env: fixture.ID, Agents: []string{"random"}, Episodes: []int{1}}
		_, err := Baselines(BaselinesConfig{Cases: []BaselineCase{ok, c.c}, Progress: func(int, int) { played++ }})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: err %v, want %q", c.c, err, c.want)
		}
	}
	if played != 0 {
		t.Fatalf("%d episodes played before the error", played)
	}
}

func TestLabels(t *testing.T) {
	for spec, want := range map[string]string{
		"random":                             "random",
		"ismcts:iters=200,rollout=heuristic": "ismcts",
		"policy:ckpt=/tmp/runs/easy/best":    "policy easy/best",
		"policy:ckpt=best,greedy=true":       "policy best",
	} {
		if got := AgentLabel(spec); got != want {
			t.Errorf("AgentLabel(%q) = %q, want %q", spec, got, want)
		}
	}
	if got := EnvLabel(EnvStrength{Env: "ArkhamLCG/TheGathering-v0", Note: "x"}); got != "ArkhamLCG\nTheGathering*" {
		t.Errorf("EnvLabel %q", got)
	}
}

// TestReportWithBothStrengthSections: a report with the one-env section of
// an earlier run and the baselines renders both, each with its own chart.
func TestReportWithBothStrengthSections(t *testing.T) {
	fixture.Register()
	one, err := Strength(StrengthConfig{Env: fixture.ID, Agents: []string{"random"}, Episodes: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	envs, err := Baselines(BaselinesConfig{Seed: 1, Cases: []BaselineCase{{Env: fixture.ID, Agents: []string{"random"}, Episodes: []int{3}}}})
	if err != nil {
		t.Fatal(err)
	}
	r := &Report{Command: "mythos bench", Generated: time.Unix(0, 0), Strength: &StrengthReport{Env: fixture.ID, Seed: 1, Episodes: 3, Results: one},
		Baselines: &BaselinesReport{Command: "mythos bench --no-throughput", Generated: time.Unix(0, 0), Seed: 1, Envs: envs}}
	dir := t.TempDir()
	if _, err := r.Write(dir); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{StrengthPNG, OneEnvPNG, BaselinesMD} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	md, _ := os.ReadFile(filepath.Join(dir, ReportFile))
	for _, want := range []string{"## Strength on one env", "](" + OneEnvPNG + ")", "## Strength of the baselines on every env", "](" + BaselinesPNG + ")"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
}
