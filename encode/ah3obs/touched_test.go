package ah3obs_test

import (
	"slices"
	"testing"

	"github.com/mythos-rl/mythos/encode"
)

// Encoding with a Touched record (rows and blocks marked once, only marked
// blocks cleared) writes exactly what the plain encoding writes, state after
// state into one reused buffer.
func TestTouchedMatchesPlain(t *testing.T) {
	for _, team := range teams {
		g := newGame(t, team)
		e := encoder(t, g)
		states := randomStates(t, g, 200, 3)
		plain, touched := e.Layout().NewObs(), e.Layout().NewObs()
		tr := encode.MakeTouched(e.Layout(), 1)
		for i, s := range states {
			e.Encode(s, actor(s), plain)
			e.EncodeTouched(s, actor(s), touched, &tr[0])
			if !slices.Equal(plain.F32, touched.F32) || !slices.Equal(plain.I32, touched.I32) {
				t.Fatalf("team %v, state %d: the touched encoding differs from the plain one", team, i)
			}
		}
	}
}
