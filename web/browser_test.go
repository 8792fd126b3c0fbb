package web

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// chromium finds the browser the tests drive: $MYTHOS_CHROMIUM, else
// Debian's chromium (CI installs it: .ci/run), else another Chrome.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("MYTHOS_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "/usr/bin/chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium binary (apt-get install chromium, or set MYTHOS_CHROMIUM): the browser tests of mythos web are skipped")
	return ""
}

// browser is a headless chromium tab on a test server, which fails the test
// on any console error or uncaught exception of the page.
type browser struct {
	t      *testing.T
	ctx    context.Context
	url    string
	mu     sync.Mutex
	errors []string
}

func newBrowser(t *testing.T, srv *Server, width, height int) *browser {
	t.Helper()
	exe := chromium(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox, // CI runs as root, where chromium's sandbox cannot start
		chromedp.WindowSize(width, height),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 150*time.Second)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	b := &browser{t: t, ctx: ctx, url: ts.URL}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	messages := chromedp.Console(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				b.mu.Lock()
				b.errors = append(b.errors, m.String()+" ("+m.URL+")")
				b.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() { cancelT(); <-done })
	t.Cleanup(b.checkConsole)
	return b
}

// checkConsole fails the test on every console error the page logged.
func (b *browser) checkConsole() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range b.errors {
		b.t.Errorf("browser console: %s", e)
	}
}

// do runs steps, failing the test on an error.
func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// text is the text of the element with id.
func (b *browser) text(id string) string {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Text(chromedp.ID(id)))
	if err != nil {
		b.t.Fatalf("reading #%s: %v", id, err)
	}
	return v
}

// status waits until the page is at rest (a person to answer, the game over,
// or a replay step drawn), and returns it and how many drawings it made.
func (b *browser) status(notShown string) (status, shown string) {
	b.t.Helper()
	expr := fmt.Sprintf(`(() => { const d = document.body.dataset;
		return d.status && d.status !== 'bot' && d.shown !== %q ? [d.status, d.shown] : null })()`, notShown)
	res, err := chromedp.Run(b.ctx, chromedp.Poll[[]string](expr, chromedp.WithPollingInterval(20*time.Millisecond)))
	if err != nil || len(res) != 2 {
		b.t.Fatalf("waiting for the page: %v (%v)", err, res)
	}
	return res[0], res[1]
}

// testServer is a server with the agents of mythos web's defaults that run
// fast.
func testServer() *Server {
	return New(Config{Agents: []string{"heuristic", "random"}, HintAgent: func(string) string { return "heuristic" }})
}

// games are a quick seed per env id for a person who always clicks the
// first option, with heuristic bots in the other seats.
var games = []struct {
	id   string
	seed int
}{
	{"ArkhamHorror3/DrownedLantern-v0", 3},
	{"ArkhamLCG/TheGathering-v0", 2},
	{"ArkhamLCG/TheMidnightMasks-v0", 1},
	{"ArkhamLCG/TheDevourerBelow-v0", 4},
	{"ArkhamLCG/NightOfTheZealot-v0", 1},
	{"MachinaArcana/TheFrozenEngine-v0", 3},
}

