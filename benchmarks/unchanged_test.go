package benchmarks

import (
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// BenchmarkEncodeUnchanged measures, per env id with an incremental
// encoder, an encoding of a state that its row holds already, with the
// mask: mid-game states of random play, each with an encoder of its own
// (an env's: the encoders keep caches), encoded once into a row of its own
// and then again and again. Every keyed block is found unchanged
// and nothing is written but the blocks written every time (the prompt,
// the counters). It is the least an encoding costs when the encoder learns
// what changed from the blocks' keys alone; random play (BenchmarkStep)
// costs this, the game and the blocks a decision changes.
// benchmarks/icount/icount.sh --unchanged counts its instructions.
func BenchmarkEncodeUnchanged(b *testing.B) {
	const n = 16 // states, each with an encoder of its own, as an env has
	for _, id := range benchEnvs() {
		g, err := env.BuildGame(id, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := g.Encoder.(encode.IncrementalEncoder); !ok {
			continue
		}
		b.Run(id, func(b *testing.B) {
			var encs [n]encode.IncrementalEncoder
			encs[0] = g.Encoder.(encode.IncrementalEncoder)
			for k := 1; k < n; k++ {
				other, err := env.BuildGame(id, nil)
				if err != nil {
					b.Fatal(err)
				}
				encs[k] = other.Encoder.(encode.IncrementalEncoder)
			}
			states, err := midGameStates(id, n)
			if err != nil {
				b.Fatal(err)
			}
			l := encs[0].Layout()
			var rows [n]encode.Obs
			var mems [n]*encode.Memory
			mask, legal := make([]int8, encs[0].Actions()), make([]int32, 0, encs[0].Actions())
			for k, s := range states {
				rows[k], mems[k] = l.NewObs(), encs[k].NewMemory()
				encs[k].EncodeIncremental(s, actor(s), rows[k], mems[k])
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				k := i % n
				s, e := states[k], encs[k]
				e.EncodeIncremental(s, actor(s), rows[k], mems[k])
				if le, ok := e.(encode.LegalEncoder); ok {
					legal = le.MaskLegal(s, mask, legal[:0])
				} else {
					e.Mask(s, mask)
				}
			}
			for k := range mems {
				if st := mems[k].Stats(); st.Full != 1 {
					b.Fatalf("%d full rewrites of an unchanged state's row, want the first alone", st.Full)
				}
			}
		})
	}
}

// actor is the seat whose view an env encodes: the prompt's actor, or seat
// 0 when nobody acts.
func actor(s game.State) game.AgentID {
	if v := s.Prompt().Actor; v >= 0 {
		return v
	}
	return 0
}
