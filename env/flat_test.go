package env_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// TestFlatViewHoldsEveryField steps The Gathering and its flat view side by
// side and checks that the flat vector is the base float32 buffer followed by
// the int32 buffer, with the same mask, at every decision, and that Observe
// flattens too.
func TestFlatViewHoldsEveryField(t *testing.T) {
	opts := env.Options{"investigators": "01001,01002"}
	base, err := env.Make(lcg.TheGatheringID, opts)
	if err != nil {
		t.Fatal(err)
	}
	inner, err := env.Make(lcg.TheGatheringID, opts)
	if err != nil {
		t.Fatal(err)
	}
	flat := env.Flat(inner)
	l := base.Spec().Layout
	fl := flat.Spec().Layout
	if len(fl.Fields) != 1 || fl.Fields[0].Name != env.FlatField || fl.F32 != l.F32+l.I32 || fl.I32 != 0 {
		t.Fatalf("flat layout: %+v", fl)
	}
	check := func(step int, b, f []float32, bi []int32) {
		t.Helper()
		for i := range b {
			if f[i] != b[i] {
				t.Fatalf("step %d: flat[%d] = %v, want %v", step, i, f[i], b[i])
			}
		}
		for i, v := range bi {
			if f[l.F32+i] != float32(v) {
				t.Fatalf("step %d: flat[%d] = %v, want int %d", step, l.F32+i, f[l.F32+i], v)
			}
		}
	}
	bo, binfo := base.Reset(3)
	fo, finfo := flat.Reset(3)
	check(0, bo.F32, fo.F32, bo.I32)
	rng := game.NewRNG(3)
	view := fl.NewObs()
	for step := 1; step < 300; step++ {
		if !slices.Equal(binfo.Mask, finfo.Mask) {
			t.Fatalf("step %d: masks differ", step)
		}
		a := -1
		for k, m := range binfo.Mask {
			if m == 1 && (a < 0 || rng.IntN(2) == 0) {
				a = k
			}
		}
		btr, err := base.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		ftr, err := flat.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		check(step, btr.Obs.F32, ftr.Obs.F32, btr.Obs.I32)
		flat.Observe(0, view)
		bview := l.NewObs()
		base.Observe(0, bview)
		check(step, bview.F32, view.F32, bview.I32)
		if btr.Done() {
			break
		}
		binfo, finfo = btr.Info, ftr.Info
	}
	if _, err := flat.Step(-1); err == nil {
		t.Fatal("the flat view accepted an illegal action")
	}
}

// TestFlatOption checks that the common option flat=true gives the flat view
// through the registry, and that a bad value is refused with the option named.
func TestFlatOption(t *testing.T) {
	e, err := env.Make(lcg.TheGatheringID, env.Options{"flat": "true"})
	if err != nil {
		t.Fatal(err)
	}
	if f := e.Spec().Layout.Fields; len(f) != 1 || f[0].Name != env.FlatField {
		t.Fatalf("flat=true gave fields %v", f)
	}
	if _, err := env.Make(lcg.TheGatheringID, env.Options{"flat": "maybe"}); err == nil || !strings.Contains(err.Error(), "flat") {
		t.Fatalf("flat=maybe: %v", err)
	}
}