// TestBrowserPlaysEveryEnv plays a game of every env id to its end in
// headless chromium, as a person would: choose the game and seed, press New
// game, and click an option button at every decision of seat 0 (bots play
// the others at the fastest speed). It uses the hint and undo buttons on
// the way, and fails on any console error.
func TestBrowserPlaysEveryEnv(t *testing.T) {
	b := newBrowser(t, testServer(), 1280, 800)
	for _, g := range games {
		if _, err := env.Lookup(g.id); err != nil {
			t.Fatalf("%s: %v", g.id, err)
		}
		if testing.Short() && g.id != "ArkhamLCG/TheMidnightMasks-v0" && g.id != "ArkhamHorror3/DrownedLantern-v0" {
			continue // -short (make test's -race pass): one LCG game and one AH3 game
		}
		t.Run(strings.ReplaceAll(g.id, "/", "_"), func(t *testing.T) {
			b.t = t
			b.do("opening the page",
				chromedp.Navigate(b.url+"/?env="+g.id),
				chromedp.WaitVisible(chromedp.CSS(`select.seat`)),
				chromedp.SetValue(chromedp.ID(`seed`), fmt.Sprint(g.seed)),
				chromedp.SetValue(chromedp.ID(`speed`), "0"),
				chromedp.Click(chromedp.ID(`start`)),
			)
			shown := ""
			status := ""
			clicks, hinted, undone := 0, false, false
			for {
				status, shown = b.status(shown)
				if status == "over" {
					break
				}
				if status != "human" {
					t.Fatalf("page status %q, want human or over", status)
				}
				if clicks > 400 {
					t.Fatalf("the game did not end after %d clicks", clicks)
				}
				if clicks == 1 && !hinted {
					// A hint marks a button and says which.
					b.do("asking a hint", chromedp.Click(chromedp.ID(`hint`)),
						chromedp.WaitVisible(chromedp.CSS(`#options .opt.hinted`)))
					txt := b.text("hintText")
					if !strings.HasPrefix(txt, "Hint (heuristic): [") {
						t.Errorf("hint text %q", txt)
					}
					hinted = true
				}
				if clicks == 2 && !undone {
					// Undo takes back the last click: the page asks again.
					b.do("undo", chromedp.Click(chromedp.ID(`undo`)))
					undone = true
					clicks--
					continue
				}
				if clicks == 3 {
					// The keys 1-9 choose as the buttons do.
					b.do("pressing 1", chromedp.KeyEvent("1"))
				} else {
					b.do("clicking the first option", chromedp.Click(chromedp.CSS(`#options .opt`)))
				}
				if eval[bool](b, `!document.getElementById('confirm').hidden`) {
					b.do("confirming", chromedp.Click(chromedp.ID(`yes`)))
				}
				clicks++
			}
			banner := b.text("banner")
			logItems := eval[int](b, `document.querySelectorAll('#log li').length`)
			if !strings.HasPrefix(banner, "The game is over. Score:") {
				t.Errorf("banner at the end: %q", banner)
			}
			if logItems < clicks {
				t.Errorf("the log has %d lines after %d decisions of ours", logItems, clicks)
			}
			if !undone && clicks > 2 {
				t.Errorf("undo was never tried")
			}
			t.Logf("%s seed %d: over after %d clicks; %s", g.id, g.seed, clicks, banner)
		})
	}
}

// recordGame plays env id with heuristic agents in every seat and returns
// the record as JSON.
func recordGame(t *testing.T, id string, seed uint64) ([]byte, *game.Record) {
	t.Helper()
	e, err := env.MakeBase(id, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := agents.New("heuristic")
	if err != nil {
		t.Fatal(err)
	}
	a.Reset(seed)
	_, info := e.Reset(seed)
	rec := &game.Record{Env: id, Seed: seed}
	for !e.State().Over() {
		act := a.Act(e, &info)
		c, _ := e.Decode(act)
		rec.Actions = append(rec.Actions, c)
		rec.Agents = append(rec.Agents, e.State().Prompt().Actor)
		tr, err := e.Step(act)
		if err != nil {
			t.Fatal(err)
		}
		info = tr.Info
	}
	rec.Over, rec.Score = true, e.State().Score()
	var buf bytes.Buffer
	if err := rec.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), rec
}

