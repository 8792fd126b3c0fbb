package benchmarks

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func strengthCase(env, opts string, wins int, seats ...string) EnvStrength {
	return EnvStrength{Env: env, Options: opts, Seats: seats, Results: []AgentResult{{Agent: "heuristic", Episodes: 10, Wins: wins}}}
}

func TestMergeKeepsTheOtherAgentsOfACase(t *testing.T) {
	old := &Report{Baselines: &BaselinesReport{Seed: 1, Envs: []EnvStrength{{Env: "A", Results: []AgentResult{
		{Agent: "random", Wins: 1}, {Agent: "heuristic", Wins: 2}, {Agent: "ismcts", Wins: 3}}}}}}
	fresh := &Report{Baselines: &BaselinesReport{Seed: 1, Command: "c", Envs: []EnvStrength{{Env: "A", Results: []AgentResult{
		{Agent: "heuristic", Wins: 20}, {Agent: "policy", Wins: 40}}}}}}
	if err := old.Merge(fresh); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range old.Baselines.Envs[0].Results {
		got = append(got, fmt.Sprintf("%s=%d", a.Agent, a.Wins))
	}
	if strings.Join(got, " ") != "random=1 heuristic=20 ismcts=3 policy=40" {
		t.Fatalf("merged agents: %v", got)
	}
	if n := old.Baselines.Notes; len(n) != 1 || !strings.Contains(n[0], "by `c`: A: heuristic, policy") {
		t.Fatalf("notes: %q", n)
	}
}

func TestMergeReplacesAndInsertsCases(t *testing.T) {
	old := &Report{Command: "mythos bench", Throughput: []EnvThroughput{{Env: "A"}},
		Baselines: &BaselinesReport{Command: "mythos bench", Seed: 1, Notes: []string{"first"}, Envs: []EnvStrength{
			strengthCase("A", "", 1), strengthCase("A", "x=1", 2), strengthCase("B", "", 3), strengthCase("C", "", 4, "monsters=heuristic"),
		}}}
	when := time.Date(2026, 11, 30, 21, 5, 0, 0, time.UTC)
	fresh := &Report{Command: "mythos bench --no-throughput", Baselines: &BaselinesReport{Command: "mythos bench --no-throughput --agents heuristic",
		Generated: when, Seed: 1, Load: "1.00 1.00 1.00", LoadEnd: "2.00 1.50 1.00", Notes: []string{"fresh note"}, Envs: []EnvStrength{
			strengthCase("A", "x=1", 20),                        // replaces A x=1
			strengthCase("A", "x=2", 30),                        // after A's last case
			strengthCase("C", "", 40, "monsters=policy:ckpt=p"), // other seats: a new case of C
			strengthCase("D", "", 50),                           // a new env: at the end
		}}}
	if err := old.Merge(fresh); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range old.Baselines.Envs {
		got = append(got, caseName(c)+":"+string(rune('0'+c.Results[0].Wins/10)))
	}
	want := []string{"A:0", "A (x=1):2", "A (x=2):3", "B:0", "C (seats monsters=heuristic):0", "C (seats monsters=policy:ckpt=p):4", "D:5"}
	if strings.Join(got, " | ") != strings.Join(want, " | ") {
		t.Fatalf("merged cases\n got %v\nwant %v", got, want)
	}
	if len(old.Throughput) != 1 || old.Command != "mythos bench" || old.Baselines.Command != "mythos bench" {
		t.Fatalf("a strength-only merge changed the throughput or the headers: %+v", old)
	}
	notes := old.Baselines.Notes
	if len(notes) != 3 || notes[0] != "first" || notes[2] != "fresh note" ||
		notes[1] != "Merged on 2026-11-30 at 21:05 UTC by `mythos bench --no-throughput --agents heuristic`: A (x=1): heuristic; "+
			"A (x=2): heuristic (a new case); C (seats monsters=policy:ckpt=p): heuristic (a new case); D: heuristic (a new case) "+
			"(load at the start 1.00 1.00 1.00, at the end 2.00 1.50 1.00)." {
		t.Fatalf("notes: %q", notes)
	}
}

func TestMergeThroughputTakesTheHeader(t *testing.T) {
	old := &Report{Command: "old", Throughput: []EnvThroughput{{Env: "A"}}, Baselines: &BaselinesReport{Command: "old", Seed: 1}}
	fresh := &Report{Command: "mythos bench --no-strength", Generated: time.Unix(5, 0), Throughput: []EnvThroughput{{Env: "A"}, {Env: "B"}}}
	if err := old.Merge(fresh); err != nil {
		t.Fatal(err)
	}
	if len(old.Throughput) != 2 || old.Command != fresh.Command || !old.Generated.Equal(fresh.Generated) || old.Baselines == nil || old.Baselines.Command != "old" {
		t.Fatalf("merged: %+v", old)
	}
}

func TestMergeRefusesAnotherSeed(t *testing.T) {
	old := &Report{Baselines: &BaselinesReport{Seed: 1, Envs: []EnvStrength{strengthCase("A", "", 1)}}}
	fresh := &Report{Baselines: &BaselinesReport{Seed: 2, Envs: []EnvStrength{strengthCase("A", "", 9)}}}
	if err := old.Merge(fresh); err == nil || !strings.Contains(err.Error(), "base seed 2") {
		t.Fatalf("merge of another seed: %v", err)
	}
	if old.Baselines.Envs[0].Results[0].Wins != 1 {
		t.Fatal("a refused merge changed the report")
	}
}
