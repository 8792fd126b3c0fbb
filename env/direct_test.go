package env_test

import (
	"math"
	"slices"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// opaque hides the env it wraps from env.DirectEncoderOf (it has no Unwrap),
// so that a vector of opaque envs copies every row from the envs' own
// buffers: the path before direct encoding.
type opaque struct{ env.Env }

// TestVectorDirectMatchesCopy steps two vectors of The Gathering with the
// same actions, one whose envs encode straight into the batch rows and one
// that copies the rows from each env's buffers, and checks that the two
// batches hold the same bytes after every step. The direct vector writes two
// batches in turn, so that its rows never hold the env's last observation
// when it encodes the next; episodes end by the step limit and by the game,
// so final observations and auto-resets are compared too.
func TestVectorDirectMatchesCopy(t *testing.T) {
	directMatchesCopy(t, lcg.TheGatheringID, env.Options{"investigators": "01001,01004", "max_steps": "60", "skip_trivial": "true"}, 400, true, 10)
}

// TestVectorDirectKeepsRowsOfIncrementalEncoders: the card games' encoders
// are incremental (env.RowKeeper), so a vector that steps one batch has
// them bring each row up to date instead of rewriting it; the rows must
// hold the same bytes as the copying vector's after every step.
func TestVectorDirectKeepsRowsOfIncrementalEncoders(t *testing.T) {
	directMatchesCopy(t, lcg.TheGatheringID, env.Options{"investigators": "01001,01004", "max_steps": "60", "skip_trivial": "true"}, 400, false, 10)
	directMatchesCopy(t, env.AH3ID, env.Options{"max_steps": "80"}, 400, false, 2)
}

// TestVectorDirectMatchesCopyMachina is the same for Machina Arcana, whose
// encoder is incremental too, over uint8 planes and rows as well (terrain
// planes kept while the board is unchanged, card rows while their cards
// are): once writing two batches in turn (every row written afresh), once
// one batch (rows kept from step to step).
func TestVectorDirectMatchesCopyMachina(t *testing.T) {
	for _, alternate := range []bool{true, false} {
		directMatchesCopy(t, "MachinaArcana/TheFrozenEngine-v0", env.Options{"max_steps": "150"}, 600, alternate, 2)
	}
}

func directMatchesCopy(t *testing.T, id string, opts env.Options, steps int, alternate bool, minEnds int) {
	const n = 6
	direct, copied := twoVectors(t, id, opts, n, 2)
	a, b := [2]*env.Batch{direct.NewBatch(true), direct.NewBatch(true)}, copied.NewBatch(true)
	if err := direct.Reset(9, a[0]); err != nil {
		t.Fatal(err)
	}
	if err := copied.Reset(9, b); err != nil {
		t.Fatal(err)
	}
	l, A := direct.Spec().Layout, direct.Spec().Actions
	same(t, -1, l, A, a[0], b)
	*a[1] = env.Batch{F32: slices.Clone(a[0].F32), I32: slices.Clone(a[0].I32), U8: slices.Clone(a[0].U8), Mask: slices.Clone(a[0].Mask),
		Agent: a[1].Agent, Reward: a[1].Reward, Terminated: a[1].Terminated, Truncated: a[1].Truncated, Score: a[1].Score,
		Length: a[1].Length, Seed: slices.Clone(a[0].Seed), FinalF32: a[1].FinalF32, FinalI32: a[1].FinalI32, FinalU8: a[1].FinalU8}
	if !alternate {
		a[1] = a[0]
	}
	rng := game.NewRNG(9)
	acts := make([]int32, n)
	ends := 0
	want := freshMask(t, id, opts)
	for step := 0; step < steps; step++ {
		last, next := a[step%2], a[(step+1)%2]
		for i := range acts {
			acts[i] = int32(pick(&rng, last.Mask[i*A:(i+1)*A]))
		}
		if err := direct.Step(acts, next); err != nil {
			t.Fatal(err)
		}
		if err := copied.Step(acts, b); err != nil {
			t.Fatal(err)
		}
		for i := range acts {
			if next.Terminated[i] || next.Truncated[i] {
				ends++
				// Seeds are written at resets only: keep the other batch's up
				// to date, so that same compares every seed.
				last.Seed[i] = next.Seed[i]
			}
		}
		same(t, step, l, A, next, b)
		for i := 0; i < n; i++ {
			want(step, env.DirectEncoderOf(direct.Env(i)), next.Mask[i*A:(i+1)*A])
		}
	}
	if ends < minEnds {
		t.Fatalf("only %d episodes ended: the final observations were hardly compared", ends)
	}
}

// twoVectors makes two vectors of n envs of id on the given workers, closed
// when the test ends: one whose envs write their rows of the batch
// themselves, and one of opaque envs, whose rows it copies.
func twoVectors(t *testing.T, id string, opts env.Options, n, workers int) (direct, copied *env.Vector) {
	t.Helper()
	direct, err := env.NewVector(id, opts, n, workers)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(direct.Close)
	envs := make([]env.Env, n)
	for i := range envs {
		e, err := env.Make(id, opts)
		if err != nil {
			t.Fatal(err)
		}
		envs[i] = opaque{e}
	}
	copied = env.NewVectorOf(envs, workers)
	t.Cleanup(copied.Close)
	for i := 0; i < n; i++ {
		if env.DirectEncoderOf(direct.Env(i)) == nil || env.DirectEncoderOf(copied.Env(i)) != nil {
			t.Fatal("the vectors do not take the two paths")
		}
	}
	return direct, copied
}

// TestVectorFollowsReplacedBuffers: the envs of a vector stay directed at
// the rows of the batch they last wrote; a batch whose buffers the caller
// replaced (the same *Batch, new memory) is written afresh in its new
// memory, and the old memory is left alone.
func TestVectorFollowsReplacedBuffers(t *testing.T) {
	id, opts := lcg.TheGatheringID, env.Options{"investigators": "01001,01004", "max_steps": "60", "skip_trivial": "true"}
	const n = 3
	direct, copied := twoVectors(t, id, opts, n, 1)
	a, b := direct.NewBatch(false), copied.NewBatch(false)
	if err := direct.Reset(4, a); err != nil {
		t.Fatal(err)
	}
	if err := copied.Reset(4, b); err != nil {
		t.Fatal(err)
	}
	l, A := direct.Spec().Layout, direct.Spec().Actions
	rng := game.NewRNG(4)
	acts := make([]int32, n)
	for step := 0; step < 40; step++ {
		if step%10 == 5 {
			oldF32, oldI32, oldMask := a.F32, a.I32, a.Mask
			kept := env.Batch{F32: slices.Clone(oldF32), I32: slices.Clone(oldI32), Mask: slices.Clone(oldMask)}
			a.F32, a.I32, a.Mask = make([]float32, len(a.F32)), make([]int32, len(a.I32)), make([]int8, len(a.Mask))
			copy(a.F32, oldF32) // the caller's copy of its last observation, as a replacement may hold
			defer func() {
				if !slices.Equal(oldF32, kept.F32) || !slices.Equal(oldI32, kept.I32) || !slices.Equal(oldMask, kept.Mask) {
					t.Errorf("step %d: the replaced buffers were written after their replacement", step)
				}
			}()
		}
		for i := range acts {
			acts[i] = int32(pick(&rng, b.Mask[i*A:(i+1)*A]))
		}
		if err := direct.Step(acts, a); err != nil {
			t.Fatal(err)
		}
		if err := copied.Step(acts, b); err != nil {
			t.Fatal(err)
		}
		same(t, step, l, A, a, b)
	}
}

// same fails unless batches a and b hold the same bytes, final observations
// compared only for envs whose episode ended at the step.
func same(t *testing.T, step int, l *encode.Layout, A int, a, b *env.Batch) {
	t.Helper()
	bits := func(f []float32) []uint32 {
		u := make([]uint32, len(f))
		for i, v := range f {
			u[i] = math.Float32bits(v)
		}
		return u
	}
	switch {
	case !slices.Equal(bits(a.F32), bits(b.F32)):
		t.Fatalf("step %d: float32 observations differ", step)
	case !slices.Equal(a.I32, b.I32):
		t.Fatalf("step %d: int32 observations differ", step)
	case !slices.Equal(a.U8, b.U8):
		t.Fatalf("step %d: uint8 observations differ", step)
	case !slices.Equal(a.Mask, b.Mask):
		t.Fatalf("step %d: masks differ", step)
	case !slices.Equal(a.Agent, b.Agent) || !slices.Equal(bits(a.Reward), bits(b.Reward)) || !slices.Equal(a.Terminated, b.Terminated) ||
		!slices.Equal(a.Truncated, b.Truncated) || !slices.Equal(bits(a.Score), bits(b.Score)) || !slices.Equal(a.Length, b.Length) ||
		!slices.Equal(a.Seed, b.Seed):
		t.Fatalf("step %d: per-env results differ", step)
	}
	for i := range a.Terminated {
		if !a.Terminated[i] && !a.Truncated[i] {
			continue
		}
		f, n := a.FinalF32[i*l.F32:(i+1)*l.F32], a.FinalI32[i*l.I32:(i+1)*l.I32]
		u := a.FinalU8[i*l.U8 : (i+1)*l.U8]
		if !slices.Equal(bits(f), bits(b.FinalF32[i*l.F32:(i+1)*l.F32])) || !slices.Equal(n, b.FinalI32[i*l.I32:(i+1)*l.I32]) ||
			!slices.Equal(u, b.FinalU8[i*l.U8:(i+1)*l.U8]) {
			t.Fatalf("step %d: env %d: final observations differ", step, i)
		}
	}
}

// TestEncodeInto checks that a GameEnv directed at caller memory writes its
// observation and mask there (and returns them), and that it goes back to
// its own buffers afterwards with the same results.
func TestEncodeInto(t *testing.T) {
	e, err := env.MakeBase(lcg.TheGatheringID, env.Options{"investigators": "01002"})
	if err != nil {
		t.Fatal(err)
	}
	l, A := e.Spec().Layout, e.Spec().Actions
	dst, mask := l.NewObs(), make([]int8, A)
	e.EncodeInto(dst, mask, nil)
	obs, info := e.Reset(5)
	if &obs.F32[0] != &dst.F32[0] || &obs.I32[0] != &dst.I32[0] || &info.Mask[0] != &mask[0] {
		t.Fatal("Reset did not return the caller's buffers")
	}
	want := l.NewObs()
	e.Observe(info.Agent, want)
	if !slices.Equal(dst.F32, want.F32) || !slices.Equal(dst.I32, want.I32) || slices.Index(mask, 1) < 0 {
		t.Fatal("the caller's buffers do not hold the observation and the mask")
	}
	e.EncodeInto(encode.Obs{}, nil, nil)
	tr, err := e.Step(slices.Index(info.Mask, 1))
	if err != nil {
		t.Fatal(err)
	}
	if &tr.Obs.F32[0] == &dst.F32[0] || &tr.Info.Mask[0] == &mask[0] {
		t.Fatal("after EncodeInto(Obs{}, nil) the env still writes the caller's buffers")
	}
	e.Observe(tr.Info.Agent, want)
	if !slices.Equal(tr.Obs.F32, want.F32) || !slices.Equal(tr.Obs.I32, want.I32) {
		t.Fatal("the env's own buffers do not hold the observation")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("buffers of the wrong size were accepted")
		}
	}()
	e.EncodeInto(encode.Obs{F32: dst.F32[1:], I32: dst.I32}, mask, nil)
}

// TestEnvsShareTheirSpec checks that envs of one id and options hold one
// spec, and that envs of other options share the layout.
func TestEnvsShareTheirSpec(t *testing.T) {
	mk := func(opts env.Options) env.Env {
		e, err := env.Make(lcg.TheGatheringID, opts)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	a, b := mk(env.Options{"investigators": "01003"}), mk(env.Options{"investigators": "01003", "difficulty": "hard"})
	c := mk(env.Options{"investigators": "01001,01002"})
	if a.Spec() != b.Spec() {
		t.Fatal("two envs of equal specs hold two copies")
	}
	if a.Spec() == c.Spec() || a.Spec().Layout != c.Spec().Layout || !slices.Equal(c.Spec().Agents, []string{"Roland Banks", "Daisy Walker"}) {
		t.Fatal("envs of other investigators: wrong spec or their own layout")
	}
	if d := env.ShareSpec(&env.Spec{ID: "Nothing/Shared-v0"}); d == a.Spec() {
		t.Fatal("ShareSpec matched a spec of another id")
	}
}
