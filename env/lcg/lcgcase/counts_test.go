package lcgcase

import (
	"strings"
	"testing"
)

// TestExactCountsLoadErrors: misused exact-count fields and game keys are
// rejected when the file loads, with the file and line.
func TestExactCountsLoadErrors(t *testing.T) {
	cases := []struct{ yaml, want string }{
		{"- name: a\n  rule: r\n  expect:\n    seats:\n      - {seat: 0, hand: {count: -1}}\n", "x.yaml: line 5: zone count -1"},
		{"- name: a\n  rule: r\n  expect:\n    victory: {exactly: [Ghoul Minion], has: [Ghoul Minion]}\n", "x.yaml: line 4: a zone's exactly lists the whole zone"},
		{"- name: a\n  rule: r\n  expect:\n    victory: {exactly: [Ghoul Minion], count: 2}\n", "x.yaml: line 4: zone count 2 but exactly lists 1"},
		{"- name: a\n  rule: r\n  expect:\n    victory: {exactly: [No Such Card]}\n", "x.yaml: line 4: exactly:"},
		{"- name: a\n  rule: r\n  expect:\n    victory: {cout: 1}\n", "x.yaml: line 4: field cout not found in type lcgcase.ZoneExpect"},
		{"- name: a\n  rule: r\n  expect:\n    enemy_count: 99\n", "x.yaml: line 4: enemy_count 99"},
		{"- name: a\n  rule: r\n  expect:\n    enemy_count: many\n", "x.yaml: line 4: enemy_count: want a number"},
		{"- name: a\n  rule: r\n  expect:\n    bag_exactly: [\"+1\", frog]\n", "x.yaml: line 4:"},
		{"- name: a\n  rule: r\n  expect:\n    bag_size: 16\n    bag_exactly: [\"+1\"]\n", "x.yaml: line 5: bag_exactly lists the whole bag"},
		{"game: ah3\ncases:\n  - {name: a, rule: r, expect: {round: 1}}\n", "x.yaml:1: game \"ah3\""},
		{"cases:\n  - {name: a, rule: r, expect: {round: 1}}\n", "x.yaml:1: a case file that is a mapping names its game"},
		{"game: lcg\ncase:\n  - {name: a, rule: r, expect: {round: 1}}\n", "x.yaml:2: top-level key \"case\""},
		{"game: lcg\ncases: {name: a}\n", "x.yaml:1: cases: want a list"},
		{"game: lcg\ncases:\n  - {name: a, rule: r, expect: {rond: 1}}\n", "x.yaml: line 3: field rond not found"},
		{"game: lcg\ncases: []\n", "x.yaml:2: no cases"},
		{"- {name: a, rule: r, expect: {round: 1}}\n- game: ah3\n  name: b\n  rule: r\n", "x.yaml:2: case \"b\" names game \"ah3\""},
	}
	wantParseErrors(t, cases)
}

// TestGameKeyFile: the mapping form reads the same cases, with their lines;
// a case's own game: lcg is accepted.
func TestGameKeyFile(t *testing.T) {
	if cs, err := Parse("x.yaml", []byte("- game: lcg\n  name: a\n  rule: r\n  expect: {round: 1}\n")); err != nil || len(cs) != 1 || cs[0].Game != "lcg" {
		t.Fatalf("a case with game: lcg: %v", err)
	}
	cs, err := Parse("x.yaml", []byte("game: lcg\ncases:\n  - {name: a, rule: r, actions: [Resource], expect: {seats: [{seat: 0, resources: 6}]}}\n\n  - {name: b, rule: r, expect: {round: 1}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].Line != 3 || cs[1].Line != 5 {
		t.Fatalf("cases %d, lines %d %d", len(cs), cs[0].Line, cs[1].Line)
	}
	if r := Run(cs[0]); r.Status != Pass {
		t.Fatalf("%v", r.Diff)
	}
}

// TestExactCountsRunFailures: exact counts fail where "at least" passes.
func TestExactCountsRunFailures(t *testing.T) {
	cases := []struct{ yaml, want string }{
		{`[{name: a, rule: r, setup: {seats: [{seat: 0, clear_hand: true, hand: [Guts, Guts]}]}, expect: {seats: [{seat: 0, hand: {exactly: [Guts]}}]}}]`, `seat 0 hand: want exactly Guts, got Guts, Guts`},
		{`[{name: a, rule: r, setup: {seats: [{seat: 0, clear_hand: true, hand: [Guts, Knife]}]}, expect: {seats: [{seat: 0, hand: {count: 1}}]}}]`, `seat 0 hand size: want 1, got 2`},
		{`[{name: a, rule: r, setup: {enemies: [{card: Ghoul Minion}, {card: Swarm of Rats}]}, expect: {enemy_count: 1}}]`, `enemies in play: want 1, got 2`},
		{`[{name: a, rule: r, expect: {bag_exactly: ["+1"]}}]`, `chaos bag: want exactly +1, got`},
		{`[{name: a, rule: r, setup: {seats: [{seat: 0, discard: [Guts]}]}, expect: {seats: [{seat: 0, discard: {exactly: []}}]}}]`, `seat 0 discard: want exactly , got Guts`},
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
