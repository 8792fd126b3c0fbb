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
//   - an open chapter (MA §12.13): 0.6 × how near the nearest pioneer is to
//     a chapter cell it could use (not destroyed): 1 − its distance over the
//     canvas width, 1 beside it, 0 with none on the board; plus 0.4 × whether
//     the party can pay for it: 1 when one is lit (1 stamina), else the
//     living pioneers' inspiration over the 3 an unlit one costs, capped at 1.
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
	// One pass over the board: the nearest usable chapter cell to any
	// pioneer on the board, and whether one is lit.
	d, lit := Size, false
	for c := 0; c < NumCells; c++ {
		if s.Board.Kind[c] != KindChapter || s.Board.Dest[c] != 0 {
			continue
		}
		lit = lit || s.Board.Lit[c]
		for i := 0; i < int(s.N); i++ {
			if s.onBoardPioneer(i) {
				d = min(d, Cheb(int(s.P[i].Pos), c))
			}
		}
	}
	near := 0.0
	if d < Size {
		// Using a chapter cell needs the pioneer beside it (MA §12.13): distance 1 is the goal.
		near = 1 - float64(max(0, d-1))/float64(Size-1)
	}
	afford := 1.0 // a lit cell costs 1 stamina, no inspiration (MA §12.13)
	if !lit {
		insp := 0
		for i := 0; i < int(s.N); i++ {
			if s.P[i].Alive {
				insp += int(s.P[i].Insp)
			}
		}
		afford = min(1, float64(insp)/3)
	}
	return 0.6*near + 0.4*afford
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

// FinaleProgress measures, in [0, 1], how far the pioneers are toward the
// finale's victory (MA §14.8): its rule's Progress (for the ritual finale,
// MA §21.6, the ritual cells' health lost over the health they started
// with); shaping potentials read it (docs/shaping.md, the `finale` term).
// It is 0 before the finale and for a rule that does not measure one.
func (s *State) FinaleProgress() float64 {
	if !s.InFinale || s.sc.Finale == nil {
		return 0
	}
	if r := finaleRules[s.sc.Finale.Rule]; r.Progress != nil {
		return min(1, max(0, r.Progress(s)))
	}
	return 0
}

// LairLeft is the time left in the current chapter, in [0, 1]: the lair
// value's way down to 1, where the chapter times out (MA §6.2: the lair value
// counts down one division a round; at 1 danger rises by the chapter's
// horror value and an open chapter ends), over its way from the chapter's
// starting value, scaled for the living pioneers (MA §4.6). It is 1 where
// nothing counts down: a chapter or finale with no lair value, the very easy
// variant (MA §5.2), and after the game.
func (s *State) LairLeft() float64 {
	start := s.scaledLair(s.startLair())
	if s.over || s.cfg.VeryEasy || start <= 1 {
		return 1
	}
	return min(1, max(0, float64(s.Lair-1)/float64(start-1)))
}
