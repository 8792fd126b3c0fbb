package machina

import (
	"slices"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestChaptersCurriculum: Config.Chapters plays the listed chapters alone,
// opening on the first one's entrance (or the finale tile), with the
// invariants holding through random games, and Reset keeps the list; a list
// that cannot open a game, is out of range or is not increasing is refused.
func TestChaptersCurriculum(t *testing.T) {
	for _, list := range [][]int{{5, 6, 7}, {1, 6, 7}, {6, 7}, {1, 3}} {
		for seed := uint64(0); seed < 20; seed++ {
			cfg := Config{Easy: seed%2 == 0, Cooperative: true, RoundCap: 60, Chapters: list}
			s := newGame(t, seed, cfg)
			want := make([]int8, len(list))
			for i, n := range list {
				want[i] = int8(n - 1)
			}
			if !slices.Equal(s.Chapters, want) {
				t.Fatalf("chapters %v: the game plays %v", list, s.Chapters)
			}
			if s.InFinale != (list[0] == 6) {
				t.Fatalf("chapters %v: in the finale at the start: %v", list, s.InFinale)
			}
			if k := s.Prompt().Kind; k != PromptPlace {
				t.Fatalf("chapters %v seed %d: the game opens on %s, not the placing of the pioneers", list, seed, promptKindNames[k])
			}
			rng := game.NewRNG(seed)
			for n := 0; !s.Over() && n < 20000; n++ {
				if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
					t.Fatalf("chapters %v seed %d: %v", list, seed, err)
				}
				if err := s.CheckInvariants(); err != nil {
					t.Fatalf("chapters %v seed %d: %v", list, seed, err)
				}
				if int(s.ChapterPos) < len(s.Chapters) && !slices.Contains(want, s.Chapters[s.ChapterPos]) {
					t.Fatalf("chapters %v: chapter %d is played", list, s.Chapters[s.ChapterPos]+1)
				}
			}
			if !s.Over() {
				t.Fatalf("chapters %v seed %d: no end", list, seed)
			}
			s.Reset(seed+1, false)
			if !slices.Equal(s.Chapters, want) {
				t.Fatalf("chapters %v: after Reset the game plays %v", list, s.Chapters)
			}
		}
	}
	ct, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Chapters: []int{4, 5}}, "cannot open"},
		{Config{Chapters: []int{3}}, "cannot open"},
		{Config{Chapters: []int{1, 8}}, "chapters 1 to 7"},
		{Config{Chapters: []int{0}}, "chapters 1 to 7"},
		{Config{Chapters: []int{5, 5}}, "increasing"},
		{Config{Chapters: []int{1, 5}, Quick: true}, "excludes"},
	} {
		c.cfg.Pioneers = []string{"lorre"}
		if _, err := New(ct.Scenario("frozen_engine"), c.cfg, 1, false); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("chapters %v: error %v, want one saying %q", c.cfg.Chapters, err, c.want)
		}
	}
}
