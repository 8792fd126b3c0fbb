package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/encode/trajectory"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/internal/fixture"
)

func TestRecordWritesReadableReproducibleFiles(t *testing.T) {
	dirs := []string{filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")}
	var outs []string
	for i, dir := range dirs {
		out, _, err := mythos(t, "", "record", fixture.ID, "--episodes", "23", "--episodes-per-file", "10",
			"--seed", "4", "--opt", "seats=3", "--out", dir, "--quiet", "--workers", fmt.Sprint(1+2*i))
		if err != nil {
			t.Fatalf("record: %v\n%s", err, out)
		}
		outs = append(outs, out)
	}
	files, err := trajectory.Files(dirs[0])
	if err != nil || len(files) != 3 {
		t.Fatalf("files %v, %v; want 3 (23 episodes, 10 per file)", files, err)
	}
	for _, f := range files {
		a, _ := os.ReadFile(f)
		b, err := os.ReadFile(filepath.Join(dirs[1], filepath.Base(f)))
		if err != nil || !bytes.Equal(a, b) {
			t.Fatalf("%s differs between --workers 1 and 3 (%v)", filepath.Base(f), err)
		}
	}
	// The rows are the episodes `mythos run` plays with the same seed.
	e, err := env.Make(fixture.ID, env.Options{"seats": "3"})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := agents.New("random")
	var rows int64
	for _, f := range files {
		r, err := trajectory.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		eps, err := r.Episodes()
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, ep := range eps {
			played, err := agents.Play(e, a, agents.EpisodeSeed(4, int(ep.Episode)))
			if err != nil {
				t.Fatal(err)
			}
			if len(ep.Rows) != played.Length || float64(ep.Outcome()) != played.Score {
				t.Errorf("episode %d: %d rows, outcome %v; run plays %d decisions, score %v",
					ep.Episode, len(ep.Rows), ep.Outcome(), played.Length, played.Score)
			}
			rows += int64(len(ep.Rows))
		}
	}
	if want := fmt.Sprintf("wrote 23 episodes, %d rows in 3 files", rows); !strings.Contains(outs[0], want) {
		t.Fatalf("output lacks %q:\n%s", want, outs[0])
	}
}

func TestRecordRefusesBadInput(t *testing.T) {
	used := t.TempDir()
	if _, _, err := mythos(t, "", "record", fixture.ID, "--episodes", "1", "--out", used, "--quiet"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		want string
		args []string
	}{
		{"--out DIR is required", []string{"record", fixture.ID, "--quiet"}},
		{"unknown", []string{"record", "Nope/Nothing-v0", "--out", t.TempDir(), "--quiet"}},
		{"unknown agent", []string{"record", fixture.ID, "--agent", "nobody", "--out", t.TempDir(), "--quiet"}},
		{"seats=9", []string{"record", fixture.ID, "--opt", "seats=9", "--out", t.TempDir(), "--quiet"}},
		{"already holds trajectory files", []string{"record", fixture.ID, "--out", used, "--quiet"}},
		{"episodes per file must be at least 1", []string{"record", fixture.ID, "--episodes-per-file", "0", "--out", t.TempDir(), "--quiet"}},
	} {
		if _, _, err := mythos(t, "", tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}
