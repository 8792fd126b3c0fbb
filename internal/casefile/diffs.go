package casefile

import (
	"fmt"
	"strings"
)

// Diffs collects the differences between a case's expectations and the
// state, one line each ("WHAT: want W, got G"); N counts the expectations
// checked, so that a case stating none can be failed (it could never fail).
type Diffs struct {
	Lines []string
	N     int
}

// Add records a difference.
func (d *Diffs) Add(format string, args ...any) {
	d.Lines = append(d.Lines, fmt.Sprintf(format, args...))
}

// Want checks one expectation: want and got are equal when they print the
// same.
func (d *Diffs) Want(what string, want, got any) {
	d.N++
	if fmt.Sprint(want) != fmt.Sprint(got) {
		d.Add("%s: want %v, got %v", what, want, got)
	}
}

// Int checks an optional number (nil: not expected).
func (d *Diffs) Int(what string, want *int, got int) {
	if want != nil {
		d.Want(what, *want, got)
	}
}

// Bool checks an optional flag (nil: not expected).
func (d *Diffs) Bool(what string, want *bool, got bool) {
	if want != nil {
		d.Want(what, *want, got)
	}
}

// Str checks an optional name ("": not expected), ignoring case and the
// spaces around want.
func (d *Diffs) Str(what, want, got string) {
	if want == "" {
		return
	}
	d.N++
	if !strings.EqualFold(strings.TrimSpace(want), got) {
		d.Add("%s: want %s, got %s", what, want, got)
	}
}
