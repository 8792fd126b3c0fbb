package env

import (
	"errors"
	"fmt"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
)

// ErrEpisodeOver is returned by Step after the episode ended and before Reset.
var ErrEpisodeOver = errors.New("the episode is over: call Reset")

// ErrNotReset is returned by Step before the first Reset.
var ErrNotReset = errors.New("the env has not been reset")

// IllegalActionError is returned by Step for an action id that is out of range
// or masked out. Nothing changed.
type IllegalActionError struct {
	Action  int
	Actions int
	Agent   game.AgentID
}

func (e *IllegalActionError) Error() string {
	if e.Action < 0 || e.Action >= e.Actions {
		return fmt.Sprintf("action %d is out of range: the action space is Discrete(%d)", e.Action, e.Actions)
	}
	return fmt.Sprintf("action %d is not legal for agent %d now (see the mask)", e.Action, e.Agent)
}

// Is makes errors.Is(err, game.ErrIllegal) true.
func (e *IllegalActionError) Is(target error) bool { return target == game.ErrIllegal }

// GameEnv is the env of one game state and its encoder, without wrappers.
type GameEnv struct {
	spec    *Spec
	game    *Game
	state   game.State
	logging bool

	obs      encode.Obs
	mask     []int8
	rewards  []float64
	returns  []float64
	previous []float64
	seed     uint64
	steps    int
	score    float64
	done     bool
}

// NewGameEnv assembles an env from a spec and a game.
func NewGameEnv(spec *Spec, g *Game) *GameEnv {
	n := g.Info.Agents
	return &GameEnv{
		spec:     spec,
		game:     g,
		obs:      spec.Layout.NewObs(),
		mask:     make([]int8, spec.Actions),
		rewards:  make([]float64, n),
		returns:  make([]float64, n),
		previous: make([]float64, n),
	}
}

// SetLogging makes the next episodes record their event log (for replays and
// people); it is off by default so that training writes nothing.
func (e *GameEnv) SetLogging(on bool) { e.logging = on }

// Spec implements [Env].
func (e *GameEnv) Spec() *Spec { return e.spec }

// State implements [Env].
func (e *GameEnv) State() game.State { return e.state }

// Reset implements [Env].
func (e *GameEnv) Reset(seed uint64) (encode.Obs, Info) {
	if r, ok := e.state.(interface{ Reset(uint64, bool) }); ok {
		r.Reset(seed, e.logging) // reuse the state's memory
	} else {
		e.state = e.game.New(seed, e.logging)
	}
	e.seed, e.steps, e.done = seed, 0, false
	clear(e.rewards)
	e.state.Returns(e.returns)
	e.score = e.state.Score()
	e.refresh()
	return e.obs, e.info()
}

// Step implements [Env].
func (e *GameEnv) Step(action int) (Transition, error) {
	if e.state == nil {
		return Transition{}, ErrNotReset
	}
	if e.done {
		return Transition{}, ErrEpisodeOver
	}
	choice, ok := e.game.Encoder.Choice(e.state, action)
	if !ok {
		return Transition{}, &IllegalActionError{Action: action, Actions: e.spec.Actions, Agent: e.state.Prompt().Actor}
	}
	if err := e.state.Apply(choice); err != nil {
		return Transition{}, err
	}
	e.steps++
	copy(e.previous, e.returns)
	e.state.Returns(e.returns)
	for i := range e.rewards {
		e.rewards[i] = e.returns[i] - e.previous[i]
	}
	score := e.state.Score()
	reward := score - e.score
	e.score = score
	e.done = e.state.Over()
	e.refresh()
	return Transition{Obs: e.obs, Reward: reward, Terminated: e.done, Info: e.info()}, nil
}

// Observe implements [Env].
func (e *GameEnv) Observe(viewer game.AgentID, o encode.Obs) {
	e.game.Encoder.Encode(e.state, viewer, o)
}

// Decode implements [Env].
func (e *GameEnv) Decode(action int) (int, bool) {
	if e.state == nil || e.done {
		return -1, false
	}
	return e.game.Encoder.Choice(e.state, action)
}

// refresh encodes the observation from the acting agent's view, and the mask.
func (e *GameEnv) refresh() {
	viewer := e.state.Prompt().Actor
	if viewer == game.NoAgent {
		viewer = 0
	}
	e.game.Encoder.Encode(e.state, viewer, e.obs)
	e.game.Encoder.Mask(e.state, e.mask)
}

func (e *GameEnv) info() Info {
	return Info{
		Agent:   e.state.Prompt().Actor,
		Mask:    e.mask,
		Rewards: e.rewards,
		Seed:    e.seed,
		Steps:   e.steps,
		Score:   e.score,
	}
}
