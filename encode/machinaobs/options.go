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

// Where an option code points (optionTargets): nowhere, a cell (Cell x:y),
// a pioneer's cell (by seat), the actor's neighbour in a direction, or across
// a side of its cell.
const (
	toNone = iota
	toCell
	toSeat
	toDirection
	toSide
)

// optionTarget is what an option code points at: a kind (to*) and its
// cell, seat, direction or side.
type optionTarget struct {
	kind uint8
	arg  int16
}

// optionTargets is the target of every option code, worked out once.
var optionTargets = func() (t [machina.NumActions]optionTarget) {
	span := func(base game.ActionCode, n int, kind uint8) {
		for k := 0; k < n; k++ {
			t[int(base)+k] = optionTarget{kind, int16(k)}
		}
	}
	span(machina.CodeCell, machina.NumCells, toCell)
	span(machina.CodePioneer, machina.MaxPioneers, toSeat)
	span(machina.CodeTrade, machina.MaxPioneers, toSeat)
	for _, b := range [...]game.ActionCode{machina.CodeMove, machina.CodeUseCell, machina.CodeSeal} {
		span(b, 8, toDirection)
	}
	for _, b := range [...]game.ActionCode{machina.CodeOpenDoor, machina.CodeCloseDoor, machina.CodeBreakDoor} {
		span(b, 4, toSide)
	}
	return t
}()

// optionCell is the cell option code c refers to, seen from the actor's
// cell ac: a cell or the creature on it (Cell x:y), a pioneer's cell (a
// pioneer chosen, a trade: MA §13.10), the neighbour in a direction (a step,
// a cell used or a lair sealed: MA §10.8, §12.8, §12.9), the neighbour
// across a side of the actor's cell (a door: MA §12.4); -1 for the rest.
func optionCell(s *machina.State, c, ac int) int {
	if c < 0 || c >= machina.NumActions {
		return -1
	}
	t := optionTargets[c]
	switch {
	case t.kind == toCell:
		return int(t.arg)
	case t.kind == toSeat:
		return s.Position(int(t.arg))
	case ac < 0:
		return -1
	case t.kind == toDirection:
		return machina.Step(ac, machina.Direction(t.arg))
	case t.kind == toSide:
		return machina.Step(ac, machina.Direction(2*t.arg)) // sides N, E, S, W are directions 0, 2, 4, 6
	}
	return -1
}

// options writes the option rows and their action ids when the viewer
// decides; the rows past the last option stay zero with action id -1.
func (w *writer) options(decides bool) {
	s := w.s
	acts := w.O.I32[w.at.optAction : w.at.optAction+MaxOptionRows]
	opts := s.Prompt().Options
	if !decides {
		opts = nil
	}
	opts = opts[:min(len(opts), MaxOptionRows)]
	for r := len(opts); r < MaxOptionRows; r++ {
		acts[r] = -1
	}
	if len(opts) == 0 {
		return
	}
	ac := int(w.O.I32[w.at.actorCell])
	if w.at.optPaths >= 0 {
		w.paths(len(opts), ac, w.actor)
	}
	if w.at.optAbilities >= 0 {
		w.abilities(len(opts), w.actor)
	}
	ax, ay := ac%machina.Size, ac/machina.Size
	sight, reach := w.plane(chSight, 0), w.plane(chReach, 0)
	rituals := w.O.U8[w.plane(chRitual, 0):w.plane(chRitual, machina.NumCells)]
	for r, o := range opts {
		acts[r] = int32(o.Code)
		off := w.at.options + r*optionCols
		row := w.O.U8[off : off+optionCols]
		row[oPresent] = 1
		c := optionCell(s, int(o.Code), ac)
		if c < 0 {
			continue
		}
		row[oCell] = 1
		if ac >= 0 {
			// offsets on the 20×20 canvas: below 20, a uint8 each
			dx, dy := c%machina.Size-ax, c/machina.Size-ay
			row[oEast], row[oWest] = uint8(max(dx, 0)), uint8(max(-dx, 0))
			row[oSouth], row[oNorth] = uint8(max(dy, 0)), uint8(max(-dy, 0))
			row[oDistance] = uint8(max(dx, -dx, dy, -dy))
			row[oSight] = w.O.U8[sight+c]
			row[oReach] = w.O.U8[reach+c]
		}
		if k := int(s.Board.Kind[c]); k >= 1 && k <= numKinds {
			row[oKind+k-1] = 1
		}
		row[oRitualHealth] = rituals[c]
		switch cr := s.CreatureAt(c); {
		case cr < 0:
		case cr < machina.MaxPioneers:
			row[oPioneer] = 1
			w.ub(off+oPioneerViewer, cr == w.v)
			w.u(off+oPioneerHealth, int(s.P[cr].HP))
			w.u(off+oPioneerMaxHealth, int(w.ct.Pioneers[s.P[cr].Card].MaxHP))
		case cr >= machina.MonsterBase && cr < machina.MonsterBase+machina.MaxMonsters:
			m := cr - machina.MonsterBase
			mc := &w.ct.Monsters[m]
			row[oMonster] = 1
			w.u(off+oMonsterLevel, int(mc.Level))
			w.u(off+oMonsterHealth, s.Health(cr))
			w.u(off+oMonsterMaxHealth, int(mc.Health))
			w.ub(off+oMonsterIncorporeal, s.Incorporeal(cr))
			w.ub(off+oMonsterControlled, s.Mx[m].Controller >= 0)
		}
	}
}
