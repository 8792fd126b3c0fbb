package agents

import (
	"testing"
	"time"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/fixture"
)

// duel is a one-decision game: seat 1, who plays against the team
// (game.Sides), picks option 0 (the team wins) or option 1 (the team loses).
// The rest of game.State comes from an embedded Cipher game and is unused.
type duel struct {
	*fixture.State
	prompt game.Prompt
	score  float64
	over   bool
	sided  bool // whether Side says seat 1 is against the team
}

func newDuel(sided bool) *duel {
	d := &duel{State: fixture.New(fixture.NewInfo(2), 1, false), sided: sided}
	d.prompt.Reset(1, 1, -1)
	d.prompt.Add(0, 0, 0)
	d.prompt.Add(1, 0, 0)
	return d
}

func (d *duel) Prompt() *game.Prompt                { return &d.prompt }
func (d *duel) Over() bool                          { return d.over }
func (d *duel) Score() float64                      { return d.score }
func (d *duel) Determinize(game.AgentID, *game.RNG) {}
func (d *duel) Clone() game.State                   { c := *d; c.prompt = d.prompt.Clone(); return &c }
func (d *duel) Apply(i int) error {
	d.score, d.over = 1-2*float64(i), true
	d.prompt.Options = nil
	return nil
}
func (d *duel) Side(seat game.AgentID) float64 {
	if d.sided && seat == 1 {
		return -1
	}
	return 1
}

// mostVisited is the root option with the most visits after a search.
func mostVisited(t *testing.T, spec string, root game.State) int {
	t.Helper()
	a, err := NewISMCTS(env.Options{"iters": "60", "prior": spec})
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRNG(5)
	tree := a.search(root, a.iters, time.Time{}, nil, &rng)
	best, visits := -1, -1.0
	for i, o := range root.Prompt().Options {
		if c := tree.child(o.Code); c != nil && c.visits > visits {
			best, visits = i, c.visits
		}
	}
	return best
}

func TestISMCTSSearchesFromTheDecidingSeatsSide(t *testing.T) {
	for _, prior := range []string{"none", "heuristic"} {
		if got := mostVisited(t, prior, newDuel(true)); got != 1 {
			t.Errorf("prior=%s: the seat against the team chose option %d, not 1 (the team's loss)", prior, got)
		}
		if got := mostVisited(t, prior, newDuel(false)); got != 0 {
			t.Errorf("prior=%s: a seat of the team chose option %d, not 0 (the team's win)", prior, got)
		}
	}
}
