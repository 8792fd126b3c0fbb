package ah3obs_test

import (
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// BenchmarkEncode measures one observation plus mask with two investigators,
// from the acting investigator's view, into caller-owned buffers, over
// states of random play (0 allocs).
func BenchmarkEncode(b *testing.B) {
	g := newGame(b, teams[1])
	e := encoder(b, g)
	states := randomStates(b, g, 64, 7)
	o := e.Layout().NewObs()
	mask := make([]int8, e.Actions())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := states[i%len(states)]
		e.Encode(s, actor(s), o)
		e.Mask(s, mask)
	}
}

// BenchmarkEncodeTouched is BenchmarkEncode with a Touched record (the
// vector env's and the server's path: only written blocks are cleared).
func BenchmarkEncodeTouched(b *testing.B) {
	g := newGame(b, teams[1])
	e := encoder(b, g)
	states := randomStates(b, g, 64, 7)
	o := e.Layout().NewObs()
	tr := encode.MakeTouched(e.Layout(), 1)
	mask := make([]int8, e.Actions())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := states[i%len(states)]
		e.EncodeTouched(s, actor(s), o, &tr[0])
		e.Mask(s, mask)
	}
}

// BenchmarkRandomPlay measures random play with two investigators through
// env.Step, which encodes the observation and the mask after every decision
// (target: 300,000 decisions/s on one core, 0 allocs per decision in steady
// state; a reset allocates a new state).
func BenchmarkRandomPlay(b *testing.B) { benchPlay(b, false) }

// BenchmarkRandomPlayTouched is BenchmarkRandomPlay encoding into caller
// buffers with a Touched record (EncodeInto), as the vector env does.
func BenchmarkRandomPlayTouched(b *testing.B) { benchPlay(b, true) }

func benchPlay(b *testing.B, touched bool) {
	e, err := env.MakeBase(env.AH3ID, env.Options{"investigators": "2"})
	if err != nil {
		b.Fatal(err)
	}
	if touched {
		l := e.Spec().Layout
		e.EncodeInto(l.NewObs(), make([]int8, e.Spec().Actions), &encode.MakeTouched(l, 1)[0])
	}
	rng := game.NewRNG(1)
	seed := uint64(0)
	_, info := e.Reset(seed)
	var legal [256]int
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		n := 0
		for a, m := range info.Mask {
			if m == 1 {
				legal[n] = a
				n++
			}
		}
		tr, err := e.Step(legal[rng.IntN(n)])
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
