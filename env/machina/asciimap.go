package machina

import (
	"fmt"
	"sort"
	"strings"
)

// ParseMap reads a board drawn as text, for tests and rules cases: 2h+1 lines
// of 2w+1 characters, cells at odd positions (the tile-format characters, see
// docs/machina-content.md), edges between them: '|' or '-' a wall, 'd' an
// open door, 'D' a closed door, 'x' a destroyed door, ' ' open; corners at
// even positions are ignored ('+'). The drawing is laid at the canvas origin;
// cells outside it have no tile. A cell character in lower case ('t', 'l',
// ...) marks a destroyed cell of that kind; '*' marks a lit chapter cell.
func ParseMap(text string) (Grid, error) {
	var g Grid
	lines := strings.Split(strings.Trim(text, "\n"), "\n")
	if len(lines)%2 == 0 || len(lines) > 2*Size+1 {
		return g, fmt.Errorf("map: %d lines; want an odd number up to %d", len(lines), 2*Size+1)
	}
	for y := range lines {
		lines[y] = strings.TrimRight(lines[y], "\r")
	}
	h := len(lines) / 2
	w := 0
	for _, l := range lines {
		if (len(l)-1)/2 > w {
			w = (len(l) - 1) / 2
		}
	}
	if w > Size {
		return g, fmt.Errorf("map: %d cells wide; at most %d", w, Size)
	}
	at := func(x, y int) byte {
		if y < 0 || y >= len(lines) || x < 0 || x >= len(lines[y]) {
			return ' '
		}
		return lines[y][x]
	}
	edge := func(c byte, line, col int) (Edge, error) {
		switch c {
		case ' ', '+':
			return EdgeOpen, nil
		case '|', '-':
			return EdgeWall, nil
		case 'd':
			return EdgeDoor, nil
		case 'D':
			return EdgeClosed, nil
		case 'x':
			return EdgeDestroyed, nil
		}
		return 0, fmt.Errorf("map line %d column %d: %q is not an edge", line+1, col+1, c)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := at(2*x+1, 2*y+1)
			if c == ' ' {
				continue
			}
			i := y*Size + x
			switch {
			case c == '*':
				g.Kind[i], g.Lit[i] = KindChapter, true
			case c >= 'a' && c <= 'z' && c != 'x':
				k, ok := KindOf(c - 'a' + 'A')
				if !ok {
					return g, fmt.Errorf("map line %d column %d: %q is not a cell", 2*y+2, 2*x+2, c)
				}
				g.Kind[i], g.Dest[i] = k, 1
				if k == KindLair {
					g.Dest[i] = 2
				}
			default:
				k, ok := KindOf(c)
				if !ok {
					return g, fmt.Errorf("map line %d column %d: %q is not a cell", 2*y+2, 2*x+2, c)
				}
				g.Kind[i] = k
			}
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x <= w; x++ {
			e, err := edge(at(2*x, 2*y+1), 2*y+1, 2*x)
			if err != nil {
				return g, err
			}
			g.V[y][x] = e
		}
	}
	for y := 0; y <= h; y++ {
		for x := 0; x < w; x++ {
			e, err := edge(at(2*x+1, 2*y), 2*y, 2*x+1)
			if err != nil {
				return g, err
			}
			g.H[y][x] = e
		}
	}
	return g, nil
}

// Cell returns the canvas index of cell (x, y).
func Cell(x, y int) int { return y*Size + x }

// DrawMap draws the board as DrawBoard does, for a person: column numbers
// (the x of "cell (x,y)") across the top, row numbers (the y) down the
// side, and a legend of every symbol the drawing holds, in the words of the
// drawings (render/ package).
func (s *State) DrawMap() string {
	board := strings.Split(strings.TrimSuffix(s.DrawBoard(), "\n"), "\n")
	width := 0
	for _, l := range board {
		width = max(width, len(l))
	}
	cols := (width - 1) / 2
	var b strings.Builder
	if cols > 10 {
		// Two-digit columns: tens above units.
		b.WriteString("    ")
		for x := 0; x < cols; x++ {
			b.WriteByte(' ')
			if x >= 10 {
				b.WriteByte(byte('0' + x/10))
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("  x ")
	for x := 0; x < cols; x++ {
		b.WriteByte(' ')
		b.WriteByte(byte('0' + x%10))
	}
	b.WriteString("\n")
	for i, l := range board {
		switch {
		case i == 0:
			b.WriteString("  y ")
		case i%2 == 1:
			fmt.Fprintf(&b, "%3d ", i/2)
		default:
			b.WriteString("    ")
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	b.WriteString(s.mapLegend(board))
	return b.String()
}

// mapLegend says what each symbol of the drawn board means, one entry per
// symbol present, figures first, then cells, then edges.
func (s *State) mapLegend(board []string) string {
	at := func(line, col int) byte {
		if line < len(board) && col < len(board[line]) {
			return board[line][col]
		}
		return ' '
	}
	var figures, cells, edges []string
	seen := map[string]bool{}
	add := func(list *[]string, sym byte, meaning string) {
		e := string(sym) + " " + meaning
		if !seen[e] {
			seen[e] = true
			*list = append(*list, e)
		}
	}
	order := map[int]byte{}
	for k, m := range s.Order {
		order[MonsterBase+int(m)] = byte('a' + k)
	}
	g := &s.Board.Grid
	for c := 0; c < NumCells; c++ {
		if !g.Present(c) {
			continue
		}
		sym := at(2*(c/Size)+1, 2*(c%Size)+1)
		if cr := s.at(c); cr >= 0 {
			if isPioneer(cr) || order[cr] == sym {
				add(&figures, sym, s.creatureName(cr))
				continue
			}
		}
		switch {
		case g.Dest[c] > 0 && g.Kind[c] == KindFloor:
			add(&cells, sym, "floor")
		case g.Dest[c] > 0:
			add(&cells, sym, "destroyed "+g.Kind[c].String())
		case g.Lit[c]:
			add(&cells, sym, "lit chapter cell")
		default:
			add(&cells, sym, g.Kind[c].String())
		}
	}
	for line, l := range board {
		for col := 0; col < len(l); col++ {
			if line%2 == col%2 {
				continue // a cell or a corner
			}
			switch l[col] {
			case '|', '-':
				add(&edges, l[col], "wall")
			case 'd':
				add(&edges, 'd', "open door")
			case 'D':
				add(&edges, 'D', "closed door")
			case 'x':
				add(&edges, 'x', "destroyed door")
			}
		}
	}
	sort.Strings(cells)
	sort.Strings(edges)
	if len(edges) > 1 && edges[0] == "- wall" && edges[len(edges)-1] == "| wall" {
		edges = append([]string{"| - wall"}, edges[1:len(edges)-1]...)
	}
	var b strings.Builder
	line := "legend:"
	for _, list := range [][]string{figures, cells, edges, {"+ corner"}} {
		for _, e := range list {
			if len(line)+2+len(e) > 78 {
				b.WriteString(line + "\n")
				line = "       "
			}
			line += "  " + e
		}
	}
	b.WriteString(line + "\n")
	return b.String()
}
