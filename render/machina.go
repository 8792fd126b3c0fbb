package render

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
)

// MachinaView is what one seat of Machina Arcana may know of the table: the
// whole board is open information (MA §23.5); deck orders, the tile stack
// and boxed cards are not, and the view holds only their sizes. A
// spectator's view (viewer Spectator) holds the same and says so in its
// header.
type MachinaView struct {
	Viewer         int // the seat: a pioneer, or N for the monster side
	Spectator      bool
	Scenario       string
	Round          int
	Phase          string
	Chapter        string // "3 The Vault", or "finale"
	Lair, Horror   int
	Danger, Track  int // danger divisions and the track's length
	Level          int // monster level
	Tokens         int // the finale's clock
	Grid           machina.Grid
	Figure         [machina.NumCells]string // "1".."4" a pioneer, "a".. a monster, "" none
	Entrance, Exit [2]int
	Acting         string // who acts: a pioneer's or monster's name, or ""
	ActingCell     int    // its cell or -1
	Sight          [machina.NumCells]bool
	Reach          [machina.NumCells]int8
	Pioneers       []MachinaPioneer
	Monsters       []MachinaMonster
	Events         [2]string // the current pioneer and horror events
	MonsterDeck    int
	ItemDecks      []string // "weapon 12", ...
	Result         string   // "victory", "defeat", or "" while running
}

// MachinaPioneer is one pioneer's public state.
type MachinaPioneer struct {
	Seat                   int
	Name, Class, Where     string
	HP, MaxHP, Stam, MaxSt int
	Insp, MaxInsp          int
	Defence, Will          int
	Alive                  bool
	Items                  []string // equipped items marked "*"
}

// MachinaMonster is one monster on the board, in the monster order.
type MachinaMonster struct {
	Label, Name, Where     string
	Level, Health, MaxHP   int
	Defence, Will, Stamina int
}

// NewMachinaView builds seat viewer's view of s. It reads only public
// information, as the encoder does (encode/machinaobs).
func NewMachinaView(s *machina.State, viewer game.AgentID) *MachinaView {
	ct := s.Content()
	v := &MachinaView{Viewer: int(viewer), Spectator: viewer == Spectator, Scenario: s.Scenario().Name, Round: int(s.Round), Phase: s.Phase.String(),
		Lair: int(s.Lair), Horror: int(s.Horror), Danger: int(s.Danger), Track: s.DangerTrack(), Level: int(s.Level),
		Tokens: int(s.Tokens), Grid: s.Board.Grid, ActingCell: -1, MonsterDeck: len(s.MonsterDeck)}
	v.Chapter = "finale"
	if c := s.ChapterCard(); c != nil {
		v.Chapter = fmt.Sprintf("%d %s", s.ChapterPos+1, c.Title)
	}
	for i := range 2 {
		v.Entrance[i], v.Exit[i] = int(s.Entrance[i]), int(s.Exit[i])
	}
	for p := 0; p < int(s.N); p++ {
		pi := &s.P[p]
		card := &ct.Pioneers[pi.Card]
		mp := MachinaPioneer{Seat: p, Name: card.Name, Class: card.Class.String(), HP: int(pi.HP), MaxHP: int(card.MaxHP),
			Stam: int(pi.Stamina), MaxSt: s.MaxStamina(p), Insp: int(pi.Insp), MaxInsp: int(card.MaxInsp),
			Defence: s.Defence(p), Will: s.Will(p), Alive: pi.Alive, Where: "off the board"}
		switch {
		case !pi.Alive:
			mp.Where = "dead"
		case pi.OnBoard:
			mp.Where = cellName(int(pi.Pos))
			v.Figure[pi.Pos] = fmt.Sprint(p + 1)
		}
		for i := range ct.Items {
			it := &s.Items[i]
			if int(it.Owner) == p && (it.Zone == machina.ZoneEquipped || it.Zone == machina.ZoneInventory) {
				name := ct.Items[i].Name
				if it.Zone == machina.ZoneEquipped {
					name = "*" + name
				}
				mp.Items = append(mp.Items, name)
			}
		}
		v.Pioneers = append(v.Pioneers, mp)
	}
	for k, m := range s.Order {
		cr := machina.MonsterBase + int(m)
		card := &ct.Monsters[m]
		label := string(rune('a' + k))
		pos := int(s.Mx[m].Pos)
		v.Monsters = append(v.Monsters, MachinaMonster{Label: label, Name: card.Name, Where: cellName(pos), Level: int(card.Level),
			Health: s.Health(cr), MaxHP: int(card.Health), Defence: s.Defence(cr), Will: s.Will(cr), Stamina: int(s.Mx[m].Stamina)})
		if pos >= 0 && pos < machina.NumCells {
			v.Figure[pos] = label
		}
	}
	for k, horror := range [2]bool{false, true} {
		if e := s.CurrentEvent(horror); e >= 0 {
			v.Events[k] = ct.Events[e].Name
		}
	}
	for d := range s.ItemDecks {
		v.ItemDecks = append(v.ItemDecks, fmt.Sprintf("%s %d", machina.Deck(d), len(s.ItemDecks[d])))
	}
	// The acting creature's sight and reach (MA §17.1, §10.8): what the
	// encoder's sight planes show.
	if a := s.Acting(); a >= 0 && !s.Over() {
		c := s.Position(a)
		v.ActingCell = c
		stam := 0
		if a < machina.MonsterBase {
			v.Acting = ct.Pioneers[s.P[a].Card].Name
			stam = int(s.P[a].Stamina)
		} else {
			m := a - machina.MonsterBase
			v.Acting = ct.Monsters[m].Name
			stam = int(s.Mx[m].Stamina)
		}
		if c >= 0 {
			s.SightFrom(c, machina.SightPlain, &v.Sight)
		}
		s.ReachFrom(a, stam, &v.Reach)
	} else {
		for i := range v.Reach {
			v.Reach[i] = -1
		}
	}
	switch s.Result() {
	case 1:
		v.Result = "victory"
	case -1:
		v.Result = "defeat"
	}
	if s.Over() && v.Result == "" {
		v.Result = "truncated"
	}
	return v
}

