package ah3obs_test

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/encode/ah3obs"
	"github.com/mythos-rl/mythos/encode/encodetest"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// ah3Games builds the game of every ArkhamHorror3 env id with its default
// options, in the registry's order, then with one, four and six
// investigators (the encoder's guards read the seats and the view).
func ah3Games(t *testing.T) (ids []string, games []*env.Game) {
	t.Helper()
	add := func(name, id string, opts env.Options) {
		g, err := env.BuildGame(id, opts)
		if err != nil {
			t.Fatal(err)
		}
		ids, games = append(ids, name), append(games, g)
	}
	for _, id := range env.IDs() {
		if strings.HasPrefix(id, "ArkhamHorror3/") {
			add(id, id, nil)
		}
	}
	for _, n := range []string{"1", "4", "6"} {
		add(env.AH3ID+"/"+n, env.AH3ID, env.Options{"investigators": n})
	}
	return ids, games
}

// TestIncrementalMatchesFull checks the incremental encoding against a full
// encoding after every decision of random play of every AH3 env id
// (encodetest.Decisions: 200,000 per env, 100,000 in short mode, a
// million with MYTHOS_INCREMENTAL_DECISIONS=1000000).
func TestIncrementalMatchesFull(t *testing.T) {
	ids, games := ah3Games(t)
	if len(games) == 0 {
		t.Fatal("no ArkhamHorror3 env ids")
	}
	for i, g := range games {
		t.Run(ids[i], func(t *testing.T) {
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
// changed behind the memory's back.
func TestIncrementalCheckCatchesCorruption(t *testing.T) {
	_, games := ah3Games(t)
	g := games[0]
	e := g.Encoder.(*ah3obs.Encoder)
	s := g.New(3, false)
	for i := 0; i < 30 && !s.Over(); i++ { // into the game
		if err := s.Apply(0); err != nil {
			t.Fatal(err)
		}
	}
	encodetest.CheckCatchesCorruption(t, e, s, "spaces", 5)
	encodetest.CheckCatchesCorruption(t, e, s, "space_adjacency", 40)
	encodetest.CheckCatchesCorruption(t, e, s, "space_neighborhood", 31)
}

// TestIncrementalAllocs: an incremental encoding allocates nothing.
func TestIncrementalAllocs(t *testing.T) {
	_, games := ah3Games(t)
	g := games[0]
	e := g.Encoder.(*ah3obs.Encoder)
	s := g.New(5, false)
	o := e.Layout().NewObs()
	m := e.NewMemory()
	m.SetCheck(false)
	if a := testing.AllocsPerRun(200, func() {
		if s.Over() {
			s = g.New(6, false)
		}
		e.EncodeIncremental(s, s.Prompt().Actor, o, m)
		if err := s.Apply(0); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Fatalf("%v allocations per decision and incremental encoding", a)
	}
}

var _ encode.IncrementalEncoder = (*ah3obs.Encoder)(nil)
