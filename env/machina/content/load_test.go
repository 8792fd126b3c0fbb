package content

import (
	"strings"
	"testing"
)

// Every content error names the file, the line and the broken constraint.
func TestLoadErrorsNameFileAndLine(t *testing.T) {
	cases := []struct {
		name, text, want string
	}{
		{"unknown key", "pioneers:\n  - id: a\n    name: A\n    clas: mystic\n", "bad.yaml:4: unknown key \"clas\""},
		{"missing key", "pioneers:\n  - id: a\n    name: A\n    health: 3\n", "bad.yaml:2: missing required key \"class\""},
		{"bad class", "pioneers:\n  - id: a\n    name: A\n    class: cook\n    health: 3\n    stamina: 3\n", "bad.yaml:2: pioneer a: class \"cook\""},
		{"stat out of range", "monsters:\n  - id: m\n    name: M\n    level: 7\n    health: 1\n    stamina: 1\n", "bad.yaml:2: monster m: level 7 is outside 1..4"},
		{"bad effect", "items:\n  - id: i\n    name: I\n    deck: artifact\n    level: 1\n    abilities:\n      - effects:\n          - explode: 3\n", "bad.yaml:8: unknown effect \"explode\""},
		{"bad dice", "items:\n  - id: i\n    name: I\n    deck: artifact\n    level: 1\n    abilities:\n      - effects:\n          - attack: {strong: 5}\n", "bad.yaml:8: attack: 1 to 3 strong"},
		{"wrong type", "pioneers:\n  - id: a\n    name: A\n    class: mystic\n    health: lots\n    stamina: 3\n", "bad.yaml:5: \"lots\" is not a int"},
		{"free monster ability", "monsters:\n  - id: m\n    name: M\n    level: 1\n    health: 1\n    stamina: 1\n    abilities:\n      - effects:\n          - heal: 1\n", "bad.yaml:2: monster m: a monster's active ability costs at least 1 stamina"},
		{"short cell row", "tiles:\n  - id: t\n    finale: true\n    faces:\n      - attach: S\n        open: [S]\n        cells:\n          - \"....\"\n", "tile t face 0: cells has 1 rows"},
		{"attach not open", "tiles:\n  - id: t\n    finale: true\n    faces:\n      - attach: N\n        open: [S]\n        cells: [\"..........\", \"..........\", \"..........\", \"..........\", \"..........\", \"..........\", \"..........\", \"..........\", \"..........\", \"..........\"]\n", "bad.yaml:5: tile t face 0: attach \"N\" must be one of its open sides"},
		{"take an unknown card", "items:\n  - id: i\n    name: I\n    deck: one_use\n    level: 1\n    abilities:\n      - effects:\n          - take: {item: nope}\n", "bad.yaml:8: item i: take: no item card \"nope\" (MA §18.11)"},
		{"take from the wrong deck", "items:\n  - id: i\n    name: I\n    deck: one_use\n    level: 1\n    abilities:\n      - effects:\n          - take: {item: i, deck: weapon}\n", "bad.yaml:8: item i: take: i is in the one_use deck, not the weapon deck"},
		{"take without a card or deck", "items:\n  - id: i\n    name: I\n    deck: one_use\n    level: 1\n    abilities:\n      - effects:\n          - take: {ranged: true}\n", "bad.yaml:8: take: name the card"},
		{"counts_as floor as chest", "items:\n  - id: i\n    name: I\n    deck: one_use\n    level: 1\n    abilities:\n      - effects:\n          - counts_as: {from: floor, as: chest}\n", "bad.yaml:8: counts_as: floor and chest must both be cells to stand on"},
		{"counts_as chasm", "items:\n  - id: i\n    name: I\n    deck: one_use\n    level: 1\n    abilities:\n      - effects:\n          - counts_as: {from: chasm, as: floor}\n", "bad.yaml:8: counts_as: \"chasm\" is not floor"},
		{"unknown condition", "items:\n  - id: i\n    name: I\n    deck: weapon\n    level: 1\n    hands: 1\n    abilities:\n      - when: after_attack\n        if: raining\n        effects:\n          - heal: 1\n", "bad.yaml:8: item i: unknown condition \"raining\" (extended_weapon)"},
		{"condition on a timing without a weapon", "items:\n  - id: i\n    name: I\n    deck: weapon\n    level: 1\n    hands: 1\n    abilities:\n      - when: kill\n        if: extended_weapon\n        effects:\n          - heal: 1\n", "bad.yaml:8: item i: condition \"extended_weapon\" needs when: after_attack"},
		{"second target without a first", "items:\n  - id: i\n    name: I\n    deck: artifact\n    level: 1\n    abilities:\n      - cost: {stamina: 1}\n        target2: melee\n        effects:\n          - heal: 1\n", "bad.yaml:7: item i: a second target needs a first"},
		{"second ranged target without range2", "items:\n  - id: i\n    name: I\n    deck: artifact\n    level: 1\n    abilities:\n      - cost: {stamina: 1}\n        target: melee\n        target2: ranged\n        effects:\n          - heal: 1\n", "bad.yaml:7: item i: range2 goes with a ranged second target"},
		{"on target2 without target2", "items:\n  - id: i\n    name: I\n    deck: artifact\n    level: 1\n    abilities:\n      - cost: {stamina: 1}\n        target: melee\n        effects:\n          - heal: {n: 1, on: target2}\n", "bad.yaml:7: item i: on: target2 needs target2"},
		{"unregistered go", "items:\n  - id: i\n    name: I\n    deck: artifact\n    level: 1\n    abilities:\n      - effects:\n          - go: nothing_here\n", "bad.yaml:8: go: no Go function is registered as \"nothing_here\""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadFiles([]string{"bad.yaml"}, []string{c.text})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want it to contain %q", err, c.want)
			}
		})
	}
}

func TestRulesCaseFilesLoadStrictly(t *testing.T) {
	_, err := LoadFiles([]string{"x.yaml"}, []string{"scenarios:\n  - id: s\n    name: S\n    chapters:\n      - id: c\n        title: C\n    finale:\n      title: F\n      tile: nope\n      rule: ritual\n"})
	if err == nil || !strings.Contains(err.Error(), "finale tile \"nope\"") {
		t.Fatalf("error %v", err)
	}
}