func cellName(c int) string {
	if c < 0 {
		return "off the board"
	}
	return fmt.Sprintf("(%d,%d)", c%machina.Size, c/machina.Size)
}

// kindColor is each cell kind's fill; the legend lists them.
var kindColor = [...]Color{
	machina.KindNone:      RGB(0x15, 0x16, 0x19),
	machina.KindFloor:     RGB(0x8c, 0x83, 0x72),
	machina.KindTrap:      RGB(0xc0, 0x5a, 0x2c),
	machina.KindChasm:     RGB(0x10, 0x10, 0x14),
	machina.KindLair:      RGB(0x7a, 0x2a, 0x3a),
	machina.KindRubble:    RGB(0x5a, 0x55, 0x4d),
	machina.KindChest:     RGB(0xc8, 0x9a, 0x3a),
	machina.KindEvent:     RGB(0x6b, 0x58, 0xa8),
	machina.KindRecharge:  RGB(0x3a, 0x8a, 0xa8),
	machina.KindLever:     RGB(0xa8, 0x7a, 0x3a),
	machina.KindWorkbench: RGB(0x5a, 0x8a, 0x4a),
	machina.KindChapter:   RGB(0xd8, 0xc8, 0x6a),
	machina.KindBarrel:    RGB(0xb8, 0x3a, 0x2a),
	machina.KindRitual:    RGB(0x9a, 0x2a, 0x8a),
}

// Board geometry of the drawing: the window of placed tiles (MA §11.3)
// is zoomed to fill the board area, whole tiles at a time, so that a board
// of one tile is drawn as large as one of four.
const (
	maX0, maY0   = 44.0, 58.0
	maW, maH     = 700.0, 728.0
	maMaxCellPix = 70.0
)

// machinaFrame is the part of the canvas drawn and the size of a cell.
type machinaFrame struct {
	x0, y0, x1, y1 int // cells, x1 and y1 excluded
	cell           float64
}

