package agents_test

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/fixture"
)

func TestNewParsesSpecs(t *testing.T) {
	if _, err := agents.New("random"); err != nil {
		t.Fatal(err)
	}
	for spec, want := range map[string]string{
		"nobody":         "unknown agent",
		"random:x=1":     "takes no options",
		"random:novalue": "want name=value",
	} {
		if _, err := agents.New(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("New(%q) = %v, want %q", spec, err, want)
		}
	}
}

func TestUniformPicksOnlyLegalAndAll(t *testing.T) {
	r := game.NewRNG(1)
	mask := []int8{0, 1, 0, 1, 1, 0}
	seen := map[int]int{}
	for i := 0; i < 3000; i++ {
		seen[agents.Uniform(&r, mask)]++
	}
	if len(seen) != 3 || seen[1] < 800 || seen[3] < 800 || seen[4] < 800 {
		t.Fatalf("picks %v", seen)
	}
	if agents.Uniform(&r, []int8{0, 0}) != -1 {
		t.Fatal("an empty mask gave an action")
	}
}

func TestRandomPlaysFixtureToTheEnd(t *testing.T) {
	fixture.Register()
	e, err := env.Make(fixture.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := agents.New("random")
	a.Reset(3)
	_, info := e.Reset(3)
	for i := 0; i < 1000; i++ {
		tr, err := e.Step(a.Act(e, &info))
		if err != nil {
			t.Fatal(err)
		}
		if tr.Done() {
			return
		}
		info = tr.Info
	}
	t.Fatal("the game did not end in 1000 steps")
}
