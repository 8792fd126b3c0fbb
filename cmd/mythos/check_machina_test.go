package main

import (
	"strings"
	"testing"
)

// TestCheckRunsMachinaCases: mythos check runs the Machina Arcana rules
// cases of a machina directory on that engine.
func TestCheckRunsMachinaCases(t *testing.T) {
	out, _, err := mythos(t, "", "check", "-q", "../../env/machina/testdata/cases")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, " passed, 0 failed") || strings.HasPrefix(out, "0 passed") {
		t.Fatalf("output:\n%s", out)
	}
	out, _, err = mythos(t, "", "check", "--game", "machina", "--run", "^$", "../../env/machina/testdata/cases/items.yaml")
	if err == nil || !strings.Contains(out, "0 passed") {
		t.Fatalf("a filter matching nothing: %v\n%s", err, out)
	}
}
