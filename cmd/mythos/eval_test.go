package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/internal/fixture"
)

func TestEvalIsReproducible(t *testing.T) {
	a := sameOnAnyWorkers(t, "eval", fixture.ID, "--agents", "random,ismcts:iters=20,c=0.5", "--episodes", "40", "--seed", "3", "--quiet")
	for _, want := range []string{"ismcts:iters=20,c=0.5", "95% interval", "throughput: random"} {
		if !strings.Contains(a, want) {
			t.Fatalf("output lacks %q:\n%s", want, a)
		}
	}
	c, _, _ := mythos(t, "", "eval", fixture.ID, "--agents", "random,ismcts:iters=20,c=0.5", "--episodes", "40", "--seed", "4", "--quiet")
	if results(a) == results(c) {
		t.Fatalf("seeds 3 and 4 gave the same table:\n%s", a)
	}
}

func TestEvalJSON(t *testing.T) {
	out, _, err := mythos(t, "", "eval", fixture.ID, "--agents", "random;heuristic", "--episodes", "10", "--quiet", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var r evalReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if r.Env != fixture.ID || len(r.Agents) != 2 || r.Agents[1].Agent != "heuristic" || r.Agents[0].Episodes != 10 ||
		r.Agents[0].WinLow > r.Agents[0].WinRate || r.Agents[0].WinHigh < r.Agents[0].WinRate {
		t.Fatalf("%+v", r)
	}
}

func TestEvalRejectsBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", fixture.ID, "--agents", "genius"}, "unknown agent"},
		{[]string{"eval", fixture.ID, "--agents", "iters=3"}, "does not follow an agent"},
		{[]string{"eval", fixture.ID, "--agents", ""}, "empty"},
		{[]string{"eval", fixture.ID, "--episodes", "0"}, "at least 1"},
		{[]string{"eval", "Nope/Nope-v0"}, "Nope"},
	} {
		_, _, err := mythos(t, "", append(c.args, "--quiet")...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err %v, want %q", c.args, err, c.want)
		}
	}
}

func TestSplitAgentSpecs(t *testing.T) {
	for in, want := range map[string][]string{
		"random,heuristic,ismcts":                    {"random", "heuristic", "ismcts"},
		"random,ismcts:iters=2000,rollout=heuristic": {"random", "ismcts:iters=2000,rollout=heuristic"},
		"ismcts:iters=5,c=1,heuristic;ismcts:ms=10":  {"ismcts:iters=5,c=1", "heuristic", "ismcts:ms=10"},
		" random ; heuristic ":                       {"random", "heuristic"},
	} {
		got, err := splitAgentSpecs(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("splitAgentSpecs(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
