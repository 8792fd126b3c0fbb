package env

import (
	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
)

// Env is one environment with Gymnasium semantics. Observations, masks and
// reward slices it returns are views into its own buffers (or, for an env
// directed at caller memory with [DirectEncoder.EncodeInto], into that
// memory), valid until the next Reset or Step; copy them to keep them.
type Env interface {
	// Spec describes the observation fields, the action space and the agents.
	Spec() *Spec
	// Reset starts a new episode from seed and returns the first observation
	// (from the acting agent's view) and info.
	Reset(seed uint64) (encode.Obs, Info)
	// Step answers the current prompt with action id action. An illegal action
	// returns an error and changes nothing.
	Step(action int) (Transition, error)
	// Observe writes what viewer can see now into o (a per-agent view).
	Observe(viewer game.AgentID, o encode.Obs)
	// Decode returns the prompt option index that action stands for, if legal.
	Decode(action int) (choice int, ok bool)
	// State is the underlying game state (for agents that search, and for
	// people). Callers must not change it.
	State() game.State
}

// Info is what comes with every observation.
type Info struct {
	// Agent is the seat that must act next (game.NoAgent once the game is over).
	Agent game.AgentID
	// Mask has 1 for every legal action id.
	Mask []int8
	// Legal lists the legal action ids (where Mask is 1) in increasing
	// order, so that an agent draws one without scanning the mask
	// (agents.Pick). Like Mask it belongs to the env and holds until its
	// next Reset or Step. Nil from an env that does not list them.
	Legal []int32
	// Rewards is each seat's reward for the last step (zero after Reset).
	Rewards []float64
	// Seed is the episode's seed.
	Seed uint64
	// Steps counts the decisions taken in this episode.
	Steps int
	// Score is the team's result so far (the game's outcome once it is over).
	Score float64
}

// Transition is the result of one Step.
type Transition struct {
	Obs encode.Obs
	// Reward is the team's reward for this step (the games are cooperative).
	Reward     float64
	Terminated bool
	Truncated  bool
	Info       Info
}

// Done reports whether the episode ended with this transition.
func (t *Transition) Done() bool { return t.Terminated || t.Truncated }
