package machinaobs_test

import (
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/encode/machinaobs"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
)

// BenchmarkEncode measures one observation (planes and vectors) and the
// mask of a 2-pioneer game in progress
// (go test -run '^$' -bench . -benchmem -cpu 1 ./encode/machinaobs/).
func BenchmarkEncode(b *testing.B) {
	s := newState(b, 3, machina.Config{Pioneers: []string{"hank", "kim"}})
	rng := game.NewRNG(1)
	for i := 0; i < 40 && !s.Over(); i++ {
		_ = s.Apply(rng.IntN(len(s.Prompt().Options)))
	}
	e := encoderFor(b, s)
	o := e.Layout().NewObs()
	mask := make([]int8, e.Actions())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Encode(s, s.Prompt().Actor, o)
		e.Mask(s, mask)
	}
}

// BenchmarkRandomPlayEncoded measures random decisions of 2-pioneer games
// with the observation (brought up to date with EncodeIncremental, as the
// env does) and the mask written after every decision.
func BenchmarkRandomPlayEncoded(b *testing.B) {
	benchPlay(b, encIncremental)
}

// BenchmarkRandomPlayEncodedTouched is the same play with the observation
// written whole every decision (EncodeTouched, as before incremental
// encoding).
func BenchmarkRandomPlayEncodedTouched(b *testing.B) {
	benchPlay(b, encTouched)
}

// BenchmarkRandomPlayEncodedPaths is BenchmarkRandomPlayEncoded with the
// option paths (Extras.Paths, the env option option_paths=true).
func BenchmarkRandomPlayEncodedPaths(b *testing.B) {
	benchPlay(b, encPaths)
}

// BenchmarkRandomPlay is the same play without encoding, for comparison.
func BenchmarkRandomPlay(b *testing.B) {
	benchPlay(b, encNone)
}

// How benchPlay encodes.
const (
	encNone = iota
	encIncremental
	encTouched
	encPaths // encIncremental with Extras.Paths
)

func benchPlay(b *testing.B, how int) {
	start := newState(b, 5, machina.Config{Pioneers: []string{"hank", "kim"}, RoundCap: 60})
	s := start.Clone().(*machina.State)
	e := encoderFor(b, s)
	if how == encPaths {
		var err error
		if e, err = machinaobs.NewWith(s.Info(), machinaobs.Extras{Paths: true}); err != nil {
			b.Fatal(err)
		}
	}
	o := e.Layout().NewObs()
	tt := encode.MakeTouched(e.Layout(), 1)
	m := e.NewMemory()
	mask := make([]int8, e.Actions())
	rng := game.NewRNG(1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if s.Over() {
			start.CloneInto(s)
			s.RNG().Seed(uint64(i))
		}
		if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
			b.Fatal(err)
		}
		if s.Over() {
			continue
		}
		switch how {
		case encIncremental, encPaths:
			e.EncodeIncremental(s, s.Prompt().Actor, o, m)
			e.Mask(s, mask)
		case encTouched:
			e.EncodeTouched(s, s.Prompt().Actor, o, &tt[0])
			e.Mask(s, mask)
		}
	}
}
