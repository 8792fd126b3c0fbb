package machinaobs

import (
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
)

// The option paths' tests work the distances out with a plain queue over
// cells and the board's own Passable and Adjacent, never with reachSteps.

// pathsWant is the steps from the nearest cell of targets to every cell
// (pathNone where none leads within pathLimit): adjacent cells (MA §17.2),
// onto passable cells that are not open chasms (MA §10.8).
func pathsWant(b *machina.Board, targets []int) (d [machina.NumCells]int) {
	for c := range d {
		d[c] = pathNone
	}
	var queue []int
	for _, c := range targets {
		if c >= 0 && d[c] != 0 {
			d[c] = 0
			queue = append(queue, c)
		}
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		if d[u] >= pathLimit {
			continue
		}
		for dir := machina.Direction(0); dir < 8; dir++ {
			v := machina.Step(u, dir)
			if v < 0 || d[v] != pathNone || !b.Passable(v) || (b.Kind[v] == machina.KindChasm && b.Dest[v] == 0) || !b.Adjacent(u, v) {
				continue
			}
			d[v] = d[u] + 1
			queue = append(queue, v)
		}
	}
	return d
}

// pathTargets lists the target cells of each path column for the creature
// cr, from the state and the board's own UnexploredSide.
func pathTargets(s *machina.State, cr int) (t [pathCols][]int) {
	for i := 0; i < int(s.N); i++ {
		if p := &s.P[i]; i != cr && p.Alive && p.OnBoard {
			t[pathPioneer] = append(t[pathPioneer], int(p.Pos))
		}
	}
	for m := range s.Mx {
		if id := machina.MonsterBase + m; id != cr && s.Mx[m].Zone == machina.ZonePlay {
			t[pathMonster] = append(t[pathMonster], int(s.Mx[m].Pos))
		}
	}
	b := &s.Board
	switch {
	case s.Exit[0] >= 0:
		t[pathGoal] = append(t[pathGoal], int(s.Exit[0]), int(s.Exit[1]))
	case s.InFinale:
		for _, r := range s.Rituals {
			if r.HP > 0 {
				t[pathGoal] = append(t[pathGoal], int(r.Cell))
			}
		}
	default:
		for c := 0; c < machina.NumCells; c++ {
			if b.Effective(c) == machina.KindChapter {
				t[pathGoal] = append(t[pathGoal], c)
			}
		}
	}
	for c := 0; c < machina.NumCells; c++ {
		if _, ok := b.UnexploredSide(c); ok {
			t[pathUnexplored] = append(t[pathUnexplored], c)
		}
	}
	return t
}

// TestOptionPathsRandomPlay checks option_paths against the plain queue
// over random play of games of one to four pioneers, cooperative or not
// (monsters decide then), for every viewer; and that the field is absent
// without Extras.Paths, with every other field where it was.
func TestOptionPathsRandomPlay(t *testing.T) {
	var rows, finite, goals, kinds [pathCols]int
	for seed := uint64(0); seed < 24; seed++ {
		s := optState(t, seed, seed%3 == 2)
		plain, err := New(s.Info())
		if err != nil {
			t.Fatal(err)
		}
		e, err := NewWith(s.Info(), Extras{Paths: true})
		if err != nil {
			t.Fatal(err)
		}
		l := e.Layout()
		if _, ok := plain.Layout().Field("option_paths"); ok {
			t.Fatal("option_paths without Extras.Paths")
		}
		for _, f := range plain.Layout().Fields {
			g, ok := l.Field(f.Name)
			if !ok || g.Offset != f.Offset || g.DType != f.DType || g.Size() != f.Size() {
				t.Fatalf("field %s moved with Extras.Paths", f.Name)
			}
		}
		fp, ok := l.Field("option_paths")
		if !ok || fp.DType != encode.Uint8 || len(fp.Shape) != 2 || fp.Shape[0] != MaxOptionRows || fp.Shape[1] != pathCols {
			t.Fatalf("option_paths: %+v, want uint8 [%d %d]", fp, MaxOptionRows, pathCols)
		}
		o := l.NewObs()
		rng := game.NewRNG(seed + 11)
		for n := 0; !s.Over() && n < 250; n++ {
			p := s.Prompt()
			for v := 0; v <= int(s.N); v++ {
				e.Encode(s, game.AgentID(v), o)
				got := o.U8[fp.Offset : fp.Offset+fp.Size()]
				cr, ac := optActor(s, v)
				var want [pathCols][machina.NumCells]int
				if int(p.Actor) == v {
					for k, ts := range pathTargets(s, cr) {
						want[k] = pathsWant(&s.Board, ts)
						if len(ts) > 0 {
							goals[k]++
						}
					}
				}
				for r := 0; r < MaxOptionRows; r++ {
					cell, refers := -1, false
					if int(p.Actor) == v && r < len(p.Options) {
						cell, refers = optTarget(s, int(p.Options[r].Code), ac)
					}
					for k := 0; k < pathCols; k++ {
						x := int(got[r*pathCols+k])
						w := 0
						if refers && cell >= 0 {
							w = want[k][cell]
							rows[k]++
							if w != pathNone {
								finite[k]++
							}
							if w > 1 {
								kinds[k]++
							}
						}
						if x != w {
							t.Fatalf("seed %d decision %d viewer %d (actor %d, prompt %v): row %d (%s, cell %d) %s = %d, want %d",
								seed, n, v, p.Actor, p.Kind, r, e.ActionName(int(p.Options[r].Code)), cell, pathNames[k], x, w)
						}
					}
				}
			}
			if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("rows with a cell %v, of them with a path %v, more than a step away %v; encodings with targets %v (columns %v)", rows, finite, kinds, goals, pathNames)
	for k := range rows {
		if finite[k] == 0 || kinds[k] == 0 || finite[k] == rows[k] && k != pathGoal {
			t.Errorf("%s: %d rows, %d with a path, %d over a step: the column went unchecked", pathNames[k], rows[k], finite[k], kinds[k])
		}
	}
}

// TestOptionExtrasDoNotAllocate: the option paths and abilities cost no
// allocation, with the board cache and without it.
func TestOptionExtrasDoNotAllocate(t *testing.T) {
	s := optState(t, 5, false)
	e, err := NewWith(s.Info(), Extras{Paths: true, Abilities: true})
	if err != nil {
		t.Fatal(err)
	}
	o := e.Layout().NewObs()
	rng := game.NewRNG(3)
	for i := 0; i < 40 && !s.Over(); i++ {
		if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
			t.Fatal(err)
		}
	}
	v := game.AgentID(max(int(s.Prompt().Actor), 0))
	if n := testing.AllocsPerRun(50, func() { e.Encode(s, v, o) }); n != 0 {
		t.Errorf("%v allocations an encoding", n)
	}
	e.cache.mu.Lock() // as when another goroutine holds the cache
	defer e.cache.mu.Unlock()
	if n := testing.AllocsPerRun(50, func() { e.Encode(s, v, o) }); n != 0 {
		t.Errorf("%v allocations an encoding without the board cache", n)
	}
}
