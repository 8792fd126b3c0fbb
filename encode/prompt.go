package encode

import "github.com/mythos-rl/mythos/env/game"

// PromptEncoder is the game-agnostic encoder: it sees only the kernel's
// contract (the prompt and its options), and maps action id k to the option
// whose [game.ActionCode] is k. A game's own encoder can embed it for the
// mask and action mapping and add fields of its own.
type PromptEncoder struct {
	info   *game.Info
	layout Layout
	actor  int
	kind   int
	legal  int
}

// NewPromptEncoder builds the prompt encoder for a game.
func NewPromptEncoder(info *game.Info) *PromptEncoder {
	e := &PromptEncoder{info: info}
	e.actor = e.layout.Add("actor", Int32, "seat of the agent that must decide (-1 when the game is over)", 1)
	e.kind = e.layout.Add("prompt_kind", Float32, "one-hot kind of the current prompt", len(info.PromptKinds))
	e.legal = e.layout.Add("legal", Float32, "1 for each action id that is legal now (the mask as features)", info.Actions)
	return e
}

// Layout implements [Encoder].
func (e *PromptEncoder) Layout() *Layout { return &e.layout }

// Actions implements [Encoder].
func (e *PromptEncoder) Actions() int { return e.info.Actions }

// ActionName implements [Encoder].
func (e *PromptEncoder) ActionName(a int) string {
	if a >= 0 && a < len(e.info.ActionNames) {
		return e.info.ActionNames[a]
	}
	return ""
}

// Encode implements [Encoder].
func (e *PromptEncoder) Encode(s game.State, viewer game.AgentID, o Obs) {
	p := s.Prompt()
	o.I32[e.layout.Fields[e.actor].Offset] = int32(p.Actor)
	kind := o.Float(&e.layout.Fields[e.kind])
	clear(kind)
	if int(p.Kind) < len(kind) {
		kind[p.Kind] = 1
	}
	legal := o.Float(&e.layout.Fields[e.legal])
	clear(legal)
	for _, opt := range p.Options {
		legal[opt.Code] = 1
	}
}

// Mask implements [Encoder].
func (e *PromptEncoder) Mask(s game.State, mask []int8) { CodeMask(s, mask) }

// Choice implements [Encoder].
func (e *PromptEncoder) Choice(s game.State, a int) (int, bool) {
	return CodeChoice(s, a, e.info.Actions)
}
