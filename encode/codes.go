package encode

import "github.com/mythos-rl/mythos/env/game"

// The games' encoders share one convention for the Discrete action space:
// action id k is the option of the current prompt whose [game.ActionCode] is
// k (a prompt never gives two options one code). CodeMask and CodeChoice are
// that convention, for an encoder's Mask and Choice.

// CodeMask writes 1 at the code of every option of s's prompt and 0
// elsewhere (all 0 once the game is over: its prompt has no options).
func CodeMask(s game.State, mask []int8) {
	clear(mask)
	for _, o := range s.Prompt().Options {
		mask[o.Code] = 1
	}
}

// CodeChoice returns the index of the option of s's prompt whose code is a,
// or false when a is outside [0, actions) or no option has that code.
func CodeChoice(s game.State, a, actions int) (int, bool) {
	if a < 0 || a >= actions {
		return -1, false
	}
	i := s.Prompt().Find(game.ActionCode(a))
	return i, i >= 0
}
