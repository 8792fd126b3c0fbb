package casefile

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDecodeFileForms: a list and the mapping of game and cases read the
// same cases, with their lines.
func TestDecodeFileForms(t *testing.T) {
	items, lines, err := DecodeFile[*item]("a.yaml", []byte("game: ah3\ncases:\n  - name: one\n\n  - name: two\n"), "ah3")
	if err != nil || len(items) != 2 || items[1].Name != "two" || !slices.Equal(lines, []int{3, 5}) {
		t.Fatalf("mapping: %v %v %v", items, lines, err)
	}
	items, lines, err = DecodeFile[*item]("a.yaml", []byte("- name: one\n- name: two\n"), "ah3")
	if err != nil || len(items) != 2 || !slices.Equal(lines, []int{1, 2}) {
		t.Fatalf("list: %v %v %v", items, lines, err)
	}
}

// TestDecodeFileErrors: each misuse of the file forms names file and line.
func TestDecodeFileErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"game: lcg\ncases:\n  - {name: a}\n", `a.yaml:1: game "lcg": this runner reads Machina Arcana cases (game: machina)`},
		{"cases:\n  - {name: a}\n", "a.yaml:1: a case file that is a mapping names its game (game: machina)"},
		{"game: machina\ncase:\n  - {name: a}\n", `a.yaml:2: top-level key "case"`},
		{"game: machina\ncases: {name: a}\n", "a.yaml:1: cases: want a list"},
		{"game: machina\ncases: []\n", "a.yaml:2: no cases"},
		{"game: machina\ncases:\n  - {nmae: a}\n", "a.yaml: line 3: field nmae not found"},
		{"", "a.yaml: no cases"},
	} {
		_, _, err := DecodeFile[*item]("a.yaml", []byte(c.text), "machina")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.text, err, c.want)
		}
	}
}

// TestCheckHeaders: a case needs a name and a rule, names no other game,
// and no two share a name.
func TestCheckHeaders(t *testing.T) {
	ok := []Header{{Name: "a", Rule: "r", Line: 1}, {Name: "b", Rule: "r", Game: "ah3", Line: 4}}
	if err := CheckHeaders("a.yaml", "ah3", ok); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		h    Header
		want string
	}{
		{Header{Rule: "r", Line: 7}, "a.yaml:7: case without a name"},
		{Header{Name: "c", Line: 7}, `a.yaml:7: case "c" has no rule`},
		{Header{Name: "c", Rule: "r", Game: "lcg", Line: 7}, `a.yaml:7: case "c" names game "lcg": this runner reads AH3 cases`},
		{Header{Name: "a", Rule: "r", Line: 7}, `a.yaml:7: case "a" is also at line 1`},
	} {
		err := CheckHeaders("a.yaml", "ah3", append(slices.Clone(ok), c.h))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one containing %q", c.h, err, c.want)
		}
	}
}

// TestContentPaths: extra content files are relative to the case file.
func TestContentPaths(t *testing.T) {
	got, err := ContentPaths(filepath.Join("d", "cases.yaml"), 3, []string{"x.yaml", "sub/y.yaml"})
	if err != nil || !slices.Equal(got, []string{filepath.Join("d", "x.yaml"), filepath.Join("d", "sub", "y.yaml")}) {
		t.Fatalf("%v %v", got, err)
	}
	for _, p := range []string{"", "/abs.yaml"} {
		if _, err := ContentPaths("cases.yaml", 3, []string{p}); err == nil || !strings.Contains(err.Error(), "cases.yaml:3: content:") {
			t.Errorf("%q: error %v", p, err)
		}
	}
}

// TestDiffs: each expectation checked counts; a difference is a line.
func TestDiffs(t *testing.T) {
	var d Diffs
	two, yes := 2, true
	d.Int("round", nil, 5)
	d.Str("phase", "", "mythos")
	if d.N != 0 {
		t.Fatalf("unset expectations counted: %d", d.N)
	}
	d.Int("round", &two, 2)
	d.Bool("over", &yes, false)
	d.Str("phase", " Mythos", "mythos")
	d.Want("space", "Rivertown", "Easttown")
	if d.N != 4 || !slices.Equal(d.Lines, []string{"over: want true, got false", "space: want Rivertown, got Easttown"}) {
		t.Fatalf("N %d lines %q", d.N, d.Lines)
	}
}

// TestGameKey: the key of the cases or of the file; disagreeing cases and
// an unknown game are errors naming file and line.
func TestGameKey(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ text, game, err string }{
		{"- {name: a}\n- {game: ah3, name: b}\n", "ah3", ""},
		{"game: machina\ncases: [{name: a}]\n", "machina", ""},
		{"- {name: a}\n", "", ""},
		{"- {game: ah3, name: a}\n- {game: lcg, name: b}\n", "", ":2: game lcg, but line 1 says game ah3"},
		{"- {game: chess, name: a}\n", "", `:1: game "chess": want one of lcg, ah3, machina`},
	} {
		p := filepath.Join(dir, "c.yaml")
		if err := os.WriteFile(p, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		g, _, err := GameKey(p)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), p+c.err) {
				t.Errorf("%q: error %v, want %q", c.text, err, c.err)
			}
			continue
		}
		if err != nil || g != c.game {
			t.Errorf("%q: game %q %v, want %q", c.text, g, err, c.game)
		}
	}
}
