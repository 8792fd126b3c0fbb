//go:build !windows

package main

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/rivo/uniseg"

	"github.com/mythos-rl/mythos/env/lcg"
)

// terminal is the real mythos binary running in a pseudo-terminal of 100
// columns, with everything it has written so far.
type terminal struct {
	t    *testing.T
	f    *os.File
	cmd  *exec.Cmd
	mu   sync.Mutex
	out  strings.Builder
	done bool // the process has exited and its output is read
	mark int  // where the text of the current exchange starts
}

// buildMythos builds the mythos binary into a temporary directory.
func buildMythos(t *testing.T) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(t.TempDir(), "mythos")
	if out, err := exec.Command(goBin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func startTerminal(t *testing.T, bin string, args ...string) *terminal {
	t.Helper()
	return startTerminalSized(t, playWidth, bin, args...)
}

// startTerminalSized is startTerminal in a pseudo-terminal cols wide.
func startTerminalSized(t *testing.T, cols uint16, bin string, args ...string) *terminal {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "COLUMNS=") // the terminal's own size, not the caller's
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: cols})
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	term := &terminal{t: t, f: f, cmd: cmd}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := f.Read(buf)
			term.mu.Lock()
			term.out.Write(buf[:n])
			term.mu.Unlock()
			if err != nil { // EIO on Linux once the program has exited
				break
			}
		}
		cmd.Wait()
		term.mu.Lock()
		term.done = true
		term.mu.Unlock()
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		f.Close()
	})
	return term
}

// text returns the output from the mark on, with the terminal's CRs dropped.
func (term *terminal) text() (string, bool) {
	term.mu.Lock()
	defer term.mu.Unlock()
	return strings.ReplaceAll(term.out.String()[term.mark:], "\r", ""), term.done
}

// send types line and Enter, and starts a new exchange.
func (term *terminal) send(line string) {
	term.t.Helper()
	term.mu.Lock()
	term.mark = term.out.Len()
	term.mu.Unlock()
	if _, err := io.WriteString(term.f, line+"\r"); err != nil {
		term.t.Fatalf("typing %q: %v", line, err)
	}
}

var errGone = errors.New("the program has exited")

// waitFor waits until the text of this exchange satisfies ok, and returns
// it; errGone when the program exits first.
func (term *terminal) waitFor(ok func(string) bool) (string, error) {
	term.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		txt, done := term.text()
		if ok(txt) {
			return txt, nil
		}
		if done {
			return txt, errGone
		}
		if time.Now().After(deadline) {
			term.t.Fatalf("timed out; the last output:\n%s", txt)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// atPrompt reports whether the program waits at the option prompt.
func atPrompt(s string) bool { return strings.HasSuffix(s, "\n> ") }

var hintLine = regexp.MustCompile(`Hint \(heuristic\): \[(\d+)\] `)

// TestPlayInTerminal drives the real binary in a pseudo-terminal from the
// first prompt to a resolution, typing only documented commands as a
// player would: it reads the help and a card, then at every decision asks
// for a hint, types the number the hint names and answers y when asked to
// confirm. Every line the terminal shows fits 100 columns.
func TestPlayInTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays a whole game")
	}
	bin := buildMythos(t)
	t.Run("whole game", func(t *testing.T) { playWholeGame(t, bin) })
	t.Run("ctrl-c saves", func(t *testing.T) { interruptSaves(t, bin) })
	t.Run("narrow terminal", func(t *testing.T) { narrowTerminal(t, bin) })
}

// narrowTerminal plays in a terminal 60 columns wide: every line the board,
// the options and a card's text print fits it, so the terminal never
// breaks a word; an unrevealed location's card shows its unrevealed side.
func narrowTerminal(t *testing.T, bin string) {
	const cols = 60
	term := startTerminalSized(t, cols, bin, "play", lcg.TheDevourerBelowID, "--seed", "7")
	if _, err := term.waitFor(atPrompt); err != nil {
		t.Fatal(err)
	}
	term.send("card 37")
	txt, err := term.waitFor(atPrompt)
	if err != nil || !strings.Contains(txt, "Arkham Woods #37 — location, unrevealed; Woods.") || strings.Contains(txt, "Shroud") {
		t.Fatalf("card 37: %v\n%s", err, txt)
	}
	term.mu.Lock()
	term.mark = 0
	term.mu.Unlock()
	all, _ := term.text()
	if !strings.Contains(all, "Chaos bag:") {
		t.Fatalf("no board:\n%s", all)
	}
	for _, l := range strings.Split(all, "\n") {
		if w := uniseg.StringWidth(strings.TrimRight(l, "\r")); w > cols {
			t.Errorf("a line of %d columns in a terminal of %d: %s", w, cols, l)
		}
	}
}

