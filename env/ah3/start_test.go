package ah3

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// startGame sets up The Drowned Lantern for two investigators with the
// curriculum start st and answers the setup's choices (each seat's first
// starting option) until round 1 begins.
func startGame(t *testing.T, st Start, seed uint64) *State {
	t.Helper()
	sc, err := content.Default()
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(sc, Config{Investigators: []string{sc.Investigators[0].Name, sc.Investigators[1].Name}, Start: st})
	if err != nil {
		t.Fatal(err)
	}
	s := g.New(seed, true)
	for !s.Over() && s.Round == 0 {
		if err := s.Apply(0); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestStartClues: start.Clues adds clues to each investigator's starting
// ones, and start.SheetClues are checked against the codex at the end of
// setup as a research is (AH3 431, 403.5c): The Drowned Lantern's first
// objective needs 2, so 2 clues read its next objective (archive 4, which
// raises its epic monster) and leave none; 4 leave 2 toward it. The zero
// start is the real setup.
func TestStartClues(t *testing.T) {
	real := startGame(t, Start{}, 3)
	if real.SheetClues != 0 || !slices.Equal(real.CodexNumbers(), []int{1, 3, 5}) {
		t.Fatalf("real setup: sheet clues %d, codex %v; want 0 and [1 3 5]", real.SheetClues, real.CodexNumbers())
	}
	more := startGame(t, Start{Clues: 3}, 3)
	for i := range more.N {
		if got, want := more.Seats[i].Clues, real.Seats[i].Clues+3; got != want {
			t.Fatalf("Clues 3: seat %d holds %d clues, want %d", i, got, want)
		}
	}
	epic := func(s *State) bool {
		for _, m := range s.Monsters {
			if m.Kind >= 0 && s.g.epicNum[m.Kind] != 0 {
				return true
			}
		}
		return false
	}
	for _, c := range []struct {
		sheet, left int16
		codex       []int
	}{
		{1, 1, []int{1, 3, 5}},
		{2, 0, []int{1, 5, 4}},
		{4, 2, []int{1, 5, 4}},
	} {
		s := startGame(t, Start{SheetClues: int(c.sheet)}, 3)
		if s.Over() || s.SheetClues != c.left || !slices.Equal(s.CodexNumbers(), c.codex) {
			t.Fatalf("SheetClues %d: over %v, sheet clues %d, codex %v; want false, %d, %v",
				c.sheet, s.Over(), s.SheetClues, s.CodexNumbers(), c.left, c.codex)
		}
		if got := epic(s); got != (c.sheet >= 2) {
			t.Fatalf("SheetClues %d: epic monster in play %v", c.sheet, got)
		}
		story := strings.Join(s.Log().Lines(s), "\n")
		if !strings.Contains(story, fmt.Sprintf("the game starts with %d clue(s) on the scenario sheet", c.sheet)) {
			t.Fatalf("SheetClues %d: the log does not tell the start:\n%s", c.sheet, story)
		}
	}
	// 5 meet the whole clue path (2, then 3): the game is won at setup.
	if s := startGame(t, Start{SheetClues: 5}, 3); s.Outcome != OutcomeWin {
		t.Fatalf("SheetClues 5: outcome %v, want a win at setup", s.Outcome)
	}
	if _, err := NewGame(real.g.Sc, Config{Investigators: real.g.Cfg.Investigators, Start: Start{Clues: MaxStartClues + 1}}); err == nil {
		t.Fatal("Clues past MaxStartClues: no error")
	}
	// The same start and seed play the same game.
	a, b := startGame(t, Start{Clues: 2, SheetClues: 2}, 9), startGame(t, Start{Clues: 2, SheetClues: 2}, 9)
	ra, _ := a.MarshalBinary()
	rb, _ := b.MarshalBinary()
	if !slices.Equal(ra, rb) {
		t.Fatal("one start and seed gave two states")
	}
}

// TestStartRandomGames plays random games from each start to their end with
// the state's invariants checked at every decision: a start is a state the
// rules can go on from.
func TestStartRandomGames(t *testing.T) {
	wins := 0
	for k, st := range []Start{{Clues: 4}, {SheetClues: 2, Clues: 2}, {SheetClues: 4}, {Clues: MaxStartClues, SheetClues: 3}} {
		for seed := uint64(0); seed < 15; seed++ {
			s := startGame(t, st, seed)
			rng := game.NewRNG(seed + 100*uint64(k))
			playRandom(t, s, &rng, true)
			if s.Outcome == OutcomeWin {
				wins++
			}
		}
	}
	if wins == 0 {
		t.Fatal("random play won no game from starts one research from the win")
	}
}
