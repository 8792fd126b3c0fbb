package env

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
)

// Game is what an env id builds from its options: a way to start a state for a
// seed, and the encoder that turns states into tensors.
type Game struct {
	Info *game.Info
	// New returns the initial state of an episode. With logging, the state's
	// event log records from setup on.
	New func(seed uint64, logging bool) game.State
	// Encoder maps states to observations and action ids.
	Encoder encode.Encoder
}

// Entry registers an env id.
type Entry struct {
	ID          string
	Description string
	// Options documents the game's own options (the common ones are added).
	Options []OptionDoc
	// Build makes the game for validated options (only the game's own keys).
	Build func(opts Options) (*Game, error)
	// Potentials are the terms the shaping option weighs (shaping.go); an
	// entry that has some lists ShapingOptions among its Options.
	Potentials []PotentialTerm

	all []OptionDoc // AllOptions, built when registered
}

var (
	registryMu sync.RWMutex
	registry   = map[string]*Entry{}
)

// Register adds an env id. It panics on a duplicate or malformed id, since
// registration happens in package init.
func Register(e Entry) {
	if !strings.Contains(e.ID, "/") || !strings.Contains(e.ID, "-v") {
		panic(fmt.Sprintf("env: id %q must look like Game/Name-vN", e.ID))
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[e.ID]; dup {
		panic("env: duplicate id " + e.ID)
	}
	e.all = e.AllOptions()
	registry[e.ID] = &e
}

// IDs returns the registered env ids in sorted order.
func IDs() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Lookup returns the entry of an env id.
func Lookup(id string) (*Entry, error) {
	registryMu.RLock()
	e, ok := registry[id]
	registryMu.RUnlock()
	if !ok {
		known := IDs()
		if len(known) == 0 {
			return nil, fmt.Errorf("unknown env id %q: no envs are registered", id)
		}
		return nil, fmt.Errorf("unknown env id %q (registered: %s)", id, strings.Join(known, ", "))
	}
	return e, nil
}

// AllOptions lists the game's options followed by the common ones. For a
// registered entry the list is built once and shared: callers must not
// change it.
func (e *Entry) AllOptions() []OptionDoc {
	if e.all != nil {
		return e.all
	}
	return append(append([]OptionDoc(nil), e.Options...), commonOptions...)
}

// Make builds the env registered as id with options, applying the common
// options as wrappers (see Wrap).
func Make(id string, opts Options) (Env, error) {
	e, err := Lookup(id)
	if err != nil {
		return nil, err
	}
	if err := opts.check(id, e.AllOptions()); err != nil {
		return nil, err
	}
	base, err := MakeBase(id, opts.Without(CommonOptionNames()...))
	if err != nil {
		return nil, err
	}
	return Wrap(base, opts)
}

// Wrap applies the common options of opts to e: skip_trivial (SkipTrivial),
// then max_steps (StepLimit), then the game's shaping options (Shape), then
// flat (Flat). Other keys are ignored.
func Wrap(e Env, opts Options) (Env, error) {
	skip, err := opts.Bool("skip_trivial", false)
	if err != nil {
		return nil, err
	}
	limit, err := opts.Int("max_steps", 0)
	if err != nil {
		return nil, err
	}
	if limit < 0 {
		return nil, fmt.Errorf("option max_steps=%d: must be 0 or more", limit)
	}
	flat, err := opts.Bool("flat", false)
	if err != nil {
		return nil, err
	}
	if skip {
		e = SkipTrivial(e)
	}
	if limit > 0 {
		e = StepLimit(e, limit)
	}
	if e, err = shapeOptions(e, opts); err != nil {
		return nil, err
	}
	if flat {
		e = Flat(e)
	}
	return e, nil
}

// MakeBase builds the unwrapped env of id from the game's own options.
func MakeBase(id string, opts Options) (*GameEnv, error) {
	e, err := Lookup(id)
	if err != nil {
		return nil, err
	}
	g, err := e.build(opts)
	if err != nil {
		return nil, err
	}
	spec := &Spec{
		ID:          id,
		Description: e.Description,
		Layout:      g.Encoder.Layout(),
		Actions:     g.Encoder.Actions(),
		Agents:      append([]string(nil), g.Info.AgentNames...),
		Options:     e.AllOptions(),
	}
	spec.ActionNames = make([]string, spec.Actions)
	for a := range spec.ActionNames {
		spec.ActionNames[a] = g.Encoder.ActionName(a)
	}
	return NewGameEnv(spec, g), nil
}

// BuildGame builds the game of id (its states and its encoder, without an
// env around them) from the game's own options, checked as MakeBase
// checks them.
func BuildGame(id string, opts Options) (*Game, error) {
	e, err := Lookup(id)
	if err != nil {
		return nil, err
	}
	return e.build(opts)
}

// build checks the game's own options opts and builds the game.
func (e *Entry) build(opts Options) (*Game, error) {
	if err := opts.check(e.ID, e.Options); err != nil {
		return nil, err
	}
	g, err := e.Build(opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", e.ID, err)
	}
	return g, nil
}
