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

	// obs and mask are where the observation and mask go: the caller's
	// memory after EncodeInto, else the env's own buffers (own, ownMask),
	// made at the first Reset or Step that needs them (mask nil until then).
	obs      encode.Obs
	mask     []int8
	legal    []int32                   // the legal action ids of mask, increasing (Info.Legal)
	le       encode.LegalEncoder       // the game's encoder, when it lists them as it masks
	touched  *encode.Touched           // the caller's record of obs, kept by te
	te       encode.TouchEncoder       // the game's encoder, when touched is set
	ie       encode.IncrementalEncoder // the game's encoder, when it is one
	mem      *encode.Memory            // ie's memory of obs, made at the first encoding
	own      encode.Obs
	ownMask  []int8
	ownT     *encode.Touched // the record of own, when the encoder keeps records
	rewards  []float64
	returns  []float64
	previous []float64
	seed     uint64
	steps    int
	score    float64
	done     bool
}

// NewGameEnv assembles an env from a spec and a game. Envs of equal specs
// share one (see [ShareSpec]), so that a live env holds only its own state.
func NewGameEnv(spec *Spec, g *Game) *GameEnv {
	n := g.Info.Agents
	r := make([]float64, 3*n)
	ie, _ := g.Encoder.(encode.IncrementalEncoder)
	le, _ := g.Encoder.(encode.LegalEncoder)
	return &GameEnv{
		spec:     ShareSpec(spec),
		game:     g,
		ie:       ie,
		le:       le,
		rewards:  r[:n:n],
		returns:  r[n : 2*n : 2*n],
		previous: r[2*n:],
	}
}

// DirectEncoder is an env whose observations and masks can be written
// straight into memory the caller owns (a row of a batch), instead of into
// the env's own buffers, which the caller would then copy.
type DirectEncoder interface {
	// EncodeInto directs the observation and the mask of the following
	// Reset and Step calls into o (laid out by the spec) and mask (of
	// Spec.Actions elements): the Obs and Info.Mask they return are then o
	// and mask. EncodeInto(encode.Obs{}, nil, nil) goes back to the env's
	// own buffers. t, if not nil, is the caller's record of o (see
	// encode.Touched): an env whose encoder keeps records (an
	// encode.TouchEncoder) clears o only where it wrote last time and marks
	// what it writes there; other envs leave t not valid. EncodeInto makes
	// t not valid: the first encoding clears all of o, unless the caller
	// sets t.Valid again because o holds what this env wrote there last (an
	// env whose encoder is an encode.IncrementalEncoder, a [RowKeeper],
	// then writes only what changed).
	EncodeInto(o encode.Obs, mask []int8, t *encode.Touched)
}

// RowKeeper is a [DirectEncoder] whose encoder brings a row it wrote before
// up to date instead of writing it whole (an encode.IncrementalEncoder):
// a caller that directs it at the same row step after step passes a
// Touched record of the row, valid while nobody else wrote it.
type RowKeeper interface {
	KeepsRows() bool
}

// KeepsRows implements [RowKeeper].
func (e *GameEnv) KeepsRows() bool { return e.ie != nil }

// EncodeInto implements [DirectEncoder]. The incremental memory, if any,
// needs no reset here: it rewrites a row whole when the buffers are not
// those it wrote last or the record t is not valid.
func (e *GameEnv) EncodeInto(o encode.Obs, mask []int8, t *encode.Touched) {
	if mask == nil {
		e.obs, e.mask, e.touched = e.own, e.ownMask, e.ownT
		return
	}
	l := e.spec.Layout
	if len(o.F32) != l.F32 || len(o.I32) != l.I32 || len(o.U8) != l.U8 || len(mask) != e.spec.Actions {
		panic(fmt.Sprintf("env: EncodeInto: buffers of %d float32, %d int32, %d uint8 and %d mask elements for a layout of %d, %d, %d and %d",
			len(o.F32), len(o.I32), len(o.U8), len(mask), l.F32, l.I32, l.U8, e.spec.Actions))
	}
	e.obs, e.mask, e.touched = o, mask, nil
	if t != nil {
		t.Valid = false
		if e.ie != nil { // refresh encodes incrementally: the memory keeps t
			e.touched = t
		} else if te, ok := e.game.Encoder.(encode.TouchEncoder); ok && !t.Unmarked() {
			e.touched, e.te = t, te
		}
	}
}

// DirectEncoderOf returns the env of e's chain of wrappers that encodes into
// caller memory laid out by e's spec (see [DirectEncoder]): the innermost
// env, when it is a DirectEncoder and every wrapper keeps its layout and
// action space, else nil. Wrappers pass the inner env's observation on (Env
// says its views are valid until the next Step), so the direct target of the
// innermost env is what e's Step returns.
func DirectEncoderOf(e Env) DirectEncoder {
	spec := e.Spec()
	for {
		s := e.Spec()
		if s.Layout != spec.Layout || s.Actions != spec.Actions {
			return nil
		}
		w, ok := e.(interface{ Unwrap() Env })
		if !ok {
			d, _ := e.(DirectEncoder)
			return d
		}
		e = w.Unwrap()
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
	// The memory of the row stays valid: its keys are exact, so the new
	// episode's first encoding rewrites only the blocks that differ from
	// the last one's (encodetest plays on across episodes both ways).
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
	if e.mask == nil { // no target, and the own buffers are not made yet
		e.makeOwn()
	}
	switch {
	case e.ie != nil:
		if e.mem == nil {
			e.mem = e.ie.NewMemory()
		}
		e.mem.Attach(e.touched)
		e.ie.EncodeIncremental(e.state, viewer, e.obs, e.mem)
	case e.touched != nil:
		e.te.EncodeTouched(e.state, viewer, e.obs, e.touched)
	default:
		e.game.Encoder.Encode(e.state, viewer, e.obs)
	}
	if e.legal == nil {
		e.legal = make([]int32, 0, 16) // grows to the longest prompt once
	}
	if e.le != nil {
		e.legal = e.le.MaskLegal(e.state, e.mask, e.legal[:0])
		return
	}
	e.game.Encoder.Mask(e.state, e.mask)
	e.legal = e.legal[:0]
	for a, m := range e.mask {
		if m != 0 {
			e.legal = append(e.legal, int32(a))
		}
	}
}

// makeOwn makes the env's own buffers and encodes into them from now on,
// for a layout with uint8 fields with a record of what the encoder wrote
// when it keeps one but does not bring rows up to date itself (an
// incremental encoder's memory needs no record of buffers only the env
// writes). Other layouts' encoders clear the buffers whole, which measured
// faster for them.
func (e *GameEnv) makeOwn() {
	e.own, e.ownMask = e.spec.Layout.NewObs(), make([]int8, e.spec.Actions)
	e.obs, e.mask = e.own, e.ownMask
	if te, ok := e.game.Encoder.(encode.TouchEncoder); ok && e.spec.Layout.U8 > 0 && e.ie == nil {
		e.ownT, e.te = &encode.MakeTouched(e.spec.Layout, 1)[0], te
	}
	e.touched = e.ownT
}

func (e *GameEnv) info() Info {
	return Info{
		Agent:   e.state.Prompt().Actor,
		Mask:    e.mask,
		Legal:   e.legal,
		Rewards: e.rewards,
		Seed:    e.seed,
		Steps:   e.steps,
		Score:   e.score,
	}
}
