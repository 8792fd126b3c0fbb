package machina

import "github.com/mythos-rl/mythos/env/game"

// Start is a curriculum start: a game that begins better equipped than the
// real setup (docs/shaping.md, "Curriculum starts"). It is not a rule of
// the game; the zero Start is the real setup (MA §4). With Config.Chapters
// it opens a game deep in the scenario with the gear the skipped chapters
// would have brought. It names no card or scenario: the gains follow the
// gain-an-item rule, and the item decks decide what they bring.
type Start struct {
	// Items is how many times each pioneer gains an item (MA §13.8: draw
	// from a deck of the pioneer's choice, keep one, give it, equip it free
	// if its class allows) before the first chapter starts.
	Items int
}

// MaxStartItems bounds Start.Items.
const MaxStartItems = 4

// pushStart puts the Start's item gains on the stack. Called after setup
// pushed the first chapter's start, they resolve before it: pioneer 0's
// first, as a gain for all pioneers orders them (OpGainItem), and the items
// come from the level-1 decks of MA §4.3.
func (s *State) pushStart() {
	for p := int(s.N) - 1; p >= 0; p-- {
		for k := 0; k < s.cfg.Start.Items; k++ {
			s.push(opGainItem, game.AgentID(p), -1, int32(p), 0, 0)
		}
	}
}
