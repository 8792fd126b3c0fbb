package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/internal/fixture"
	"github.com/rivo/uniseg"
)

// playCLI runs mythos with args, stdin as its input, and returns its output
// and error.
func playCLI(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := newRoot(strings.NewReader(stdin), &out, &errOut)
	root.SetArgs(args)
	err := root.Execute()
	return out.String(), err
}

// readRecord reads a game record written by --record.
func readRecord(t *testing.T, path string) *game.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := game.ReadRecord(f)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Option 0 at the action prompt ends the turn only after a 'y': typing 0
// twice (the old "commit nothing, end turn" trap) ends nothing.
func TestPlayAsksBeforeEndingTurnWithActionsLeft(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "no.json")
	// Keep the hand, then 0, 0, 0, 0: each second 0 answers the question.
	out, err := playCLI(t, "0\n0\n0\n0\n0\n", "play", lcg.TheGatheringID, "--seed", "7", "--record", rec)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out, "End your turn with 3 actions left? [y/N]"); n != 2 {
		t.Fatalf("asked %d times:\n%s", n, out)
	}
	if r := readRecord(t, rec); len(r.Actions) != 1 {
		t.Fatalf("%d actions taken, want only the mulligan: %v", len(r.Actions), r.Actions)
	}
	rec = filepath.Join(dir, "yes.json")
	out, err = playCLI(t, "0\n0\ny\n", "play", lcg.TheGatheringID, "--seed", "7", "--record", rec)
	if err != nil {
		t.Fatal(err)
	}
	if r := readRecord(t, rec); len(r.Actions) != 2 || !strings.Contains(out, "The enemy phase begins") {
		t.Fatalf("'y' did not end the turn (actions %v):\n%s", r.Actions, out)
	}
}

var (
	promptRe = regexp.MustCompile(`^(.*) must decide \((.*)\):$`)
	optionRe = regexp.MustCompile(`^  \[(\d+)\] (.*)$`)
)

// prompts parses play's output into its prompts: for each, the header and
// the options' numbers by description, and whether a phase began before it.
type shownPrompt struct {
	header   string
	newPhase bool
	options  map[string]int
	numbers  []int
}

func parsePrompts(out string) []shownPrompt {
	var ps []shownPrompt
	phase := true
	var cur *shownPrompt
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimPrefix(l, "> ")
		if strings.Contains(l, "phase begins") {
			phase = true
		}
		if m := promptRe.FindStringSubmatch(l); m != nil {
			ps = append(ps, shownPrompt{header: l, newPhase: phase, options: map[string]int{}})
			cur, phase = &ps[len(ps)-1], false
			continue
		}
		if m := optionRe.FindStringSubmatch(l); m != nil && cur != nil {
			n, _ := strconv.Atoi(m[1])
			cur.options[m[2]] = n
			cur.numbers = append(cur.numbers, n)
			continue
		}
		cur = nil
	}
	return ps
}

// Within a turn an option keeps its number after other options come and
// go: playing a card from the hand renumbers nothing.
func TestPlayKeepsOptionNumbersWithinTurn(t *testing.T) {
	// Seed 7: keep; play Roland's .38 Special [4], which shifts the hand;
	// then Play First Aid must still be [6], and so on.
	out, err := playCLI(t, "0\n4\n6\n", "play", lcg.TheGatheringID, "--seed", "7", "--agent", "heuristic")
	if err != nil {
		t.Fatal(err)
	}
	ps := parsePrompts(out)
	if len(ps) < 4 {
		t.Fatalf("%d prompts:\n%s", len(ps), out)
	}
	moved, gaps := 0, false
	for i := 1; i < len(ps); i++ {
		a, b := ps[i-1], ps[i]
		if b.newPhase || a.header != b.header {
			continue
		}
		for d, n := range b.options {
			if m, ok := a.options[d]; ok && m != n {
				t.Errorf("%q was [%d], now [%d]:\n%s", d, m, n, out)
			}
			if m, ok := a.options[d]; ok && m == n {
				moved++
			}
		}
		for k, n := range b.numbers {
			if n != k {
				gaps = true
			}
		}
	}
	// The test shows something only if a later prompt of the same turn has
	// numbers that are not its positions.
	if moved == 0 || !gaps {
		t.Fatalf("no renumbering situation seen (moved %d, gaps %v):\n%s", moved, gaps, out)
	}
	if !strings.Contains(out, "[6] Play First Aid") || strings.Count(out, "Play First Aid") < 2 {
		t.Fatalf("First Aid did not keep [6]:\n%s", out)
	}
}

