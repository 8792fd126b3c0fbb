package env_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/fixture"
)

func init() { fixture.Register() }

func mustMake(t testing.TB, opts env.Options) env.Env {
	t.Helper()
	e, err := env.Make(fixture.ID, opts)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// firstLegal returns the lowest legal action id of a mask.
func firstLegal(mask []int8) int { return slices.Index(mask, 1) }

// pick returns a legal action chosen by r.
func pick(r *game.RNG, mask []int8) int {
	var legal [64]int
	n := 0
	for a, m := range mask {
		if m == 1 {
			legal[n] = a
			n++
		}
	}
	return legal[r.IntN(n)]
}

func TestMakeErrors(t *testing.T) {
	for _, tc := range []struct {
		id   string
		opts env.Options
		want string
	}{
		{"Nope/Nothing-v0", nil, "unknown env id"},
		{fixture.ID, env.Options{"colour": "red"}, `unknown option "colour"`},
		{fixture.ID, env.Options{"seats": "nine"}, "not an integer"},
		{fixture.ID, env.Options{"seats": "9"}, "seats 1 to 3"},
		{fixture.ID, env.Options{"max_steps": "-1"}, "0 or more"},
		{fixture.ID, env.Options{"skip_trivial": "maybe"}, "not true or false"},
	} {
		_, err := env.Make(tc.id, tc.opts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Make(%s, %v) = %v, want an error containing %q", tc.id, tc.opts, err, tc.want)
		}
	}
}

func TestRegistryListsFixtureWithSpec(t *testing.T) {
	if !slices.Contains(env.IDs(), fixture.ID) {
		t.Fatalf("IDs() = %v", env.IDs())
	}
	e := mustMake(t, env.Options{"seats": "3"})
	sp := e.Spec()
	if sp.Actions != 8 || len(sp.Agents) != 3 || len(sp.ActionNames) != 8 {
		t.Fatalf("spec: %d actions, agents %v", sp.Actions, sp.Agents)
	}
	if _, ok := sp.Layout.Field("hand"); !ok {
		t.Fatal("no hand field")
	}
	if md := sp.Markdown(); !strings.Contains(md, "`hand`") || !strings.Contains(md, "skip_trivial") {
		t.Fatalf("markdown lacks fields or options:\n%s", md)
	}
}

// episode plays one episode with actions from r and returns every
// observation, mask and reward seen.
func episode(t *testing.T, e env.Env, seed uint64, r game.RNG) (obs [][]float32, ids [][]int32, rewards []float64) {
	o, info := e.Reset(seed)
	obs, ids = append(obs, slices.Clone(o.F32)), append(ids, slices.Clone(o.I32))
	for {
		tr, err := e.Step(pick(&r, info.Mask))
		if err != nil {
			t.Fatal(err)
		}
		obs, ids, rewards = append(obs, slices.Clone(tr.Obs.F32)), append(ids, slices.Clone(tr.Obs.I32)), append(rewards, tr.Reward)
		if tr.Done() {
			return
		}
		info = tr.Info
	}
}

func TestSameSeedSameObservations(t *testing.T) {
	a, b := mustMake(t, env.Options{"seats": "3"}), mustMake(t, env.Options{"seats": "3"})
	for seed := uint64(0); seed < 30; seed++ {
		fa, ia, ra := episode(t, a, seed, game.NewRNG(seed))
		fb, ib, rb := episode(t, b, seed, game.NewRNG(seed))
		for i := range fa {
			if !slices.Equal(fa[i], fb[i]) || !slices.Equal(ia[i], ib[i]) {
				t.Fatalf("seed %d: observation %d differs", seed, i)
			}
		}
		if !slices.Equal(ra, rb) {
			t.Fatalf("seed %d: rewards differ", seed)
		}
		if sum := ra[len(ra)-1]; sum != 1 && sum != -1 {
			t.Fatalf("seed %d: final reward %v, want ±1", seed, sum)
		}
	}
}

func TestIllegalActionChangesNothing(t *testing.T) {
	e := mustMake(t, nil)
	_, info := e.Reset(3)
	before, _ := e.State().MarshalBinary()
	for _, a := range []int{-1, 8, 100} {
		if _, err := e.Step(a); err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Fatalf("Step(%d) = %v", a, err)
		}
	}
	masked := slices.Index(info.Mask, 0)
	_, err := e.Step(masked)
	var ill *env.IllegalActionError
	if !errors.As(err, &ill) || !errors.Is(err, game.ErrIllegal) {
		t.Fatalf("Step(masked %d) = %v", masked, err)
	}
	after, _ := e.State().MarshalBinary()
	if !slices.Equal(before, after) {
		t.Fatal("an illegal action changed the state")
	}
	if _, err := e.Step(firstLegal(info.Mask)); err != nil {
		t.Fatalf("the env does not go on after an illegal action: %v", err)
	}
}

