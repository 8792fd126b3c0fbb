package env_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/fixture"
)

// rollout steps a vector with actions drawn by r for steps steps and returns
// a digest of everything it wrote.
func rollout(t *testing.T, workers, steps int) (rewards []float32, ends int, obs []float32) {
	v, err := env.NewVector(fixture.ID, env.Options{"seats": "2"}, 16, workers)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	b := v.NewBatch(true)
	if err := v.Reset(77, b); err != nil {
		t.Fatal(err)
	}
	r := game.NewRNG(5)
	acts := make([]int32, v.Len())
	A := v.Spec().Actions
	for s := 0; s < steps; s++ {
		for i := range acts {
			acts[i] = int32(pick(&r, b.Mask[i*A:(i+1)*A]))
		}
		if err := v.Step(acts, b); err != nil {
			t.Fatal(err)
		}
		rewards = append(rewards, b.Reward...)
		for i := range acts {
			if b.Terminated[i] {
				ends++
				if b.Score[i] != 1 && b.Score[i] != -1 || b.Length[i] <= 0 {
					t.Fatalf("env %d ended with score %v length %d", i, b.Score[i], b.Length[i])
				}
			}
		}
		obs = append(obs, b.F32...)
		obs = append(obs, b.FinalF32...)
		for i := range acts {
			obs = append(obs, float32(b.Agent[i]), float32(b.Seed[i]), float32(b.Length[i]))
		}
		for _, m := range b.Mask {
			obs = append(obs, float32(m))
		}
	}
	return
}

func TestVectorIndependentOfWorkers(t *testing.T) {
	r1, e1, o1 := rollout(t, 1, 200)
	if e1 == 0 {
		t.Fatal("no episode ended in 200 steps")
	}
	// 3 splits 16 envs unevenly; 16 gives each env a worker of its own.
	for _, w := range []int{2, 3, 4, 16} {
		r, e, o := rollout(t, w, 200)
		if e1 != e || !slices.Equal(r1, r) || !slices.Equal(o1, o) {
			t.Fatalf("results with %d workers differ from those with 1", w)
		}
	}
}

func TestVectorAutoResetSeedsAndFinalObs(t *testing.T) {
	v, err := env.NewVector(fixture.ID, env.Options{"seats": "1"}, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	b := v.NewBatch(true)
	if err := v.Reset(3, b); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		if b.Seed[i] != game.DeriveSeed(3, uint64(i), 0) {
			t.Fatalf("env %d starts with seed %d", i, b.Seed[i])
		}
	}
	l, A := v.Spec().Layout, v.Spec().Actions
	pile, _ := l.Field("board")
	acts := make([]int32, 4)
	episodes := make([]uint64, 4)
	for step := 0; step < 300; step++ {
		for i := range acts {
			acts[i] = int32(lastLegal(b.Mask[i*A : (i+1)*A])) // play the last card (or draw, or pass)
		}
		if err := v.Step(acts, b); err != nil {
			t.Fatal(err)
		}
		for i := range acts {
			if !b.Terminated[i] {
				continue
			}
			episodes[i]++
			if b.Seed[i] != game.DeriveSeed(3, uint64(i), episodes[i]) {
				t.Fatalf("env %d episode %d has seed %d", i, episodes[i], b.Seed[i])
			}
			// The row now holds the new episode's first observation (empty
			// pile); the final one kept the pile that ended the game.
			row := b.F32[i*l.F32 : (i+1)*l.F32]
			final := b.FinalF32[i*l.F32 : (i+1)*l.F32]
			if row[pile.Offset] != 0 || final[pile.Offset] == 0 {
				t.Fatalf("env %d: new pile %v, final pile %v", i, row[pile.Offset], final[pile.Offset])
			}
		}
	}
	if episodes[0] == 0 {
		t.Fatal("no auto-reset happened")
	}
}

func TestVectorRejectsBadInputWithoutChange(t *testing.T) {
	// One worker, and four (whose parts check their own envs at once): the
	// lowest refused env is named, and no env moves.
	for _, workers := range []int{1, 4} {
		v, err := env.NewVector(fixture.ID, nil, 64, workers)
		if err != nil {
			t.Fatal(err)
		}
		b := v.NewBatch(false)
		v.Reset(1, b)
		before := slices.Clone(b.F32)
		if err := v.Step([]int32{0, 0}, b); err == nil || !strings.Contains(err.Error(), "64 envs") {
			t.Fatalf("workers=%d: short action slice: %v", workers, err)
		}
		A := v.Spec().Actions
		acts := make([]int32, 64)
		for i := range acts {
			acts[i] = int32(firstLegal(b.Mask[i*A : (i+1)*A]))
		}
		for _, bad := range []int{50, 17, 40} {
			acts[bad] = int32(slices.Index(b.Mask[bad*A:(bad+1)*A], 0))
		}
		for range 20 {
			if err := v.Step(acts, b); err == nil || !strings.Contains(err.Error(), "env 17:") {
				t.Fatalf("workers=%d: illegal actions in envs 17, 40 and 50: %v", workers, err)
			}
		}
		if !slices.Equal(before, b.F32) {
			t.Fatalf("workers=%d: a rejected batch changed the observations", workers)
		}
		if err := v.Step(acts, &env.Batch{}); err == nil {
			t.Fatal("an empty batch was accepted")
		}
		v.Close()
	}
}

func TestVectorStepAllocatesNothing(t *testing.T) {
	v, err := env.NewVector(fixture.ID, nil, 8, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	b := v.NewBatch(false)
	v.Reset(1, b)
	r := game.NewRNG(1)
	acts := make([]int32, 8)
	A := v.Spec().Actions
	step := func() {
		for i := range acts {
			acts[i] = int32(pick(&r, b.Mask[i*A:(i+1)*A]))
		}
		if err := v.Step(acts, b); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 500; i++ {
		step()
	}
	if n := testing.AllocsPerRun(1000, step); n != 0 {
		t.Fatalf("Vector.Step allocates %.2f times per call", n)
	}
}

// lastLegal returns the highest legal action id of a mask.
func lastLegal(mask []int8) int {
	for a := len(mask) - 1; a >= 0; a-- {
		if mask[a] == 1 {
			return a
		}
	}
	return -1
}
