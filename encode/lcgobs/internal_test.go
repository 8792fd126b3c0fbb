package lcgobs

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// TestTokenKinds checks the chaos-token columns.
func TestTokenKinds(t *testing.T) {
	cases := map[int8]int{1: 0, 0: 1, -1: 2, -8: 9, lcg.TokSkull: 10, lcg.TokCultist: 11, lcg.TokTablet: 12,
		lcg.TokElderThing: 13, lcg.TokAutoFail: 14, lcg.TokElderSign: 15}
	for tok, col := range cases {
		if got := tokenKind(tok); got != col {
			t.Errorf("token %s: column %d, want %d", lcg.TokenName(tok), got, col)
		}
	}
}

// TestEncodeDoesNotAllocate checks the step-path promise: Encode and Mask
// into caller-owned buffers allocate nothing.
func TestEncodeDoesNotAllocate(t *testing.T) {
	sc, err := lcg.NewScenario(lcg.Options{Investigators: []string{"01001", "01002"}, Difficulty: "standard", Mulligan: true})
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(sc.Info())
	if err != nil {
		t.Fatal(err)
	}
	s := sc.New(1, false)
	rng := game.NewRNG(1)
	for i := 0; i < 30 && !s.Over(); i++ {
		_ = s.Apply(rng.IntN(len(s.Prompt().Options)))
	}
	o := e.Layout().NewObs()
	mask := make([]int8, e.Actions())
	if n := testing.AllocsPerRun(100, func() {
		e.Encode(s, s.Prompt().Actor, o)
		e.Mask(s, mask)
	}); n != 0 {
		t.Fatalf("Encode+Mask allocate %v times per call", n)
	}
}
