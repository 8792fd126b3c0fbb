package machina

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// owned counts the items each pioneer holds (inventory or equipped).
func owned(s *State) [MaxPioneers]int {
	var n [MaxPioneers]int
	for i := range s.ct.Items {
		if it := &s.Items[i]; (it.Zone == ZoneInventory || it.Zone == ZoneEquipped) && it.Owner >= 0 {
			n[it.Owner]++
		}
	}
	return n
}

// sameState reports whether two games are byte for byte the same.
func sameState(a, b *State) bool {
	x, _ := a.MarshalBinary()
	y, _ := b.MarshalBinary()
	return bytes.Equal(x, y)
}

// TestStartItems: Config.Start.Items makes each pioneer gain that many
// items (MA §13.8), from the level-1 decks of MA §4.3, before the first
// chapter places anyone (the game then opens on its placing, MA §4.6); the
// zero Start is the real setup; a started game is deterministic, Reset keeps
// the start, and random games from starts keep the invariants to their end.
func TestStartItems(t *testing.T) {
	for _, items := range []int{0, 1, 2, 4} {
		for _, chapters := range [][]int{nil, {5, 6, 7}, {6, 7}} {
			for seed := uint64(0); seed < 12; seed++ {
				cfg := Config{Easy: true, Cooperative: seed%2 == 0, RoundCap: 60, Chapters: chapters, Start: Start{Items: items}}
				s := newGame(t, seed, cfg)
				twin := newGame(t, seed, cfg)
				// The gains come first, each answered with its first option.
				for n := 0; s.Prompt().Kind != PromptPlace && !s.InFinale; n++ {
					if n > 40*items || s.Round != 0 {
						t.Fatalf("items %d chapters %v seed %d: no placing after %d gain decisions (prompt %s)", items, chapters, seed, n, promptKindNames[s.Prompt().Kind])
					}
					if pk := s.Prompt().Kind; pk != PromptDrawMode && pk != PromptPickItem && pk != PromptLeftover && pk != PromptRecipient && pk != PromptFreeEquip {
						t.Fatalf("items %d seed %d: the start asks %s", items, seed, promptKindNames[pk])
					}
					if s.P[s.Prompt().Actor].Pos >= 0 {
						t.Fatalf("items %d seed %d: a pioneer is placed before the start's gains end", items, seed)
					}
					if err := s.Apply(0); err != nil {
						t.Fatal(err)
					}
					if err := twin.Apply(0); err != nil {
						t.Fatal(err)
					}
				}
				got, decks := owned(s), 0
				for d := range s.ItemDecks {
					decks += len(s.ItemDecks[d])
				}
				for p := 0; p < int(s.N); p++ {
					if got[p] > items || got[p] < items && decks > 0 { // the decks can run out (MA §13.8)
						t.Fatalf("items %d chapters %v seed %d: pioneer %d holds %d items before placing", items, chapters, seed, p, got[p])
					}
				}
				for i := range s.ct.Items {
					if it := &s.Items[i]; it.Owner >= 0 && s.ct.Items[i].Level != 1 {
						t.Fatalf("items %d seed %d: a start gained %s, of level %d", items, seed, s.ct.Items[i].Name, s.ct.Items[i].Level)
					}
				}
				rng := game.NewRNG(seed)
				for n := 0; !s.Over() && n < 20000; n++ {
					k := rng.IntN(len(s.Prompt().Options))
					if err := s.Apply(k); err != nil {
						t.Fatalf("items %d chapters %v seed %d: %v", items, chapters, seed, err)
					}
					if err := twin.Apply(k); err != nil {
						t.Fatal(err)
					}
					if err := s.CheckInvariants(); err != nil {
						t.Fatalf("items %d chapters %v seed %d: %v", items, chapters, seed, err)
					}
				}
				if !s.Over() || !sameState(s, twin) {
					t.Fatalf("items %d chapters %v seed %d: over %v, twins agree %v", items, chapters, seed, s.Over(), sameState(s, twin))
				}
				s.Reset(seed, false)
				if fresh := newGame(t, seed, cfg); !sameState(s, fresh) {
					t.Fatalf("items %d seed %d: Reset does not give New's start", items, seed)
				}
			}
		}
	}
	ct, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{-1, MaxStartItems + 1} {
		cfg := Config{Pioneers: []string{"lorre"}, Start: Start{Items: n}}
		if _, err := New(ct.Scenario("frozen_engine"), cfg, 1, false); err == nil || !strings.Contains(err.Error(), "start items") {
			t.Errorf("start items %d: error %v, want one naming the start items", n, err)
		}
	}
}
