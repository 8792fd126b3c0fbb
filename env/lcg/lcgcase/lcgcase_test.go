package lcgcase

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// casesDir holds the rules cases.
const casesDir = "../testdata/cases"

// minCases is the floor issue 3 item 4 sets.
const minCases = 150

func loadAll(t *testing.T) []*Case {
	t.Helper()
	cs, err := LoadDir(casesDir)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestCases runs every rules case, one subtest per case.
func TestCases(t *testing.T) {
	cs := loadAll(t)
	if len(cs) < minCases {
		t.Errorf("%d rules cases, want at least %d", len(cs), minCases)
	}
	for _, c := range cs {
		t.Run(filepath.Base(c.File)+"/"+c.Name, func(t *testing.T) {
			r := Run(c)
			switch r.Status {
			case Skip:
				t.Skipf("%s: %s", r.Where(), c.Skip)
			case Fail:
				t.Errorf("%s: %s (%s)\n\t%s", r.Where(), c.Name, c.Rule, strings.Join(r.Diff, "\n\t"))
			}
		})
	}
}

// TestBrokenCaseFails: a case whose expectation is wrong must fail, with a
// diff naming the field, the wanted and the actual value.
func TestBrokenCaseFails(t *testing.T) {
	good := `
- name: resource action
  rule: LCG §3 Resource (action)
  actions: [Resource]
  expect:
    seats: [{seat: 0, resources: 6, actions: 2}]
`
	cs, err := Parse("good.yaml", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if r := Run(cs[0]); r.Status != Pass {
		t.Fatalf("the good case failed: %v", r.Diff)
	}
	bad := strings.Replace(good, "resources: 6", "resources: 7", 1)
	cs, err = Parse("bad.yaml", []byte(bad))
	if err != nil {
		t.Fatal(err)
	}
	r := Run(cs[0])
	if r.Status != Fail {
		t.Fatal("a wrong expectation passed")
	}
	if len(r.Diff) != 1 || r.Diff[0] != "seat 0 resources: want 7, got 6" {
		t.Fatalf("diff %q", r.Diff)
	}
}

// TestRunnerFailures: each kind of failure is reported with a useful line.
func TestRunnerFailures(t *testing.T) {
	cases := []struct{ yaml, want string }{
		{`[{name: a, rule: r, actions: ["Fight Ghoul Minion"]}]`, `no option "Fight Ghoul Minion" in the action prompt`},
		{`[{name: a, rule: r, actions: ["Frobnicate"]}]`, `unknown action "Frobnicate"`},
		{`[{name: a, rule: r, actions: ["Option 99"]}]`, `option 99: the action prompt has`},
		{`[{name: a, rule: r, setup: {seats: [{seat: 0, hand: [No Such Card]}]}}]`, `unknown card "No Such Card"`},
		{`[{name: a, rule: r, setup: {seats: [{seat: 3}]}}]`, `no investigator in seat 3`},
		{`[{name: a, rule: r, setup: {tokens: [purple]}}]`, `chaos token "purple"`},
		{`[{name: a, rule: r, expect: {prompt: {kind: commit, lacks: [Investigate]}}}]`, `prompt kind: want commit, got action`},
		{`[{name: a, rule: r, expect: {seats: [{seat: 0, hand: {has: [Dodge, Dodge, Dodge]}}]}}]`, `seat 0 hand: want 3 × Dodge`},
		{`[{name: a, rule: r, expect: {enemies: [{card: Ghoul Priest}]}}]`, `enemy Ghoul Priest: want in play, got not in play`},
		{`[{name: a, rule: r, actions: [{advance: bogus}]}]`, `advance: unknown prompt kind "bogus"`},
		{`[{name: a, rule: r, setup: {seats: [{seat: 0, horror: 4}], enemies: [{card: Ghoul Minion, engaged: "0"}]}, actions: [Resource, Draw]}]`, `the game is over`},
		{`[{name: a, rule: r, expect: {locations: [{name: Study, clues: 5}]}}]`, `location Study clues: want 5, got 2`},
		{`[{name: a, rule: r, actions: [Resource], expect: {seats: [{seat: 0}], locations: [{name: Study}]}}]`, `the case expects nothing`},
	}
	for _, c := range cases {
		cs, err := Parse("x.yaml", []byte(c.yaml))
		if err != nil {
			t.Fatalf("%s: %v", c.yaml, err)
		}
		r := Run(cs[0])
		if r.Status != Fail || !strings.Contains(strings.Join(r.Diff, "\n"), c.want) {
			t.Errorf("%s: status %v diff %q, want a failure containing %q", c.yaml, r.Status, r.Diff, c.want)
		}
	}
}

// TestSkip: a case marked skip is reported as skipped, not run.
func TestSkip(t *testing.T) {
	cs, err := Parse("x.yaml", []byte(`[{name: a, rule: r, skip: "engine bug", actions: [Frobnicate]}]`))
	if err != nil {
		t.Fatal(err)
	}
	if r := Run(cs[0]); r.Status != Skip || r.Diff[0] != "skipped: engine bug" {
		t.Fatalf("%v %v", r.Status, r.Diff)
	}
}

// TestLoadErrors: bad files are rejected with the file and line.
func TestLoadErrors(t *testing.T) {
	cases := []struct{ yaml, want string }{
		{"- name: a\n  rule: r\n  expect:\n    sets: 1\n", "x.yaml: line 4: field sets not found"},
		{"- name: a\n  rule: r\n  actions:\n    - {do: Draw, bogus: 1}\n", "line 4: field bogus not found in type lcgcase.Action"},
		{"- name: a\n  rule: r\n- name: a\n  rule: r\n", `x.yaml:3: case "a" is also at line 1`},
		{"- name: a\n", `x.yaml:1: case "a" has no rule`},
		{"- rule: r\n", "x.yaml:1: case without a name"},
		{"", "x.yaml: no cases"},
		{"- name: a\n  rule: r\n  actions: [\"Option x\"]\n", "Option needs an option index"},
	}
	wantParseErrors(t, cases)
}

// wantParseErrors checks that each YAML fails to parse with an error that
// contains its want.
func wantParseErrors(t *testing.T, cases []struct{ yaml, want string }) {
	t.Helper()
	for _, c := range cases {
		_, err := Parse("x.yaml", []byte(c.yaml))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.yaml, err, c.want)
		}
	}
}

