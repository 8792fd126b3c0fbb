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

// LegalEncoder is an [Encoder] that lists the legal action ids while it
// writes the mask, so that an agent picks among them without scanning the
// mask (the masks of the LCG and Machina Arcana hold hundreds to thousands
// of entries, a handful of them legal).
type LegalEncoder interface {
	Encoder
	// MaskLegal is Mask, and appends to legal the action ids it set to 1,
	// in increasing order, returning the extended slice.
	MaskLegal(s game.State, mask []int8, legal []int32) []int32
}

// TouchEncoder is an [Encoder] that can record what it writes (see
// [Touched]), so that a caller who keeps the record with the buffers has
// them cleared and read only where the encoder wrote.
type TouchEncoder interface {
	Encoder
	// EncodeTouched is Encode into buffers described by the record t (not
	// nil): it starts with o.Begin(t) and marks every block before it
	// writes there.
	EncodeTouched(s game.State, viewer game.AgentID, o Obs, t *Touched)
}
