package ah3_test

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/env/ah3/content"
)

// The play command "card NAME" shows public cards only.
func TestCardText(t *testing.T) {
	sc, err := content.Default()
	if err != nil {
		t.Fatal(err)
	}
	s, err := ah3.New(sc, ah3.Config{Investigators: []string{"Jenny Barnes", "Tommy Muldoon"}}, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string]string{"bilge": "Feeding", "jenny": "Jenny Barnes", "blessed": "hidden until flipped", "Boathook": "+2 Strength"} {
		txt, err := s.CardText(0, q)
		if err != nil || !strings.Contains(txt, want) {
			t.Errorf("card %q: %v %q, want %q", q, err, txt, want)
		}
	}
	if _, err := s.CardText(0, "Blessing I"); err == nil {
		t.Error("a condition card's own name is shown (AH3 479.7)")
	}
	for i := range sc.Archive {
		a := &sc.Archive[i]
		if s.Revealed&(1<<uint(a.Number)) == 0 {
			if txt, err := s.CardText(0, a.Name); err == nil && strings.Contains(txt, "archive card") {
				t.Errorf("unread archive card %q is shown", a.Name)
			}
		}
	}
	if _, err := s.CardText(0, "zzz"); err == nil {
		t.Error("card zzz: no error")
	}
}
