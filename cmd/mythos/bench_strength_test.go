package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/mythos-rl/mythos/benchmarks"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/internal/fixture"
)

// readBaselines reads the strength table of the report in dir.
func readBaselines(t *testing.T, dir string) *benchmarks.BaselinesReport {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, benchmarks.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	var r benchmarks.Report
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	if r.Baselines == nil {
		t.Fatalf("no strength table in %s", b)
	}
	return r.Baselines
}

// withoutTiming is the table without its timing fields.
func withoutTiming(envs []benchmarks.EnvStrength) []benchmarks.EnvStrength {
	out := make([]benchmarks.EnvStrength, len(envs))
	for i, es := range envs {
		es.Results = append([]benchmarks.AgentResult(nil), es.Results...)
		for j := range es.Results {
			es.Results[j].Seconds, es.Results[j].DecisionsPerSec = 0, 0
		}
		out[i] = es
	}
	return out
}

// TestBenchStrengthTableCoversEveryEnv: the quick strength table has, for
// every registered env id in order, a row per agent with its episodes, a
// Wilson interval around its win rate and a mean score; strength.md and
// strength.png are written; a second run on other workers gives the same
// table.
func TestBenchStrengthTableCoversEveryEnv(t *testing.T) {
	fixture.Register()
	var tables [][]benchmarks.EnvStrength
	for _, workers := range []string{"1", "2"} {
		dir := t.TempDir()
		if _, _, err := mythos(t, "", "bench", "--quick", "--quiet", "--no-throughput", "--out", dir, "--workers", workers); err != nil {
			t.Fatal(err)
		}
		r := readBaselines(t, dir)
		ids := env.IDs()
		if len(r.Envs) != len(ids) {
			t.Fatalf("%d envs in the table, want %d (%v)", len(r.Envs), len(ids), ids)
		}
		md, err := os.ReadFile(filepath.Join(dir, benchmarks.BaselinesMD))
		if err != nil {
			t.Fatal(err)
		}
		if png, err := os.ReadFile(filepath.Join(dir, benchmarks.BaselinesPNG)); err != nil || !strings.HasPrefix(string(png), "\x89PNG") {
			t.Fatalf("strength.png: %v", err)
		}
		for i, es := range r.Envs {
			if es.Env != ids[i] {
				t.Fatalf("env %d is %s, want %s", i, es.Env, ids[i])
			}
			if !strings.Contains(string(md), "| `"+es.Env+"` |") {
				t.Errorf("strength.md has no row of %s", es.Env)
			}
			if len(es.Results) != 3 {
				t.Fatalf("%s: %d agents, want random, heuristic, ismcts", es.Env, len(es.Results))
			}
			for j, want := range []string{"random", "heuristic", "ismcts:rollout=heuristic,iters="} {
				if j == 2 && es.Env != env.MachinaFrozenEngineID {
					want += "10" // --quick's, whatever the env's default
				}
				a := es.Results[j]
				if !strings.HasPrefix(a.Agent, want) {
					t.Errorf("%s: agent %d is %s, want %s", es.Env, j, a.Agent, want)
				}
				eps := 4
				if j == 2 {
					eps = 1
				}
				if a.Episodes != eps || a.Wins+a.Losses+a.Unfinished != eps {
					t.Errorf("%s %s: %d episodes (%d/%d/%d), want %d", es.Env, a.Agent, a.Episodes, a.Wins, a.Losses, a.Unfinished, eps)
				}
				if !(0 <= a.WinLow && a.WinLow <= a.WinRate && a.WinRate <= a.WinHigh && a.WinHigh <= 1) || a.WinHigh-a.WinLow < 0.1 {
					t.Errorf("%s %s: win rate %v outside its interval [%v, %v]", es.Env, a.Agent, a.WinRate, a.WinLow, a.WinHigh)
				}
				if lo, hi := benchmarks.Wilson(a.Wins, a.Episodes, benchmarks.Z95); lo != a.WinLow || hi != a.WinHigh {
					t.Errorf("%s %s: interval [%v, %v], Wilson gives [%v, %v]", es.Env, a.Agent, a.WinLow, a.WinHigh, lo, hi)
				}
				if a.MeanLength <= 0 {
					t.Errorf("%s %s: mean length %v", es.Env, a.Agent, a.MeanLength)
				}
			}
			if es.Env == env.MachinaFrozenEngineID {
				if !reflect.DeepEqual(es.Seats, []string{"monsters=heuristic"}) || !strings.HasSuffix(es.Results[2].Agent, "iters=2") {
					t.Errorf("Machina: seats %v, agent %s", es.Seats, es.Results[2].Agent)
				}
			}
		}
		if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "No trained policy row") {
			t.Errorf("notes %q", r.Notes)
		}
		tables = append(tables, withoutTiming(r.Envs))
	}
	if !reflect.DeepEqual(tables[0], tables[1]) {
		t.Fatalf("the same seeds gave two tables:\n%+v\n%+v", tables[0], tables[1])
	}
}

