package ah3case

import (
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
	_, err := Parse("a.yaml", []byte("- {name: a, rule: r}\n- {game: lcg, name: b, rule: r}\n"))
	if err == nil || !strings.Contains(err.Error(), `a.yaml:2: game "lcg"`) {
		t.Fatalf("err %v", err)
	}
}
