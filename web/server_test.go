package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// call sends one request to srv and decodes the JSON answer into out (when
// not nil); it returns the status and the error message of a failed call.
func call(t *testing.T, srv http.Handler, method, path string, body any, out any) (int, string) {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req := httptest.NewRequest(method, path, rd)
	if method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	if w.Code != http.StatusOK {
		var e struct{ Error string }
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error == "" {
			t.Errorf("%s %s: status %d without a JSON error: %q", method, path, w.Code, w.Body.String())
		}
		return w.Code, e.Error
	}
	if out != nil {
		if err := json.Unmarshal(w.Body.Bytes(), out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
	}
	return w.Code, ""
}

func newGame(t *testing.T, srv http.Handler, env string, seed uint64, seats ...string) *stateReply {
	t.Helper()
	var st stateReply
	if code, msg := call(t, srv, "POST", "/api/new", newRequest{Env: env, Seed: seed, Seats: seats}, &st); code != 200 {
		t.Fatalf("new %s: %d %s", env, code, msg)
	}
	return &st
}

func TestBadRequestsAreClearErrors(t *testing.T) {
	srv := testServer()
	st := newGame(t, srv, "ArkhamLCG/TheGathering-v0", 1, "human")
	for _, c := range []struct {
		name, method, path string
		body               any
		code               int
		want               string
	}{
		{"unknown env", "POST", "/api/new", newRequest{Env: "Nope/Nothing-v0", Seats: []string{"human"}}, 400, "Nope/Nothing-v0"},
		{"seat count", "POST", "/api/new", newRequest{Env: "ArkhamLCG/TheGathering-v0", Seats: []string{"human", "human"}}, 400, "has 1 seats"},
		{"agent not offered", "POST", "/api/new", newRequest{Env: "ArkhamLCG/TheGathering-v0", Seats: []string{"ismcts:iters=1e9"}}, 400, "not offered"},
		{"bad option", "POST", "/api/new", newRequest{Env: "ArkhamLCG/TheGathering-v0", Seats: []string{"human"}, Options: map[string]string{"nonsense": "1"}}, 400, "nonsense"},
		{"not JSON", "POST", "/api/new", "{env:", 400, "not the JSON"},
		{"unknown field", "POST", "/api/act", `{"s":"` + st.Session + `","choice":1}`, 400, "choice"},
		{"option out of range", "POST", "/api/act", map[string]any{"s": st.Session, "option": 99}, 400, "option 99 does not exist"},
		{"negative option", "POST", "/api/act", map[string]any{"s": st.Session, "option": -1}, 400, "does not exist"},
		{"no option", "POST", "/api/act", map[string]any{"s": st.Session}, 400, "needs the option"},
		{"unknown session", "POST", "/api/act", map[string]any{"s": "feed", "option": 0}, 404, "no game"},
		{"bot step on a person's turn", "POST", "/api/step", map[string]any{"s": st.Session}, 409, "played by a person"},
		{"undo before any decision", "POST", "/api/undo", map[string]any{"s": st.Session}, 409, "nothing to undo"},
		{"state of a bad log offset", "GET", "/api/state?s=" + st.Session + "&from=x", nil, 400, "from="},
		{"replay of a played game", "GET", "/api/replay?s=" + st.Session, nil, 400, "played, not replayed"},
		{"card without a query", "GET", "/api/card?s=" + st.Session, nil, 400, "q=NAME"},
		{"upload of garbage", "POST", "/api/replay?name=x.json", "not a record", 400, "neither a game record"},
		{"upload of an Arrow file without a reader", "POST", "/api/replay", "ARROW1....", 400, "Arrow"},
		{"upload of a record of another version", "POST", "/api/replay", `{"env":"ArkhamLCG/TheGathering-v0","seed":1,"actions":[0,77]}`, 400, "does not exist"},
		{"wrong method", "PUT", "/api/act", nil, 405, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rd io.Reader
			if c.body != nil {
				switch b := c.body.(type) {
				case string:
					rd = strings.NewReader(b)
				default:
					j, _ := json.Marshal(b)
					rd = bytes.NewReader(j)
				}
			}
			w := httptest.NewRecorder()
			req := httptest.NewRequest(c.method, c.path, rd)
			req.Header.Set("Content-Type", "application/json")
			srv.ServeHTTP(w, req)
			if w.Code != c.code {
				t.Fatalf("status %d, want %d: %s", w.Code, c.code, w.Body.String())
			}
			if c.want != "" && !strings.Contains(w.Body.String(), c.want) {
				t.Errorf("the error %q does not say %q", w.Body.String(), c.want)
			}
		})
	}
}

