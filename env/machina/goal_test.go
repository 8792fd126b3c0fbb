package machina

import (
	"math"
	"testing"
)

// TestChapterGoal scripts the three ways a chapter advances (MA §14.2) on a
// drawn board and checks how near ChapterGoal says the pioneers are.
func TestChapterGoal(t *testing.T) {
	ct, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	stage := func(chapter int) *State {
		t.Helper()
		s, err := New(ct.Scenario("frozen_engine"), Config{Pioneers: []string{"hank", "kim"}}, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		s.ClearPending()
		s.SetGrid(mustMap(t, `
+-+-+-+-+-+-+-+
|. . . . . . *|
+ + + + + + + +
|. . . . . . .|
+-+-+-+-+-+-+-+`))
		s.ChapterPos = int8(chapter)
		s.LiftPioneers()
		s.PlacePioneer(0, 0)  // (0, 0)
		s.PlacePioneer(1, 20) // (0, 1)
		return s
	}
	near := func(what string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: ChapterGoal %v, want %v", what, got, want)
		}
	}

	// An open chapter (the Entrance): the nearer pioneer is 6 cells from the
	// lit chapter cell at (6, 0); beside it (distance 1) is the goal, and a
	// lit cell costs no inspiration.
	s := stage(0)
	near("open chapter, 6 cells away, lit", s.ChapterGoal(), 0.6*(1-5.0/19)+0.4)
	s.PlacePioneer(1, 25) // (5, 1): beside the chapter cell
	near("open chapter, beside the lit cell", s.ChapterGoal(), 1)
	// Unlit, it costs 3 inspiration (MA §12.13): the party's counts.
	s.Board.Lit[6] = false
	s.P[0].Insp, s.P[1].Insp = 0, 0
	near("open chapter, beside an unlit cell, no inspiration", s.ChapterGoal(), 0.6)
	s.P[0].Insp, s.P[1].Insp = 1, 1
	near("open chapter, beside an unlit cell, 2 inspiration", s.ChapterGoal(), 0.6+0.4*2.0/3)
	s.P[1].Insp = 4
	near("open chapter, beside an unlit cell, 5 inspiration", s.ChapterGoal(), 1)
	s.Board.Dest[6] = 1 // the cell destroyed: nothing left to use
	near("open chapter, cell destroyed", s.ChapterGoal(), 0.4)

	// A closed chapter (the Blood Trail, Follow the Trail: progress 4).
	s = stage(1)
	near("closed chapter, no progress", s.ChapterGoal(), 0)
	ab := -1
	for i, a := range s.chapter().Abilities {
		if a.Progress > 0 {
			ab = i
		}
	}
	if ab < 0 {
		t.Fatal("the Blood Trail has no progress ability")
	}
	s.Progress[ab] = 3
	near("closed chapter, 3 of 4", s.ChapterGoal(), 0.75)

	// An exit token (MA §14.5) at (3, 0): pioneer 0 is 3 cells away, pioneer 1
	// has left the board; a dead pioneer counts 0.
	s = stage(1)
	s.Exit = [2]int16{3, -1}
	s.P[1].OnBoard = false
	near("exit, one left", s.ChapterGoal(), (1-3.0/19+1)/2)
	s.P[1].Alive = false
	near("exit, one dead", s.ChapterGoal(), (1-3.0/19)/2)

	// The finale and a finished game are the end of every chapter.
	s = stage(0)
	s.InFinale = true
	near("finale", s.ChapterGoal(), 1)
}
