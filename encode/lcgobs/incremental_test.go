package lcgobs_test

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/encode/encodetest"
	"github.com/mythos-rl/mythos/encode/lcgobs"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// namedGame is a game and the name of its test.
type namedGame struct {
	name string
	g    *env.Game
}

// lcgGames builds the game of every ArkhamLCG env id with its default
// options, and The Gathering with two and four investigators.
func lcgGames(t *testing.T) []namedGame {
	t.Helper()
	var games []namedGame
	add := func(name, id string, opts env.Options) {
		g, err := env.BuildGame(id, opts)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, namedGame{name, g})
	}
	for _, id := range env.IDs() {
		if strings.HasPrefix(id, "ArkhamLCG/") {
			add(id, id, nil)
		}
	}
	add(lcg.TheGatheringID+"/2", lcg.TheGatheringID, env.Options{"investigators": "2"})
	add(lcg.TheGatheringID+"/4", lcg.TheGatheringID, env.Options{"investigators": "4"})
	return games
}

// TestIncrementalMatchesFull checks the incremental encoding against a full
// encoding after every decision of random play of every LCG env id
// (encodetest.Decisions: 200,000 per env, 100,000 in short mode, a
// million with MYTHOS_INCREMENTAL_DECISIONS=1000000).
func TestIncrementalMatchesFull(t *testing.T) {
	games := lcgGames(t)
	if len(games) < 5 {
		t.Fatalf("%d LCG games", len(games))
	}
	for _, ng := range games {
		g := ng.g
		t.Run(ng.name, func(t *testing.T) {
			e, ok := g.Encoder.(encode.IncrementalEncoder)
			if !ok {
				t.Fatalf("%T is not an encode.IncrementalEncoder", g.Encoder)
			}
			newState := func(seed uint64) game.State { return g.New(seed, false) }
			st := encodetest.CheckIncremental(t, e, newState, encodetest.Decisions(), 7)
			if st.Kept == 0 || st.Full == 0 || st.Full == st.Encodings {
				t.Fatalf("nothing incremental: %+v", st)
			}
			t.Logf("%+v: %.0f%% of blocks kept", st, 100*float64(st.Kept)/float64(st.Kept+st.Rewritten))
		})
	}
}

// TestIncrementalCheckCatchesCorruption shows the check failing on a row
// changed behind the memory's back (a location row and an enemy's card).
func TestIncrementalCheckCatchesCorruption(t *testing.T) {
	sc := scenario(t, duo)
	e := encoder(t, sc)
	s := sc.New(3, false)
	for i := 0; i < 40 && !s.Over(); i++ { // into the game
		if err := s.Apply(0); err != nil {
			t.Fatal(err)
		}
	}
	encodetest.CheckCatchesCorruption(t, e, s, "locations", 3)
	encodetest.CheckCatchesCorruption(t, e, s, "enemy_card", 15)
	encodetest.CheckCatchesCorruption(t, e, s, "hand", 2)
}

// TestIncrementalAllocs: an incremental encoding allocates nothing.
func TestIncrementalAllocs(t *testing.T) {
	sc := scenario(t, duo)
	var e encode.IncrementalEncoder = encoder(t, sc)
	states := randomStates(t, sc, 2, 5)
	o := e.Layout().NewObs()
	m := e.NewMemory()
	m.SetCheck(false)
	i := 0
	if a := testing.AllocsPerRun(200, func() {
		s := states[i%len(states)]
		i++
		e.EncodeIncremental(s, s.Prompt().Actor, o, m)
	}); a != 0 {
		t.Fatalf("%v allocations per incremental encoding", a)
	}
}

var _ encode.IncrementalEncoder = (*lcgobs.Encoder)(nil)
