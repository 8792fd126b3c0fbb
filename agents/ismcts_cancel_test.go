package agents_test

import (
	"context"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/lcg"
)

// contextActor is the optional interface a server asks its bots for.
type contextActor interface {
	ActContext(ctx context.Context, e env.Env, info *env.Info) int
}

// ISMCTS's ActContext stops a search of a huge budget within milliseconds of
// its context's end, and with a context that does not end plays exactly as
// Act does.
func TestISMCTSStopsWhenItsContextEnds(t *testing.T) {
	e, err := env.Make(lcg.TheGatheringID, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, info := e.Reset(3)
	for i := 0; i < 50 && countLegal(info.Mask) < 2; i++ { // find a decision with a choice
		tr, err := e.Step(firstLegal(info.Mask))
		if err != nil {
			t.Fatal(err)
		}
		info = tr.Info
	}
	if countLegal(info.Mask) < 2 {
		t.Skip("no decision with a choice in reach")
	}
	mk := func(spec string) agents.Agent {
		a, err := agents.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		a.Reset(7)
		return a
	}
	plain, ctxd := mk("ismcts:iters=64,workers=2"), mk("ismcts:iters=64,workers=2")
	for range 3 {
		want := plain.Act(e, &info)
		if got := ctxd.(contextActor).ActContext(context.Background(), e, &info); got != want {
			t.Fatalf("ActContext with a live context chose %d, Act %d", got, want)
		}
	}
	big := mk("ismcts:iters=100000000,workers=2")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	began := time.Now()
	act := big.(contextActor).ActContext(ctx, e, &info)
	if d := time.Since(began); d > 30*time.Millisecond+50*time.Millisecond {
		t.Fatalf("the search stopped %v after its start, its context ended after 30ms", d)
	}
	if info.Mask[act] == 0 {
		t.Fatalf("stopped search chose illegal action %d", act)
	}
}

func countLegal(mask []int8) int {
	n := 0
	for _, m := range mask {
		if m != 0 {
			n++
		}
	}
	return n
}

func firstLegal(mask []int8) int {
	for i, m := range mask {
		if m != 0 {
			return i
		}
	}
	return 0
}
