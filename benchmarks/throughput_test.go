package benchmarks

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/fixture"
)

// benchEnvs are the ids measured: the kernel fixture and every registered env.
func benchEnvs() []string {
	fixture.Register()
	return env.IDs()
}

// BenchmarkStep measures random play through env.Step (encoding and mask
// included) on one goroutine, per env id.
func BenchmarkStep(b *testing.B) {
	for _, id := range benchEnvs() {
		b.Run(id, func(b *testing.B) {
			e, err := env.Make(id, nil)
			if err != nil {
				b.Fatal(err)
			}
			rng := game.NewRNG(1)
			seed := uint64(0)
			_, info := e.Reset(seed)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				tr, err := e.Step(agents.Uniform(&rng, info.Mask))
				if err != nil {
					b.Fatal(err)
				}
				info = tr.Info
				if tr.Done() {
					seed++
					_, info = e.Reset(seed)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
		})
	}
}

// BenchmarkVector measures a vector of 64 envs stepped by 1 to GOMAXPROCS
// workers; the decisions/s metric shows the scaling.
func BenchmarkVector(b *testing.B) {
	for _, id := range benchEnvs() {
		for w := 1; w <= runtime.GOMAXPROCS(0); w *= 2 {
			b.Run(fmt.Sprintf("%s/workers=%d", id, w), func(b *testing.B) {
				v, err := env.NewVector(id, nil, 64, w)
				if err != nil {
					b.Fatal(err)
				}
				defer v.Close()
				out := v.NewBatch(false)
				v.Reset(1, out)
				rng := game.NewRNG(1)
				acts := make([]int32, v.Len())
				A := v.Spec().Actions
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					for k := range acts {
						acts[k] = int32(agents.Uniform(&rng, out.Mask[k*A:(k+1)*A]))
					}
					if err := v.Step(acts, out); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N*v.Len())/b.Elapsed().Seconds(), "decisions/s")
			})
		}
	}
}

// BenchmarkClone measures State.Clone mid-game, per env id.
func BenchmarkClone(b *testing.B) {
	for _, id := range benchEnvs() {
		b.Run(id, func(b *testing.B) {
			e, err := env.Make(id, nil)
			if err != nil {
				b.Fatal(err)
			}
			_, info := e.Reset(3)
			rng := game.NewRNG(3)
			for i := 0; i < 10; i++ {
				tr, err := e.Step(agents.Uniform(&rng, info.Mask))
				if err != nil || tr.Done() {
					break
				}
				info = tr.Info
			}
			s := e.State()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				_ = s.Clone()
			}
		})
	}
}
