package machinaobs_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/encode/machinaobs"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
	"github.com/mythos-rl/mythos/env/machina/content"
)

var teams = [][]string{{"lorre"}, {"hank", "kim"}, {"lorre", "hank", "philip"}, {"kim", "philip", "lorre", "hank"}}

// newState sets up The Frozen Engine for a team.
func newState(t testing.TB, seed uint64, cfg machina.Config) *machina.State {
	t.Helper()
	ct, err := content.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Pioneers == nil {
		cfg.Pioneers = teams[seed%uint64(len(teams))]
	}
	if cfg.RoundCap == 0 {
		cfg.RoundCap = 40
	}
	s, err := machina.New(ct.Scenario("frozen_engine"), cfg, seed, false)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func encoderFor(t testing.TB, s *machina.State) *machinaobs.Encoder {
	t.Helper()
	e, err := machinaobs.New(s.Info())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestLayoutDocumentsEveryColumn checks that every float32 and uint8 field
// names its columns (or channels), as many as its dimension, without
// repeats.
func TestLayoutDocumentsEveryColumn(t *testing.T) {
	l := encoderFor(t, newState(t, 1, machina.Config{})).Layout()
	for _, f := range l.Fields {
		if f.Doc == "" {
			t.Errorf("field %s has no doc", f.Name)
		}
		if f.DType == encode.Int32 {
			continue
		}
		key, dim := "Columns: ", f.Shape[len(f.Shape)-1]
		if f.Name == "board" {
			key, dim = "Channels: ", f.Shape[0]
		}
		i := strings.LastIndex(f.Doc, key)
		if i < 0 {
			t.Errorf("field %s does not name its columns", f.Name)
			continue
		}
		cols := strings.Split(strings.TrimSuffix(f.Doc[i+len(key):], "."), ", ")
		if len(cols) != dim {
			t.Errorf("field %s: %d names for a dimension of %d", f.Name, len(cols), dim)
		}
		seen := map[string]bool{}
		for _, c := range cols {
			if c == "" || seen[c] || strings.Contains(c, " ") {
				t.Errorf("field %s: bad or repeated name %q", f.Name, c)
			}
			seen[c] = true
		}
	}
	if b, _ := l.Field("board"); len(b.Shape) != 3 || b.Shape[1] != machina.Size || b.Shape[2] != machina.Size {
		t.Errorf("board shape %v, want [C, %d, %d]", b.Shape, machina.Size, machina.Size)
	}
}

// TestRandomPlay encodes every decision of random games from every seat:
// the mask has exactly the prompt's codes, Choice inverts it, the touched
// encoding equals the plain one, and every value is finite; the actor's own
// figure, sight and reach are where the state says.
func TestRandomPlay(t *testing.T) {
	decisions := 0
	for seed := uint64(0); seed < 12; seed++ {
		s := newState(t, seed, machina.Config{Cooperative: seed%2 == 0})
		e := encoderFor(t, s)
		l := e.Layout()
		o, o2 := l.NewObs(), l.NewObs()
		touched := encode.MakeTouched(l, 1)
		mask := make([]int8, e.Actions())
		board, _ := l.Field("board")
		rng := game.NewRNG(seed)
		for n := 0; !s.Over() && n < 3000; n++ {
			p := s.Prompt()
			e.Mask(s, mask)
			legal := 0
			for a, m := range mask {
				if m == 0 {
					if _, ok := e.Choice(s, a); ok {
						t.Fatalf("seed %d: masked action %d decodes", seed, a)
					}
					continue
				}
				legal++
				i, ok := e.Choice(s, a)
				if !ok || int(p.Options[i].Code) != a {
					t.Fatalf("seed %d: action %d decodes to %d, %v", seed, a, i, ok)
				}
			}
			if legal != len(p.Options) {
				t.Fatalf("seed %d: %d legal ids for %d options", seed, legal, len(p.Options))
			}
			for v := 0; v <= int(s.N); v++ {
				e.Encode(s, game.AgentID(v), o)
				e.EncodeTouched(s, game.AgentID(v), o2, &touched[0])
				for k := range o.F32 {
					if o.F32[k] != o2.F32[k] {
						t.Fatalf("seed %d viewer %d: touched encoding differs at f32 %d", seed, v, k)
					}
					if math.IsNaN(float64(o.F32[k])) || math.IsInf(float64(o.F32[k]), 0) {
						t.Fatalf("seed %d: f32 %d is %v", seed, k, o.F32[k])
					}
				}
				for k := range o.I32 {
					if o.I32[k] != o2.I32[k] {
						t.Fatalf("seed %d viewer %d: touched encoding differs at i32 %d", seed, v, k)
					}
				}
				for k := range o.U8 {
					if o.U8[k] != o2.U8[k] {
						t.Fatalf("seed %d viewer %d: touched encoding differs at u8 %d (%d, %d)", seed, v, k, o.U8[k], o2.U8[k])
					}
				}
				if v < int(s.N) {
					if c := s.Position(v); c >= 0 {
						// pioneer_row0 is the viewer (channel of the doc).
						if o.U8[board.Offset+channel(t, "pioneer_row0")*machina.NumCells+c] != 1 {
							t.Fatalf("seed %d: viewer %d not on its cell %d", seed, v, c)
						}
					}
				}
				if cr := s.Acting(); cr >= 0 {
					if c := s.Position(cr); c >= 0 {
						base := board.Offset + c
						if o.U8[base+channel(t, "sight")*machina.NumCells] != 1 || o.U8[base+channel(t, "reach")*machina.NumCells] != 1 || o.U8[base+channel(t, "actor")*machina.NumCells] != 1 {
							t.Fatalf("seed %d: the actor's cell is not in its own sight and reach", seed)
						}
					}
				}
			}
			if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
				t.Fatal(err)
			}
			decisions++
		}
	}
	t.Logf("%d decisions encoded from every seat", decisions)
}

var channels []string

// channel returns the index of a board channel by its documented name.
func channel(t testing.TB, name string) int {
	if channels == nil {
		s := newState(t, 1, machina.Config{})
		b, _ := encoderFor(t, s).Layout().Field("board")
		i := strings.LastIndex(b.Doc, "Channels: ")
		channels = strings.Split(strings.TrimSuffix(b.Doc[i+len("Channels: "):], "."), ", ")
	}
	for i, c := range channels {
		if c == name {
			return i
		}
	}
	t.Fatalf("no channel %s", name)
	return -1
}

// TestEncodeDoesNotAllocate: Encode, EncodeTouched, Mask and Choice
// allocate nothing.
func TestEncodeDoesNotAllocate(t *testing.T) {
	s := newState(t, 3, machina.Config{Pioneers: []string{"hank", "kim"}})
	rng := game.NewRNG(1)
	for i := 0; i < 40 && !s.Over(); i++ {
		_ = s.Apply(rng.IntN(len(s.Prompt().Options)))
	}
	if s.Over() {
		t.Fatal("the game ended early; pick another seed")
	}
	e := encoderFor(t, s)
	o := e.Layout().NewObs()
	tt := encode.MakeTouched(e.Layout(), 1)
	mask := make([]int8, e.Actions())
	allocs := testing.AllocsPerRun(100, func() {
		e.Encode(s, 0, o)
		e.EncodeTouched(s, 1, o, &tt[0])
		e.Mask(s, mask)
		e.Choice(s, int(s.Prompt().Options[0].Code))
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per encoding", allocs)
	}
}

// TestActionNames: every id is named and described.
func TestActionNames(t *testing.T) {
	e := encoderFor(t, newState(t, 1, machina.Config{}))
	for a := 0; a < e.Actions(); a++ {
		n := e.ActionName(a)
		if !strings.Contains(n, ": ") || strings.HasSuffix(n, ": ") || strings.Contains(n, "%!") {
			t.Fatalf("action %d: %q", a, n)
		}
	}
}

// TestUnexploredPlaneMatchesTheBoard: the unexplored channel is exactly the
// cells Board.UnexploredSide names, through random games.
func TestUnexploredPlaneMatchesTheBoard(t *testing.T) {
	for seed := uint64(0); seed < 6; seed++ {
		s := newState(t, seed, machina.Config{})
		e := encoderFor(t, s)
		o := e.Layout().NewObs()
		board, _ := e.Layout().Field("board")
		ch := channel(t, "unexplored")
		rng := game.NewRNG(seed)
		for n := 0; !s.Over() && n < 2000; n++ {
			e.Encode(s, 0, o)
			for c := 0; c < machina.NumCells; c++ {
				_, want := s.Board.UnexploredSide(c)
				if got := o.U8[board.Offset+ch*machina.NumCells+c] == 1; got != want {
					t.Fatalf("seed %d step %d cell %d: unexplored %v, want %v", seed, n, c, got, want)
				}
			}
			_ = s.Apply(rng.IntN(len(s.Prompt().Options)))
		}
	}
}

// The line-of-sight cache and the terrain planes kept in a row (the
// touched encoding into the same buffer, o3) give the observation a fresh encoder gives, along
// random games whose grids change (doors, tiles, destroyed cells).
func TestSightCacheMatchesFreshEncoding(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		s := newState(t, seed, machina.Config{Pioneers: []string{"hank", "kim"}, RoundCap: 30})
		cached := encoderFor(t, s)
		o1, o2, o3 := cached.Layout().NewObs(), cached.Layout().NewObs(), cached.Layout().NewObs()
		tt := encode.MakeTouched(cached.Layout(), 1)
		rng := game.NewRNG(seed)
		for i := 0; i < 600 && !s.Over(); i++ {
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
			if s.Over() {
				break
			}
			fresh := encoderFor(t, s)
			cached.Encode(s, s.Prompt().Actor, o1)
			fresh.Encode(s, s.Prompt().Actor, o2)
			cached.EncodeTouched(s, s.Prompt().Actor, o3, &tt[0])
			for k := range o1.F32 {
				if o1.F32[k] != o2.F32[k] || o3.F32[k] != o2.F32[k] {
					t.Fatalf("seed %d decision %d: element %d is %v cached, %v touched, %v fresh", seed, i, k, o1.F32[k], o3.F32[k], o2.F32[k])
				}
			}
			for k := range o1.U8 {
				if o1.U8[k] != o2.U8[k] || o3.U8[k] != o2.U8[k] {
					t.Fatalf("seed %d decision %d: uint8 element %d is %v cached, %v touched (kept row), %v fresh", seed, i, k, o1.U8[k], o3.U8[k], o2.U8[k])
				}
			}
		}
	}
}

// TestUint8FieldsFit plays random games of every team size from every seat
// and checks that no uint8 element was written out of range (the encoder
// counts values outside [0, 255], which a uint8 would silently truncate),
// and that the planes and tables hold what their docs say: flags 0/1,
// cell_kind and edge codes within their lists.
func TestUint8FieldsFit(t *testing.T) {
	before := machinaobs.Overflows()
	decisions := 0
	for seed := uint64(0); seed < 16; seed++ {
		s := newState(t, seed, machina.Config{Cooperative: seed%3 == 0, RoundCap: 60})
		e := encoderFor(t, s)
		l := e.Layout()
		o := l.NewObs()
		board, _ := l.Field("board")
		kind, edge := channel(t, "cell_kind"), channel(t, "edge_n")
		rng := game.NewRNG(seed)
		for n := 0; !s.Over() && n < 4000; n++ {
			v := game.AgentID(n % (int(s.N) + 1))
			e.Encode(s, v, o)
			for ch := 0; ch < board.Shape[0]; ch++ {
				for _, x := range o.Bytes(board)[ch*machina.NumCells : (ch+1)*machina.NumCells] {
					switch {
					case ch == kind && x > uint8(machina.KindRitual):
						t.Fatalf("seed %d: cell kind code %d", seed, x)
					case ch >= edge && ch < edge+4 && x > uint8(machina.EdgeDestroyed):
						t.Fatalf("seed %d: edge code %d", seed, x)
					}
				}
			}
			if got := machinaobs.Overflows(); got != before {
				off, x := machinaobs.LastOverflow()
				f := "?"
				for _, fl := range l.Fields {
					if fl.DType == encode.Uint8 && off >= fl.Offset && off < fl.Offset+fl.Size() {
						f = fmt.Sprintf("%s element %d", fl.Name, off-fl.Offset)
					}
				}
				t.Fatalf("seed %d decision %d: %d uint8 values out of range, the last %d at %s", seed, n, got-before, x, f)
			}
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
			decisions++
		}
	}
	t.Logf("%d decisions, no uint8 overflow", decisions)
}

// TestCachedReachAndSightMatchTheEngine: the reach plane's walk over the
// board's cached steps equals State.ReachFrom for every creature on the
// board (steps worked out afresh, and steps an encoder keeps while the
// board's stamp holds), and the cached and shared sight rows equal LineOfSight, through
// random games (the table is shared by two encoders, so rows one stored are
// read by the other).
func TestCachedReachAndSightMatchTheEngine(t *testing.T) {
	checked := 0
	for seed := uint64(0); seed < 8; seed++ {
		s := newState(t, seed, machina.Config{Pioneers: []string{"hank", "kim"}, RoundCap: 40})
		e1, e2 := encoderFor(t, s), encoderFor(t, s)
		rng := game.NewRNG(seed)
		var got, want [machina.NumCells]int8
		for n := 0; n < 1500 && !s.Over(); n++ {
			for cr := 0; cr < machina.MonsterBase+machina.MaxMonsters; cr++ {
				c := s.Position(cr)
				if c < 0 {
					continue
				}
				stamina := 0
				if cr < machina.MaxPioneers {
					stamina = int(s.P[cr].Stamina)
				} else if cr >= machina.MonsterBase {
					stamina = int(s.Mx[cr-machina.MonsterBase].Stamina)
				}
				s.ReachFrom(cr, stamina, &want)
				// Steps worked out afresh, and steps kept across the
				// game's boards by e1's cache (what changed forgotten).
				for _, e := range []*machinaobs.Encoder{nil, e1} {
					machinaobs.CachedReach(e, s, cr, &got)
					if got != want {
						t.Fatalf("seed %d decision %d creature %d: cached reach (kept steps: %v) differs from ReachFrom", seed, n, cr, e != nil)
					}
				}
				e := e1
				if n%2 == 1 {
					e = e2
				}
				row := machinaobs.CachedSight(e, s, c)
				for x := 0; x < machina.NumCells; x++ {
					w := s.Board.Present(x) && s.Board.LineOfSight(c, x, machina.SightPlain, nil)
					if (row[x>>6]>>(x&63)&1 == 1) != w {
						t.Fatalf("seed %d decision %d: cached sight from %d to %d is wrong", seed, n, c, x)
					}
				}
				checked++
			}
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d creature positions checked", checked)
}

// TestKeptStepsFollowBoardChanges: an encoder's kept steps follow any change
// of the board, however small: through random games, a copy of the state
// gets a few random cells' kinds and destruction tokens and random edges
// changed near a pioneer, and the reach of every creature over the kept steps equals
// State.ReachFrom on the changed board.
func TestKeptStepsFollowBoardChanges(t *testing.T) {
	checked := 0
	for seed := uint64(0); seed < 30; seed++ {
		s := newState(t, seed, machina.Config{Pioneers: []string{"hank", "kim"}, RoundCap: 40})
		e := encoderFor(t, s)
		rng := game.NewRNG(seed + 100)
		var got, want [machina.NumCells]int8
		kinds := []machina.CellKind{machina.KindNone, machina.KindFloor, machina.KindRubble, machina.KindChasm, machina.KindBarrel}
		edges := []machina.Edge{machina.EdgeOpen, machina.EdgeWall, machina.EdgeDoor, machina.EdgeClosed}
		for n := 0; n < 400 && !s.Over(); n++ {
			c := s.Clone().(*machina.State)
			g := &c.Board.Grid
			// Changes within two cells of the first pioneer, where its
			// reach goes.
			at := max(c.Position(0), 0)
			for k := rng.IntN(3); k >= 0; k-- {
				x := min(max(at%machina.Size+rng.IntN(5)-2, 0), machina.Size-1)
				y := min(max(at/machina.Size+rng.IntN(5)-2, 0), machina.Size-1)
				switch cell := y*machina.Size + x; rng.IntN(3) {
				case 0:
					g.Kind[cell] = kinds[rng.IntN(len(kinds))]
				case 1:
					g.Dest[cell] = uint8(rng.IntN(2))
				default:
					if rng.IntN(2) == 0 {
						g.V[y][x+rng.IntN(2)] = edges[rng.IntN(len(edges))]
					} else {
						g.H[y+rng.IntN(2)][x] = edges[rng.IntN(len(edges))]
					}
				}
			}
			c.BoardChanged()
			for cr := 0; cr < machina.MonsterBase+machina.MaxMonsters; cr++ {
				if c.Position(cr) < 0 {
					continue
				}
				machinaobs.CachedReach(e, c, cr, &got)
				c.ReachFrom(cr, machinaobs.Stamina(c, cr), &want)
				if got != want {
					t.Fatalf("seed %d decision %d creature %d: reach over kept steps differs from ReachFrom on a changed board", seed, n, cr)
				}
				checked++
			}
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d creature positions checked", checked)
}