// TestCaseNamesRules: every case names a rule section (LCG §…) or a card
// (by code in the rule text).
func TestCaseNamesRules(t *testing.T) {
	re := regexp.MustCompile(`LCG §|\b01\d{3}\b`)
	for _, c := range loadAll(t) {
		if !re.MatchString(c.Rule) {
			t.Errorf("%s:%d %q: rule %q names neither a spec section (LCG §…) nor a card code", c.File, c.Line, c.Name, c.Rule)
		}
	}
}

// TestGlossaryCovered: every glossary entry of the spec (LCG §3) is named by
// at least one case's rule.
func TestGlossaryCovered(t *testing.T) {
	spec := filepath.Join("..", "..", "..", "..", "shared", "rules", "arkham-lcg.md")
	data, err := os.ReadFile(spec)
	if err != nil {
		t.Skipf("spec not found: %v", err)
	}
	var rules strings.Builder
	for _, c := range loadAll(t) {
		rules.WriteString(strings.ToLower(c.Rule))
		rules.WriteString("\n")
	}
	all := rules.String()
	for _, e := range GlossaryEntries(string(data)) {
		if !strings.Contains(all, "§3 "+strings.ToLower(e)) {
			t.Errorf("glossary entry %q: no case names \"§3 %s\"", e, e)
		}
	}
}

// TestCardsCovered: every implemented player card and every card of The
// Gathering's, The Midnight Masks' and The Devourer Below's encounter sets
// is named (by code) by some case.
func TestCardsCovered(t *testing.T) {
	var rules strings.Builder
	for _, c := range loadAll(t) {
		rules.WriteString(c.Rule)
		rules.WriteString("\n")
	}
	all := rules.String()
	codes := append([]string(nil), lcg.Implemented()...)
	for _, set := range []string{"torch", "rats", "ghouls", "striking_fear", "ancient_evils", "chilling_cold",
		"arkham", "cultists", "pentagram", "nightgaunts", "locked_doors",
		"tentacles", "agents_of_yog", "agents_of_shub", "agents_of_cthulhu", "agents_of_hastur"} {
		for _, id := range cards.BySet(set) {
			if c := cards.Get(id); !c.Hidden && c.Type != cards.Scenario && c.Type != cards.Story {
				codes = append(codes, c.Code)
			}
		}
	}
	for _, code := range codes {
		if !strings.Contains(all, code) {
			c, _ := cards.ByCode(code)
			t.Errorf("card %s (%s): no case names it", code, c.Name)
		}
	}
}

// otherGame reports whether a yaml example of docs/rules-cases.md belongs to
// another game: it lies under an "## AH3 …" or "## Machina …" heading, or its
// cases name another game with the game key.
func otherGame(before, block string) bool {
	heading := ""
	if i := strings.LastIndex(before, "\n## "); i >= 0 {
		heading, _, _ = strings.Cut(before[i+4:], "\n")
	}
	return strings.HasPrefix(heading, "AH3") || strings.HasPrefix(heading, "Machina") ||
		strings.Contains(block, "game: ah3") || strings.Contains(block, "game: machina")
}

// TestDocExample: every LCG yaml example of docs/rules-cases.md (the full
// example, the extras') loads and passes.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "rules-cases.md"))
	if err != nil {
		t.Fatal(err)
	}
	rest, read, n := string(doc), "", 0
	for {
		before, after, ok := strings.Cut(rest, "```yaml\n")
		if !ok {
			break
		}
		read += before
		block, after, ok2 := strings.Cut(after, "```")
		if !ok2 {
			t.Fatal("docs/rules-cases.md: an unclosed yaml example")
		}
		rest = after
		if otherGame(read, block) {
			continue
		}
		n++
		cs, err := Parse("docs/rules-cases.md", []byte(block))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if r := Run(c); r.Status != Pass {
				t.Errorf("%s: %s %v", c.Name, r.Status, r.Diff)
			}
		}
	}
	if n < 2 {
		t.Fatalf("docs/rules-cases.md has %d yaml examples, want the full example and the extras'", n)
	}
}

// TestCasesDeterministic: running a case twice gives the same final state,
// byte for byte (one seeded RNG, no map order in the scripting helpers).
func TestCasesDeterministic(t *testing.T) {
	for _, c := range loadAll(t) {
		a, b := Run(c), Run(c)
		if a.State == nil || b.State == nil {
			continue
		}
		x, err := a.State.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		y, _ := b.State.MarshalBinary()
		if string(x) != string(y) {
			t.Errorf("%s:%d %q: two runs end in different states", c.File, c.Line, c.Name)
		}
	}
}
