package agents

import (
	"errors"
	"fmt"
	"sync"

	"github.com/mythos-rl/mythos/env"
)

func init() {
	Register("policy", "a neural policy loaded from a training checkpoint (ckpt=DIR; needs the training package's loader)",
		func(opts env.Options) (Agent, error) { return newPolicy(opts) })
}

// PolicyLoader builds an agent that acts with the neural policy saved in the
// checkpoint directory ckpt. opts holds the agent's other options (for
// example greedy=true). The training package registers one with
// [RegisterPolicyLoader]; the agents package does not depend on it.
type PolicyLoader func(ckpt string, opts env.Options) (Agent, error)

// ErrNoPolicyLoader is returned for the policy agent while no loader has been
// registered (the binary was built without the training package).
var ErrNoPolicyLoader = errors.New("no neural policy loader is registered: the training package (train) provides it; build a binary that imports it")

var (
	loaderMu sync.RWMutex
	loader   PolicyLoader
)

// RegisterPolicyLoader installs the loader of the "policy" agent. It panics
// if a loader is already installed.
func RegisterPolicyLoader(l PolicyLoader) {
	loaderMu.Lock()
	defer loaderMu.Unlock()
	if loader != nil {
		panic("agents: a policy loader is already registered")
	}
	loader = l
}

// newPolicy builds the "policy" agent: ckpt is required; the rest of the
// options go to the loader.
func newPolicy(opts env.Options) (Agent, error) {
	ckpt := opts.Str("ckpt", "")
	if ckpt == "" {
		return nil, fmt.Errorf("option ckpt=DIR (a training checkpoint directory) is required")
	}
	loaderMu.RLock()
	l := loader
	loaderMu.RUnlock()
	if l == nil {
		return nil, fmt.Errorf("ckpt=%s: %w", ckpt, ErrNoPolicyLoader)
	}
	return l(ckpt, opts.Without("ckpt"))
}