// TestBenchStrengthPolicyRow: a checkpoint under --policies-from adds a
// case on its env with the options it was trained on, where the policy plays
// beside the baselines; one that no longer fits its env is left out with a
// note, or fails the run when --policy names it; --strength-envs takes a
// unique part of an id.
func TestBenchStrengthPolicyRow(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tiny.yaml")
	config := strings.Replace(tinyTrainConfig, "[random, no-such-agent]", "[random]", 1)
	if err := os.WriteFile(cfg, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := filepath.Join(dir, "results")
	if out, _, err := mythos(t, "", "train", fixture.ID, "--config", cfg, "--steps", "128", "--out", filepath.Join(runs, "tiny"), "--quiet"); err != nil {
		t.Fatalf("train: %v\n%s", err, out)
	}
	// a copy whose observation layout no longer fits the env
	ckpt, stale := filepath.Join(runs, "tiny", "best"), filepath.Join(runs, "stale", "best")
	if err := os.MkdirAll(stale, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"network.json", "weights.npz"} {
		b, err := os.ReadFile(filepath.Join(ckpt, f))
		if err != nil {
			t.Fatal(err)
		}
		if f == "network.json" {
			var arch map[string]any
			if err := json.Unmarshal(b, &arch); err != nil {
				t.Fatal(err)
			}
			arch["obs_f32"] = arch["obs_f32"].(float64) + 1
			b, _ = json.Marshal(arch)
		}
		if err := os.WriteFile(filepath.Join(stale, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "bench")
	args := []string{"bench", "--quick", "--quiet", "--no-throughput", "--out", out, "--strength-envs", "Cipher",
		"--agents", "random", "--policies-from", runs, "--env-episodes", "Cipher=3"}
	if _, _, err := mythos(t, "", args...); err != nil {
		t.Fatal(err)
	}
	r := readBaselines(t, out)
	if !strings.Contains(r.Command, "--env-episodes Cipher=3 ") {
		t.Errorf("command %q does not repeat --env-episodes as typed", r.Command)
	}
	if len(r.Envs) != 2 || r.Envs[0].Env != fixture.ID || r.Envs[1].Env != fixture.ID || len(r.Notes) != 1 ||
		!strings.Contains(r.Notes[0], "`"+stale+"` was left out") {
		t.Fatalf("cases %+v, notes %q", r.Envs, r.Notes)
	}
	if _, _, err := mythos(t, "", append(args, "--policy", stale, "--out", filepath.Join(dir, "named"))...); err == nil || !strings.Contains(err.Error(), stale) {
		t.Fatalf("a named checkpoint that does not fit: %v", err)
	}
	p := r.Envs[1]
	if p.Options != "max_steps=40,seats=2,skip_trivial=true" || !strings.Contains(p.Note, ckpt) || len(p.Results) != 2 ||
		p.Results[1].Agent != "policy:ckpt="+ckpt || p.Results[1].Episodes != 3 {
		t.Fatalf("policy case %+v", p)
	}
	md, _ := os.ReadFile(filepath.Join(out, benchmarks.BaselinesMD))
	if !strings.Contains(string(md), "`policy:ckpt="+ckpt+"`") {
		t.Fatalf("strength.md lacks the policy row:\n%s", md)
	}
	// a policy among --agents (a checkpoint played on another env of the
	// same layout, say) is a policy row: no note that there is none
	named := filepath.Join(dir, "agents")
	if _, _, err := mythos(t, "", "bench", "--quick", "--quiet", "--no-throughput", "--out", named, "--strength-envs", "Cipher",
		"--agents", "random;policy:ckpt="+ckpt, "--policies-from", "", "--env-episodes", "Cipher=3"); err != nil {
		t.Fatal(err)
	}
	if r := readBaselines(t, named); len(r.Envs) != 1 || len(r.Envs[0].Results) != 2 || len(r.Notes) != 0 {
		t.Fatalf("--agents with a policy: cases %+v, notes %q", r.Envs, r.Notes)
	}
}

// TestBenchStrengthCaseSizes: by default every env's ISMCTS gets 1000 iterations
// but the campaign's (200) and Machina's (100), and the first 20 of the
// 200 seeds; --env-iters names an env by a part of its id; a given
// --ismcts-iters holds everywhere --env-iters does not say otherwise.
func TestBenchStrengthCaseSizes(t *testing.T) {
	for _, c := range []struct {
		args  []string
		iters map[string]string // by env id, "" for 1000
		eps   [3]int
	}{
		{nil, map[string]string{lcg.NightOfTheZealotID: "200", env.MachinaFrozenEngineID: "100"}, [3]int{200, 200, 20}},
		{[]string{"--ismcts-iters", "300", "--env-iters", "Gathering=7", "--episodes", "9", "--ismcts-episodes", "0"},
			map[string]string{lcg.TheGatheringID: "7", lcg.NightOfTheZealotID: "300", env.MachinaFrozenEngineID: "300"}, [3]int{9, 9, 9}},
	} {
		fs := pflag.NewFlagSet("bench", pflag.ContinueOnError)
		var s strengthFlags
		s.add(fs)
		if err := fs.Parse(append([]string{"--strength-envs", "all", "--policies-from", ""}, c.args...)); err != nil {
			t.Fatal(err)
		}
		s.ownIters = fs.Changed("ismcts-iters")
		cases, _, err := s.cases()
		if err != nil {
			t.Fatal(err)
		}
		if len(cases) != len(env.IDs()) {
			t.Fatalf("%v: %d cases", c.args, len(cases))
		}
		for _, k := range cases {
			want := c.iters[k.Env]
			if want == "" {
				want = "1000"
				if c.args != nil {
					want = "300"
				}
			}
			if got := k.Agents[2]; got != "ismcts:rollout=heuristic,iters="+want {
				t.Errorf("%v: %s: agent %s, want iters=%s", c.args, k.Env, got, want)
			}
			if !reflect.DeepEqual(k.Episodes, c.eps[:]) {
				t.Errorf("%v: %s: episodes %v, want %v", c.args, k.Env, k.Episodes, c.eps)
			}
		}
	}
}

// TestBenchStrengthMonsterSideRow: a checkpoint that learned only some seats
// (the committed Machina monster side, seats.learn: [monsters]) gets a case
// where every agent plays those seats against the others fixed as in its
// training (the pioneers heuristic), in place of the env's default fixed
// monsters; its chart label says so.
func TestBenchStrengthMonsterSideRow(t *testing.T) {
	ckpt, err := filepath.Abs(filepath.Join("..", "..", "train", "results", "machina-monsters-paths", "last"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "bench")
	if _, _, err := mythos(t, "", "bench", "--quick", "--quiet", "--no-throughput", "--out", out, "--strength-envs", "Machina",
		"--agents", "random", "--policies-from", "", "--policy", ckpt, "--env-episodes", "Machina=2"); err != nil {
		t.Fatal(err)
	}
	r := readBaselines(t, out)
	if len(r.Envs) != 2 {
		t.Fatalf("cases %+v", r.Envs)
	}
	if d := r.Envs[0]; !slices.Equal(d.Seats, []string{"monsters=heuristic"}) || len(d.Tested) != 0 {
		t.Errorf("the default case: seats %q, tested %q", d.Seats, d.Tested)
	}
	m := r.Envs[1]
	if !slices.Equal(m.Seats, []string{"Lorre Jerrard=heuristic", "Hank Horden=heuristic"}) || !slices.Equal(m.Tested, []string{"monsters"}) ||
		len(m.Results) != 2 || m.Results[1].Agent != "policy:ckpt="+ckpt || !strings.Contains(m.Note, "a lower one is a stronger monsters side") {
		t.Fatalf("the monster-side case: %+v", m)
	}
	if l := benchmarks.EnvLabel(m); !strings.HasSuffix(l, "\nagents as monsters") {
		t.Errorf("chart label %q", l)
	}
}
