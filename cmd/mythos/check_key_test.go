package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckGameKey: an AH3 case file copied to a directory whose path names
// no game runs on AH3 when its cases say game: ah3, and not without.
func TestCheckGameKey(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "env", "ah3", "testdata", "cases", "actions.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	withKey := strings.ReplaceAll(string(data), "\n- name: ", "\n- game: ah3\n  name: ")
	if strings.HasPrefix(withKey, "- name: ") {
		withKey = "- game: ah3\n  name: " + withKey[len("- name: "):]
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "cases.yaml")
	if err := os.WriteFile(p, []byte(withKey), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := mythos(t, "", "check", "-q", p)
	if err != nil || !strings.Contains(out, " passed, 0 failed") || strings.HasPrefix(out, "0 passed") {
		t.Fatalf("a file with game: ah3: %v\n%s", err, out)
	}
	// The same directory, checked whole, dispatches the file alike.
	if out, _, err := mythos(t, "", "check", "-q", dir); err != nil || !strings.Contains(out, " passed, 0 failed") {
		t.Fatalf("a directory of game: ah3 files: %v\n%s", err, out)
	}
	// Without the key, a file outside the repository still runs as its game:
	// its rules cite the AH3 spec (and a Machina file the MA spec).
	bare := filepath.Join(t.TempDir(), "cases.yaml")
	if err := os.WriteFile(bare, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _, err := mythos(t, "", "check", "-q", bare); err != nil || !strings.Contains(out, " passed, 0 failed") {
		t.Fatalf("an AH3 file without game: ah3, outside any game's folder: %v\n%s", err, out)
	}
	ma, err := os.ReadFile(filepath.Join("..", "..", "env", "machina", "testdata", "cases", "items.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	bareMA := filepath.Join(t.TempDir(), "cases.yaml")
	if err := os.WriteFile(bareMA, ma, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _, err := mythos(t, "", "check", "-q", bareMA); err != nil || !strings.Contains(out, " passed, 0 failed") {
		t.Fatalf("a Machina file without game: machina, outside any game's folder: %v\n%s", err, out)
	}
	// Rules that cite no known spec leave the default game (the LCG), whose
	// runner refuses the AH3 setup.
	uncited := filepath.Join(t.TempDir(), "cases.yaml")
	if err := os.WriteFile(uncited, []byte(strings.ReplaceAll(string(data), "rule: AH3", "rule: rulebook")), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := mythos(t, "", "check", "-q", uncited); err == nil {
		t.Fatal("an AH3 file citing no spec and naming no game passed as the default game")
	}
	// A --game that disagrees with the key, cases that disagree, and an
	// unknown game are errors naming file and line.
	if _, _, err := mythos(t, "", "check", "--game", "lcg", p); err == nil || !strings.Contains(err.Error(), p+":2: game ah3, but --game lcg") {
		t.Fatalf("--game lcg on a game: ah3 file: %v", err)
	}
	mixed := writeCases(t, "- {game: ah3, name: a, rule: r}\n- {game: lcg, name: b, rule: r}\n")
	if _, _, err := mythos(t, "", "check", mixed); err == nil || !strings.Contains(err.Error(), mixed+":2: game lcg, but line 1 says game ah3") {
		t.Fatalf("mixed games: %v", err)
	}
	unknown := writeCases(t, "- {game: chess, name: a, rule: r}\n")
	if _, _, err := mythos(t, "", "check", unknown); err == nil || !strings.Contains(err.Error(), unknown+":1: game \"chess\"") {
		t.Fatalf("unknown game: %v", err)
	}
}
