package machina

import (
	"math/rand"
	"strings"
	"testing"
)

// card shows the monsters by their letter on the map, the tiles on the
// board and the events in play, and every card in view by its name
// (issue 24 item 4).
func TestCardTextCoversTheTable(t *testing.T) {
	var monsters, tiles, events int
	for seed := uint64(0); seed < 6; seed++ {
		s := newGame(t, seed, configFor(seed))
		r := rand.New(rand.NewSource(int64(seed)))
		for step := 0; step < 600 && !s.Over(); step++ {
			if step%25 == 0 {
				for k, m := range s.Order {
					text, err := s.CardText(0, string(rune('a'+k)))
					if err != nil || !strings.HasPrefix(text, s.ct.Monsters[m].Name+" (monster "+string(rune('a'+k))) {
						t.Fatalf("card %c: %q, %v", 'a'+k, text, err)
					}
					monsters++
				}
				for _, c := range s.publicCards() {
					text, err := s.CardText(0, c.name)
					if err != nil && !strings.Contains(err.Error(), "several cards match") {
						t.Fatalf("card %q: %v", c.name, err)
					}
					if err == nil && !strings.Contains(text, "(") {
						t.Fatalf("card %q: %q", c.name, text)
					}
					if strings.Contains(text, "(tile in window") {
						tiles++
					}
					if strings.Contains(text, " event") {
						events++
					}
				}
			}
			if err := s.Apply(r.Intn(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if monsters == 0 || tiles == 0 || events == 0 {
		t.Fatalf("monsters %d, tiles %d, events %d shown", monsters, tiles, events)
	}
}
