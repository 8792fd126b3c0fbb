package render_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/render"
)

// play makes env id, resets it with seed and answers n prompts with
// seeded random choices; it returns the state.
func play(t testing.TB, id string, seed uint64, n int) game.State {
	t.Helper()
	e, err := env.MakeBase(id, nil)
	if err != nil {
		t.Fatal(err)
	}
	e.Reset(seed)
	st := e.State()
	rng := game.NewRNG(seed + 7)
	for i := 0; i < n && !st.Over(); i++ {
		if err := st.Apply(rng.IntN(len(st.Prompt().Options))); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func TestDump(t *testing.T) {
	dir := os.Getenv("RENDER_DUMP")
	if dir == "" {
		t.Skip("RENDER_DUMP unset")
	}
	for _, id := range env.IDs() {
		st := play(t, id, 1, 60)
		sc, err := render.Draw(st, st.Prompt().Actor)
		if err != nil {
			t.Log(err)
			continue
		}
		var b bytes.Buffer
		if err := sc.PNG(&b); err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, filepath.Base(id)+".png")
		os.WriteFile(name, b.Bytes(), 0o644)
		os.WriteFile(name[:len(name)-4]+".svg", sc.SVG(), 0o644)
	}
}
