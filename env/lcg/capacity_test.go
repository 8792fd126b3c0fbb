package lcg

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// mustPanic runs f and checks that it panics with a message naming want.
func mustPanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Fatalf("no panic (want %q)", want)
		}
		if msg, _ := r.(string); !strings.Contains(msg, want) {
			t.Fatalf("panic %v, want %q", r, want)
		}
	}()
	f()
}

// TestCapacityOverflowIsAnError: the limits of state.go hold the Night of
// the Zealot campaign; past them the engine panics with a clear message
// instead of leaving a card, an enemy or a timing point out of reach.
func TestCapacityOverflowIsAnError(t *testing.T) {
	newState := func() *State {
		s, err := New(Options{Investigators: []string{"01001"}, Difficulty: "standard", NoRandomWeakness: true}, 3, false)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	t.Run("hand", func(t *testing.T) {
		s := newState()
		mustPanic(t, "cards in a hand", func() {
			for len(s.Inv[0].Deck) > 0 {
				s.moveTo(s.Inv[0].Deck[len(s.Inv[0].Deck)-1], ZoneHand, 0)
			}
		})
		if len(s.Inv[0].Hand) != MaxHand+1 {
			t.Fatalf("panicked at %d cards", len(s.Inv[0].Hand))
		}
	})
	t.Run("threat", func(t *testing.T) {
		s := newState()
		mustPanic(t, "cards in a threat area", func() {
			for len(s.EncDeck) > 0 {
				s.moveTo(s.EncDeck[len(s.EncDeck)-1], ZoneThreat, 0)
			}
		})
	})
	t.Run("enemies", func(t *testing.T) {
		s := newState()
		mustPanic(t, "enemies in play", func() {
			for _, id := range append([]int16(nil), s.EncDeck...) {
				s.moveTo(id, ZoneBoard, -1) // any encounter card will do for a slot
				s.Cards[id].Loc = 0
				s.addEnemy(id)
			}
		})
	})
	t.Run("events", func(t *testing.T) {
		s := newState()
		mustPanic(t, "timing points", func() {
			for i := 0; i <= maxEvents; i++ {
				s.newEvent(event{Kind: tpAfterTest})
			}
		})
	})
	t.Run("locations", func(t *testing.T) {
		big := &ScenarioDef{Code: "test", Name: "too big", Locations: make([]LocationDef, MaxLocations+1)}
		mustPanic(t, "more than MaxLocations", func() { registerScenario(big) })
	})
}

// TestLocationSlotsHoldTheCampaign: 16 location slots with connections
// between the high ones (The Devourer Below's map fits).
func TestLocationSlotsHoldTheCampaign(t *testing.T) {
	if MaxLocations < 16 {
		t.Fatalf("MaxLocations %d < 16", MaxLocations)
	}
	s, err := New(Options{Investigators: []string{"01001"}, Difficulty: "standard"}, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	hi := MaxLocations - 1
	s.LocInst[hi], s.LocInst[hi-1] = s.LocInst[locHallway], s.LocInst[locAttic]
	s.Conn[hi] |= 1 << uint(hi-1)
	s.Conn[hi-1] |= 1 << uint(hi)
	s.moveTo(s.LocInst[hi], ZoneBoard, -1)
	s.moveTo(s.LocInst[hi-1], ZoneBoard, -1)
	if !s.connected(hi, hi-1) || s.distances(hi)[hi-1] != 1 || s.firstStep(hi, 1<<uint(hi-1)) != hi-1 {
		t.Fatal("the high slots do not connect")
	}
}

// TestEveryEnemyCardFits: every enemy card a scenario can bring into a game
// (its encounter and set-aside enemies, with 4 investigators, and every
// basic weakness that is an enemy) fits in the enemy slots at once, so no
// legal play can overflow them: random play of The Devourer Below (21
// enemy cards) filled the former 16 slots in an ISMCTS playout.
func TestEveryEnemyCardFits(t *testing.T) {
	weakEnemies := 0
	for _, c := range cards.All() {
		if c.BasicWeakness && c.Type == cards.Enemy {
			weakEnemies++
		}
	}
	for _, sc := range scenarioList {
		s, err := New(Options{Investigators: []string{"01001", "01002", "01003", "01004"}, Difficulty: "standard", Scenario: sc.Code, NoRandomWeakness: true}, 1, false)
		if err != nil {
			t.Fatalf("%s: %v", sc.Name, err)
		}
		n := weakEnemies
		for i := range s.Cards {
			if c := cards.Get(s.Cards[i].Def); c.Type == cards.Enemy && !c.BasicWeakness {
				n++
			}
		}
		if n > MaxEnemies {
			t.Errorf("%s: %d enemy cards can be in play, MaxEnemies is %d", sc.Name, n, MaxEnemies)
		}
		t.Logf("%s: at most %d enemies in play", sc.Name, n)
	}
}
