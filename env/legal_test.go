package env_test

import (
	"slices"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// TestLegalListsTheMask: for every env id, over random games, Info.Mask is
// the game's encoder's mask of the state, and Info.Legal holds exactly the
// ids where it is 1, in increasing order, after Reset and every Step (and
// the wrappers pass it on); agents.Pick on it draws what agents.Uniform
// draws on the mask with the same generator.
func TestLegalListsTheMask(t *testing.T) {
	for _, id := range env.IDs() {
		t.Run(id, func(t *testing.T) {
			e, err := env.Make(id, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := freshMask(t, id, nil)
			a, b := game.NewRNG(3), game.NewRNG(3)
			_, info := e.Reset(1)
			for n, seed := 0, uint64(1); n < 3000; n++ {
				want(n, env.DirectEncoderOf(e), info.Mask)
				checkLegal(t, n, &info)
				x, y := agents.Pick(&a, &info), agents.Uniform(&b, info.Mask)
				if x != y {
					t.Fatalf("decision %d: Pick drew %d from Legal, Uniform %d from the mask", n, x, y)
				}
				tr, err := e.Step(x)
				if err != nil {
					t.Fatal(err)
				}
				info = tr.Info
				if tr.Done() {
					want(n, env.DirectEncoderOf(e), info.Mask)
					checkLegal(t, n, &info)
					seed++
					_, info = e.Reset(seed)
				}
			}
		})
	}
}

func checkLegal(t *testing.T, n int, info *env.Info) {
	t.Helper()
	if info.Legal == nil {
		t.Fatalf("decision %d: no Legal list", n)
	}
	k := 0
	for a, m := range info.Mask {
		if m == 0 {
			continue
		}
		if k >= len(info.Legal) || int(info.Legal[k]) != a {
			t.Fatalf("decision %d: Legal %v does not list the mask's ids in order (id %d is legal)", n, info.Legal, a)
		}
		k++
	}
	if k != len(info.Legal) {
		t.Fatalf("decision %d: Legal %v lists %d ids, the mask %d", n, info.Legal, len(info.Legal), k)
	}
}

// freshMask returns a check that mask is what the encoder of env id (with
// the game's own options of opts) writes into a cleared mask for the state
// of d, the env's game env.
func freshMask(t *testing.T, id string, opts env.Options) func(n int, d env.DirectEncoder, mask []int8) {
	t.Helper()
	g, err := env.BuildGame(id, opts.Without(env.CommonOptionNames()...))
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int8, g.Encoder.Actions())
	return func(n int, d env.DirectEncoder, mask []int8) {
		t.Helper()
		ge, ok := d.(*env.GameEnv)
		if !ok {
			t.Fatalf("decision %d: the env's game env is a %T", n, d)
		}
		g.Encoder.Mask(ge.State(), want)
		if !slices.Equal(mask, want) {
			for a := range want {
				if mask[a] != want[a] {
					t.Fatalf("decision %d: mask[%d] is %d, the state's mask %d", n, a, mask[a], want[a])
				}
			}
		}
	}
}
