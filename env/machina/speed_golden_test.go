package machina

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestRandomPlayDigest plays random games and prints a digest of every
// decision's prompt and the final states, so that an engine speed-up can be
// checked byte-identical against the code before it (run with -v).
func TestRandomPlayDigest(t *testing.T) {
	h := sha256.New()
	for seed := uint64(0); seed < 200; seed++ {
		s := newGame(t, seed, configFor(seed))
		rng := game.NewRNG(seed * 7)
		for i := 0; i < 3000 && !s.Over(); i++ {
			n := len(s.prompt.Options)
			h.Write([]byte{byte(n), byte(n >> 8)})
			if i%64 == 0 {
				b, _ := s.MarshalBinary()
				h.Write(b)
			}
			if err := s.Apply(rng.IntN(n)); err != nil {
				t.Fatal(err)
			}
		}
		b, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		h.Write(b)
	}
	t.Logf("digest %s", hex.EncodeToString(h.Sum(nil)))
}