func TestTokenIsRequired(t *testing.T) {
	srv := New(Config{Token: "s3cret"})
	for _, c := range []struct {
		name string
		set  func(r *http.Request)
		code int
	}{
		{"none", func(*http.Request) {}, 401},
		{"wrong", func(r *http.Request) { r.Header.Set("Authorization", "Bearer nope") }, 401},
		{"wrong query", func(r *http.Request) { r.URL.RawQuery = "token=s3cre" }, 401},
		{"header", func(r *http.Request) { r.Header.Set("Authorization", "Bearer s3cret") }, 200},
		{"query", func(r *http.Request) { r.URL.RawQuery = "token=s3cret" }, 200},
	} {
		for _, path := range []string{"/api/envs", "/api/state?s=x"} {
			r := httptest.NewRequest("GET", path, nil)
			c.set(r)
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, r)
			want := c.code
			if path != "/api/envs" && want == 200 {
				want = 404 // authorized; no such session
			}
			if w.Code != want {
				t.Errorf("%s %s: status %d, want %d", c.name, path, w.Code, want)
			}
		}
	}
	// The page and what it loads hold nothing secret: a browser fetches
	// them by plain links, without the token, then calls the API with it.
	for _, path := range []string{"/", "/app.js", "/style.css", "/fonts/go-regular.ttf"} {
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if w.Code != 200 {
			t.Errorf("%s without a token: status %d, want 200", path, w.Code)
		}
	}
}

// A server on loopback answers only requests for a loopback host (no DNS
// rebinding), and POSTs only of JSON or files (no cross-site forms).
func TestLoopbackHostsAndContentTypes(t *testing.T) {
	srv := New(Config{LoopbackHosts: true})
	for _, c := range []struct {
		host, ctype string
		code        int
	}{
		{"127.0.0.1:8080", "application/json", 400}, // reaches the handler: a bad body
		{"localhost:8080", "application/json; charset=utf-8", 400},
		{"[::1]:8080", "application/json", 400},
		{"evil.example:8080", "application/json", 403},
		{"127.0.0.1:8080", "text/plain", 415},
		{"127.0.0.1:8080", "application/x-www-form-urlencoded", 415},
	} {
		r := httptest.NewRequest("POST", "/api/new", strings.NewReader("{}"))
		r.Host = c.host
		r.Header.Set("Content-Type", c.ctype)
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		if w.Code != c.code {
			t.Errorf("Host %s, %s: status %d, want %d: %s", c.host, c.ctype, w.Code, c.code, w.Body.String())
		}
	}
}

func TestSessionLimitAndIdleTimeout(t *testing.T) {
	srv := New(Config{MaxSessions: 2, IdleTimeout: time.Minute})
	now := time.Unix(1000, 0)
	srv.now = func() time.Time { return now }
	newGame(t, srv, "ArkhamLCG/TheGathering-v0", 1, "human")
	newGame(t, srv, "ArkhamLCG/TheGathering-v0", 2, "human")
	code, msg := call(t, srv, "POST", "/api/new", newRequest{Env: "ArkhamLCG/TheGathering-v0", Seats: []string{"human"}}, nil)
	if code != http.StatusServiceUnavailable || !strings.Contains(msg, "too many games") {
		t.Fatalf("a third game: %d %q, want 503", code, msg)
	}
	now = now.Add(2 * time.Minute)
	newGame(t, srv, "ArkhamLCG/TheGathering-v0", 3, "human")
	if n := srv.Sessions(); n != 1 {
		t.Errorf("%d sessions after the idle ones closed, want 1", n)
	}
}

