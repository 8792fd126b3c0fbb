package machinaobs

import (
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
	"github.com/mythos-rl/mythos/env/machina/content"
)

// The option rows' tests are internal (package machinaobs) to index the
// rows with the column constants of options.go; the expected rows are
// worked out here from the state and from tables of their own, never with
// optionCell or the writer.

// optTeams are the teams of the option tests' games, by seed.
var optTeams = [][]string{{"lorre"}, {"hank", "kim"}, {"lorre", "hank", "philip"}, {"kim", "philip", "lorre", "hank"}}

// optState sets up The Frozen Engine for the option tests.
func optState(t testing.TB, seed uint64, cooperative bool) *machina.State {
	t.Helper()
	ct, err := content.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	cfg := machina.Config{Pioneers: optTeams[seed%uint64(len(optTeams))], Cooperative: cooperative, RoundCap: 40}
	s, err := machina.New(ct.Scenario("frozen_engine"), cfg, seed, false)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// optActor is the creature the option rows of viewer v are seen from (the
// creature whose turn it is, else the pioneer v) and its cell (-1 if none).
func optActor(s *machina.State, v int) (cr, cell int) {
	cr, cell = s.Acting(), -1
	if cr < 0 && v < int(s.N) {
		cr = v
	}
	if cr >= 0 {
		cell = s.Position(cr)
	}
	return cr, cell
}

// optDirDX and optDirDY are the steps of the 8 directions, clockwise from
// north (x grows east, y south).
var optDirDX, optDirDY = [8]int{0, 1, 1, 1, 0, -1, -1, -1}, [8]int{-1, -1, 0, 1, 1, 1, 0, -1}

// optSideDX and optSideDY step across the sides N, E, S, W.
var optSideDX, optSideDY = [4]int{0, 1, 0, -1}, [4]int{-1, 0, 1, 0}

// optNeighbour is cell c moved by (dx, dy), or -1 off the canvas or from no
// cell.
func optNeighbour(c, dx, dy int) int {
	if c < 0 {
		return -1
	}
	x, y := c%machina.Size+dx, c/machina.Size+dy
	if x < 0 || y < 0 || x >= machina.Size || y >= machina.Size {
		return -1
	}
	return y*machina.Size + x
}

// optInRange reports whether code c is in [base, base+n) and its index there.
func optInRange(c int, base game.ActionCode, n int) (int, bool) {
	k := c - int(base)
	return k, k >= 0 && k < n
}

// optTarget is the cell an option code refers to, from the actor's cell ac
// (-1 if none), worked out from the action vocabulary (machina/actions.go)
// with this file's tables; refers says whether the code is one that refers
// to a cell at all.
func optTarget(s *machina.State, c, ac int) (cell int, refers bool) {
	if k, ok := optInRange(c, machina.CodeCell, machina.NumCells); ok {
		return k, true
	}
	if k, ok := optInRange(c, machina.CodePioneer, machina.MaxPioneers); ok {
		return s.Position(k), true
	}
	if k, ok := optInRange(c, machina.CodeTrade, machina.MaxPioneers); ok {
		return s.Position(k), true
	}
	for _, b := range []game.ActionCode{machina.CodeMove, machina.CodeUseCell, machina.CodeSeal} {
		if d, ok := optInRange(c, b, 8); ok {
			return optNeighbour(ac, optDirDX[d], optDirDY[d]), true
		}
	}
	for _, b := range []game.ActionCode{machina.CodeOpenDoor, machina.CodeCloseDoor, machina.CodeBreakDoor} {
		if d, ok := optInRange(c, b, 4); ok {
			return optNeighbour(ac, optSideDX[d], optSideDY[d]), true
		}
	}
	return -1, false
}

// optAbs is |x|.
func optAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// optStats counts what the option checks exercised.
type optStats struct {
	decisions, rows, truncated, undecided int
	moves, cellOpts, monsterTargets       int
	pioneerTargets, kinds, rituals, other int
}

// TestOptionRowsRandomPlay plays random games and, at every decision,
// encodes for every seat: the deciding viewer's option_action rows are the
// prompt's codes in order (the first MaxOptionRows) and -1 after them, with
// present set exactly on those rows; every other viewer's option_action is
// all -1 and its options all zero. Each option row is checked, column by
// column, against a row worked out from the state: the cell the code
// refers to (a cell, a step, a door's side, a pioneer's cell), its offset
// from the actor's cell, the king-move distance, the sight and reach planes,
// the printed kind, the monster or pioneer on it (a monster's health is
// State.Health) and a ritual's health; codes that refer to no cell have
// present alone. A move's dx, dy are the direction's step.
func TestOptionRowsRandomPlay(t *testing.T) {
	var st optStats
	for seed := uint64(0); seed < 40; seed++ {
		s := optState(t, seed, seed%3 == 2)
		e, err := New(s.Info())
		if err != nil {
			t.Fatal(err)
		}
		l := e.Layout()
		o := l.NewObs()
		fo, _ := l.Field("options")
		fa, _ := l.Field("option_action")
		fc, _ := l.Field("actor_cell")
		fb, _ := l.Field("board")
		if fo == nil || fa == nil || fc == nil || fb == nil {
			t.Fatal("the layout lacks options, option_action, actor_cell or board")
		}
		if len(fo.Shape) != 2 || fo.Shape[0] != MaxOptionRows || fo.Shape[1] != optionCols || fo.DType != encode.Uint8 {
			t.Fatalf("options: shape %v %v, want uint8 [%d %d]", fo.Shape, fo.DType, MaxOptionRows, optionCols)
		}
		if len(fa.Shape) != 1 || fa.Shape[0] != MaxOptionRows || fa.DType != encode.Int32 {
			t.Fatalf("option_action: shape %v %v, want int32 [%d]", fa.Shape, fa.DType, MaxOptionRows)
		}
		ct := s.Content()
		rng := game.NewRNG(seed + 7)
		for n := 0; !s.Over() && n < 300; n++ {
			p := s.Prompt()
			st.decisions++
			for v := 0; v <= int(s.N); v++ {
				e.Encode(s, game.AgentID(v), o)
				rows := o.U8[fo.Offset : fo.Offset+fo.Size()]
				acts := o.I32[fa.Offset : fa.Offset+fa.Size()]
				if int(p.Actor) != v || s.Over() {
					for r, a := range acts {
						if a != -1 {
							t.Fatalf("seed %d decision %d: viewer %d does not decide (actor %d) but option_action[%d] = %d", seed, n, v, p.Actor, r, a)
						}
					}
					for k, x := range rows {
						if x != 0 {
							t.Fatalf("seed %d decision %d: viewer %d does not decide (actor %d) but options[%d][%s] = %v", seed, n, v, p.Actor, k/optionCols, optionNames[k%optionCols], x)
						}
					}
					st.undecided++
					continue
				}
				cr, ac := optActor(s, v)
				if got := int(o.I32[fc.Offset]); got != ac {
					t.Fatalf("seed %d decision %d: actor_cell %d, want %d (creature %d)", seed, n, got, ac, cr)
				}
				if len(p.Options) > MaxOptionRows {
					st.truncated++
				}
				for r := 0; r < MaxOptionRows; r++ {
					row := rows[r*optionCols : (r+1)*optionCols]
					if r >= len(p.Options) {
						if acts[r] != -1 {
							t.Fatalf("seed %d decision %d: option_action[%d] = %d past the %d options", seed, n, r, acts[r], len(p.Options))
						}
						for k, x := range row {
							if x != 0 {
								t.Fatalf("seed %d decision %d: row %d past the %d options has %s = %v", seed, n, r, len(p.Options), optionNames[k], x)
							}
						}
						continue
					}
					code := int(p.Options[r].Code)
					if int(acts[r]) != code {
						t.Fatalf("seed %d decision %d: option_action[%d] = %d, want the option's code %d", seed, n, r, acts[r], code)
					}
					st.rows++
					want := optWantRow(s, ct, fb, o, code, ac, v, &st)
					for k := range row {
						if row[k] != want[k] {
							t.Fatalf("seed %d decision %d viewer %d (prompt %v): row %d, option %d (%s), actor cell %d: %s = %v, want %v",
								seed, n, v, p.Kind, r, code, e.ActionName(code), ac, optionNames[k], row[k], want[k])
						}
					}
					if k, ok := optInRange(code, machina.CodeMove, 8); ok {
						// The move table of the brief, straight.
						dx := int(row[oEast]) - int(row[oWest])
						dy := int(row[oSouth]) - int(row[oNorth])
						if dx != optDirDX[k] || dy != optDirDY[k] || row[oDistance] != 1 || row[oCell] != 1 {
							t.Fatalf("seed %d decision %d: move %d row dx %v dy %v distance %v cell %v", seed, n, k, dx, dy, row[oDistance], row[oCell])
						}
						st.moves++
					}
				}
			}
			if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d decisions, %d option rows checked (%d non-deciding encodings); %d moves, %d Cell options (%d with a monster), %d rows on a pioneer, %d rows with a kind, %d with a ritual, %d rows referring to no cell; %d prompts over %d options",
		st.decisions, st.rows, st.undecided, st.moves, st.cellOpts, st.monsterTargets, st.pioneerTargets, st.kinds, st.rituals, st.other, st.truncated, MaxOptionRows)
	if st.monsterTargets == 0 {
		t.Error("no Cell option with a monster on its cell: the attack targets went unchecked")
	}
	if st.moves < 100 {
		t.Errorf("only %d move options checked", st.moves)
	}
	if st.other == 0 {
		t.Error("no option referring to no cell checked")
	}
}

// optWantRow is the option row of code for the deciding viewer v, from the
// actor's cell ac, worked out from the state (the sight and reach columns
// read the observation's own planes, written by board()).
func optWantRow(s *machina.State, ct *machina.Content, fb *encode.Field, o encode.Obs, code, ac, v int, st *optStats) [optionCols]uint8 {
	var w [optionCols]uint8
	w[oPresent] = 1
	c, refers := optTarget(s, code, ac)
	if !refers {
		st.other++
	}
	if c < 0 {
		return w
	}
	w[oCell] = 1
	if ac >= 0 {
		dx := c%machina.Size - ac%machina.Size
		dy := c/machina.Size - ac/machina.Size
		w[oEast], w[oWest] = uint8(max(dx, 0)), uint8(max(-dx, 0))
		w[oSouth], w[oNorth] = uint8(max(dy, 0)), uint8(max(-dy, 0))
		w[oDistance] = uint8(max(optAbs(dx), optAbs(dy)))
		if o.U8[fb.Offset+chSight*machina.NumCells+c] != 0 {
			w[oSight] = 1
		}
		if o.U8[fb.Offset+chReach*machina.NumCells+c] != 0 {
			w[oReach] = 1
		}
	}
	if k := int(s.Board.Kind[c]); k != 0 {
		w[oKind+k-1] = 1
		st.kinds++
	}
	for _, r := range s.Rituals {
		if int(r.Cell) == c && r.HP > 0 {
			w[oRitualHealth] = uint8(r.HP)
			st.rituals++
		}
	}
	for seat := 0; seat < int(s.N); seat++ {
		if s.Position(seat) != c {
			continue
		}
		w[oPioneer] = 1
		if seat == v {
			w[oPioneerViewer] = 1
		}
		w[oPioneerHealth] = uint8(s.P[seat].HP)
		w[oPioneerMaxHealth] = uint8(ct.Pioneers[s.P[seat].Card].MaxHP)
		st.pioneerTargets++
	}
	isCell := code >= int(machina.CodeCell) && code < int(machina.CodeCell)+machina.NumCells
	if isCell {
		st.cellOpts++
	}
	if cr := s.CreatureAt(c); cr >= machina.MonsterBase && cr < machina.MonsterBase+machina.MaxMonsters {
		m := cr - machina.MonsterBase
		w[oMonster] = 1
		w[oMonsterLevel] = uint8(ct.Monsters[m].Level)
		w[oMonsterHealth] = uint8(s.Health(cr))
		w[oMonsterMaxHealth] = uint8(ct.Monsters[m].Health)
		if s.Incorporeal(cr) {
			w[oMonsterIncorporeal] = 1
		}
		if s.Mx[m].Controller >= 0 {
			w[oMonsterControlled] = 1
		}
		if isCell {
			st.monsterTargets++
		}
	}
	return w
}

// TestOptionRowsDoNotAllocate: an encoding from the deciding seat, which
// writes the option rows, allocates nothing.
func TestOptionRowsDoNotAllocate(t *testing.T) {
	s := optState(t, 1, false)
	rng := game.NewRNG(3)
	found := false
	for i := 0; i < 400 && !s.Over(); i++ {
		p := s.Prompt()
		if i > 20 && p.Actor >= 0 && len(p.Options) > 3 {
			if _, ok := optInRange(int(p.Options[1].Code), machina.CodeMove, 8); ok {
				found = true
				break
			}
		}
		_ = s.Apply(rng.IntN(len(p.Options)))
	}
	if !found {
		t.Fatal("no prompt with moves found; pick another seed")
	}
	e, err := New(s.Info())
	if err != nil {
		t.Fatal(err)
	}
	o := e.Layout().NewObs()
	actor := s.Prompt().Actor
	e.Encode(s, actor, o)
	fa, _ := e.Layout().Field("option_action")
	if o.I32[fa.Offset] != int32(s.Prompt().Options[0].Code) {
		t.Fatal("the option rows were not written")
	}
	if allocs := testing.AllocsPerRun(100, func() { e.Encode(s, actor, o) }); allocs != 0 {
		t.Fatalf("%v allocations per encoding from the deciding seat", allocs)
	}
}

// TestOptionRowsTruncateAndRitual covers what random play does not reach
// (its prompts offer at most 16 options, and its games end before the
// finale's ritual cells): in a copy of a state where a pioneer decides with
// a monster on the board, the prompt is replaced by more than
// MaxOptionRows Cell options (the monster's cell, a ritual cell given
// health, the actor's neighbours, then any cells) and the monster is put
// under the actor's control, and the rows hold the
// first MaxOptionRows of them in order, each as worked out from the state.
func TestOptionRowsTruncateAndRitual(t *testing.T) {
	var s *machina.State
	monster, mon := -1, -1
	for seed := uint64(0); seed < 60 && s == nil; seed++ {
		g := optState(t, seed, false)
		rng := game.NewRNG(seed + 7)
		for n := 0; !g.Over() && n < 300; n++ {
			p := g.Prompt()
			if a := int(p.Actor); a >= 0 && a < int(g.N) && g.Acting() == a && g.Position(a) >= 0 {
				for m := 0; m < machina.MaxMonsters; m++ {
					if c := g.Position(machina.MonsterBase + m); c >= 0 && g.CreatureAt(c) == machina.MonsterBase+m {
						s, monster, mon = g, c, m
						break
					}
				}
				if s != nil {
					break
				}
			}
			_ = g.Apply(rng.IntN(len(p.Options)))
		}
	}
	if s == nil {
		t.Fatal("no decision of a pioneer with a monster on the board")
	}
	s = s.Clone().(*machina.State)
	actor := int(s.Prompt().Actor)
	ac := s.Position(actor)
	// A ritual cell: the first of the actor's neighbours on the canvas.
	ritual := -1
	for d := 0; d < 8 && ritual < 0; d++ {
		if c := optNeighbour(ac, optDirDX[d], optDirDY[d]); c >= 0 && c != monster {
			ritual = c
		}
	}
	// The monster under the actor's control (MA §10.3), which random play
	// does not reach either.
	s.Mx[mon].Controller = int8(actor)
	s.Rituals = append(s.Rituals[:len(s.Rituals):len(s.Rituals)], machina.Ritual{Cell: int16(ritual), HP: 5})
	cells := []int{monster, ritual, ac}
	for d := 0; d < 8; d++ {
		cells = append(cells, optNeighbour(ac, optDirDX[d], optDirDY[d]))
	}
	for c := 0; len(cells) < MaxOptionRows+8; c++ {
		cells = append(cells, c)
	}
	opts := make([]game.Option, 0, len(cells))
	seen := map[int]bool{}
	for _, c := range cells {
		if c >= 0 && !seen[c] {
			seen[c] = true
			opts = append(opts, game.Option{Code: machina.CodeCell + game.ActionCode(c), Arg: int32(c)})
		}
	}
	if len(opts) <= MaxOptionRows {
		t.Fatalf("%d options, want more than %d", len(opts), MaxOptionRows)
	}
	s.Prompt().Options = opts
	e, err := New(s.Info())
	if err != nil {
		t.Fatal(err)
	}
	l := e.Layout()
	o := l.NewObs()
	fo, _ := l.Field("options")
	fa, _ := l.Field("option_action")
	fb, _ := l.Field("board")
	e.Encode(s, game.AgentID(actor), o)
	var st optStats
	for r := 0; r < MaxOptionRows; r++ {
		code := int(opts[r].Code)
		if got := o.I32[fa.Offset+r]; int(got) != code {
			t.Fatalf("option_action[%d] = %d, want %d", r, got, code)
		}
		want := optWantRow(s, s.Content(), fb, o, code, ac, actor, &st)
		row := o.U8[fo.Offset+r*optionCols : fo.Offset+(r+1)*optionCols]
		for k := range row {
			if row[k] != want[k] {
				t.Fatalf("row %d (cell %d), actor cell %d: %s = %v, want %v", r, code-int(machina.CodeCell), ac, optionNames[k], row[k], want[k])
			}
		}
	}
	first := o.U8[fo.Offset : fo.Offset+2*optionCols]
	if first[oMonster] != 1 || first[oMonsterHealth] <= 0 || first[oMonsterControlled] != 1 || first[optionCols+oRitualHealth] != 5 {
		t.Fatalf("row 0 monster %v health %v controlled %v, row 1 ritual health %v; want 1, >0, 1, 5",
			first[oMonster], first[oMonsterHealth], first[oMonsterControlled], first[optionCols+oRitualHealth])
	}
	if st.monsterTargets != 1 || st.rituals != 1 {
		t.Fatalf("%d monster targets, %d rituals in the rows, want 1 and 1", st.monsterTargets, st.rituals)
	}
}
