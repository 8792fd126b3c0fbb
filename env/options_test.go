package env_test

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
)

// TestParseOptionsRejects checks that every malformed option list fails with
// an error naming the option, so a typo never falls back silently to the
// default or to the last value given.
func TestParseOptionsRejects(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"investigators=", "option investigators has no value"},
		{"difficulty=easy, investigators= ", "option investigators has no value"},
		{"investigators=01001,investigators=01002", "option investigators given twice"},
		{"difficulty=easy,seats=2,difficulty=hard", "option difficulty given twice (difficulty=easy and difficulty=hard)"},
		{"investigators=01001,,01002", "investigators"},
		{"investigators=01001,", "empty item"},
		{"daisy", "want name=value"},
		{"=3", "want name=value"},
	} {
		_, err := env.ParseOptions(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseOptions(%q) = %v, want an error with %q", tc.in, err, tc.want)
		}
	}
}

// TestParseOptionsAccepts checks the forms that stay valid: lists without
// quoting, spaces, and nothing at all.
func TestParseOptionsAccepts(t *testing.T) {
	for in, want := range map[string]string{
		"":                                       "",
		"  ":                                     "",
		"investigators=roland,daisy":             "investigators=roland,daisy",
		" difficulty = easy , skip_trivial=true": "difficulty=easy,skip_trivial=true",
		"investigators=01001, 01002,difficulty=hard": "difficulty=hard,investigators=01001,01002",
	} {
		o, err := env.ParseOptions(in)
		if err != nil || o.String() != want {
			t.Errorf("ParseOptions(%q) = %q, %v; want %q", in, o.String(), err, want)
		}
	}
}
