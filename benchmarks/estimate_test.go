package benchmarks

import (
	"strings"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/internal/fixture"
)

func TestThroughputExpected(t *testing.T) {
	cfg := ThroughputConfig{IDs: []string{"a", "b"}, Workers: []int{1, 2, 4}, Duration: 10 * time.Millisecond}
	// per id: encoded, raw, clone and three worker counts
	if got, want := cfg.Expected(), 2*6*10*time.Millisecond; got != want {
		t.Fatalf("Expected() = %v, want %v", got, want)
	}
}

// TestEstimateStrength checks the probe's figures: the mean length is that of
// the run's own first episodes, and the total is the sum over agents.
func TestEstimateStrength(t *testing.T) {
	fixture.Register()
	cfg := StrengthConfig{Env: fixture.ID, Agents: []string{"random", "heuristic"}, Episodes: 50, Seed: 4, Workers: 1}
	total, per, err := EstimateStrength(cfg, 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if len(per) != 2 || per[0].Agent != "random" || per[1].Agent != "heuristic" {
		t.Fatalf("%+v", per)
	}
	var sum time.Duration
	for _, e := range per {
		if !e.Measured || e.SecondsPerDecision <= 0 || e.Expected <= 0 {
			t.Fatalf("%+v", e)
		}
		sum += e.Expected
	}
	if sum != total {
		t.Fatalf("total %v, sum of agents %v", total, sum)
	}
	// the probe plays the run's first episodes (at most probeEpisodes), so
	// its mean lies between the shortest and the longest of them
	eps, err := agents.Rollout(agents.RolloutConfig{Env: fixture.ID, Agent: "random", Episodes: probeEpisodes, Seed: 4, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := eps[0].Length, eps[0].Length
	for _, e := range eps {
		lo, hi = min(lo, e.Length), max(hi, e.Length)
	}
	if m := per[0].MeanLength; m < float64(lo) || m > float64(hi) {
		t.Fatalf("random's mean length %.1f outside [%d, %d] of its first episodes", m, lo, hi)
	}
	if _, _, err := EstimateStrength(StrengthConfig{Env: fixture.ID, Agents: []string{"genius"}, Episodes: 1}, time.Millisecond); err == nil ||
		!strings.Contains(err.Error(), "genius") {
		t.Fatalf("unknown agent: %v", err)
	}
}
