package game

// AgentID names a seat at the table: an investigator (LCG, AH3) or a pioneer
// (Machina Arcana). Seats are numbered from 0 in seat order.
type AgentID int8

// NoAgent is the actor of a state where nobody must decide (the game is over).
const NoAgent AgentID = -1

// PromptKind says what sort of decision a prompt asks for. Each game numbers
// its own kinds and names them through [Info.PromptKinds]; kind 0 is always
// [PromptNone].
type PromptKind uint8

// PromptNone is the kind of the empty prompt of a finished game.
const PromptNone PromptKind = 0

// ActionCode is a stable identifier of an answer in a game's fixed action
// vocabulary, in [0, Info.Actions). Two options of one prompt never share a
// code, so a learning agent can name an answer without knowing the option
// list's order.
type ActionCode uint16

// Option is one legal answer to a prompt. It is plain data: the game decodes
// Arg (a card instance, a location, an amount…) when the option is chosen, and
// describes it to people through [Narrator.Describe].
type Option struct {
	Code ActionCode
	Arg  int32
	Arg2 int32
}

// Prompt is the decision a state waits for: who must answer, what sort of
// question it is, and the legal answers. The options slice is owned by the
// state and valid until the next Apply.
type Prompt struct {
	Actor   AgentID
	Kind    PromptKind
	Source  int32 // the card or ability that raised the prompt, or -1
	Options []Option
}

// Find returns the index of the option with the given code, or -1.
func (p *Prompt) Find(code ActionCode) int {
	for i := range p.Options {
		if p.Options[i].Code == code {
			return i
		}
	}
	return -1
}

// Reset empties the prompt, keeping the options' storage for reuse.
func (p *Prompt) Reset(actor AgentID, kind PromptKind, source int32) {
	p.Actor, p.Kind, p.Source = actor, kind, source
	p.Options = p.Options[:0]
}

// Add appends an option.
func (p *Prompt) Add(code ActionCode, arg, arg2 int32) {
	p.Options = append(p.Options, Option{Code: code, Arg: arg, Arg2: arg2})
}

// Clone returns a prompt with its own copy of the options.
func (p Prompt) Clone() Prompt {
	p.Options = append([]Option(nil), p.Options...)
	return p
}
