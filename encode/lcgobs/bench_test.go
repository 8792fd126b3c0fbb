package lcgobs_test

import (
	"testing"
	"time"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// duo is the benchmark team: Roland Banks and Daisy Walker.
var duo = []string{"01001", "01002"}

// BenchmarkEncode measures one observation plus mask for The Gathering with
// two investigators, from the acting investigator's view, into caller-owned
// buffers, over states of random play (goal: under 2 µs, 0 allocs).
func BenchmarkEncode(b *testing.B) {
	sc := scenario(b, duo)
	e := encoder(b, sc)
	states := randomStates(b, sc, 8, 11)
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

// BenchmarkRandomPlay measures random play of The Gathering with two
// investigators through env.Step, which encodes the observation and the mask
// after every decision (goal: at least 300,000 decisions/s on one core).
func BenchmarkRandomPlay(b *testing.B) {
	e := makeEnv(b, duo)
	rng := game.NewRNG(1)
	seed := uint64(0)
	_, info := e.Reset(seed)
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b, cpuTime())
	for i := 0; i < b.N; i++ {
		tr, err := e.Step(pick(&rng, info.Mask))
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
}

// BenchmarkRandomPlayEngineOnly is the same random play on the bare state,
// without encoding: the difference to BenchmarkRandomPlay is the encoder's
// share.
func BenchmarkRandomPlayEngineOnly(b *testing.B) {
	sc := scenario(b, duo)
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

// reportCPU adds the CPU time per operation and the operations per CPU
// second, measured from start: on a shared machine these stay near the
// unloaded figures while ns/op grows with the wait for a core. Run with
// -cpu 1 so that one core does the work.
func reportCPU(b *testing.B, start time.Duration) {
	used := cpuTime() - start
	if used <= 0 || b.N == 0 {
		return
	}
	b.ReportMetric(float64(used.Nanoseconds())/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(b.N)/used.Seconds(), "ops/cpu-s")
}

// BenchmarkEncodeSequence encodes the consecutive states of random play of
// The Gathering with two investigators, each from its actor's view, into one
// row: from zero every time (full, as Encode), with a Touched record (as
// EncodeTouched), and bringing the row up to date (incremental, as
// EncodeIncremental with one memory). The engine's work is not included.
func BenchmarkEncodeSequence(b *testing.B) {
	sc := scenario(b, duo)
	e := encoder(b, sc)
	states := randomStates(b, sc, 8, 11)
	o := e.Layout().NewObs()
	viewer := func(s game.State) game.AgentID { return max(s.Prompt().Actor, 0) }
	run := func(b *testing.B, encode func(s game.State)) {
		b.ReportAllocs()
		b.ResetTimer()
		defer reportCPU(b, cpuTime())
		for i := 0; i < b.N; i++ {
			encode(states[i%len(states)])
		}
	}
	b.Run("full", func(b *testing.B) {
		run(b, func(s game.State) { e.Encode(s, viewer(s), o) })
	})
	b.Run("touched", func(b *testing.B) {
		t := &encode.MakeTouched(e.Layout(), 1)[0]
		run(b, func(s game.State) { e.EncodeTouched(s, viewer(s), o, t) })
	})
	b.Run("incremental", func(b *testing.B) {
		m := e.NewMemory()
		run(b, func(s game.State) { e.EncodeIncremental(s, viewer(s), o, m) })
	})
	// unchanged encodes every state twice in a row: half its encodings
	// find nothing changed, so twice its time per op less incremental's
	// is the floor of an incremental encoding (every key computed and
	// compared, the Always blocks written, no entity block changed).
	b.Run("unchanged", func(b *testing.B) {
		m := e.NewMemory()
		twice := make([]*lcg.State, 0, 2*len(states))
		for _, s := range states {
			twice = append(twice, s, s)
		}
		b.ReportAllocs()
		b.ResetTimer()
		defer reportCPU(b, cpuTime())
		for i := 0; i < b.N; i++ {
			s := twice[i%len(twice)]
			e.EncodeIncremental(s, viewer(s), o, m)
		}
	})
}