// TestPlayUndoAndBots plays AH3 with a bot in seat 1: the person's
// decisions go through act, the bot's through step, and undo goes back to
// the person's last decision with the same game as before it.
func TestPlayUndoAndBots(t *testing.T) {
	srv := testServer()
	st := newGame(t, srv, "ArkhamHorror3/DrownedLantern-v0", 5, "human", "heuristic")
	first := st.SVG
	var decided []string
	for i := 0; i < 40 && !st.Over; i++ {
		var next stateReply
		if st.Human {
			if code, msg := call(t, srv, "POST", "/api/act", map[string]any{"s": st.Session, "option": len(st.Options) - 1}, &next); code != 200 {
				t.Fatalf("act: %d %s", code, msg)
			}
			decided = append(decided, st.SVG)
		} else {
			if code, msg := call(t, srv, "POST", "/api/act", map[string]any{"s": st.Session, "option": 0}, nil); code != http.StatusConflict {
				t.Fatalf("act on a bot's turn: %d %s, want 409", code, msg)
			}
			if code, msg := call(t, srv, "POST", "/api/step", map[string]any{"s": st.Session}, &next); code != 200 {
				t.Fatalf("step: %d %s", code, msg)
			}
		}
		st = &next
	}
	if len(decided) < 2 {
		t.Fatalf("only %d decisions of the person", len(decided))
	}
	if st.SVG == first {
		t.Errorf("the drawing did not change in 40 decisions")
	}
	var h hintReply
	if !st.Over && st.Human {
		if code, msg := call(t, srv, "POST", "/api/hint", map[string]any{"s": st.Session}, &h); code != 200 || h.Index < 0 || h.Index >= len(st.Options) || h.Text == "" {
			t.Errorf("hint: %d %s %+v", code, msg, h)
		}
	}
	var back stateReply
	if code, msg := call(t, srv, "POST", "/api/undo", map[string]any{"s": st.Session}, &back); code != 200 {
		t.Fatalf("undo: %d %s", code, msg)
	}
	if !back.Human || back.SVG != decided[len(decided)-1] {
		t.Errorf("undo did not go back to the person's last decision (human %v, same drawing %v)", back.Human, back.SVG == decided[len(decided)-1])
	}
	if back.Epoch == st.Epoch || back.LogFrom != 0 {
		t.Errorf("undo: epoch %d → %d, log from %d: the page would keep the undone log", st.Epoch, back.Epoch, back.LogFrom)
	}
	// The record replays to the same game.
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest("GET", "/api/record?s="+st.Session, nil))
	var rp replayReply
	if code, msg := call(t, srv, "POST", "/api/replay?name=game.json", w.Body.Bytes(), &rp); code != 200 {
		t.Fatalf("replaying the record: %d %s", code, msg)
	}
	if rp.Steps != back.Decisions {
		t.Errorf("the record has %d decisions, the game %d", rp.Steps, back.Decisions)
	}
	var end replayReply
	call(t, srv, "GET", "/api/replay?s="+rp.Session+"&i="+itoa(rp.Steps), nil, &end)
	if end.SVG == "" || end.Step != rp.Steps {
		t.Errorf("the replay's last step: %d of %d", end.Step, rp.Steps)
	}
}

func TestReplayStepsAndLog(t *testing.T) {
	data, rec := recordGame(t, "MachinaArcana/TheFrozenEngine-v0", 1)
	srv := testServer()
	var first replayReply
	if code, msg := call(t, srv, "POST", "/api/replay?name=m.json", data, &first); code != 200 {
		t.Fatalf("%d %s", code, msg)
	}
	if first.Steps != len(rec.Actions) || len(first.Log) == 0 || first.Options == nil {
		t.Fatalf("opened a replay of %d steps with %d log lines", first.Steps, len(first.Log))
	}
	prevAt := -1
	for _, i := range []int{0, 1, 17, len(rec.Actions) / 2, len(rec.Actions) - 1, len(rec.Actions), len(rec.Actions) + 5, -3} {
		var r replayReply
		call(t, srv, "GET", "/api/replay?s="+first.Session+"&i="+itoa(i), nil, &r)
		want := min(max(i, 0), len(rec.Actions))
		if r.Step != want {
			t.Errorf("i=%d: step %d, want %d", i, r.Step, want)
		}
		if want < len(rec.Actions) {
			n := 0
			for k, o := range r.Options {
				if o.Chosen {
					n++
					if k != rec.Actions[want] {
						t.Errorf("step %d: option %d marked, the record chose %d", want, k, rec.Actions[want])
					}
				}
			}
			if n != 1 || r.Question == "" {
				t.Errorf("step %d: %d options marked chosen, question %q", want, n, r.Question)
			}
		}
		if i >= 0 && i <= len(rec.Actions) && r.LogAt < prevAt {
			t.Errorf("step %d: the log point went back (%d < %d)", want, r.LogAt, prevAt)
		}
		if i >= 0 {
			prevAt = r.LogAt
		}
	}
	var c cardReply
	call(t, srv, "GET", "/api/card?s="+first.Session+"&q=nothing-by-this-name&i=3", nil, &c)
	if c.Found || c.Error == "" {
		t.Errorf("a card that does not exist: %+v", c)
	}
}

func TestPageIsServed(t *testing.T) {
	srv := testServer()
	for _, p := range []string{"/", "/app.js", "/style.css"} {
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, httptest.NewRequest("GET", p, nil))
		if w.Code != 200 || w.Body.Len() < 500 {
			t.Errorf("%s: %d, %d bytes", p, w.Code, w.Body.Len())
		}
		if strings.Contains(w.Body.String(), "http://") || strings.Contains(w.Body.String(), "https://") {
			t.Errorf("%s refers to the network", p)
		}
	}
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
