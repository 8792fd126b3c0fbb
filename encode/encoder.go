package encode

import "github.com/mythos-rl/mythos/env/game"

// Encoder maps game states to observations and actions for one env id.
type Encoder interface {
	// Layout is the fixed observation layout.
	Layout() *Layout
	// Actions is the size of the Discrete action space.
	Actions() int
	// Encode writes what viewer can see of s into o. It must not allocate.
	Encode(s game.State, viewer game.AgentID, o Obs)
	// Mask writes 1 for every legal action id and 0 elsewhere (len = Actions).
	Mask(s game.State, mask []int8)
	// Choice returns the prompt option index that action id a stands for, or
	// false if a is not legal now.
	Choice(s game.State, a int) (int, bool)
	// ActionName names action id a, for docs and people.
	ActionName(a int) string
}
