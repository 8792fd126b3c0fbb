package machina

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

var teams = [][]string{{"lorre"}, {"hank", "kim"}, {"lorre", "hank", "philip"}, {"kim", "philip", "lorre", "hank"}}

func newGame(t testing.TB, seed uint64, cfg Config) *State {
	t.Helper()
	ct, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Pioneers == nil {
		cfg.Pioneers = teams[seed%uint64(len(teams))]
	}
	s, err := New(ct.Scenario("frozen_engine"), cfg, seed, false)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func configFor(seed uint64) Config {
	return Config{
		Pioneers:    teams[seed%uint64(len(teams))],
		Easy:        seed%5 == 1,
		VeryEasy:    seed%7 == 2,
		Quick:       seed%6 == 3,
		VeryQuick:   seed%6 == 4,
		Cooperative: seed%3 == 0,
		RoundCap:    60,
	}
}

// TestRandomPlay plays many random games with the invariants checked after
// every decision (issue 12 item 8; one million decisions outside short mode).
func TestRandomPlay(t *testing.T) {
	total := 1_000_000
	if testing.Short() {
		total = 100_000
	}
	decisions, games, wins, losses := 0, 0, 0, 0
	for seed := uint64(0); decisions < total; seed++ {
		s := newGame(t, seed, configFor(seed))
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("seed %d setup: %v", seed, err)
		}
		rng := game.NewRNG(seed ^ 0xabcdef)
		n := 0
		for !s.Over() && n < 50000 {
			p := s.Prompt()
			if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, n, err)
			}
			n++
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d (%s): %v\n%s", seed, n, promptKindNames[p.Kind], err, s.Render(0))
			}
		}
		if !s.Over() {
			t.Fatalf("seed %d: no end after %d decisions", seed, n)
		}
		switch s.Result() {
		case 1:
			wins++
		case -1:
			losses++
		}
		decisions += n
		games++
	}
	t.Logf("%d decisions over %d games (%d won, %d lost, the rest cut at the round cap), invariants held after each", decisions, games, wins, losses)
}
