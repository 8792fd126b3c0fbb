package game

import (
	"strings"
	"testing"
)

func TestMatchName(t *testing.T) {
	names := []string{"Rust Hound", "Rust Hound Alpha", "Lantern", "Lens"}
	for _, c := range []struct {
		query string
		want  int
		err   string
	}{
		{"rust hound", 0, ""}, // exact wins over the longer name it prefixes
		{"LANT", 2, ""},       // a unique prefix, case aside
		{"le", 3, ""},         // only Lens starts with "le"
		{"l", -1, "several cards match: Lantern, Lens"},
		{"x", -1, `card "x": nowhere`},
	} {
		got, err := MatchName(names, c.query, "nowhere")
		if got != c.want && c.err == "" {
			t.Errorf("%q: %d, want %d", c.query, got, c.want)
		}
		if (err != nil) != (c.err != "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: error %v, want %q", c.query, err, c.err)
		}
	}
}
