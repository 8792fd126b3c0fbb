package content

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// shippedFS copies the shipped scenario into a MapFS under "s".
func shippedFS(t *testing.T) fstest.MapFS {
	m := fstest.MapFS{}
	ents, err := fs.ReadDir(Shipped(), DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := fs.ReadFile(Shipped(), path.Join(DefaultScenario, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		m["s/"+e.Name()] = &fstest.MapFile{Data: b}
	}
	return m
}

var lineRef = regexp.MustCompile(`^[\w/.-]+\.yaml:\d+: `)

// TestValidationErrors breaks the shipped content one way at a time: each
// error must name file:line and the broken constraint.
func TestValidationErrors(t *testing.T) {
	cases := []struct {
		file, old, new, want string
	}{
		{"scenario.yaml", "[Net Lofts, Lantern Pier]", "[Net Lofts, Nowhere]", "names an unknown space"},
		{"scenario.yaml", "[Net Lofts, Lantern Pier]", "[Net Lofts, Net Lofts]", "cannot be adjacent to itself"},
		{"scenario.yaml", "[Net Lofts, Lantern Pier]", "[Lantern Pier, Fishmarket]", "listed twice"},
		{"scenario.yaml", "        - {name: Fishmarket, icons: \"money -> common item\"}\n", "", "want exactly 3"},
		{"scenario.yaml", "type: bridge", "type: tunnel", "want residential, bridge or park"},
		{"scenario.yaml", "start: Grey Chapel", "start: Nowhere", "is not a space of the map"},
		{"scenario.yaml", "{space: Lantern Pier, n: 1}", "{space: Old Span, n: 1}", "no doom is placed on streets"},
		{"scenario.yaml", "codex: [1, 3, 5]", "codex: [1, 3, 9]", "archive card 9 is not defined"},
		{"scenario.yaml", "headlines: 13", "headlines: 40", "only 14 are defined"},
		{"scenario.yaml", "cup: {", "cupp: {", "unknown key \"cupp\""},
		{"monsters.yaml", "label: hunter, prey: lowest_strength", "label: hunter", "needs a prey"},
		{"monsters.yaml", "keywords: [feeding], text: \"Feeding. Hunter", "keywords: [hungry], text: \"Feeding. Hunter", "unknown keyword"},
		{"monsters.yaml", "destination: most_doom", "destination: the moon", "is neither unstable"},
		{"encounters.yaml", "skill: observation, pass: [gain_clue: 1], fail: [horror: 1]", "skill: obs, pass: [gain_clue: 1], fail: [horror: 1]", "is not a skill"},
		{"encounters.yaml", "[purchase: full]}\n  - name: Docks II", "[purchase: cheap]}\n  - name: Docks II", "full or half"},
		{"encounters.yaml", "neighborhood: Chapel Hill", "neighborhood: Chapel Mount", "is not on the map"},
		{"encounters.yaml", "gain_special: Sister Maud", "gain_special: Brother Maud", "unknown card"},
		{"encounters.yaml", "{at: Lantern Pier, text: \"You recite", "{at: Fishmarket, text: \"You recite", "the order is fixed"},
		{"encounters.yaml", "[heal: 2]}", "[heall: 2]}", "unknown effect"},
		{"events.yaml", "doom: [Lantern Pier]\n", "doom: [Old Span]\n", "is a street"},
		{"assets.yaml", "{name: Boathook, traits: [common, weapon], price: 3", "{name: Boathook, traits: [common, weapon], price: 0", "needs a price"},
		{"assets.yaml", "condition: CURSED, other_face: BLESSED, bonus: {observation: -1, will: -1, lore: -1, influence: -1, strength: -1}, reckoning: [roll: {at_least: 5, pass: [discard_condition: CURSED]}], text: \"-1 die on every test. Reckoning: roll 1 die; on 5-6 discard this.\"}\n  - {name: Curse II", "condition: Cursed, bonus: {}, text: \"x\"}\n  - {name: Curse II", "written in capitals"},
		{"investigators.yaml", "starting: [Patrol Revolver]", "starting: [Patrol Rifle]", "unknown card"},
		{"investigators.yaml", "health: 8", "health: 0", "needs health and sanity"},
		{"story.yaml", "    on_doom: [add_codex: 2, add_codex: 6]\n", "", "doom and on_doom go together"},
		{"story.yaml", "on_doom: [add_codex: 2, add_codex: 6]", "on_doom: [add_codex: 2, add_codex: 17]", "archive card 17, which is not defined"},
	}
	for _, c := range cases {
		m := shippedFS(t)
		f := m["s/"+c.file]
		if !strings.Contains(string(f.Data), c.old) {
			t.Fatalf("%s does not contain %q", c.file, c.old)
		}
		f.Data = []byte(strings.Replace(string(f.Data), c.old, c.new, 1))
		_, err := Load(m, "s")
		if err == nil {
			t.Errorf("%s: %q → %q loaded without error", c.file, c.old, c.new)
			continue
		}
		found := false
		for _, line := range strings.Split(err.Error(), "\n") {
			if strings.Contains(line, c.want) {
				found = true
				if !lineRef.MatchString(line) {
					t.Errorf("error %q does not start with file:line", line)
				}
			}
		}
		if !found {
			t.Errorf("%s: %q → %q: want an error containing %q, got:\n%v", c.file, c.old, c.new, c.want, err)
		}
	}
}