func newMachinaFrame(g *machina.Grid) machinaFrame {
	f := machinaFrame{x0: machina.Size, y0: machina.Size}
	for c := 0; c < machina.NumCells; c++ {
		if g.Present(c) {
			t := machina.TileSize
			x, y := c%machina.Size/t*t, c/machina.Size/t*t
			f.x0, f.y0 = min(f.x0, x), min(f.y0, y)
			f.x1, f.y1 = max(f.x1, x+t), max(f.y1, y+t)
		}
	}
	if f.x1 == 0 {
		f = machinaFrame{0, 0, machina.Size, machina.Size, 0}
	}
	f.cell = min(maW/float64(f.x1-f.x0), maH/float64(f.y1-f.y0), maMaxCellPix)
	return f
}

// at is the top left corner of cell c on the picture.
func (f machinaFrame) at(c int) (float64, float64) {
	return maX0 + float64(c%machina.Size-f.x0)*f.cell, maY0 + float64(c/machina.Size-f.y0)*f.cell
}

// in reports whether cell c is drawn.
func (f machinaFrame) in(c int) bool {
	x, y := c%machina.Size, c/machina.Size
	return x >= f.x0 && x < f.x1 && y >= f.y0 && y < f.y1
}

// Draw lays the view out: the board with axis labels, walls, doors, cells,
// figures and the acting creature's overlay on the left; the chapter, danger
// track, pioneers, monsters and legend on the right.
func (v *MachinaView) Draw() *Scene {
	s := NewScene(Width, Height, bgColor)
	sub := fmt.Sprintf("round %d · %s phase", v.Round, v.Phase)
	s.Text(maX0+700, 34, 14, dimColor, End, false, 300, sub)
	titleW := 700 - min(measure(sub, 14, false), 300) - 16
	if v.Spectator {
		titleW -= spectatorBadge(s, maX0+titleW, 34, End) + 12
	}
	s.Text(maX0, 34, 20, inkColor, Start, true, titleW, "Machina Arcana — "+v.Scenario)
	v.drawBoard(s)
	v.drawPanel(s)
	if v.Result != "" {
		s.RoundRect(maX0+150, maY0+300, 400, 90, 10, panelColor.Alpha(235), goldColor, 3)
		s.Text(maX0+350, maY0+358, 34, goldColor, Middle, true, 380, strings.ToUpper(v.Result))
	}
	return s
}

