package benchmarks

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/internal/fixture"
)

func TestSummarizeCountsOutcomes(t *testing.T) {
	eps := []agents.Episode{{Score: 1, Length: 10}, {Score: -1, Length: 4}, {Score: 0, Length: 6, Truncated: true}, {Score: 1, Length: 8}}
	r := Summarize("x", eps)
	if r.Wins != 2 || r.Losses != 1 || r.Unfinished != 1 || r.Decisions != 28 || r.WinRate != 0.5 || r.MeanScore != 0.25 || r.MeanLength != 7 {
		t.Fatalf("%+v", r)
	}
	if lo, hi := Wilson(2, 4, Z95); r.WinLow != lo || r.WinHigh != hi {
		t.Fatalf("interval %f %f", r.WinLow, r.WinHigh)
	}
}

func TestStrengthIsDeterministic(t *testing.T) {
	fixture.Register()
	cfg := StrengthConfig{Env: fixture.ID, Agents: []string{"random", "heuristic", "ismcts:iters=30"}, Episodes: 40, Seed: 9, Workers: 1}
	a, err := Strength(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 3
	b, err := Strength(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		a[i].Seconds, a[i].DecisionsPerSec, b[i].Seconds, b[i].DecisionsPerSec = 0, 0, 0, 0
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("same seed, different results:\n%+v\n%+v", a, b)
	}
	if a[2].WinRate <= a[0].WinRate {
		t.Fatalf("ismcts %.2f does not beat random %.2f on Cipher", a[2].WinRate, a[0].WinRate)
	}
}

func TestStrengthRejectsBadInput(t *testing.T) {
	fixture.Register()
	for _, c := range []struct {
		cfg  StrengthConfig
		want string
	}{
		{StrengthConfig{Env: fixture.ID, Episodes: 1}, "no agents"},
		{StrengthConfig{Env: fixture.ID, Agents: []string{"random"}}, "at least 1"},
		{StrengthConfig{Env: "Nope/Nope-v0", Agents: []string{"random"}, Episodes: 1}, "Nope"},
		{StrengthConfig{Env: fixture.ID, Agents: []string{"genius"}, Episodes: 1}, "unknown agent"},
	} {
		if _, err := Strength(c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: err %v, want %q", c.cfg, err, c.want)
		}
	}
}
