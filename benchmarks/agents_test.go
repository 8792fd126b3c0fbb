package benchmarks

import (
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// BenchmarkPolicyPlayout measures whole playouts of The Gathering on the game
// state with the rollout policies ISMCTS uses, in decisions/s.
func BenchmarkPolicyPlayout(b *testing.B) {
	sc, err := lcg.NewScenario(lcg.Options{Investigators: []string{"01001"}, Difficulty: "standard", Mulligan: true})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		pol  agents.RolloutPolicy
	}{{"random", agents.RandomPolicy{}}, {"heuristic", agents.HeuristicPolicy{}}} {
		b.Run(c.name, func(b *testing.B) {
			s := sc.New(1, false)
			rng := game.NewRNG(1)
			seed := uint64(1)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := s.Apply(c.pol.Choose(s, &rng)); err != nil {
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
