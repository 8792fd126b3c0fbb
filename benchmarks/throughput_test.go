package benchmarks

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

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
func BenchmarkStep(b *testing.B) { benchDecisions(b, randomPlay) }

// BenchmarkRaw measures random play on the game state alone (State.Apply,
// no observation or mask: the raw decisions/s of the bench report) on one
// goroutine, per env id. Beside BenchmarkStep it gives the encoding's share
// of a step.
func BenchmarkRaw(b *testing.B) { benchDecisions(b, rawPlay) }

// benchDecisions runs one sub-benchmark per env id of the decisions that
// play makes for it.
func benchDecisions(b *testing.B, play func(id string) (func() error, error)) {
	for _, id := range benchEnvs() {
		b.Run(id, func(b *testing.B) {
			step, err := play(id)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := step(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
		})
	}
}

// BenchmarkVector measures a vector of 64 envs (MYTHOS_BENCH_ENVS) stepped by 1 to GOMAXPROCS
// workers (as [WorkerCounts]); the decisions/s metric shows the scaling of
// the whole loop (with the serial random policy), step-decisions/s that of
// the time inside Vector.Step.
func BenchmarkVector(b *testing.B) {
	n := vectorBenchEnvs()
	for _, id := range benchEnvs() {
		for _, w := range WorkerCounts(runtime.GOMAXPROCS(0)) {
			b.Run(fmt.Sprintf("%s/workers=%d", id, w), func(b *testing.B) {
				v, play, err := vectorPlay(id, n, w)
				if err != nil {
					b.Fatal(err)
				}
				defer v.Close()
				var inStep time.Duration
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if err := play(&inStep); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "decisions/s")
				b.ReportMetric(float64(b.N*n)/inStep.Seconds(), "step-decisions/s")
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

// BenchmarkReset measures env.Reset (the new game's setup and its first
// observation) per env id, a new seed each time, as a Vector resets an env
// inside Step when its episode ends.
func BenchmarkReset(b *testing.B) {
	for _, id := range benchEnvs() {
		b.Run(id, func(b *testing.B) {
			e, err := env.Make(id, nil)
			if err != nil {
				b.Fatal(err)
			}
			e.Reset(0)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				e.Reset(uint64(i + 1))
			}
		})
	}
}

// vectorBenchEnvs is the vector size of BenchmarkVector: 64, or
// MYTHOS_BENCH_ENVS.
func vectorBenchEnvs() int {
	if n, err := strconv.Atoi(os.Getenv("MYTHOS_BENCH_ENVS")); err == nil && n > 0 {
		return n
	}
	return 64
}
