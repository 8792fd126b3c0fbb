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

// TestEvalSeatFixesTheMonsterSide pits the same pioneers against two monster
// sides: the heuristic's monster side must hold them to fewer wins than a
// random one (MA §19.3; issue 12's done-when), and a bad --seat is refused.
func TestEvalSeatFixesTheMonsterSide(t *testing.T) {
	wins := map[string]int{}
	for _, side := range []string{"random", "heuristic"} {
		out, _, err := mythos(t, "", "eval", "MachinaArcana/TheFrozenEngine-v0", "--agents", "heuristic", "--opt", "variant=easy",
			"--seat", "monsters="+side, "--episodes", "80", "--seed", "1", "--quiet", "--json")
		if err != nil {
			t.Fatal(err)
		}
		var r evalReport
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if !reflect.DeepEqual(r.FixedSeats, []string{"monsters=" + side}) {
			t.Fatalf("fixed seats %v", r.FixedSeats)
		}
		wins[side] = r.Agents[0].Wins
	}
	t.Logf("pioneers' wins in 80 easy games: against random monsters %d, against heuristic monsters %d", wins["random"], wins["heuristic"])
	if wins["heuristic"] >= wins["random"] {
		t.Fatalf("the heuristic monster side (%d pioneer wins) does not beat a random one (%d)", wins["heuristic"], wins["random"])
	}
	if _, _, err := mythos(t, "", "eval", "MachinaArcana/TheFrozenEngine-v0", "--agents", "random", "--seat", "cultists=random", "--episodes", "1", "--quiet"); err == nil || !strings.Contains(err.Error(), "cultists") {
		t.Fatalf("--seat cultists=random: %v", err)
	}
}
