package machina

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestRulesCases runs every YAML rules case of testdata/cases (MA §6–§20 as
// data).
func TestRulesCases(t *testing.T) {
	ct, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("testdata/cases/*.yaml")
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatal("no rules cases")
	}
	n := 0
	sections := map[string]bool{}
	for _, f := range files {
		cases, err := LoadRulesCases(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			n++
			for _, part := range strings.Split(c.Rule, "MA §")[1:] {
				sec := strings.FieldsFunc(part, func(r rune) bool { return r == '.' || r == ' ' || r == ';' || r == ',' })[0]
				sections[sec] = true
			}
			t.Run(filepath.Base(f)+"/"+c.Name, func(t *testing.T) {
				if c.Skip != "" {
					t.Skip(c.Skip)
				}
				if err := c.Run(ct); err != nil {
					t.Fatalf("%s:%d (%s): %v", c.File, c.Line, c.Rule, err)
				}
			})
		}
	}
	t.Logf("%d cases over sections %v", n, keys(sections))
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
