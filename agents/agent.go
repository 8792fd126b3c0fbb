// Package agents holds the players that act in envs: one small [Agent]
// interface used everywhere (the CLI, evaluation, server-side bots), and a
// registry that builds agents by name with options ("random",
// "ismcts:iters=2000,rollout=heuristic").
package agents

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/mythos-rl/mythos/env"
)

// Agent picks actions for whichever seat must act in an env.
type Agent interface {
	// Name is the agent's spec as given to New, e.g. "random".
	Name() string
	// Reset starts a new episode; seed makes the agent's own choices
	// reproducible.
	Reset(seed uint64)
	// Act returns a legal action id for the env's current decision, given
	// the info (mask, agent to act) that came with the last observation.
	Act(e env.Env, info *env.Info) int
}

// EnvChecker is implemented by agents that can play only some envs (a trained
// policy fits the observation layout and action count it was trained on).
// Play, Rollout and Record call it before an episode's first decision, and
// mythos play before the game, so a mismatch is an error, not a panic.
type EnvChecker interface {
	CheckEnv(e env.Env) error
}

// CheckEnv returns a.CheckEnv(e) when a is an [EnvChecker], and nil otherwise.
func CheckEnv(a Agent, e env.Env) error {
	if c, ok := a.(EnvChecker); ok {
		return c.CheckEnv(e)
	}
	return nil
}

// Start builds the agent of spec (as [New]), checks that it can play e
// ([CheckEnv]) and starts its episode with seed: an agent ready to act.
func Start(spec string, e env.Env, seed uint64) (Agent, error) {
	a, err := New(spec)
	if err != nil {
		return nil, err
	}
	if err := CheckEnv(a, e); err != nil {
		return nil, err
	}
	a.Reset(seed)
	return a, nil
}

// Factory builds an agent from its options.
type Factory func(opts env.Options) (Agent, error)

var (
	mu       sync.RWMutex
	registry = map[string]registered{}
)

type registered struct {
	doc     string
	factory Factory
}

// Register adds an agent kind. It panics on a duplicate name.
func Register(name, doc string, f Factory) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[name]; dup {
		panic("agents: duplicate agent " + name)
	}
	registry[name] = registered{doc, f}
}

// Names lists the registered agent kinds in sorted order.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Doc is the one-line description of an agent kind.
func Doc(name string) string {
	mu.RLock()
	defer mu.RUnlock()
	return registry[name].doc
}

// New builds an agent from a spec "name" or "name:key=value,key=value".
func New(spec string) (Agent, error) {
	name, rest, _ := strings.Cut(spec, ":")
	mu.RLock()
	r, ok := registry[name]
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("unknown agent %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	opts, err := env.ParseOptions(rest)
	if err != nil {
		return nil, fmt.Errorf("agent %s: %w", name, err)
	}
	a, err := r.factory(opts)
	if err != nil {
		return nil, fmt.Errorf("agent %s: %w", name, err)
	}
	return a, nil
}