// stubState is a game.State whose prompt is set by the test, with option
// keys (its options are keyed by Arg) and a turn.
type stubState struct {
	game.State
	turn int
	p    game.Prompt
}

func (s *stubState) Prompt() *game.Prompt        { return &s.p }
func (s *stubState) OptionKey(i int) game.Option { return game.Option{Arg: s.p.Options[i].Arg} }
func (s *stubState) Turn() int                   { return s.turn }

func TestNumbering(t *testing.T) {
	s := &stubState{turn: 1}
	var n numbering
	show := func(args ...int32) []int {
		s.p.Options = s.p.Options[:0]
		for _, a := range args {
			s.p.Add(game.ActionCode(a), a, 0)
		}
		n.update(s)
		var got []int
		for i := range args {
			got = append(got, n.number(i))
		}
		return got
	}
	check := func(got []int, want ...int) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("numbers %v, want %v", got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("numbers %v, want %v", got, want)
			}
		}
	}
	check(show(10, 20, 30, 40), 0, 1, 2, 3)
	check(show(10, 30, 40), 0, 2, 3)        // 20 gone: the others keep theirs
	check(show(50, 10, 40), 4, 0, 3)        // new 50 gets a new number; 1 and 2 are not reused
	check(show(20), 1)                      // 20 is back under its number
	if i, ok := n.index(1); !ok || i != 0 { // number → index
		t.Fatalf("index(1) = %d, %v", i, ok)
	}
	if _, ok := n.index(2); ok {
		t.Fatal("index(2) found an option that is not shown")
	}
	s.p.Kind = 2 // another kind of prompt: numbered afresh
	check(show(30, 10), 0, 1)
	s.p.Kind, s.turn = 0, 2 // a new turn: afresh
	check(show(40, 10, 20), 0, 1, 2)
	check(show(10, 20), 1, 2)
	if o := n.order(); len(o) != 2 || o[0] != 0 || o[1] != 1 {
		t.Fatalf("order %v", o)
	}
	check(show(60, 10), 3, 1)
	if o := n.order(); o[0] != 1 || o[1] != 0 { // shown by number
		t.Fatalf("order %v", o)
	}
}

// A game without option keys (the fixture) is numbered by position.
func TestPlayNumbersByPositionWithoutKeys(t *testing.T) {
	out, err := playCLI(t, "", "play", fixture.ID, "--seed", "3")
	if err != nil || !strings.Contains(out, "[0]") || !strings.Contains(out, "[1]") {
		t.Fatalf("%v\n%s", err, out)
	}
}

func TestPlayCardCommand(t *testing.T) {
	out, err := playCLI(t, "0\ncard study\ncard STU\ncard 1\ncard #1\ncard zzz\ncard\ncard ghoul priest\n",
		"play", lcg.TheGatheringID, "--seed", "7", "--agent", "heuristic")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Study #", "Now: in play, revealed: shroud 2, 2 clues; here: Roland Banks.",
		"Roland's .38 Special #1 — Neutral asset, cost 3", "uses: 4 ammo", "Now: in your hand.",
		`card "zzz": no card's name starts with that`, "card: give a card's name",
		"Ghoul Priest — enemy", "Not in view in this game (text only).",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("card output lacks %q", want)
		}
	}
	if n := strings.Count(out, "Now: in play, revealed"); n != 2 {
		t.Errorf("'card study' and 'card STU' gave %d texts", n)
	}
	if n := strings.Count(out, "Roland's .38 Special #1 —"); n != 2 {
		t.Errorf("'card 1' and 'card #1' gave %d texts", n)
	}
	if strings.Contains(out, "is not an option") {
		t.Errorf("a card command was taken for an option:\n%s", out)
	}
	if t.Failed() {
		t.Log(out)
	}
}

