package lcgcase

import (
	"strings"
	"testing"
)

// TestExtrasLoadErrors: bad decks, opening_deck and counters entries are
// rejected when the file loads, with the file and line.
func TestExtrasLoadErrors(t *testing.T) {
	cases := []struct{ yaml, want string }{
		{"- name: a\n  rule: r\n  setup:\n    counters:\n      - {enemy: Ghoul Minion, location: Study, doom: 1}\n", "x.yaml: line 5: a counters entry names exactly one"},
		{"- name: a\n  rule: r\n  setup:\n    counters:\n      - {card: Beat Cop, doom: 1}\n", "line 5: a counters entry for a player's card needs both seat and card"},
		{"- name: a\n  rule: r\n  setup:\n    counters:\n      - {location: Study}\n", "line 5: a counters entry sets doom, clues or both"},
		{"- name: a\n  rule: r\n  setup:\n    counters:\n      - {location: Study, doom: -1}\n", "line 5: counters: -1 tokens"},
		{"- name: a\n  rule: r\n  setup:\n    counters:\n      - {location: Study, dom: 1}\n", "line 5: field dom not found in type lcgcase.CounterSetup"},
		{"- name: a\n  rule: r\n  setup:\n    opening_deck:\n      - {seat: 5, top: [Guts]}\n", "line 5: opening_deck seat 5"},
		{"- name: a\n  rule: r\n  setup:\n    counters:\n      - {act: true, doom: 1}\n", "line 5: a counters entry for the act sets clues only"},
		{"- name: a\n  rule: r\n  setup:\n    counters:\n      - {act: true, location: Study, clues: 1}\n", "line 5: a counters entry names exactly one"},
		{"- name: a\n  rule: r\n  setup:\n    opening_deck:\n      - {seat: 0}\n", "line 5: opening_deck of seat 0: top names no card"},
		{"- name: a\n  rule: r\n  setup:\n    encounter_empty: maybe\n", "x.yaml: line 4"},
		{"- name: a\n  rule: r\n  expect:\n    log_order: {a: b}\n", "x.yaml: line 4"},
	}
	wantParseErrors(t, cases)
}

// TestExtrasRunFailures: the extras' expectations fail when the state
// differs, and their setup errors are reported.
func TestExtrasRunFailures(t *testing.T) {
	cases := []struct{ yaml, want string }{
		{`[{name: a, rule: r, expect: {log_order: [round 1 begins, Study is revealed]}}]`, `log_order 2 "Study is revealed": no such line after`},
		{`[{name: a, rule: r, expect: {log_order: [no such event]}}]`, `log_order 1 "no such event": no such line anywhere`},
		{`[{name: a, rule: r, setup: {counters: [{location: Study, doom: 2}]}, expect: {locations: [{name: Study, doom: 1}]}}]`, `location Study doom: want 1, got 2`},
		{`[{name: a, rule: r, setup: {enemies: [{card: Ghoul Minion}], counters: [{enemy: Ghoul Minion, clues: 2}]}, expect: {enemies: [{card: Ghoul Minion, clues: 1}]}}]`, `enemy Ghoul Minion clues: want 1, got 2`},
		{`[{name: a, rule: r, setup: {counters: [{enemy: Ghoul Minion, clues: 2}]}, expect: {round: 1}}]`, `enemy Ghoul Minion is not in play`},
		{`[{name: a, rule: r, setup: {counters: [{location: Attic, doom: 2}]}, expect: {round: 1}}]`, `location Attic is not in play`},
		{`[{name: a, rule: r, setup: {counters: [{seat: 0, card: Beat Cop, doom: 2}]}, expect: {round: 1}}]`, `Beat Cop is not in seat 0's play or threat area`},
		{`[{name: a, rule: r, setup: {opening_deck: [{seat: 1, top: [Guts]}]}, expect: {round: 1}}]`, `no investigator in seat 1`},
		{`[{name: a, rule: r, setup: {opening_deck: [{seat: 0, top: [Ghoul Minion]}]}, expect: {round: 1}}]`, `Ghoul Minion is not a player card`},
		{`[{name: a, rule: r, setup: {decks: [no-such-deck.txt]}, expect: {round: 1}}]`, `decks: seat 0: deck`},
		{`[{name: a, rule: r, setup: {opening_deck: [{seat: 0, top: [Machete]}]}, expect: {seats: [{seat: 0, hand: {has: [Guts]}}]}}]`, `seat 0 hand: want 1 × Guts`},
		{`[{name: a, rule: r, setup: {encounter_empty: true}, expect: {encounter_deck: {has: [Grasping Hands]}}}]`, `encounter deck: want 1 × Grasping Hands, got 0 (empty)`},
		{`[{name: a, rule: r, actions: [{do: Resource, refused: true}], expect: {round: 1}}]`, `"Resource" must be refused, but the action prompt offered it`},
		{`[{name: a, rule: r, actions: [{option: 0, refused: true}], expect: {round: 1}}]`, `"Option 0" must be refused, but the action prompt offered it`},
		{`[{name: a, rule: r, actions: [{do: Frobnicate, refused: true}], expect: {round: 1}}]`, `unknown action "Frobnicate"`},
		{`[{name: a, rule: r, setup: {counters: [{act: true, clues: 1}]}, expect: {round: 1}}]`, `act 0 of The Gathering holds no clues`},
		{`[{name: a, rule: r, setup: {scenario: devourer below, act: 2, counters: [{act: true, clues: 1}]}, expect: {act_clues: 2}}]`, `clues on the act: want 2, got 1`},
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

// TestRefusedStepPasses: a refused step the prompt does not offer passes
// and leaves the prompt for the next step.
func TestRefusedStepPasses(t *testing.T) {
	cs, err := Parse("x.yaml", []byte(`[{name: a, rule: r, actions: [{do: Move, target: Hallway, refused: true}, {option: 99, refused: true}, Resource], expect: {seats: [{seat: 0, resources: 6, actions: 2}]}}]`))
	if err != nil {
		t.Fatal(err)
	}
	if r := Run(cs[0]); r.Status != Pass {
		t.Fatalf("%v %v", r.Status, r.Diff)
	}
}
