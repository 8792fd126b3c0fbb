package machina

import (
	"bytes"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// play answers n random decisions with rng, returning the answers.
func play(s *State, rng *game.RNG, n int) []int {
	var out []int
	for i := 0; i < n && !s.Over(); i++ {
		a := rng.IntN(len(s.Prompt().Options))
		out = append(out, a)
		if err := s.Apply(a); err != nil {
			panic(err)
		}
	}
	return out
}

// Same seed and same answers give the same bytes (DESIGN: determinism).
func TestDeterminism(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		a, b := newGame(t, seed, configFor(seed)), newGame(t, seed, configFor(seed))
		a.log.Enabled, b.log.Enabled = true, true
		rng := game.NewRNG(seed)
		acts := play(a, &rng, 3000)
		for _, x := range acts {
			if err := b.Apply(x); err != nil {
				t.Fatal(err)
			}
		}
		ba, _ := a.MarshalBinary()
		bb, _ := b.MarshalBinary()
		if !bytes.Equal(ba, bb) {
			t.Fatalf("seed %d: same seed and answers, different states", seed)
		}
	}
}

// A clone shares nothing: playing on it leaves the original's bytes alone,
// and the clone plays the same game as the original given the same answers.
func TestCloneIsDeepAndFaithful(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		s := newGame(t, seed, configFor(seed))
		s.log.Enabled = true
		rng := game.NewRNG(seed + 7)
		play(s, &rng, int(seed*13%200))
		before, _ := s.MarshalBinary()
		c := s.Clone().(*State)
		cb, _ := c.MarshalBinary()
		if !bytes.Equal(before, cb) {
			t.Fatalf("seed %d: the clone's bytes differ from the original's", seed)
		}
		r1, r2 := game.NewRNG(seed), game.NewRNG(seed)
		play(c, &r1, 500)
		after, _ := s.MarshalBinary()
		if !bytes.Equal(before, after) {
			t.Fatalf("seed %d: playing the clone changed the original", seed)
		}
		play(s, &r2, 500)
		x, _ := s.MarshalBinary()
		y, _ := c.MarshalBinary()
		if !bytes.Equal(x, y) {
			t.Fatalf("seed %d: the clone and the original diverge on the same answers", seed)
		}
	}
}

// Determinize changes only hidden information: the board, the figures and
// the prompt stay; deck contents stay as sets.
func TestDeterminizeKeepsWhatIsSeen(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		s := newGame(t, seed, configFor(seed))
		rng := game.NewRNG(seed)
		play(s, &rng, 40)
		if s.Over() {
			continue
		}
		c := s.Clone().(*State)
		r := game.NewRNG(99)
		c.Determinize(0, &r)
		if c.Board != s.Board || c.Occ != s.Occ || c.P != s.P || c.Danger != s.Danger {
			t.Fatalf("seed %d: determinize changed what is seen", seed)
		}
		if len(c.prompt.Options) != len(s.prompt.Options) {
			t.Fatalf("seed %d: determinize changed the prompt", seed)
		}
		if err := c.CheckInvariants(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		play(c, &r, 300) // and it plays on
		if err := c.CheckInvariants(); err != nil {
			t.Fatalf("seed %d after play: %v", seed, err)
		}
	}
}

// An illegal answer changes nothing.
func TestIllegalAnswer(t *testing.T) {
	s := newGame(t, 1, configFor(1))
	before, _ := s.MarshalBinary()
	if err := s.Apply(len(s.Prompt().Options)); err == nil {
		t.Fatal("an out-of-range answer was accepted")
	}
	after, _ := s.MarshalBinary()
	if !bytes.Equal(before, after) {
		t.Fatal("an illegal answer changed the state")
	}
}

// FuzzRandomPlay plays a random game from the fuzzer's seed and answers,
// checking the invariants after every decision.
//
//	go test -fuzz FuzzRandomPlay -fuzztime 30s ./env/machina/
func FuzzRandomPlay(f *testing.F) {
	for _, s := range []uint64{0, 1, 2, 3, 17, 99} {
		f.Add(s, []byte{0, 1, 2, 3, 4, 5, 6, 7})
	}
	ct, err := Shipped()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, seed uint64, answers []byte) {
		cfg := configFor(seed)
		s, err := New(ct.Scenario("frozen_engine"), cfg, seed, false)
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(seed)
		for i := 0; !s.Over() && i < 5000; i++ {
			n := len(s.Prompt().Options)
			a := rng.IntN(n)
			if i < len(answers) {
				a = int(answers[i]) % n
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
	})
}