// help lists every command, and every command it lists is understood.
func TestPlayHelpListsEveryCommand(t *testing.T) {
	var cmds []string
	for _, l := range strings.Split(playCommands, "\n") {
		if f := strings.Fields(l); len(f) > 0 && strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "   ") {
			cmds = append(cmds, f[0])
		}
	}
	for _, want := range []string{"<number>", "card", "hint", "board", "log", "help", "quit"} {
		if !contains(cmds, want) {
			t.Errorf("help lacks %s: %v", want, cmds)
		}
	}
	for _, c := range cmds {
		in := c
		switch c {
		case "<number>":
			in = "0"
		case "card":
			in = "card study"
		}
		out, err := playCLI(t, "help\n"+in+"\n", "play", lcg.TheGatheringID, "--seed", "7", "--agent", "heuristic")
		if err != nil || strings.Contains(out, "is not an option") || !strings.Contains(out, "Commands:") {
			t.Errorf("%s: %v\n%s", in, err, out)
		}
	}
	if !strings.Contains(playLong, playCommands) {
		t.Error("play's help text lacks the command list")
	}
	for _, l := range strings.Split(playLong, "\n") {
		if w := uniseg.StringWidth(l); w > playWidth {
			t.Errorf("a help line of %d columns: %s", w, l)
		}
	}
}

func contains(list []string, x string) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// Without --agent the hints come from ISMCTS and the bots are heuristic;
// --agent sets both.
func TestPlayDefaultAgents(t *testing.T) {
	if testing.Short() {
		t.Skip("an ISMCTS hint takes about a second")
	}
	out, err := playCLI(t, "hint\n", "play", lcg.TheGatheringID, "--seed", "7")
	if err != nil || !regexp.MustCompile(`Hint \(ismcts\): \[\d+\] `).MatchString(out) {
		t.Fatalf("default hint: %v\n%s", err, out)
	}
	two := "investigators=01001,01002"
	out, err = playCLI(t, "", "play", lcg.TheGatheringID, "--seed", "7", "--opt", two, "--seat", "1")
	if err != nil || !strings.Contains(out, "(heuristic) chooses") {
		t.Fatalf("default bot: %v\n%s", err, out)
	}
	out, err = playCLI(t, "hint\n", "play", lcg.TheGatheringID, "--seed", "7", "--opt", two, "--seat", "1", "--agent", "random")
	if err != nil || !strings.Contains(out, "(random) chooses") || !strings.Contains(out, "Hint (random)") {
		t.Fatalf("--agent random: %v\n%s", err, out)
	}
}

func TestPlayRefusesBadSeats(t *testing.T) {
	for _, seat := range []string{"-3", "-2", "1", "7"} {
		_, err := playCLI(t, "", "play", lcg.TheGatheringID, "--seat", seat)
		if err == nil || !strings.Contains(err.Error(), "--seat "+seat+": want -1") {
			t.Errorf("--seat %s: %v", seat, err)
		}
	}
}

// A whole game played with option 1 where there is one (else 0 and a
// confirmation): every line fits 100 columns, the board never shows actions
// outside the investigation phase, and the game ends.
func TestPlayOutputFits100Columns(t *testing.T) {
	// 'card g' lists more names than a line holds: play wraps it.
	out, err := playCLI(t, "card g\n"+strings.Repeat("1\n0\ny\n", 400), "play", lcg.TheGatheringID, "--seed", "11", "--agent", "heuristic")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "The game is over") || !strings.Contains(out, "matches several cards") {
		t.Fatalf("the game did not end, or 'card g' gave no list:\n%s", out)
	}
	for _, l := range strings.Split(out, "\n") {
		// Without a terminal the typed line is not echoed, so output follows
		// the "> " of the prompt on its line; in a terminal it starts a line.
		l = strings.TrimPrefix(l, "> ")
		if w := uniseg.StringWidth(l); w > playWidth {
			t.Errorf("a line of %d columns: %s", w, l)
		}
	}
}

func TestWrapText(t *testing.T) {
	long := "  [3] " + strings.Repeat("word ", 40) + "end"
	got := wrapText("short\n"+long+"\n", 30)
	lines := strings.Split(got, "\n")
	if lines[0] != "short" || lines[len(lines)-1] != "" {
		t.Fatalf("lines kept badly:\n%s", got)
	}
	for _, l := range lines[1:] {
		if uniseg.StringWidth(l) > 30 {
			t.Fatalf("line of %d columns: %q", uniseg.StringWidth(l), l)
		}
	}
	if !strings.HasPrefix(lines[2], "      word") {
		t.Fatalf("continuation not indented: %q", lines[2])
	}
	if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields("short\n"+long), " ") {
		t.Fatal("wrapping changed the words")
	}
	if w := wrapText(strings.Repeat("x", 50), 30); w != strings.Repeat("x", 50) {
		t.Fatalf("a long word was cut: %q", w)
	}
}
