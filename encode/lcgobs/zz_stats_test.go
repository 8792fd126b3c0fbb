package lcgobs_test

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

func TestZZStats(t *testing.T) {
	sc := scenario(t, duo)
	e := encoder(t, sc)
	o := e.Layout().NewObs()
	m := e.NewMemory()
	rng := game.NewRNG(5)
	s := sc.New(1, false)
	prev := game.AgentID(-5)
	var rw [2]int
	var cnt [2]int
	for i := 0; i < 50000; i++ {
		v := max(s.Prompt().Actor, 0)
		sw := 0
		if v != prev {
			sw = 1
		}
		prev = v
		before := m.Stats().Rewritten
		e.EncodeIncremental(s, v, o, m)
		rw[sw] += m.Stats().Rewritten - before
		cnt[sw]++
		if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
			t.Fatal(err)
		}
		if s.Over() {
			s.Reset(uint64(i), false)
		}
	}
	t.Logf("same viewer: %d encodings, %.1f rewritten; switch: %d, %.1f", cnt[0], float64(rw[0])/float64(cnt[0]), cnt[1], float64(rw[1])/float64(cnt[1]))
}
