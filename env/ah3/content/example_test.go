package content

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// TestDocExampleLoads loads the example of docs/ah3-content.md.
func TestDocExampleLoads(t *testing.T) {
	md, err := os.ReadFile("../../../docs/ah3-content.md")
	if err != nil {
		t.Skip("docs not present:", err)
	}
	fsys := fstest.MapFS{}
	for _, block := range strings.Split(string(md), "```yaml\n")[1:] {
		body := block[:strings.Index(block, "```")]
		if name, ok := strings.CutPrefix(strings.SplitN(body, "\n", 2)[0], "# file: "); ok {
			fsys["ex/"+name] = &fstest.MapFile{Data: []byte(body)}
		}
	}
	if len(fsys) == 0 {
		t.Fatal("no example in docs/ah3-content.md")
	}
	sc, err := Load(fsys, "ex")
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != "Example" || len(sc.Spaces) != 4 {
		t.Fatalf("example loaded as %q with %d spaces", sc.Name, len(sc.Spaces))
	}
}
