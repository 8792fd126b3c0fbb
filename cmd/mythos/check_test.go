package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeCases(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "cases.yaml")
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const checkCases = `
- name: resource action gains 1
  rule: LCG §3 Resource (action)
  actions: [Resource]
  expect:
    seats: [{seat: 0, resources: 6, actions: 2}]
- name: a wrong expectation
  rule: LCG §3 Resource (action)
  actions: [Resource]
  expect:
    seats: [{seat: 0, resources: 9}]
- name: a skipped case
  rule: LCG §3 Resource (action)
  skip: waiting for an engine fix
`

func TestCheckPrintsPassFailSkip(t *testing.T) {
	p := writeCases(t, checkCases)
	out, _, err := mythos(t, "", "check", p)
	if err == nil || !strings.Contains(err.Error(), "1 of 2 cases failed") {
		t.Fatalf("check with a failing case: err %v\n%s", err, out)
	}
	for _, want := range []string{
		"PASS  " + p + ":2  resource action gains 1",
		"FAIL  " + p + ":7  a wrong expectation",
		"seat 0 resources: want 9, got 6",
		"SKIP  " + p + ":12  a skipped case: waiting for an engine fix",
		"1 passed, 1 failed, 1 skipped",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestCheckPassesAndFilters(t *testing.T) {
	p := writeCases(t, checkCases)
	out, _, err := mythos(t, "", "check", p, "--run", "^resource")
	if err != nil || !strings.Contains(out, "1 passed, 0 failed, 0 skipped") {
		t.Fatalf("err %v\n%s", err, out)
	}
}

func TestCheckBadFile(t *testing.T) {
	p := writeCases(t, "- name: x\n  rule: r\n  expect: {nope: 1}\n")
	_, _, err := mythos(t, "", "check", p)
	if err == nil || !strings.Contains(err.Error(), "line 3: field nope not found") {
		t.Fatalf("err %v", err)
	}
	if _, _, err := mythos(t, "", "check", filepath.Join(t.TempDir(), "missing.yaml")); err == nil {
		t.Fatal("a missing file passed")
	}
}

// TestCheckRepositoryCases runs the repository's rules cases through the CLI.
func TestCheckRepositoryCases(t *testing.T) {
	out, _, err := mythos(t, "", "check", "--quiet", filepath.Join("..", "..", "env", "lcg", "testdata", "cases"))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}
