package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/internal/fixture"
)

// TestInputsCheckedFirst: every bad input stops the command before any work
// (no progress bar, no file written) with one line naming what is wrong.
func TestInputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	recOut := filepath.Join(dir, "rec")
	benchOut := filepath.Join(dir, "bench")
	trainOut := filepath.Join(dir, "train")
	for _, tc := range []struct {
		args []string
		want string
	}{
		// worker counts, on every command that has --workers
		{[]string{"run", fixture.ID, "--workers", "0"}, `invalid argument "0" for "--workers" flag: want 1 or more`},
		{[]string{"run", fixture.ID, "--workers", "-4"}, `"--workers" flag: want 1 or more`},
		{[]string{"eval", fixture.ID, "--workers", "0"}, `"--workers" flag: want 1 or more`},
		{[]string{"record", fixture.ID, "--out", recOut, "--workers", "-1"}, `"--workers" flag: want 1 or more`},
		{[]string{"bench", "--quick", "--out", benchOut, "--workers", "0"}, `"--workers" flag: want 1 or more`},
		{[]string{"train", fixture.ID, "--out", trainOut, "--workers", "0"}, `"--workers" flag: want 1 or more`},
		{[]string{"run", fixture.ID, "--workers", "many"}, `"--workers" flag: want a whole number, 1 or more`},
		// seeds: no strconv text
		{[]string{"run", fixture.ID, "--seed", "-1"}, `invalid argument "-1" for "--seed" flag: want a whole number from 0 to 18446744073709551615`},
		{[]string{"eval", fixture.ID, "--seed", "x"}, `"--seed" flag: want a whole number from 0`},
		{[]string{"train", fixture.ID, "--out", trainOut, "--seed", "-1"}, `"--seed" flag: want a whole number from 0`},
		{[]string{"bench", "--out", benchOut, "--seed", "-1"}, `"--seed" flag: want a whole number from 0`},
		{[]string{"play", fixture.ID, "--seed", "-1"}, `"--seed" flag: want a whole number from 0`},
		{[]string{"serve", "--workers", "-2"}, `"--workers" flag: want 0 or more`},
		// durations
		{[]string{"serve", "--grace", "-1s"}, `"--grace" flag: want a duration of 0 or more`},
		{[]string{"train", fixture.ID, "--out", trainOut, "--time-limit", "-5m"}, `"--time-limit" flag: want a duration of 0 or more`},
		{[]string{"train", fixture.ID, "--out", trainOut, "--time-limit", "soon"}, `"--time-limit" flag: want a duration such as 90s`},
		{[]string{"bench", "--out", benchOut, "--duration", "-1s"}, `"--duration" flag: want a duration of 0 or more`},
		{[]string{"train", fixture.ID, "--out", trainOut, "--steps", "0"}, `"--steps" flag: want 1 or more`},
		// empty and repeated options
		{[]string{"run", fixture.ID, "--opt", "seats="}, "option seats has no value"},
		{[]string{"run", fixture.ID, "--opt", "seats=2,seats=3"}, "option seats given twice"},
		{[]string{"eval", fixture.ID, "--opt", "seats=2,seats=3"}, "option seats given twice"},
		{[]string{"record", fixture.ID, "--out", recOut, "--opt", "seats="}, "option seats has no value"},
		{[]string{"train", fixture.ID, "--out", trainOut, "--opt", "seats="}, "option seats has no value"},
		{[]string{"play", fixture.ID, "--opt", "seats=2,seats=2"}, "option seats given twice"},
		{[]string{"spec", fixture.ID, "--opt", "seats="}, "option seats has no value"},
		{[]string{"run", fixture.ID, "--agent", "ismcts:iters=5,iters=6"}, "option iters given twice"},
	} {
		_, stderr, err := mythos(t, "", tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err %v, want %q", tc.args, err, tc.want)
			continue
		}
		if strings.Contains(err.Error(), "strconv") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: not one clear line: %q", tc.args, err)
		}
		if stderr != "" {
			t.Errorf("%v: work started before the input was checked:\n%s", tc.args, stderr)
		}
	}
	for _, d := range []string{recOut, benchOut, trainOut} {
		if _, err := os.Stat(d); !os.IsNotExist(err) {
			t.Errorf("%s was written by a command that should have stopped first (%v)", d, err)
		}
	}
}

func TestCheckSeat(t *testing.T) {
	for _, tc := range []struct {
		seat, seats int
		ok          bool
	}{
		{-1, 2, true}, {0, 2, true}, {1, 2, true},
		{2, 2, false}, {-2, 2, false}, {-3, 4, false}, {4, 4, false},
	} {
		err := checkSeat(tc.seat, tc.seats)
		if (err == nil) != tc.ok {
			t.Errorf("checkSeat(%d, %d) = %v", tc.seat, tc.seats, err)
		}
		if err != nil && !strings.Contains(err.Error(), "--seat") {
			t.Errorf("checkSeat(%d, %d): %q does not name the flag", tc.seat, tc.seats, err)
		}
	}
}

// TestSummariesSayWhatWasPlayed: run, eval and record print the seats and
// the options in effect, defaults included, not just what was typed.
func TestSummariesSayWhatWasPlayed(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", fixture.ID, "--episodes", "2"}, "seats: seat A, seat B  options: seats=2\n"},
		{[]string{"run", fixture.ID, "--episodes", "2", "--opt", "seats=3,skip_trivial=true"}, "seats: seat A, seat B, seat C  options: seats=3 skip_trivial=true\n"},
		{[]string{"eval", fixture.ID, "--episodes", "2", "--agents", "random"}, "seats: seat A, seat B  options: seats=2\n"},
		{[]string{"record", fixture.ID, "--episodes", "2", "--out", t.TempDir()}, "seats: seat A, seat B  options: seats=2\n"},
		{[]string{"run", "ArkhamLCG/TheGathering-v0", "--episodes", "1"},
			"seats: Roland Banks  options: investigators=01001 difficulty=standard\n"},
		{[]string{"run", "ArkhamLCG/TheGathering-v0", "--episodes", "1", "--opt", "investigators=daisy,01001,difficulty=easy"},
			"seats: Daisy Walker, Roland Banks  options: investigators=daisy,01001 difficulty=easy\n"},
		{[]string{"run", "ArkhamLCG/TheGathering-v0", "--episodes", "1", "--opt", "mulligan=false,max_steps=30"},
			"seats: Roland Banks  options: investigators=01001 difficulty=standard mulligan=false max_steps=30\n"},
	} {
		out, stderr, err := mythos(t, "", tc.args...)
		if err != nil || !strings.Contains(out, tc.want) {
			t.Errorf("%v: %v\n%s\nwant %q", tc.args, err, out, tc.want)
		}
		// the progress is shown before the first episode ends (off a
		// terminal as a plain line: TestProgressOffTerminal)
		if !strings.Contains(stderr, ": 0/") {
			t.Errorf("%v: no progress bar at the start:\n%q", tc.args, stderr)
		}
	}
	out, _, err := mythos(t, "", "run", fixture.ID, "--episodes", "2", "--quiet", "--json")
	if err != nil || !strings.Contains(out, `"seats": [`) || !strings.Contains(out, `"seats": "2"`) {
		t.Fatalf("run --json lacks the seats and options in effect: %v\n%s", err, out)
	}
}
