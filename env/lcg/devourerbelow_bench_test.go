//go:build unix

package lcg_test

import (
	"testing"

	"github.com/mythos-rl/mythos/encode/lcgobs"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// BenchmarkDevourerBelowRandomPlay is random play of The Devourer Below
// with two investigators on the bare state, resets included (goal: at least
// 1M decisions/s on one core, 0 allocs per decision).
func BenchmarkDevourerBelowRandomPlay(b *testing.B) {
	sc, err := lcg.NewScenario(lcg.Options{Investigators: []string{"01001", "01002"}, Difficulty: "standard", Scenario: "01142"})
	if err != nil {
		b.Fatal(err)
	}
	rng := game.NewRNG(1)
	seed := uint64(0)
	s := sc.New(seed, false)
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b, cpuTime())
	for i := 0; i < b.N; i++ {
		if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
			b.Fatal(err)
		}
		if s.Over() {
			seed++
			s.Reset(seed, false)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
}

// BenchmarkDevourerBelowEncode is one observation plus mask of The Devourer
// Below (two investigators, the acting one's view) over states of random
// play (goal: under 1 µs, 0 allocs).
func BenchmarkDevourerBelowEncode(b *testing.B) {
	sc, err := lcg.NewScenario(lcg.Options{Investigators: []string{"01001", "01002"}, Difficulty: "standard", Scenario: "01142"})
	if err != nil {
		b.Fatal(err)
	}
	e, err := lcgobs.New(sc.Info())
	if err != nil {
		b.Fatal(err)
	}
	var states []*lcg.State
	rng := game.NewRNG(11)
	for seed := uint64(1); len(states) < 64; seed++ {
		s := sc.New(seed, false)
		for n := 0; !s.Over() && n < 400; n++ {
			if n%7 == 3 {
				states = append(states, s.CloneState())
			}
			p := s.Prompt()
			c := rng.IntN(len(p.Options))
			if p.Options[c].Code == lcg.ActResign {
				c = (c + 1) % len(p.Options) // longer games: more varied states
			}
			if err := s.Apply(c); err != nil {
				b.Fatal(err)
			}
		}
	}
	o := e.Layout().NewObs()
	mask := make([]int8, e.Actions())
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b, cpuTime())
	for i := 0; i < b.N; i++ {
		s := states[i%len(states)]
		v := s.Prompt().Actor
		if v < 0 {
			v = 0
		}
		e.Encode(s, v, o)
		e.Mask(s, mask)
	}
}

// cpuTime is the process's CPU time; reportCPU adds the CPU time per
// operation since start (on a shared, loaded machine it stays near the
// unloaded figure while ns/op grows with the wait for a core; run with -cpu 1).
