package machinaobs

import (
	"math/bits"

	"github.com/mythos-rl/mythos/env/machina"
)

// The option paths (Extras.Paths, the env option option_paths=true): for
// each option row that refers to a cell, how many steps a creature walks
// from that cell to the nearest cell of four kinds. Where the option rows
// say what stands on an option's cell and how far it lies as the crow
// flies, the paths say what a step there leads to across walls, closed
// doors and chasms: the heuristic agents move by the same distances, and a
// pointer policy scores a step by them without working out the board's
// maze itself. They cost a breadth-first spread over the board per target
// kind every decision, which is why they are an option.

// Path columns: the steps to the nearest ...
const (
	pathPioneer    = iota // living pioneer on the board, the actor aside (MA §7)
	pathMonster           // monster on the board, the actor aside (MA §19)
	pathGoal              // goal cell: the exit tokens once placed (MA §14.5), else in the finale the standing ritual cells (MA §21.6), else the chapter cells (MA §12.13)
	pathUnexplored        // cell from which a new tile is explored (MA §11.2)
	pathCols
)

var pathNames = names{"to_pioneer", "to_monster", "to_goal", "to_unexplored"}

// pathNone is the value of a path column when no cell of its kind is within
// pathLimit steps (or none exists).
const (
	pathNone  = 255
	pathLimit = pathNone - 1
)

// paths writes the option_paths rows of the first n options of the prompt
// (the option rows' cells, from the actor's cell ac; creature cr acts).
// The steps follow the board's moves as the reach plane does (adjacent,
// passable, no open chasm: MA §10.8, §17.2) with creatures ignored, and are
// counted from the targets outward.
func (w *writer) paths(n, ac, cr int) {
	s := w.s
	opts := s.Prompt().Options[:n]
	var cells [MaxOptionRows]int16
	var want cellSet
	any := false
	for r, o := range opts {
		c := optionCell(s, int(o.Code), ac)
		cells[r] = int16(c)
		if c >= 0 {
			want[c>>6] |= 1 << (c & 63)
			any = true
		}
	}
	if !any {
		return
	}
	var own reachSteps // when another goroutine holds the board cache
	steps := &own
	if w.cache != nil {
		steps = &w.cache.steps
	} else {
		steps.build(s)
	}
	var targets [pathCols]cellSet
	add := func(k, c int) {
		if c >= 0 && c < machina.NumCells {
			targets[k][c>>6] |= 1 << (c & 63)
		}
	}
	for seat := 0; seat < w.n; seat++ {
		if seat != cr {
			add(pathPioneer, s.Position(seat))
		}
	}
	for m := 0; m < machina.MaxMonsters; m++ {
		if id := machina.MonsterBase + m; id != cr && s.Mx[m].Zone == machina.ZonePlay {
			add(pathMonster, s.Position(id))
		}
	}
	g := &s.Board
	switch {
	case s.Exit[0] >= 0:
		add(pathGoal, int(s.Exit[0]))
		add(pathGoal, int(s.Exit[1]))
	case s.InFinale:
		for _, rt := range s.Rituals {
			if rt.HP > 0 {
				add(pathGoal, int(rt.Cell))
			}
		}
	default:
		for c := range g.Kind {
			if g.Effective(c) == machina.KindChapter {
				add(pathGoal, c)
			}
		}
	}
	openings(g, func(c int) { add(pathUnexplored, c) })
	var dist [machina.NumCells]uint8
	for k := range targets {
		steps.spread(&targets[k], &want, &dist)
		for r, c := range cells[:n] {
			if c >= 0 {
				w.O.U8[w.at.optPaths+r*pathCols+k] = dist[c]
			}
		}
	}
}

// spread writes into dist, for every cell of want, the fewest steps from a
// cell of src to it by the board's steps (creatures ignored), pathNone past
// pathLimit steps or where none leads; it stops once every cell of want is
// reached. The other cells of dist are left as they are.
func (r *reachSteps) spread(src, want *cellSet, dist *[machina.NumCells]uint8) {
	left := 0
	for w, word := range want {
		for ; word != 0; word &= word - 1 {
			dist[w<<6+bits.TrailingZeros64(word)] = pathNone
			left++
		}
	}
	front, seen := *src, *src
	for k := 0; left > 0 && front != (cellSet{}); k++ {
		for w := range front {
			for x := front[w] & want[w]; x != 0; x &= x - 1 {
				dist[w<<6+bits.TrailingZeros64(x)] = uint8(k)
				left--
			}
		}
		if k == pathLimit {
			break
		}
		front = r.layer(&front, 0, len(front)-1)
		for w := range front {
			front[w] &^= seen[w]
			seen[w] |= front[w]
		}
	}
}
