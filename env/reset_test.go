package env_test

import (
	"bytes"
	"encoding"
	"slices"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// TestResetReusedStateMatchesNew: for every env id, an env reset after a
// few random games (its state reset in place where the game offers that)
// gives the observation, mask and state bytes (the log included, turned on
// in between) of a new env reset with the same seed, and both play on
// alike.
func TestResetReusedStateMatchesNew(t *testing.T) {
	for _, id := range env.IDs() {
		t.Run(id, func(t *testing.T) {
			old, err := env.Make(id, nil)
			if err != nil {
				t.Fatal(err)
			}
			rng := game.NewRNG(5)
			_, info := old.Reset(1)
			for n, seed := 0, uint64(1); n < 600; n++ {
				tr, err := old.Step(pick(&rng, info.Mask))
				if err != nil {
					t.Fatal(err)
				}
				info = tr.Info
				if tr.Done() {
					seed++
					_, info = old.Reset(seed)
				}
			}
			fresh, err := env.Make(id, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The log turned on between episodes reaches the reset state
			// (its bytes hold the log).
			for _, e := range []env.Env{old, fresh} {
				if b, ok := env.Unwrap(e).(*env.GameEnv); ok {
					b.SetLogging(true)
				}
			}
			o1, i1 := old.Reset(77)
			o2, i2 := fresh.Reset(77)
			for n := 0; ; n++ {
				if !sameObs(o1, o2) || !slices.Equal(i1.Mask, i2.Mask) || !sameState(old.State(), fresh.State()) {
					t.Fatalf("decision %d: the reset env differs from a new one (observation %v, mask %v, state %v)", n,
						sameObs(o1, o2), slices.Equal(i1.Mask, i2.Mask), sameState(old.State(), fresh.State()))
				}
				if n == 300 {
					break
				}
				a := pick(&rng, i2.Mask)
				t1, err1 := old.Step(a)
				t2, err2 := fresh.Step(a)
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				if t1.Done() != t2.Done() {
					t.Fatalf("decision %d: one env ended, the other did not", n)
				}
				if t2.Done() {
					break
				}
				o1, i1, o2, i2 = t1.Obs, t1.Info, t2.Obs, t2.Info
			}
			if len(old.State().Log().Events) == 0 {
				t.Fatal("the log turned on before the reset stayed off")
			}
		})
	}
}

func sameObs(a, b encode.Obs) bool {
	return slices.Equal(a.F32, b.F32) && slices.Equal(a.I32, b.I32) && slices.Equal(a.U8, b.U8)
}

// sameState compares the states' bytes where the game writes them.
func sameState(a, b game.State) bool {
	ma, ok1 := a.(encoding.BinaryMarshaler)
	mb, ok2 := b.(encoding.BinaryMarshaler)
	if !ok1 || !ok2 {
		return true
	}
	ba, err1 := ma.MarshalBinary()
	bb, err2 := mb.MarshalBinary()
	return err1 == nil && err2 == nil && bytes.Equal(ba, bb)
}
