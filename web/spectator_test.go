package web

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/render"
)

// TestReplayIsASpectatorsView: every step of a replay of a two-investigator
// LCG game is drawn as a spectator sees it, marked so in the drawing and in
// the reply, with both hands on the table, and a card in either hand can be
// read; a game played in the page is drawn for a seat and is not marked.
func TestReplayIsASpectatorsView(t *testing.T) {
	const id = "ArkhamLCG/TheGathering-v0"
	opts := env.Options{"investigators": "2"}
	e, err := env.MakeBase(id, opts)
	if err != nil {
		t.Fatal(err)
	}
	e.Reset(4)
	st := e.State()
	rec := &game.Record{Env: id, Options: map[string]string(opts), Seed: 4}
	rng := game.NewRNG(9)
	for len(rec.Actions) < 30 && !st.Over() {
		c := rng.IntN(len(st.Prompt().Options))
		rec.Actions = append(rec.Actions, c)
		if err := st.Apply(c); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := rec.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	srv := testServer()
	var first replayReply
	if code, msg := call(t, srv, "POST", "/api/replay?name=two.json", buf.Bytes(), &first); code != 200 {
		t.Fatalf("%d %s", code, msg)
	}
	for _, i := range []int{0, 7, len(rec.Actions)} {
		var r replayReply
		call(t, srv, "GET", "/api/replay?s="+first.Session+"&i="+itoa(i), nil, &r)
		if !r.Spectator || r.Viewer != int(render.Spectator) || !strings.Contains(r.SVG, render.SpectatorLabel) {
			t.Fatalf("step %d: spectator %v, viewer %d, drawing marked %v", i, r.Spectator, r.Viewer, strings.Contains(r.SVG, render.SpectatorLabel))
		}
		// The drawing is the spectator's of the state after i decisions.
		s := replayState(t, rec, i)
		want, err := render.Draw(s, render.Spectator)
		if err != nil {
			t.Fatal(err)
		}
		if r.SVG != string(want.SVG()) {
			t.Fatalf("step %d: the replay's drawing is not the spectator's", i)
		}
		// Either seat's hand card is known to the spectator's card texts.
		for seat, iv := range s.(*lcg.State).SpectatorView().Investigators {
			if len(iv.Hand) == 0 {
				continue
			}
			num := iv.Hand[0][strings.LastIndex(iv.Hand[0], "#"):]
			var c cardReply
			call(t, srv, "GET", "/api/card?s="+first.Session+"&q="+strings.TrimPrefix(num, "#")+"&i="+itoa(i), nil, &c)
			if !c.Found {
				t.Errorf("step %d: seat %d's %s cannot be read in the replay: %s", i, seat, iv.Hand[0], c.Error)
			}
		}
	}
	var pl stateReply
	if code, msg := call(t, srv, "POST", "/api/new", newRequest{Env: id, Seed: 4, Seats: []string{"human", "random"}, Options: opts}, &pl); code != 200 {
		t.Fatalf("new game: %d %s", code, msg)
	}
	if strings.Contains(pl.SVG, render.SpectatorLabel) {
		t.Error("a game played in the page is drawn as a spectator's view")
	}
}

// replayState is the state of rec after its first n decisions.
func replayState(t *testing.T, rec *game.Record, n int) game.State {
	t.Helper()
	e, err := env.MakeBase(rec.Env, env.Options(rec.Options))
	if err != nil {
		t.Fatal(err)
	}
	e.Reset(rec.Seed)
	s := e.State()
	for _, c := range rec.Actions[:n] {
		if err := s.Apply(c); err != nil {
			t.Fatal(err)
		}
	}
	return s
}
