package machinacase

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/machina/content"
)

// TestRulesCases runs every YAML rules case of env/machina/testdata/cases (MA §6–§20 as
// data).
func TestRulesCases(t *testing.T) {
	ct, err := content.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../testdata/cases/*.yaml")
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

// TestRulesCaseFieldErrors checks that each Machina case field misused fails
// at load, naming the file and line (docs/rules-cases.md, Machina).
func TestRulesCaseFieldErrors(t *testing.T) {
	head := "- name: x\n  rule: MA §11.2\n"
	for _, c := range []struct{ body, want string }{
		{"  game: lcg\n", ":1: case \"x\" names game \"lcg\""},
		{"  setup:\n    tiles: [{id: nowhere}]\n", ":4: no tile \"nowhere\""},
		{"  setup:\n    tiles: [{id: hall, face: 2}]\n", ":4: tile \"hall\": face 2"},
		{"  setup:\n    tiles: [{id: hall, slot: 4}]\n", ":4: tile \"hall\": slot 4"},
		{"  setup:\n    tiles:\n      - {id: hall}\n      - {id: forge}\n", ":6: tile \"forge\": slot 0 already laid"},
		{"  setup:\n    tiles: [{id: hall}]\n    map: \"+-+\\n|.|\\n+-+\"\n", ":4: tiles and map exclude"},
		{"  setup:\n    tile_stack: [{id: hall, slot: 1}]\n", ":4: tile_stack \"hall\""},
		{"  setup:\n    tile_stack: [{id: ritual_chamber}]\n", ":4: tile \"ritual_chamber\" is the finale tile"},
		{"  setup:\n    tile_stack: [{face: 1}]\n", ":4: missing required key \"id\""},
		{"  setup:\n    monster_deck: -1\n", ":1: monster_deck -1"},
		{"  setup:\n    destroyed_pile: [nobody]\n", ":1: destroyed_pile: no monster \"nobody\""},
		{"  setup:\n    monster_top: [gnawer]\n    destroyed_pile: [gnawer]\n", ":1: destroyed_pile: monster \"gnawer\" is also in monster_top"},
		{"  setup:\n    mods: [{seat: 0, stat: defence, amount: -1, monster: gnawer}]\n", ":4: mods: monster \"gnawer\" needs horror: true"},
		{"  setup:\n    mods: [{seat: 0, stat: defence, horror: true, monster: nobody}]\n", ":4: mods: no monster \"nobody\""},
		{"  setup:\n    mods: [{seat: 0, stat: luck}]\n", ":4: mods: no stat \"luck\""},
		{"  setup:\n    content: [missing.yaml]\n", ":1: content: open"},
		{"  setup:\n    content: [/abs.yaml]\n", ":1: content: \"/abs.yaml\": want a file relative"},
		{"  setup:\n    content: [bad.yaml]\n", "bad.yaml:3: unknown key \"colour\""},
		{"  setup:\n    content: [dup.yaml]\n", "item id \"spiked_whip\" used twice"},
		{"  expect:\n    monster_deck: many\n", ":4:"},
	} {
		dir := t.TempDir()
		f := filepath.Join(dir, "case.yaml")
		os.WriteFile(filepath.Join(dir, "bad.yaml"), []byte("items:\n  - id: t\n    colour: red\n"), 0o644)
		os.WriteFile(filepath.Join(dir, "dup.yaml"), []byte("items:\n  - id: spiked_whip\n    name: Again\n    deck: artifact\n    level: 1\n"), 0o644)
		os.WriteFile(f, []byte(head+c.body), 0o644)
		_, err := LoadRulesCases(f)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: want an error with %q, got %v", c.body, c.want, err)
		}
	}
}

// TestRulesCaseFileForms: a case file may be the mapping of game: machina
// and cases (casefile.CasesNode); another game there is an error.
func TestRulesCaseFileForms(t *testing.T) {
	f := filepath.Join(t.TempDir(), "case.yaml")
	os.WriteFile(f, []byte("game: machina\ncases:\n  - name: x\n    rule: MA §11.2\n"), 0o644)
	if cs, err := LoadRulesCases(f); err != nil || len(cs) != 1 || cs[0].Line != 3 {
		t.Fatalf("mapping form: %v", err)
	}
	os.WriteFile(f, []byte("game: ah3\ncases:\n  - name: x\n    rule: MA §11.2\n"), 0o644)
	if _, err := LoadRulesCases(f); err == nil || !strings.Contains(err.Error(), ":1: game \"ah3\"") {
		t.Fatalf("mapping form with game: ah3: %v", err)
	}
}
