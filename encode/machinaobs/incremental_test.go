package machinaobs_test

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/encode/encodetest"
	"github.com/mythos-rl/mythos/encode/machinaobs"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
)

// namedGame is a game and the name of its test.
type namedGame struct {
	name      string
	g         *env.Game
	decisions int
}

// machinaGames builds the game of every MachinaArcana env id with its
// default options, checked over encodetest.Decisions (a fifth of that
// under the race detector), and a few option sets of the first (one and
// four pioneers, cooperative, a campaign, the option paths and abilities,
// a curriculum start with items gained before anyone is placed), over a
// quarter of that each.
func machinaGames(t *testing.T) []namedGame {
	t.Helper()
	var games []namedGame
	add := func(name, id string, opts env.Options, n int) {
		g, err := env.BuildGame(id, opts)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, namedGame{name, g, n})
	}
	decisions := encodetest.Decisions()
	if raceDetector {
		decisions /= 5
	}
	var first string
	for _, id := range env.IDs() {
		if strings.HasPrefix(id, "MachinaArcana/") {
			add(id, id, nil, decisions)
			if first == "" {
				first = id
			}
		}
	}
	if first == "" {
		t.Fatal("no MachinaArcana env id")
	}
	add(first+"/solo-easy", first, env.Options{"pioneers": "1", "variant": "easy"}, decisions/4)
	add(first+"/four-cooperative", first, env.Options{"pioneers": "4", "cooperative": "true"}, decisions/4)
	add(first+"/campaign", first, env.Options{"pioneers": "2", "variant": "very_quick,campaign", "campaign_games": "3"}, decisions/4)
	add(first+"/option-extras", first, env.Options{"pioneers": "3", "option_paths": "true", "option_abilities": "true"}, decisions/4)
	add(first+"/curriculum-start", first, env.Options{"pioneers": "2", "variant": "easy", "chapters": "5,6,7", "start_items": "3", "option_paths": "true", "option_abilities": "true"}, decisions/4)
	return games
}

// TestIncrementalMatchesFull checks the incremental encoding against a full
// encoding after every decision of random play of every MachinaArcana env
// id (encodetest.Decisions: 200,000 per env id, 100,000 in short mode, a
// fifth of that under the race detector, and a quarter for each option
// set).
func TestIncrementalMatchesFull(t *testing.T) {
	for _, ng := range machinaGames(t) {
		g := ng.g
		t.Run(ng.name, func(t *testing.T) {
			e, ok := g.Encoder.(encode.IncrementalEncoder)
			if !ok {
				t.Fatalf("%T is not an encode.IncrementalEncoder", g.Encoder)
			}
			newState := func(seed uint64) game.State { return g.New(seed, false) }
			st := encodetest.CheckIncremental(t, e, newState, ng.decisions, 7)
			if st.Kept == 0 || st.Full == 0 || st.Full == st.Encodings {
				t.Fatalf("nothing incremental: %+v", st)
			}
			t.Logf("%+v: %.0f%% of blocks kept", st, 100*float64(st.Kept)/float64(st.Kept+st.Rewritten))
		})
	}
}

// TestIncrementalCheckCatchesCorruption shows the check failing on a row
// changed behind the memory's back: a terrain plane, a monster row, an
// item row and an item host.
func TestIncrementalCheckCatchesCorruption(t *testing.T) {
	s := newState(t, 3, machina.Config{Pioneers: []string{"hank", "kim"}})
	rng := game.NewRNG(2)
	for i := 0; i < 60 && !s.Over(); i++ { // into the game
		if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
			t.Fatal(err)
		}
	}
	e := encoderFor(t, s)
	encodetest.CheckCatchesCorruption(t, e, s, "board", 5)
	encodetest.CheckCatchesCorruption(t, e, s, "monsters", 7)
	encodetest.CheckCatchesCorruption(t, e, s, "item_cards", 30)
	encodetest.CheckCatchesCorruption(t, e, s, "item_host", 3)
}

// TestIncrementalAllocs: an incremental encoding allocates nothing.
func TestIncrementalAllocs(t *testing.T) {
	s := newState(t, 5, machina.Config{Pioneers: []string{"hank", "kim"}})
	var e encode.IncrementalEncoder = encoderFor(t, s)
	o := e.Layout().NewObs()
	m := e.NewMemory()
	m.SetCheck(false)
	rng := game.NewRNG(4)
	if a := testing.AllocsPerRun(300, func() {
		if s.Over() {
			return
		}
		_ = s.Apply(rng.IntN(len(s.Prompt().Options)))
		e.EncodeIncremental(s, s.Prompt().Actor, o, m)
	}); a != 0 {
		t.Fatalf("%v allocations per decision with an incremental encoding", a)
	}
}

var _ encode.IncrementalEncoder = (*machinaobs.Encoder)(nil)
