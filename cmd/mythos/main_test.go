package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/internal/fixture"
)

func init() { fixture.Register() }

// mythos runs the CLI with args and stdin and returns stdout, stderr and the
// error.
func mythos(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	return mythosIn(t, context.Background(), stdin, args...)
}

// mythosContext is mythos with no stdin and the command's context ctx (a
// cancelled one stands for Ctrl-C).
func mythosContext(t *testing.T, ctx context.Context, args ...string) (string, string, error) {
	t.Helper()
	return mythosIn(t, ctx, "", args...)
}

func mythosIn(t *testing.T, ctx context.Context, stdin string, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := newRoot(strings.NewReader(stdin), &out, &errOut)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	return out.String(), errOut.String(), err
}

// results drops the throughput line, which is timing.
func results(out string) string {
	var keep []string
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, "throughput:") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

func TestListShowsRegisteredEnvs(t *testing.T) {
	out, _, err := mythos(t, "", "list")
	if err != nil || !strings.Contains(out, fixture.ID) || !strings.Contains(out, "test fixture") {
		t.Fatalf("list: %v\n%s", err, out)
	}
}

// sameOnAnyWorkers runs the command with 1 and with 3 workers, fails t unless
// the results (everything but the throughput lines) are the same, and returns
// the first output.
func sameOnAnyWorkers(t *testing.T, args ...string) string {
	t.Helper()
	a, _, err := mythos(t, "", append(args, "--workers", "1")...)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := mythos(t, "", append(args, "--workers", "3")...)
	if err != nil {
		t.Fatal(err)
	}
	if results(a) != results(b) {
		t.Fatalf("same seed, different results:\n%s\n---\n%s", a, b)
	}
	return a
}

func TestRunIsReproducible(t *testing.T) {
	a := sameOnAnyWorkers(t, "run", fixture.ID, "--episodes", "300", "--seed", "5", "--quiet", "--opt", "seats=3")
	if !strings.Contains(a, "300") || !strings.Contains(a, "throughput:") {
		t.Fatalf("summary lacks episodes or throughput:\n%s", a)
	}
	c, _, _ := mythos(t, "", "run", fixture.ID, "--episodes", "300", "--seed", "6", "--quiet", "--opt", "seats=3")
	if results(a) == results(c) {
		t.Fatal("seeds 5 and 6 print the same results")
	}
}

func TestRunRejectsBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run"}, "needs one ENV_ID"},
		{[]string{"run", "No/Such-v0"}, "unknown env id"},
		{[]string{"run", fixture.ID, "--agent", "genius"}, "unknown agent"},
		{[]string{"run", fixture.ID, "--opt", "seats=7"}, "seats 1 to 3"},
		{[]string{"run", fixture.ID, "--episodes", "0", "--quiet"}, "at least 1"},
	} {
		_, _, err := mythos(t, "", tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}

func TestRecordThenReplay(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := mythos(t, "", "run", fixture.ID, "--episodes", "3", "--quiet", "--record", dir, "--opt", "skip_trivial=true"); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 3 {
		t.Fatalf("%d records written", len(files))
	}
	out, _, err := mythos(t, "", "replay", files[0], "--final")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"The cards are dealt", "1. seat A:", "The game is over", "Pile "} {
		if !strings.Contains(out, want) {
			t.Fatalf("replay lacks %q:\n%s", want, out)
		}
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"env":"Fixture/Cipher-v0","seed":1,"actions":[99]}`), 0o644)
	if _, _, err := mythos(t, "", "replay", bad); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("replay of a bad record: %v", err)
	}
	os.WriteFile(bad, []byte(`not json`), 0o644)
	if _, _, err := mythos(t, "", "replay", bad); err == nil || !strings.Contains(err.Error(), "reading game record") {
		t.Fatalf("replay of garbage: %v", err)
	}
}

func TestPlayAnswersBadInputAndGoesOn(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "game.json")
	// Nonsense, an out-of-range number, help, then always the first option
	// until the game ends.
	input := "banana\n99\nhelp\nboard\n" + strings.Repeat("0\n", 60)
	out, _, err := mythos(t, input, "play", fixture.ID, "--seed", "3", "--record", rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"banana" is not an option`, `"99" is not an option`, "Commands:", "[0]", "The game is over", "Game saved"} {
		if !strings.Contains(out, want) {
			t.Fatalf("play output lacks %q:\n%s", want, out)
		}
	}
	replayed, _, err := mythos(t, "", "replay", rec)
	if err != nil || !strings.Contains(replayed, "The game is over") {
		t.Fatalf("the saved game does not replay: %v\n%s", err, replayed)
	}
}

func TestPlayAgainstAgentAndEOF(t *testing.T) {
	out, _, err := mythos(t, "", "play", fixture.ID, "--seat", "1", "--seed", "4")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "(random) chooses") && !strings.Contains(out, "left unfinished") {
		t.Fatalf("unexpected output:\n%s", out)
	}
	if _, _, err := mythos(t, "", "play", fixture.ID, "--seat", "5"); err == nil {
		t.Fatal("seat 5 of a two-seat game was accepted")
	}
}

// TestPlayHints checks that 'hint' and --hints show the advisor's choice as an
// option of the current prompt, and that asking does not change the game: the
// same inputs with and without hints record the same actions.
func TestPlayHints(t *testing.T) {
	dir := t.TempDir()
	plain, hinted := filepath.Join(dir, "plain.json"), filepath.Join(dir, "hinted.json")
	input := strings.Repeat("0\n", 40)
	if _, _, err := mythos(t, input, "play", lcg.TheGatheringID, "--seed", "3", "--record", plain); err != nil {
		t.Fatal(err)
	}
	out, _, err := mythos(t, "hint\n"+input, "play", lcg.TheGatheringID, "--seed", "3", "--agent", "heuristic", "--hints", "--record", hinted)
	if err != nil {
		t.Fatal(err)
	}
	// --hints shows one at every prompt (the board is shown again after a
	// command, the prompt too), and the typed 'hint' adds one.
	prompts := strings.Count(out, "must decide")
	if n := strings.Count(out, "Hint (heuristic): ["); prompts < 2 || n != prompts+1 {
		t.Fatalf("%d hints for %d prompts:\n%s", n, prompts, out)
	}
	a, errA := os.ReadFile(plain)
	b, errB := os.ReadFile(hinted)
	if errA != nil || errB != nil || !bytes.Equal(a, b) {
		t.Fatalf("hints changed the game (%v, %v):\n%s\n%s", errA, errB, a, b)
	}
}