// TestBrowserReplaysWithScrubber uploads a recorded game through the file
// input, then walks it with the step buttons and the scrubber: every step
// shows the question, every option with the recorded one highlighted, and
// the log up to that decision.
func TestBrowserReplaysWithScrubber(t *testing.T) {
	data, rec := recordGame(t, "ArkhamHorror3/DrownedLantern-v0", 2)
	path := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, testServer(), 1280, 800)
	b.do("opening the replay tab",
		chromedp.Navigate(b.url+"/?mode=replay"),
		chromedp.WaitVisible(chromedp.ID(`file`)),
		chromedp.SetUploadFiles(chromedp.ID(`file`), []string{path}),
	)
	// at waits until the page shows step i.
	at := func(i int) {
		t.Helper()
		expr := fmt.Sprintf(`document.body.dataset.status === 'replay' && document.getElementById('stepLabel').textContent === '%d / %d'`, i, len(rec.Actions))
		if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
			t.Fatalf("waiting for step %d: %v", i, err)
		}
	}
	check := func(step int) {
		t.Helper()
		at(step)
		label, banner := b.text("stepLabel"), b.text("banner")
		nopts := eval[int](b, `document.querySelectorAll('#options .opt').length`)
		chosen := eval[string](b, `(document.querySelector('#options .opt.chosen') || {}).dataset?.index ?? ''`)
		if want := fmt.Sprintf("%d / %d", step, len(rec.Actions)); label != want {
			t.Errorf("step label %q, want %q", label, want)
		}
		if !strings.Contains(banner, "spectator view") {
			t.Errorf("the replay's banner does not say it is a spectator's view: %q", banner)
		}
		if !eval[bool](b, `document.getElementById('board').textContent.includes('spectator view')`) {
			t.Errorf("step %d: the drawn table is not marked as a spectator's view", step)
		}
		if !eval[bool](b, `['400', '700'].every(w => [...document.fonts].some(f => f.family.replace(/"/g, '') === 'Go' && f.weight === w && f.status === 'loaded'))`) {
			t.Errorf("step %d: the drawings' Go fonts are not loaded in the page", step)
		}
		if step < len(rec.Actions) {
			if chosen != fmt.Sprint(rec.Actions[step]) {
				t.Errorf("step %d: the highlighted option is %q, want %d", step, chosen, rec.Actions[step])
			}
			if nopts < 1 {
				t.Errorf("step %d shows no options", step)
			}
		}
	}
	check(0)
	b.do("next", chromedp.Click(chromedp.ID(`next`)))
	check(1)
	mid := len(rec.Actions) / 2
	b.do("scrubbing", chromedp.SetValue(chromedp.ID(`scrub`), fmt.Sprint(mid)))
	eval[bool](b, `document.getElementById('scrub').dispatchEvent(new Event('input'))`)
	check(mid)
	visible := eval[int](b, `[...document.querySelectorAll('#log li')].filter(l => !l.classList.contains('future')).length`)
	current := eval[int](b, `document.querySelectorAll('#log li.current').length`)
	if visible < mid || current != 1 {
		t.Errorf("at step %d the log shows %d lines with %d marked current", mid, visible, current)
	}
	b.do("last", chromedp.Click(chromedp.ID(`last`)))
	check(len(rec.Actions))
	q := b.text("question")
	if !strings.HasPrefix(q, "The game is over.") {
		t.Errorf("the last step says %q", q)
	}
}

// TestBrowserWatchesBots watches bots play every seat of the LCG and uses
// pause and step.
func TestBrowserWatchesBots(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: watching is tested without -short")
	}
	b := newBrowser(t, testServer(), 1280, 800)
	b.do("starting a watched game",
		chromedp.Navigate(b.url+"/?mode=watch&env=ArkhamLCG/TheGathering-v0&seed=2"),
		chromedp.WaitVisible(chromedp.CSS(`select.seat`)),
		chromedp.SetValue(chromedp.ID(`speed`), "0"),
		chromedp.Click(chromedp.ID(`start`)),
		chromedp.Click(chromedp.ID(`pause`)),
	)
	b.do("pausing", chromedp.Sleep(200*time.Millisecond))
	before := eval[string](b, `document.body.dataset.shown`)
	b.do("stepping while paused", chromedp.Click(chromedp.ID(`stepBot`)), chromedp.Sleep(300*time.Millisecond))
	after := eval[string](b, `document.body.dataset.shown`)
	if n1, n2 := atoi(before), atoi(after); n2 != n1+1 {
		t.Errorf("paused, one step drew %d times", n2-n1)
	}
	b.do("resuming", chromedp.Click(chromedp.ID(`pause`)))
	if st, _ := b.status(""); st != "over" {
		t.Errorf("a watched game ended at status %q", st)
	}
}

func atoi(s string) int {
	var n int
	fmt.Sscan(s, &n)
	return n
}

// TestBrowserConsoleErrorsAreCaught shows that the console check can fail:
// an error logged and an exception thrown by the page are both seen.
func TestBrowserConsoleErrorsAreCaught(t *testing.T) {
	b := newBrowser(t, testServer(), 800, 600)
	b.do("opening the page", chromedp.Navigate(b.url+"/"), chromedp.WaitVisible(chromedp.CSS(`select.seat`)))
	eval[bool](b, `console.error('deliberate'); setTimeout(() => { throw new Error('thrown on purpose'); }); true`)
	deadline := time.Now().Add(10 * time.Second)
	for {
		b.mu.Lock()
		got := append([]string(nil), b.errors...)
		if len(got) >= 2 || time.Now().After(deadline) {
			b.errors = nil // seen: not a failure of this test
			b.mu.Unlock()
			joined := strings.Join(got, "\n")
			if !strings.Contains(joined, "deliberate") || !strings.Contains(joined, "thrown on purpose") {
				t.Errorf("the console check saw %q", got)
			}
			return
		}
		b.mu.Unlock()
		time.Sleep(20 * time.Millisecond)
	}
}
