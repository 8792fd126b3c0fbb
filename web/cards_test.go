package web

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
)

func TestNamesCard(t *testing.T) {
	for _, c := range []struct {
		text, q string
		want    bool
	}{
		{"Machete #7 — Guardian asset", "Machete", true},
		{"machete #7", "MACHETE", true},
		{"Healing Rites (horror event).", "heal", false},
		{"Hallway #35 — location.", "Hallway", true},
		{"Smoke Powder", "Smoke Powder", true},
		{"The Study", "Study", false},
	} {
		if got := namesCard(c.text, c.q); got != c.want {
			t.Errorf("namesCard(%q, %q) = %v", c.text, c.q, got)
		}
	}
}

// The LCG's mulligan options name the cards of the hand: each gets its text.
func TestOptionCards(t *testing.T) {
	e, err := env.MakeBase("ArkhamLCG/TheGathering-v0", nil)
	if err != nil {
		t.Fatal(err)
	}
	e.Reset(1)
	s := e.State()
	var opts []optionTag
	for i := range s.Prompt().Options {
		opts = append(opts, optionTag{Index: i, Text: s.Describe(i)})
	}
	addCards(s, 0, opts)
	named := 0
	for _, o := range opts {
		name, ok := strings.CutPrefix(o.Text, "Mulligan ")
		switch {
		case ok && !strings.HasPrefix(o.Card, name):
			t.Errorf("option %q: card text %q", o.Text, o.Card)
		case !ok && o.Card != "":
			t.Errorf("option %q names no card, got %q", o.Text, o.Card)
		case ok:
			named++
		}
	}
	if named == 0 {
		t.Fatalf("no mulligan options in %v", opts)
	}
}