// interruptSaves presses Ctrl-C at a prompt of a game played with
// --record: the game so far is saved and the program ends.
func interruptSaves(t *testing.T, bin string) {
	rec := filepath.Join(t.TempDir(), "game.json")
	term := startTerminal(t, bin, "play", lcg.TheGatheringID, "--seed", "2", "--agent", "heuristic", "--record", rec)
	if _, err := term.waitFor(atPrompt); err != nil {
		t.Fatal(err)
	}
	term.send("0") // keep the opening hand
	if _, err := term.waitFor(atPrompt); err != nil {
		t.Fatal(err)
	}
	term.send("\x03")
	txt, err := term.waitFor(func(string) bool { return false })
	if !errors.Is(err, errGone) || !strings.Contains(txt, "Interrupted: the game so far is saved to") {
		t.Fatalf("Ctrl-C: %v\n%s", err, txt)
	}
	if code := term.cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit code %d, want 130", code)
	}
	if r := readRecord(t, rec); len(r.Actions) != 1 || r.Over {
		t.Errorf("saved %d actions (over %v), want the mulligan only", len(r.Actions), r.Over)
	}
}

func playWholeGame(t *testing.T, bin string) {
	term := startTerminal(t, bin, "play", lcg.TheGatheringID, "--seed", "2", "--agent", "heuristic")
	if _, err := term.waitFor(atPrompt); err != nil {
		t.Fatal(err)
	}
	term.send("help")
	if txt, err := term.waitFor(atPrompt); err != nil || !strings.Contains(txt, "card NAME|#") {
		t.Fatalf("help: %v\n%s", err, txt)
	}
	term.send("card study")
	if txt, err := term.waitFor(atPrompt); err != nil || !strings.Contains(txt, "Now: in play") {
		t.Fatalf("card study: %v\n%s", err, txt)
	}
	decisions, confirmed, declined := 0, 0, false
	txt := ""
	for ; ; decisions++ {
		if decisions > 1000 {
			t.Fatal("no end after 1000 decisions")
		}
		if !declined && strings.Contains(txt, "must decide (action)") {
			// End the first turn at once? The game asks; say no.
			term.send("0")
			if txt, err := term.waitFor(func(s string) bool { return strings.HasSuffix(s, "left? [y/N] ") }); err != nil {
				t.Fatalf("ending a turn with actions left: %v\n%s", err, txt)
			}
			term.send("n")
			if txt, err := term.waitFor(atPrompt); err != nil || !strings.Contains(txt, "Not done: choose again.") {
				t.Fatalf("declining: %v\n%s", err, txt)
			}
			declined = true
		}
		term.send("hint")
		hinted, err := term.waitFor(func(s string) bool { return hintLine.MatchString(s) && atPrompt(s) })
		if err != nil {
			t.Fatalf("hint: %v\n%s", err, hinted)
		}
		term.send(hintLine.FindStringSubmatch(hinted)[1])
		txt, err = term.waitFor(func(s string) bool { return atPrompt(s) || strings.HasSuffix(s, "[y/N] ") })
		if err == nil && strings.HasSuffix(txt, "[y/N] ") {
			confirmed++
			term.send("y")
			txt, err = term.waitFor(atPrompt)
		}
		if errors.Is(err, errGone) {
			break
		}
		if strings.Contains(txt, "is not an option") || strings.Contains(txt, "refused") {
			t.Fatalf("the hinted number was not taken:\n%s", txt)
		}
	}
	if !declined {
		t.Fatal("no action prompt seen")
	}
	term.mu.Lock()
	term.mark = 0
	term.mu.Unlock()
	all, _ := term.text()
	if !strings.Contains(all, "The scenario ends: Resolution") || !strings.Contains(all, "The game is over") {
		t.Fatalf("no resolution after %d decisions:\n%s", decisions, all)
	}
	if code := term.cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("exit code %d", code)
	}
	for _, l := range strings.Split(all, "\n") {
		if w := uniseg.StringWidth(l); w > playWidth {
			t.Errorf("a line of %d columns: %s", w, l)
		}
	}
	t.Logf("%d decisions, %d confirmations, %d bytes of output", decisions, confirmed, len(all))
}
