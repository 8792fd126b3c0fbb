package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestLocationViewsMatchTheirSlots: MoveTargets is MayMove and Shrouds is
// ShroudAt, slot by slot (and 0 for a slot left out of its argument), for every seat, over random play of the three
// scenarios and the campaign with one and two investigators.
func TestLocationViewsMatchTheirSlots(t *testing.T) {
	rng := game.NewRNG(11)
	checked, revealed, fogged := 0, 0, 0
	for _, code := range []string{"", "01120", "01142"} {
		for _, campaign := range []bool{false, true} {
			if campaign && code != "" {
				continue
			}
			for i, team := range [][]string{{"01001"}, {"01002", "01003"}, {"01004", "01005"}} {
				for ep := 0; ep < 12; ep++ {
					s, err := New(Options{Investigators: team, Difficulty: "standard", Scenario: code, Campaign: campaign}, uint64(10*i+ep), false)
					if err != nil {
						t.Fatal(err)
					}
					for n := 0; !s.Over() && n < 3000; n++ {
						for seat := -1; seat <= int(s.N); seat++ {
							moves := s.MoveTargets(seat)
							for k := 0; k < MaxLocations; k++ {
								if want := s.MayMove(seat, k); (moves&(1<<uint(k)) != 0) != want {
									t.Fatalf("scenario %q, seat %d, slot %d: MoveTargets %016b, MayMove %v", code, seat, k, moves, want)
								}
							}
						}
						shrouds := s.Shrouds(1<<MaxLocations - 1)
						for k := 0; k < MaxLocations; k++ {
							if shrouds[k] != s.ShroudAt(k) {
								t.Fatalf("scenario %q, slot %d: Shrouds %d, ShroudAt %d", code, k, shrouds[k], s.ShroudAt(k))
							}
							if id := s.LocInst[k]; id >= 0 && s.Cards[id].Revealed {
								revealed++
								if shrouds[k] != int(s.card(id).Shroud) {
									fogged++ // an attachment changes it (Obscuring Fog)
								}
							}
						}
						if part := s.Shrouds(0b1010_1010_1010_1010); part != ([MaxLocations]int{1: shrouds[1], 3: shrouds[3], 5: shrouds[5], 7: shrouds[7], 9: shrouds[9], 11: shrouds[11], 13: shrouds[13], 15: shrouds[15]}) {
							t.Fatalf("scenario %q: Shrouds of the odd slots %v, of all %v", code, part, shrouds)
						}
						checked++
						if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
		}
	}
	if checked < 5000 || revealed < 5000 || fogged < 50 {
		t.Fatalf("only %d states, %d revealed locations, %d with a modified shroud", checked, revealed, fogged)
	}
	t.Logf("%d states, %d revealed locations, %d with a modified shroud", checked, revealed, fogged)
}
