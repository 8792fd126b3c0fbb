package lcgobs_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/encode"
)

// TestLayoutIsFixedPerEnvID checks that the layout is the same for every
// team size (one layout per env id), and that every float32 field names its
// columns (or refers to another field's), exactly as many as its last
// dimension.
func TestLayoutIsFixedPerEnvID(t *testing.T) {
	var first *encode.Layout
	for _, team := range teams {
		l := encoder(t, scenario(t, team)).Layout()
		if first == nil {
			first = l
			continue
		}
		if !reflect.DeepEqual(first, l) {
			t.Fatalf("team %v: the layout differs from the first team's", team)
		}
	}
	for _, f := range first.Fields {
		if f.Doc == "" {
			t.Errorf("field %s has no doc", f.Name)
		}
		cols := columnsOf(f.Doc)
		if cols == nil {
			if f.DType == encode.Float32 && !strings.Contains(f.Doc, "same columns as") {
				t.Errorf("float32 field %s does not name its columns", f.Name)
			}
			continue
		}
		if last := f.Shape[len(f.Shape)-1]; len(cols) != last {
			t.Errorf("field %s: %d columns documented for a last dimension of %d", f.Name, len(cols), last)
		}
		seen := map[string]bool{}
		for _, c := range cols {
			if c == "" || seen[c] || strings.Contains(c, " ") {
				t.Errorf("field %s: bad or repeated column name %q", f.Name, c)
			}
			seen[c] = true
		}
	}
}
