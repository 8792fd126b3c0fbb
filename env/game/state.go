package game

import (
	"encoding"
	"errors"
	"fmt"
)

// State is the contract every game state keeps. Implementations are plain data
// with no goroutines, clock or I/O; every method is deterministic.
type State interface {
	// Info describes the game: its name, seats and action vocabulary.
	Info() *Info
	// Prompt is the decision the game waits for. Its Options are empty once
	// the game is over.
	Prompt() *Prompt
	// Apply answers the prompt with the option at index choice and runs the
	// rules until the next decision. An illegal choice returns an
	// [*IllegalError] and changes nothing.
	Apply(choice int) error
	// Over reports whether the game has ended.
	Over() bool
	// Score is the team's result so far: 0 until the game ends, then the
	// outcome (for example +1 a win, −1 a loss). Per-seat results, where a game
	// has them, come through Returns.
	Score() float64
	// Returns writes each seat's result so far into dst (len = Info().Agents).
	Returns(dst []float64)
	// Clone returns a deep copy that shares no memory with the original.
	Clone() State
	// Determinize resamples, in place and with rng, everything the viewer
	// cannot see (deck orders, others' hands, face-down cards), consistently
	// with what the viewer knows. It also reseeds the state's own RNG from
	// rng, so that a search does not foresee the real game's future draws.
	Determinize(viewer AgentID, rng *RNG)
	// RNG is the state's random source.
	RNG() *RNG
	// Log is the state's event log.
	Log() *Log
	// MarshalBinary writes the whole state (RNG included) in a canonical
	// form: equal states give equal bytes.
	encoding.BinaryMarshaler
	// Narrator turns the state into text for people.
	Narrator
}

// Narrator turns a state into words: the board, the options of the current
// prompt, and the events of the log. It is for people (mythos play, replay)
// and may allocate; nothing on the step path calls it.
type Narrator interface {
	// Render describes what viewer can see of the state, over several lines.
	Render(viewer AgentID) string
	// Describe says what choosing option i of the current prompt would do.
	Describe(i int) string
	// Narrate says in one line what an event of this game's log means.
	Narrate(e Event) string
}

// Info is the static description of a game.
type Info struct {
	// Name of the game, e.g. "ArkhamLCG".
	Name string
	// Agents is the number of seats.
	Agents int
	// AgentNames names each seat (investigator names, for example).
	AgentNames []string
	// Actions is the size of the game's action vocabulary ([ActionCode]s).
	Actions int
	// ActionNames names each action code.
	ActionNames []string
	// PromptKinds names each prompt kind; index 0 is "none".
	PromptKinds []string
}

// IllegalError is returned by Apply for a choice that is not a legal answer to
// the current prompt. The state is unchanged.
type IllegalError struct {
	Choice  int
	Options int
	Reason  string
}

func (e *IllegalError) Error() string {
	if e.Reason != "" {
		return fmt.Sprintf("illegal choice %d: %s", e.Choice, e.Reason)
	}
	if e.Options == 0 {
		return fmt.Sprintf("illegal choice %d: the game is over", e.Choice)
	}
	return fmt.Sprintf("illegal choice %d: the prompt has options 0..%d", e.Choice, e.Options-1)
}

// ErrIllegal matches every [*IllegalError] with errors.Is.
var ErrIllegal = errors.New("illegal choice")

// Is makes errors.Is(err, ErrIllegal) true.
func (e *IllegalError) Is(target error) bool { return target == ErrIllegal }

// CheckChoice returns an [*IllegalError] unless choice indexes p's options.
func CheckChoice(p *Prompt, choice int) error {
	if choice < 0 || choice >= len(p.Options) {
		return &IllegalError{Choice: choice, Options: len(p.Options)}
	}
	return nil
}
