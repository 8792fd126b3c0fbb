package machina

import (
	"fmt"
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
