//go:build unix

package lcg_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/encode/lcgobs"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// scenarioBenches are the scenarios beyond The Gathering (whose own
// benchmarks are in the root of the package), by card code.
var scenarioBenches = []struct {
	name, code string
	campaign   bool // the whole campaign from this scenario (NightOfTheZealot-v0)
}{
	{"MidnightMasks", "01120", false},
	{"DevourerBelow", "01142", false},
	{"NightOfTheZealot", "", true},
}

// BenchmarkScenarioRandomPlay is random play of each scenario with two
// investigators on the bare state, resets included (goal: at least 1M
// decisions/s on one core, 0 allocs per decision).
func BenchmarkScenarioRandomPlay(b *testing.B) {
	for _, c := range scenarioBenches {
		b.Run(c.name, func(b *testing.B) {
			sc, err := lcg.NewScenario(lcg.Options{Investigators: []string{"01001", "01002"}, Difficulty: "standard", Scenario: c.code, Campaign: c.campaign})
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
		})
	}
}

// BenchmarkScenarioEncode is one observation plus mask of each scenario (two
// investigators, the acting one's view) over states of random play (goal:
// under 1 µs, 0 allocs).
func BenchmarkScenarioEncode(b *testing.B) {
	for _, c := range scenarioBenches {
		b.Run(c.name, func(b *testing.B) {
			sc, err := lcg.NewScenario(lcg.Options{Investigators: []string{"01001", "01002"}, Difficulty: "standard", Scenario: c.code, Campaign: c.campaign})
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
					k := rng.IntN(len(p.Options))
					if p.Options[k].Code == lcg.ActResign {
						k = (k + 1) % len(p.Options) // longer games: more varied states
					}
					if err := s.Apply(k); err != nil {
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
		})
	}
}

// cpuTime is the process's CPU time; reportCPU adds the CPU time per
// operation since start (on a shared, loaded machine it stays near the
// unloaded figure while ns/op grows with the wait for a core; run with -cpu 1).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, start time.Duration) {
	if used := cpuTime() - start; used > 0 && b.N > 0 {
		b.ReportMetric(float64(used.Nanoseconds())/float64(b.N), "cpu-ns/op")
		b.ReportMetric(float64(b.N)/used.Seconds(), "ops/cpu-s")
	}
}
