package env_test

import (
	"testing"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/fixture"
)

func legalCount(mask []int8) int {
	n := 0
	for _, m := range mask {
		n += int(m)
	}
	return n
}

func TestSkipTrivialStopsOnlyAtRealDecisions(t *testing.T) {
	e := mustMake(t, env.Options{"skip_trivial": "true", "seats": "3"})
	r := game.NewRNG(2)
	for seed := uint64(0); seed < 50; seed++ {
		_, info := e.Reset(seed)
		for {
			if n := legalCount(info.Mask); n < 2 {
				t.Fatalf("seed %d: returned at a prompt with %d legal actions", seed, n)
			}
			tr, err := e.Step(pick(&r, info.Mask))
			if err != nil {
				t.Fatal(err)
			}
			if tr.Done() {
				break
			}
			info = tr.Info
		}
	}
}

func TestStepLimitTruncates(t *testing.T) {
	e := mustMake(t, env.Options{"max_steps": "2", "seats": "3"})
	_, info := e.Reset(4)
	tr, err := e.Step(firstLegal(info.Mask))
	if err != nil || tr.Done() {
		t.Fatalf("first step: %v, done %v", err, tr.Done())
	}
	tr, err = e.Step(firstLegal(tr.Info.Mask))
	if err != nil {
		t.Fatal(err)
	}
	if !tr.Truncated && !tr.Terminated {
		t.Fatal("the second step did not end the episode")
	}
	if _, err := e.Step(firstLegal(tr.Info.Mask)); err == nil {
		t.Fatal("stepping after truncation was accepted")
	}
	e.Reset(5)
	if _, err := e.Step(firstLegal(info.Mask)); err != nil {
		t.Fatalf("after Reset: %v", err)
	}
}

func TestRecorderReplaysToTheSameGame(t *testing.T) {
	base, err := env.MakeBase(fixture.ID, env.Options{"seats": "2"})
	if err != nil {
		t.Fatal(err)
	}
	var recs []*game.Record
	rec := env.NewRecorder(base, env.Options{"seats": "2"}, func(r *game.Record) { recs = append(recs, r) })
	e := env.SkipTrivial(rec)
	r := game.NewRNG(9)
	for seed := uint64(10); seed < 15; seed++ {
		_, info := e.Reset(seed)
		for {
			tr, err := e.Step(pick(&r, info.Mask))
			if err != nil {
				t.Fatal(err)
			}
			if tr.Done() {
				break
			}
			info = tr.Info
		}
	}
	if len(recs) != 5 {
		t.Fatalf("%d records, want 5", len(recs))
	}
	for _, rc := range recs {
		s := fixture.New(fixture.NewInfo(2), rc.Seed, false)
		if err := rc.Replay(s, nil); err != nil {
			t.Fatal(err)
		}
		if !s.Over() || s.Score() != rc.Score || len(rc.Agents) != len(rc.Actions) {
			t.Fatalf("seed %d: replay over=%v score=%v, record says %v", rc.Seed, s.Over(), s.Score(), rc.Score)
		}
	}
	if env.Unwrap(e) != env.Env(base) {
		t.Fatal("Unwrap does not reach the base env")
	}
	_ = fixture.ID
}
