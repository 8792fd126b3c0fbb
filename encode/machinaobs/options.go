package machinaobs

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
)

// The option rows: one feature row per option of the prompt, for policies
// that score options by what they refer to (a pointer term) rather than by
// their action id alone. An attack's targets, a step's cells and a door's
// sides are action ids of their own (Cell x:y, a direction, a side); a row
// says where the option's cell lies from the creature whose turn it is and
// what stands there, so that what a policy learns of one target carries
// over to a target elsewhere on the board.

// MaxOptionRows is the number of option rows: the prompt's first options
// (a Machina prompt rarely offers more: the steps of a move are directions,
// an attack offers the creatures in range).
const MaxOptionRows = 32

// Option columns.
const (
	oPresent  = iota
	oCell     // the option refers to a cell (below)
	oEast     // how many columns east of the actor's the cell lies (0 if not east)
	oWest     // ... west
	oSouth    // how many rows south of the actor's (y grows south)
	oNorth    // ... north
	oDistance // the larger of the column and row offsets (king moves, MA §10.8)
	oSight    // the actor sees the cell (the sight plane)
	oReach    // the actor can reach the cell (the reach plane)
	oKind     // + cell kinds 1..13 one-hot (cellKindNames)
)

// Option columns after the kinds.
const (
	oMonster = oKind + numKinds + iota
	oMonsterLevel
	oMonsterHealth
	oMonsterMaxHealth
	oMonsterIncorporeal
	oMonsterControlled
	oPioneer
	oPioneerViewer
	oPioneerHealth
	oPioneerMaxHealth
	oRitualHealth
	optionCols
)

// numKinds is the number of cell kinds with a tile (cellKindNames less "no tile").
const numKinds = 13

var optionNames = names{"present", "cell", "east", "west", "south", "north", "distance", "sight", "reach",
	"kind=floor", "kind=trap", "kind=chasm", "kind=lair", "kind=rubble", "kind=chest", "kind=event_cell",
	"kind=recharge_station", "kind=trap_lever", "kind=workbench", "kind=chapter_cell", "kind=explosive_barrel",
	"kind=ritual_cell",
	"monster", "monster_level", "monster_health", "monster_max_health", "monster_incorporeal", "monster_controlled",
	"pioneer", "pioneer_viewer", "pioneer_health", "pioneer_max_health", "ritual_health"}

// optionCell is the cell option code c refers to, seen from the actor's
// cell ac: a cell or the creature on it (Cell x:y), the neighbour in a
// direction (a step, a cell used or a lair sealed: MA §10.8, §12.8,
// §12.9), the neighbour across a side of the actor's cell (a door: MA
// §12.4), a pioneer's cell (a trade or a pioneer chosen); -1 for the rest.
func optionCell(s *machina.State, c, ac int) int {
	dir := func(base game.ActionCode, n int) (int, bool) {
		if k := c - int(base); k >= 0 && k < n {
			return k, true
		}
		return 0, false
	}
	switch {
	case c >= int(machina.CodeCell) && c < int(machina.CodeCell)+machina.NumCells:
		return c - int(machina.CodeCell)
	case c >= int(machina.CodePioneer) && c < int(machina.CodePioneer)+machina.MaxPioneers:
		return s.Position(c - int(machina.CodePioneer))
	}
	if ac < 0 {
		return -1
	}
	for _, b := range [...]game.ActionCode{machina.CodeMove, machina.CodeUseCell, machina.CodeSeal} {
		if d, ok := dir(b, 8); ok {
			return machina.Step(ac, machina.Direction(d))
		}
	}
	for _, b := range [...]game.ActionCode{machina.CodeOpenDoor, machina.CodeCloseDoor, machina.CodeBreakDoor} {
		if d, ok := dir(b, 4); ok {
			return machina.Step(ac, machina.Direction(2*d)) // sides N, E, S, W are directions 0, 2, 4, 6
		}
	}
	if k, ok := dir(machina.CodeTrade, machina.MaxPioneers); ok {
		return s.Position(k)
	}
	return -1
}

// options writes the option rows and their action ids when the viewer
// decides; the rows past the last option stay zero with action id -1.
func (w *writer) options(decides bool) {
	s := w.s
	for r := 0; r < MaxOptionRows; r++ {
		w.i(w.at.optAction+r, -1)
	}
	if !decides {
		return
	}
	ac := int(w.O.I32[w.at.actorCell])
	ax, ay := ac%machina.Size, ac/machina.Size
	for r, o := range s.Prompt().Options {
		if r == MaxOptionRows {
			break
		}
		w.i(w.at.optAction+r, int32(o.Code))
		off := w.at.options + r*optionCols
		w.O.U8[off+oPresent] = 1
		c := optionCell(s, int(o.Code), ac)
		if c < 0 {
			continue
		}
		w.O.U8[off+oCell] = 1
		if ac >= 0 {
			dx, dy := c%machina.Size-ax, c/machina.Size-ay
			w.u(off+oEast, max(dx, 0))
			w.u(off+oWest, max(-dx, 0))
			w.u(off+oSouth, max(dy, 0))
			w.u(off+oNorth, max(-dy, 0))
			w.u(off+oDistance, max(dx, -dx, dy, -dy))
			w.ub(off+oSight, w.O.U8[w.plane(chSight, c)] != 0)
			w.ub(off+oReach, w.O.U8[w.plane(chReach, c)] != 0)
		}
		if k := int(s.Board.Kind[c]); k >= 1 && k <= numKinds {
			w.O.U8[off+oKind+k-1] = 1
		}
		w.O.U8[off+oRitualHealth] = w.O.U8[w.plane(chRitual, c)]
		switch cr := s.CreatureAt(c); {
		case cr >= 0 && cr < machina.MaxPioneers:
			w.O.U8[off+oPioneer] = 1
			w.ub(off+oPioneerViewer, cr == w.v)
			w.u(off+oPioneerHealth, int(s.P[cr].HP))
			w.u(off+oPioneerMaxHealth, int(w.ct.Pioneers[s.P[cr].Card].MaxHP))
		case cr >= machina.MonsterBase && cr < machina.MonsterBase+machina.MaxMonsters:
			m := cr - machina.MonsterBase
			mc := &w.ct.Monsters[m]
			w.O.U8[off+oMonster] = 1
			w.u(off+oMonsterLevel, int(mc.Level))
			w.u(off+oMonsterHealth, s.Health(cr))
			w.u(off+oMonsterMaxHealth, int(mc.Health))
			w.ub(off+oMonsterIncorporeal, s.Incorporeal(cr))
			w.ub(off+oMonsterControlled, s.Mx[m].Controller >= 0)
		}
	}
}
