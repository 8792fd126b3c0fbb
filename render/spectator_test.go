package render_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/render"
)

// resampleUnknown resamples in st what no player at the table knows: the
// order of every deck (the LCG's player decks and encounter deck, AH3's
// decks and which card each face-down condition is, Machina's decks and tile
// stack) and the state's own RNG, keeping every hand. AH3 and Machina's
// Determinize resamples only that (no seat knows more than another there);
// the LCG's, from a seat's view, redeals the other seats' hands, so for a
// table of more than one investigator the decks are shuffled here.
func resampleUnknown(st game.State, rng *game.RNG) {
	s, ok := st.(*lcg.State)
	if !ok || s.N == 1 {
		st.Determinize(0, rng)
		return
	}
	for i := 0; i < int(s.N); i++ {
		game.ShuffleInts(rng, s.Inv[i].Deck)
	}
	game.ShuffleInts(rng, s.EncDeck)
	s.RNG().Seed(rng.Uint64())
}

// TestSpectatorDrawsNothingNoPlayerKnows: at many points of random games of
// every env id (and a two-investigator LCG table), resampling what no player
// knows leaves the spectator's drawing unchanged, and the drawing is marked
// as a spectator's while no seat's is.
func TestSpectatorDrawsNothingNoPlayerKnows(t *testing.T) {
	type table struct {
		id   string
		opts env.Options
	}
	tables := []table{{"ArkhamLCG/TheGathering-v0", env.Options{"investigators": "2"}}}
	for _, id := range env.IDs() {
		tables = append(tables, table{id, nil})
	}
	for _, tb := range tables {
		name := tb.id
		if tb.opts != nil {
			name += "/2seats"
		}
		t.Run(name, func(t *testing.T) {
			e, err := env.MakeBase(tb.id, tb.opts)
			if err != nil {
				t.Fatal(err)
			}
			e.Reset(5)
			st := e.State()
			rng := game.NewRNG(13)
			checked := 0
			for n := 0; !st.Over() && n < 400; n++ {
				if n%40 == 0 {
					a, err := render.Draw(st, render.Spectator)
					if err != nil {
						t.Fatal(err)
					}
					if !strings.Contains(string(a.SVG()), render.SpectatorLabel) {
						t.Fatalf("step %d: the spectator's drawing does not say %q", n, render.SpectatorLabel)
					}
					if s, _ := render.Draw(st, 0); strings.Contains(string(s.SVG()), render.SpectatorLabel) {
						t.Fatalf("step %d: seat 0's drawing says %q", n, render.SpectatorLabel)
					}
					for k := 0; k < 3; k++ {
						c := st.Clone()
						resampleUnknown(c, &rng)
						b, _ := render.Draw(c, render.Spectator)
						if !bytes.Equal(a.SVG(), b.SVG()) {
							t.Fatalf("step %d: resampling what no player knows changed the spectator's drawing:\n%s", n, firstDiff(a.SVG(), b.SVG()))
						}
						checked++
					}
				}
				if err := st.Apply(rng.IntN(len(st.Prompt().Options))); err != nil {
					t.Fatal(err)
				}
			}
			if checked == 0 {
				t.Fatal("nothing compared")
			}
		})
	}
}

// firstDiff is the first line where two SVG texts differ.
func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(la) && i < len(lb); i++ {
		if la[i] != lb[i] {
			return la[i] + "\n" + lb[i]
		}
	}
	return "(one drawing is longer)"
}

// TestSpectatorSeesEveryHand: at a two-investigator LCG table, the
// spectator's drawing lists both hands, each seat's only its own, so the
// spectator's frame differs from each seat's; and the spectator check above
// can fail: resampling a hand (seat 0's Determinize redeals seat 1's)
// changes the spectator's drawing.
func TestSpectatorSeesEveryHand(t *testing.T) {
	e, err := env.MakeBase("ArkhamLCG/TheGathering-v0", env.Options{"investigators": "2"})
	if err != nil {
		t.Fatal(err)
	}
	e.Reset(5)
	st := e.State().(*lcg.State)
	spec, _ := render.Draw(st, render.Spectator)
	svg := string(spec.SVG())
	for seat := 0; seat < 2; seat++ {
		own := st.TableView(game.AgentID(seat)).Investigators[seat].Hand
		if len(own) == 0 {
			t.Fatalf("seat %d has no hand to show", seat)
		}
		other := st.TableView(game.AgentID(seat)).Investigators[1-seat]
		if other.Hand != nil || other.HandSize == 0 {
			t.Fatalf("seat %d's view lists seat %d's hand %v (%d cards)", seat, 1-seat, other.Hand, other.HandSize)
		}
		for _, c := range own {
			if !strings.Contains(svg, xmlText(c)) {
				t.Errorf("the spectator's drawing lacks seat %d's %s", seat, c)
			}
		}
		sd, _ := render.Draw(st, game.AgentID(seat))
		if bytes.Equal(sd.Frame(), spec.Frame()) {
			t.Fatalf("seat %d's frame is the spectator's", seat)
		}
		for _, c := range st.TableView(game.AgentID(1 - seat)).Investigators[1-seat].Hand {
			if strings.Contains(string(sd.SVG()), xmlText(c)) {
				t.Errorf("seat %d's drawing shows seat %d's %s", seat, 1-seat, c)
			}
		}
	}
	rng := game.NewRNG(3)
	for k := 0; k < 5; k++ {
		c := st.Clone()
		c.Determinize(0, &rng)
		b, _ := render.Draw(c, render.Spectator)
		if !bytes.Equal(spec.SVG(), b.SVG()) {
			return
		}
	}
	t.Fatal("seat 1's hand, resampled, never changed the spectator's drawing")
}

// xmlText is text as the SVG writes it.
func xmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