// Determinize swaps unseen boxed cards with deck cards but keeps every
// deck's size and every seen card where it is.
func TestDeterminizeResamplesBoxedCards(t *testing.T) {
	moved := 0
	for seed := uint64(0); seed < 30; seed++ {
		s := newGame(t, seed, configFor(seed))
		rng := game.NewRNG(seed)
		play(s, &rng, 200)
		if s.Over() {
			continue
		}
		c := s.Clone().(*State)
		r := game.NewRNG(seed + 1)
		c.Determinize(0, &r)
		if err := c.CheckInvariants(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for d := range s.ItemDecks {
			if len(c.ItemDecks[d]) != len(s.ItemDecks[d]) {
				t.Fatalf("seed %d: deck %d changed size", seed, d)
			}
		}
		if len(c.MonsterDeck) != len(s.MonsterDeck) || len(c.EventDecks[0]) != len(s.EventDecks[0]) {
			t.Fatalf("seed %d: a deck changed size", seed)
		}
		for e := range s.ct.Events {
			if (s.Events[e].Zone == ZoneVault) != (c.Events[e].Zone == ZoneVault) {
				moved++
			}
			if z := s.Events[e].Zone; z != ZoneVault && z != ZoneDeck && c.Events[e] != s.Events[e] {
				t.Fatalf("seed %d: seen event %d moved", seed, e)
			}
		}
	}
	if moved == 0 {
		t.Fatal("no unseen event was ever resampled")
	}
}

// Determinize resamples the faces and the order of the tiles in the stack
// that nobody has seen (MA §4.5), and keeps a tile that went back flipped
// (MA §11.3) where it is, face and all.
func TestDeterminizeResamplesTileFaces(t *testing.T) {
	flips, moves := 0, 0
	for seed := uint64(0); seed < 20; seed++ {
		s := newGame(t, seed, configFor(seed))
		if len(s.Tiles) < 2 {
			continue
		}
		s.Tiles[0].Seen = true // as if discarded flipped to the bottom
		for k := uint64(0); k < 4; k++ {
			c := s.Clone().(*State)
			r := game.NewRNG(seed*10 + k)
			c.Determinize(0, &r)
			if len(c.Tiles) != len(s.Tiles) || c.Tiles[0] != s.Tiles[0] {
				t.Fatalf("seed %d: the seen tile changed: %v -> %v", seed, s.Tiles[0], c.Tiles[0])
			}
			if err := c.CheckInvariants(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			for i := 1; i < len(s.Tiles); i++ {
				if c.Tiles[i].Seen {
					t.Fatalf("seed %d: an unseen tile became seen", seed)
				}
				if c.Tiles[i].Tile != s.Tiles[i].Tile {
					moves++
				} else if c.Tiles[i].Face != s.Tiles[i].Face {
					flips++
				}
			}
		}
	}
	if flips == 0 || moves == 0 {
		t.Fatalf("unseen tiles never resampled: %d flips, %d moves", flips, moves)
	}
}

// A group of tiles that went back in one shuffle (the exit, MA §14.5) keeps
// its run of slots, its tiles and their faces, but Determinize resamples its
// order (MA §23.5); a tile discarded on its own keeps its slot, and the board
// clearing numbers a new group apart from the run it lands next to.
func TestDeterminizeResamplesReturnedGroups(t *testing.T) {
	s := newGame(t, 3, configFor(3))
	if len(s.Tiles) < 6 {
		t.Skip("too few tiles in the stack")
	}
	// Slots 0–3: one returned group; slot 4: a tile discarded on its own.
	for i := 0; i < 4; i++ {
		s.Tiles[i].Seen, s.Tiles[i].Group = true, 1
	}
	s.Tiles[4].Seen = true
	orders := map[[4]int16]bool{}
	for k := uint64(0); k < 40; k++ {
		c := s.Clone().(*State)
		r := game.NewRNG(100 + k)
		c.Determinize(0, &r)
		if err := c.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		if c.Tiles[4] != s.Tiles[4] {
			t.Fatalf("the single discarded tile moved: %v -> %v", s.Tiles[4], c.Tiles[4])
		}
		var order [4]int16
		for i := 0; i < 4; i++ {
			order[i] = c.Tiles[i].Tile
			found := false
			for j := 0; j < 4; j++ {
				if s.Tiles[j] == c.Tiles[i] {
					found = true
				}
			}
			if !found {
				t.Fatalf("slot %d holds %v, not one of the group's tiles and faces", i, c.Tiles[i])
			}
		}
		orders[order] = true
	}
	if len(orders) < 2 {
		t.Fatalf("the group's order never changed: %v", orders)
	}
	// The board clearing numbers its group apart from the bottom run.
	n := s.Board.TileCount()
	s.clearBoard()
	if n > 0 && s.Tiles[0].Group != 2 {
		t.Fatalf("a group landing on group 1 got number %d", s.Tiles[0].Group)
	}
}

// TestResetMatchesNew: a state reset in place after a random game is, byte
// for byte, the state New gives for that seed, and plays on as it does
// (the env's Reset reuses the state's memory), with the log on and off and
// for every variant and team size.
func TestResetMatchesNew(t *testing.T) {
	for seed := uint64(0); seed < 24; seed++ {
		cfg := configFor(seed)
		logging := seed%2 == 0
		old := newGame(t, seed+1000, cfg)
		rng := game.NewRNG(seed)
		for n := 0; n < 300 && !old.Over(); n++ {
			if err := old.Apply(rng.IntN(len(old.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
		old.Reset(seed, logging)
		fresh, err := New(old.sc, cfg, seed, logging)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; ; n++ {
			a, _ := old.MarshalBinary()
			b, _ := fresh.MarshalBinary()
			if !bytes.Equal(a, b) {
				t.Fatalf("seed %d decision %d: the reset state differs from a new one", seed, n)
			}
			if err := old.CheckInvariants(); err != nil {
				t.Fatalf("seed %d decision %d: %v", seed, n, err)
			}
			if fresh.Over() || n == 2000 {
				break
			}
			k := rng.IntN(len(fresh.Prompt().Options))
			if err := fresh.Apply(k); err != nil {
				t.Fatal(err)
			}
			if err := old.Apply(k); err != nil {
				t.Fatal(err)
			}
		}
		if logging && len(old.log.Events) != len(fresh.log.Events) {
			t.Fatalf("seed %d: logs differ in length", seed)
		}
	}
}
