package machina

// ChapterGoal measures, in [0, 1], how near the pioneers are to finishing the
// current chapter, from public state only; shaping potentials read it
// (docs/shaping.md, the `advance` term). It follows the three ways a chapter
// advances (MA §14.2):
//   - an exit token on the board (MA §14.5): the mean over the pioneers of 1
//     for one that has left the board, 1 − its distance to the nearest exit
//     cell over the canvas width for one still on it, 0 for a dead one;
//   - a closed chapter without one (MA §14.2): its cumulative counter, the
//     fullest progress of the chapter card's abilities over their targets
//     (MA §18.3);
//   - an open chapter (MA §12.13): 1 − the distance from the nearest pioneer
//     to a chapter cell it could use (not destroyed) over the canvas width,
//     where one is on the board, else 0.
//
// Distances are Chebyshev cell distances, which ignore walls: a cheap
// measure that never allocates. In the finale, and after the game, it is 1.
func (s *State) ChapterGoal() float64 {
	ch := s.chapter()
	if ch == nil || s.over {
		return 1
	}
	if s.Exit[0] >= 0 {
		sum := 0.0
		for i := 0; i < int(s.N); i++ {
			p := &s.P[i]
			switch {
			case !p.Alive:
			case !p.OnBoard:
				sum++
			default:
				sum += 1 - float64(s.exitDistance(int(p.Pos)))/float64(Size-1)
			}
		}
		return sum / float64(max(1, int(s.N)))
	}
	if ch.Closed {
		best := 0.0
		for i := range ch.Abilities {
			if a := &ch.Abilities[i]; a.Progress > 0 && i < MaxAbilities {
				best = max(best, min(1, float64(s.Progress[i])/float64(a.Progress)))
			}
		}
		return best
	}
	d := Size
	for i := 0; i < int(s.N); i++ {
		if s.onBoardPioneer(i) {
			d = min(d, s.chapterCellDistance(int(s.P[i].Pos)))
		}
	}
	if d >= Size {
		return 0
	}
	// Using a chapter cell needs the pioneer beside it (MA §12.13): distance 1 is the goal.
	return 1 - float64(max(0, d-1))/float64(Size-1)
}

// exitDistance is the Chebyshev distance from cell c to the nearer exit cell.
func (s *State) exitDistance(c int) int {
	d := Size
	for _, e := range s.Exit {
		if e >= 0 {
			d = min(d, Cheb(c, int(e)))
		}
	}
	return d
}

// chapterCellDistance is the Chebyshev distance from cell c to the nearest
// chapter cell that is not destroyed, or Size when there is none.
func (s *State) chapterCellDistance(c int) int {
	d := Size
	for i := 0; i < NumCells; i++ {
		if s.Board.Kind[i] == KindChapter && s.Board.Dest[i] == 0 {
			d = min(d, Cheb(c, i))
		}
	}
	return d
}