func (v *MachinaView) drawBoard(s *Scene) {
	g := &v.Grid
	n := machina.Size
	f := newMachinaFrame(g)
	maCell := f.cell
	fs := min(maCell*0.4, 18) // cell letters
	for x := f.x0; x < f.x1; x++ {
		// Axis labels: cells are named (x,y) in every prompt.
		px, _ := f.at(x)
		s.Text(px+maCell/2, maY0-6, 11, dimColor, Middle, false, 0, fmt.Sprint(x))
	}
	for y := f.y0; y < f.y1; y++ {
		_, py := f.at(y * n)
		s.Text(maX0-6, py+maCell/2+4, 11, dimColor, End, false, 0, fmt.Sprint(y))
	}
	for c := 0; c < machina.NumCells; c++ {
		if !f.in(c) {
			continue
		}
		x, y := f.at(c)
		k := g.Kind[c]
		s.Rect(x, y, maCell, maCell, kindColor[k], RGB(0x30, 0x30, 0x30), 0.5)
		if k == machina.KindNone {
			continue
		}
		if g.Destroyed(c) {
			s.Line(x+4, y+4, x+maCell-4, y+maCell-4, RGB(0x20, 0x20, 0x20), 3)
			s.Line(x+maCell-4, y+4, x+4, y+maCell-4, RGB(0x20, 0x20, 0x20), 3)
		}
		if k != machina.KindFloor && v.Figure[c] == "" {
			tc := RGB(0x10, 0x10, 0x10)
			if k == machina.KindChasm || k == machina.KindLair || k == machina.KindEvent || k == machina.KindRitual {
				tc = inkColor
			}
			s.Text(x+maCell/2, y+maCell/2+fs*0.37, fs, tc, Middle, true, 0, string(k.Char()))
		}
		if g.Lit[c] {
			s.Circle(x+maCell-7, y+7, 4, goldColor, RGB(0x10, 0x10, 0x10), 1)
		}
	}
	// The acting creature's sight (cells out of it shaded) and reach
	// (outlined, with the steps it takes).
	if v.ActingCell >= 0 {
		for c := 0; c < machina.NumCells; c++ {
			if !f.in(c) {
				continue
			}
			x, y := f.at(c)
			if !v.Sight[c] && g.Present(c) {
				s.Rect(x, y, maCell, maCell, RGB(0x10, 0x10, 0x20).Alpha(120), None, 0)
			}
			if r := v.Reach[c]; r > 0 {
				s.Rect(x+2, y+2, maCell-4, maCell-4, None, greenColor, 2)
				s.Text(x+4, y+maCell-4, min(fs*0.7, 12), RGB(0x10, 0x40, 0x10), Start, true, 0, fmt.Sprint(r))
			}
		}
	}
	for i := range 2 {
		for _, t := range []struct {
			c     int
			label string
		}{{v.Entrance[i], "entrance"}, {v.Exit[i], "exit"}} {
			if t.c >= 0 && f.in(t.c) {
				x, y := f.at(t.c)
				s.Text(x+maCell/2, y+min(fs*0.7, 12)+2, min(fs*0.55, 10), RGB(0x10, 0x10, 0x10), Middle, true, maCell-2, t.label)
			}
		}
	}
	// Walls and doors on the edges.
	wall := RGB(0x0a, 0x0a, 0x0a)
	door := RGB(0xb0, 0x6a, 0x2a)
	edge := func(e machina.Edge, x1, y1, x2, y2 float64, present bool) {
		switch e {
		case machina.EdgeWall:
			if present {
				s.Line(x1, y1, x2, y2, wall, 4)
			}
		case machina.EdgeDoor, machina.EdgeClosed, machina.EdgeDestroyed:
			s.Line(x1, y1, x2, y2, wall, 4)
			mx, my := (x1+x2)/2, (y1+y2)/2
			dx, dy := (x2-x1)*0.3, (y2-y1)*0.3
			s.Line(mx-dx, my-dy, mx+dx, my+dy, kindColor[machina.KindFloor], 6)
			switch e {
			case machina.EdgeClosed: // a closed door: a bar across the gap
				s.Line(mx-dx, my-dy, mx+dx, my+dy, door, 6)
			case machina.EdgeDoor: // an open door: the leaf swung aside
				s.Line(mx-dx, my-dy, mx-dx+dy*0.8, my-dy+dx*0.8, door, 3)
			}
		}
	}
	for y := f.y0; y < f.y1; y++ {
		for x := f.x0; x <= f.x1 && x <= n; x++ {
			present := (x < n && g.Present(y*n+x)) || (x > 0 && g.Present(y*n+x-1))
			px, py := maX0+float64(x-f.x0)*maCell, maY0+float64(y-f.y0)*maCell
			edge(g.V[y][x], px, py, px, py+maCell, present)
		}
	}
	for y := f.y0; y <= f.y1 && y <= n; y++ {
		for x := f.x0; x < f.x1; x++ {
			present := (y < n && g.Present(y*n+x)) || (y > 0 && g.Present((y-1)*n+x))
			px, py := maX0+float64(x-f.x0)*maCell, maY0+float64(y-f.y0)*maCell
			edge(g.H[y][x], px, py, px+maCell, py, present)
		}
	}
	for c, fig := range v.Figure {
		if fig == "" || !f.in(c) {
			continue
		}
		x, y := f.at(c)
		x, y = x+maCell/2, y+maCell/2
		fill := blueColor
		if fig[0] >= 'a' {
			fill = redColor
		}
		stroke, w := RGB(0x10, 0x10, 0x10), 1.5
		if c == v.ActingCell {
			stroke, w = goldColor, 3.5
		}
		s.Circle(x, y, maCell*0.38, fill, stroke, w)
		s.Text(x, y+fs*0.4, fs*1.1, RGB(0xff, 0xff, 0xff), Middle, true, 0, fig)
	}
}

