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

// CodeMaskLegal is CodeMask, and appends the codes it set to legal in
// increasing order ([LegalEncoder]). A prompt's options come mostly in
// increasing code order, so the insertion that sorts them moves little.
func CodeMaskLegal(s game.State, mask []int8, legal []int32) []int32 {
	clear(mask)
	for _, o := range s.Prompt().Options {
		c := int32(o.Code)
		if mask[c] != 0 {
			continue
		}
		mask[c] = 1
		legal = append(legal, c)
		i := len(legal) - 1
		for ; i > 0 && legal[i-1] > c; i-- {
			legal[i] = legal[i-1]
		}
		legal[i] = c
	}
	return legal
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
