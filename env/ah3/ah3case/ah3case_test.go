package ah3case

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

const casesDir = "../testdata/cases"

func TestCases(t *testing.T) {
	cases, err := LoadDir(casesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			r := Run(c)
			switch r.Status {
			case Skip:
				t.Skip(r.Diff[0])
			case Fail:
				for _, d := range r.Diff {
					t.Errorf("%s: %s", r.Where(), d)
				}
			}
		})
	}
	t.Logf("%d cases", len(cases))
}

var ruleRE = regexp.MustCompile(`AH3 (\d{3})`)

// TestGlossaryCoverage reports which numbered rules (setup, round, end,
// glossary 400-495) no case names.
func TestGlossaryCoverage(t *testing.T) {
	cases, err := LoadDir(casesDir)
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, c := range cases {
		for _, m := range ruleRE.FindAllStringSubmatch(c.Rule, -1) {
			named[m[1]] = true
		}
	}
	var missing []string
	for n := 400; n <= 495; n++ {
		if k := itoa3(n); !named[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	t.Logf("glossary entries named by a case: %d of 96; not yet: %v", 96-len(missing), missing)
}

func itoa3(n int) string {
	return string(rune('0'+n/100)) + string(rune('0'+n/10%10)) + string(rune('0'+n%10))
}

// TestGameKey: a case may say game: ah3; another game is an error naming
// file and line.
func TestGameKey(t *testing.T) {
	if _, err := Parse("a.yaml", []byte("- {game: ah3, name: a, rule: r}\n")); err != nil {
		t.Fatal(err)
	}
	// The mapping form names the game once for the file (casefile.DecodeFile).
	if cs, err := Parse("a.yaml", []byte("game: ah3\ncases:\n  - {name: a, rule: r}\n")); err != nil || len(cs) != 1 || cs[0].Line != 3 {
		t.Fatalf("mapping form: %v", err)
	}
	_, err := Parse("a.yaml", []byte("- {name: a, rule: r}\n- {game: lcg, name: b, rule: r}\n"))
	if err == nil || !strings.Contains(err.Error(), `a.yaml:2: case "b" names game "lcg"`) {
		t.Fatalf("err %v", err)
	}
}

// TestContentErrors: a case's extra content files load with the case; a
// missing file, an absolute path and a misused card field are errors that
// name the case's file and line (and the content file's line).
func TestContentErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("bad.yaml", "specials:\n  - {name: Bad Dice, kind: item, reroll_dice: -1}\n")
	write("badbuy.yaml", "specials:\n  - name: Bad Pass\n    kind: item\n    action: {effects: [purchase: {price: third}]}\n")
	for _, c := range []struct{ body, want string }{
		{"- name: a\n  rule: r\n- name: b\n  rule: r\n  setup: {content: [missing.yaml]}\n", "cases.yaml:3: content: open"},
		{"- name: a\n  rule: r\n  setup: {content: [/abs.yaml]}\n", `cases.yaml:1: content: "/abs.yaml": want a file relative to the case file`},
		{"- name: a\n  rule: r\n  setup: {content: [bad.yaml]}\n", "bad.yaml:2: asset \"Bad Dice\": reroll_dice -1"},
		{"- name: a\n  rule: r\n  setup: {content: [badbuy.yaml]}\n", "badbuy.yaml:4: "},
	} {
		_, err := LoadFile(write("cases.yaml", c.body))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.body, err, c.want)
		}
	}
}
