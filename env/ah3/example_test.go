package ah3

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// TestUserContentPlays loads the example directory of docs/ah3-content.md,
// as a user's own content would be, and plays it with random answers.
func TestUserContentPlays(t *testing.T) {
	md, err := os.ReadFile("../../docs/ah3-content.md")
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
	sc, err := content.Load(fsys, "ex")
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(sc, Config{Investigators: []string{"Ada Vance"}, RoundCap: 20})
	if err != nil {
		t.Fatal(err)
	}
	var out [4]int
	for seed := uint64(0); seed < 100; seed++ {
		s := g.New(seed, false)
		rng := game.NewRNG(seed)
		playRandom(t, s, &rng, true)
		out[s.Outcome]++
	}
	t.Logf("example scenario: won %d, lost %d, truncated %d", out[OutcomeWin], out[OutcomeLoss], out[OutcomeTruncated])
}