func (v *MachinaView) drawPanel(s *Scene) {
	p := &pen{s: s, x: 780, y: 14, w: 486}
	p.title("Chapter " + v.Chapter)
	p.track("danger", v.Danger, v.Track, redColor)
	p.line(13, inkColor, false, "lair %d · horror %d · monster level %d · clock %d", v.Lair, v.Horror, v.Level, v.Tokens)
	if v.Events[0] != "" || v.Events[1] != "" {
		p.line(13, dimColor, false, "pioneer event: %s · horror event: %s", orDash(v.Events[0]), orDash(v.Events[1]))
	}
	p.line(12, dimColor, false, "decks: monsters %d · items %s", v.MonsterDeck, strings.Join(v.ItemDecks, ", "))
	if v.Acting != "" {
		p.line(13, goldColor, true, "acting: %s — shaded: out of its sight; green: its reach in steps", v.Acting)
	}
	p.gap(4)
	p.title("Pioneers")
	for _, pi := range v.Pioneers {
		c := blueColor
		if !pi.Alive {
			c = dimColor
		}
		s.Circle(p.x+8, p.y+9, 9, c, None, 0)
		s.Text(p.x+8, p.y+14, 12, RGB(0xff, 0xff, 0xff), Middle, true, 0, fmt.Sprint(pi.Seat+1))
		s.Text(p.x+24, p.y+14, 14, inkColor, Start, true, 230, pi.Name+" ("+pi.Class+")")
		s.Text(p.x+p.w, p.y+14, 12, dimColor, End, false, 0, pi.Where)
		p.gap(20)
		p.line(12, inkColor, false, "health %d/%d · stamina %d/%d · inspiration %d/%d · defence %d · will %d",
			pi.HP, pi.MaxHP, pi.Stam, pi.MaxSt, pi.Insp, pi.MaxInsp, pi.Defence, pi.Will)
		items := "no items"
		if len(pi.Items) > 0 {
			items = "items: " + strings.Join(pi.Items, ", ") + "  (* equipped)"
		}
		p.line(12, dimColor, false, "%s", items)
		p.gap(2)
	}
	p.title(fmt.Sprintf("Monsters (%s on the board)", words(len(v.Monsters))))
	for i, m := range v.Monsters {
		if i == 8 {
			p.line(12, dimColor, false, "… and %d more", len(v.Monsters)-i)
			break
		}
		s.Circle(p.x+8, p.y+8, 8, redColor, None, 0)
		s.Text(p.x+8, p.y+12, 11, RGB(0xff, 0xff, 0xff), Middle, true, 0, m.Label)
		p.x += 22
		p.w -= 22
		p.line(12, inkColor, false, "%s (level %d) at %s: health %d/%d, defence %d, will %d", m.Name, m.Level, m.Where, m.Health, m.MaxHP, m.Defence, m.Will)
		p.x -= 22
		p.w += 22
	}
	// The legend: every cell kind with its colour and letter, at the bottom.
	y := float64(Height) - 118
	s.Rect(p.x-6, y, p.w+12, 22, panelColor, None, 0)
	s.Text(p.x, y+16, 14, goldColor, Start, true, 0, "Legend")
	y += 28
	for i, k := range []machina.CellKind{machina.KindFloor, machina.KindTrap, machina.KindChasm, machina.KindLair, machina.KindRubble,
		machina.KindChest, machina.KindEvent, machina.KindRecharge, machina.KindLever, machina.KindWorkbench, machina.KindChapter,
		machina.KindBarrel, machina.KindRitual} {
		x := p.x + float64(i%3)*164
		yy := y + float64(i/3)*17
		s.Rect(x, yy, 14, 14, kindColor[k], lineColor, 1)
		if k != machina.KindFloor {
			s.Text(x+7, yy+11, 9, inkColor, Middle, true, 0, string(k.Char()))
		}
		s.Text(x+19, yy+11, 11, inkColor, Start, false, 140, k.String())
	}
	s.Text(p.x+2*164, y+4*17+11, 11, inkColor, Start, false, 160, "door: bar shut, leaf open")
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
