package machina

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"
)

// The map a person sees labels its columns with the x and its rows with the
// y of "cell (x,y)", and its legend names every symbol it draws (issue 24
// item 4).
func TestDrawMapAxesAndLegend(t *testing.T) {
	for seed := uint64(0); seed < 6; seed++ {
		s := newGame(t, seed, configFor(seed))
		r := rand.New(rand.NewSource(int64(seed)))
		for step := 0; step < 400 && !s.Over(); step++ {
			if step%40 == 0 {
				checkMap(t, s)
			}
			if err := s.Apply(r.Intn(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func checkMap(t *testing.T, s *State) {
	t.Helper()
	m := s.DrawMap()
	lines := strings.Split(m, "\n")
	start := 0
	for start < len(lines) && !strings.HasPrefix(lines[start], "  y ") {
		start++
	}
	if start == len(lines) {
		t.Fatalf("no row axis:\n%s", m)
	}
	header := lines[start-1]
	if !strings.HasPrefix(header, "  x  0 1 2") {
		t.Fatalf("no column axis: %q\n%s", header, m)
	}
	legendAt := strings.Index(m, "legend:")
	if legendAt < 0 {
		t.Fatalf("no legend:\n%s", m)
	}
	legend := m[legendAt:]
	board := lines[start:]
	for i, l := range board {
		if strings.HasPrefix(l, "legend:") {
			board = board[:i]
			break
		}
	}
	// The prompt's coordinates: a pioneer at cell (x,y) stands under
	// column label x, beside row label y.
	for p := 0; p < int(s.N); p++ {
		if !s.P[p].OnBoard || !s.P[p].Alive {
			continue
		}
		c := int(s.P[p].Pos)
		x, y := c%Size, c/Size
		row := board[2*y+1]
		if got := strings.TrimSpace(row[:4]); got != strings.TrimSpace(strings.Repeat(" ", 3)+itoa(y)) {
			t.Fatalf("row %d is labelled %q:\n%s", y, got, m)
		}
		if got := row[4+2*x+1]; got != byte('1'+p) {
			t.Fatalf("pioneer %d at %s: drawn %q at column %d of row %d:\n%s", p+1, cellName(c), got, x, y, m)
		}
		col := 4 + 2*x + 1
		if u := header[col]; u != byte('0'+x%10) {
			t.Fatalf("column %d is labelled %q:\n%s", x, u, m)
		}
	}
	for _, l := range board {
		for _, ch := range l[4:] {
			if ch == ' ' {
				continue
			}
			if !strings.Contains(legend, " "+string(ch)+" ") {
				t.Fatalf("symbol %q is not in the legend:\n%s", ch, m)
			}
		}
	}
}

func itoa(n int) string {
	if n >= 10 {
		return string(rune('0'+n/10)) + string(rune('0'+n%10))
	}
	return string(rune('0' + n))
}

// snakeCase matches an internal name (one_use, melee_weapon) in text meant
// for people.
var snakeCase = regexp.MustCompile(`\b[A-Za-z]+_[A-Za-z_]+\b`)

// The board, the questions, the options, the cards and the narration of
// random games use words, not the content's internal names (issue 24 item 4).
func TestNarrationSpeaksWords(t *testing.T) {
	for seed := uint64(0); seed < 12; seed++ {
		ct, err := Shipped()
		if err != nil {
			t.Fatal(err)
		}
		s, err := New(ct.Scenario("frozen_engine"), configFor(seed), seed, true)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewSource(int64(seed)))
		check := func(what, text string) {
			t.Helper()
			if w := snakeCase.FindString(text); w != "" {
				t.Fatalf("seed %d: %s shows the internal name %q:\n%s", seed, what, w, text)
			}
		}
		for step := 0; step < 1500 && !s.Over(); step++ {
			if step%10 == 0 {
				check("the board", s.Render(0))
				for _, c := range s.publicCards() {
					check("a card", c.text())
				}
			}
			check("the question", s.Question())
			for i := range s.Prompt().Options {
				check("an option", s.Describe(i))
			}
			if err := s.Apply(r.Intn(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
		for _, l := range s.Log().Lines(s) {
			check("the log", l)
		}
	}
}