func TestStepAfterEndAndBeforeReset(t *testing.T) {
	base, err := env.MakeBase(fixture.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := base.Step(0); !errors.Is(err, env.ErrNotReset) {
		t.Fatalf("Step before Reset = %v", err)
	}
	e := mustMake(t, nil)
	episode(t, e, 1, game.NewRNG(1))
	if _, err := e.Step(0); !errors.Is(err, env.ErrEpisodeOver) {
		t.Fatalf("Step after the end = %v", err)
	}
}

func TestObservePerAgentView(t *testing.T) {
	e := mustMake(t, env.Options{"seats": "2"})
	e.Reset(8)
	hand, _ := e.Spec().Layout.Field("hand")
	s := e.State().(*fixture.State)
	for seat := game.AgentID(0); seat < 2; seat++ {
		o := e.Spec().Layout.NewObs()
		e.Observe(seat, o)
		got := o.Int(hand)
		for k, v := range s.Hand(seat) {
			if got[k] != int32(v) {
				t.Fatalf("seat %d sees hand %v, holds %v", seat, got, s.Hand(seat))
			}
		}
	}
}

// randomPlayer plays an env at random from its reset with seed 1, the next
// episode (seeds 2, 3, …) reset as soon as one ends, as a Vector does
// inside Step.
type randomPlayer struct {
	t    testing.TB
	e    env.Env
	rng  game.RNG
	info env.Info
	seed uint64 // the episode being played
}

// newRandomPlayer resets e with seed 1 and chooses with an RNG seeded 1.
func newRandomPlayer(t testing.TB, e env.Env) *randomPlayer {
	p := &randomPlayer{t: t, e: e, rng: game.NewRNG(1), seed: 1}
	_, p.info = e.Reset(p.seed)
	return p
}

// step takes one random legal action, and resets when the episode ends.
func (p *randomPlayer) step() {
	tr, err := p.e.Step(pick(&p.rng, p.info.Mask))
	if err != nil {
		p.t.Fatal(err)
	}
	p.info = tr.Info
	if tr.Done() {
		p.reset()
	}
}

// reset starts the next episode.
func (p *randomPlayer) reset() {
	p.seed++
	_, p.info = p.e.Reset(p.seed)
}

func TestStepAllocatesNothing(t *testing.T) {
	p := newRandomPlayer(t, mustMake(t, env.Options{"seats": "2"}))
	for i := 0; i < 1000; i++ { // warm the buffers
		p.step()
	}
	if n := testing.AllocsPerRun(2000, p.step); n != 0 {
		t.Fatalf("Step allocates %.2f times per call", n)
	}
}

var _ encode.Encoder = (*fixture.Encoder)(nil)

func TestParseOptions(t *testing.T) {
	o, err := env.ParseOptions("investigators=roland,daisy, difficulty=easy")
	if err != nil || o["investigators"] != "roland,daisy" || o["difficulty"] != "easy" || len(o) != 2 {
		t.Fatalf("%v %v", o, err)
	}
	if o.String() != "difficulty=easy,investigators=roland,daisy" {
		t.Fatalf("String() = %q", o.String())
	}
	for _, bad := range []string{"daisy", "=3"} {
		if _, err := env.ParseOptions(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
