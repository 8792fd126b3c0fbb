package ah3

import (
	"testing"

	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

var teams = [][]string{
	{"Jenny Barnes", "Tommy Muldoon"},
	{"Marie Lambeau"},
	{"Wendy Adams", "Calvin Wright", "Rex Murphy"},
	{"Tommy Muldoon", "Marie Lambeau", "Wendy Adams", "Calvin Wright"},
	{"Jenny Barnes", "Tommy Muldoon", "Marie Lambeau", "Wendy Adams", "Calvin Wright", "Rex Murphy"},
	{"Rex Murphy", "Calvin Wright"},
}

func newGame(t testing.TB, inv []string, seed uint64) *State {
	sc, err := content.Default()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(sc, Config{Investigators: inv}, seed, false)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// playRandom plays a game with random legal answers, checking invariants
// after every step; it returns the decisions made.
func playRandom(t testing.TB, s *State, rng *game.RNG, check bool) int {
	n := 0
	for !s.Over() && n < 100000 {
		p := s.Prompt()
		if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
			t.Fatalf("step %d: %v", n, err)
		}
		n++
		if check {
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("step %d: %v\n%s", n, err, s.Render(0))
			}
		}
	}
	if !s.Over() {
		t.Fatalf("no end after %d decisions", n)
	}
	return n
}

func TestRandomGames(t *testing.T) {
	outcomes := map[uint8]int{}
	total := 0
	for seed := uint64(0); seed < 60; seed++ {
		s := newGame(t, teams[seed%uint64(len(teams))], seed)
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("seed %d setup: %v", seed, err)
		}
		rng := game.NewRNG(seed + 99)
		total += playRandom(t, s, &rng, true)
		outcomes[s.Outcome]++
	}
	t.Logf("%d decisions; outcomes %v", total, outcomes)
}
