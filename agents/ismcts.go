package agents

import (
	"fmt"
	"math"
	"sync"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

func init() {
	Register("ismcts", "information-set Monte Carlo tree search over determinizations (iters, c, depth, rollout, workers)",
		func(opts env.Options) (Agent, error) { return NewISMCTS(opts) })
}

// ISMCTS is single-observer information-set Monte Carlo tree search: each
// iteration determinizes the acting seat's information set (the state's
// Determinize resamples what it cannot see), walks one tree whose edges are
// action codes (stable across determinizations), expands one action, plays the
// rest out with a rollout policy and backs up the team score. With workers > 1
// it runs one tree per worker (root parallelism) and sums the root visits;
// results depend only on the seed, not on scheduling.
type ISMCTS struct {
	iters   int
	c       float64
	depth   int
	workers int
	rollout string
	seed    uint64
	calls   uint64
}

// NewISMCTS builds the agent from options: iters (iterations per decision,
// default 500), c (exploration constant, default 0.7), depth (rollout cut-off
// in decisions, default 400; a cut-off rollout scores 0), rollout (policy of
// the playouts: "random"), workers (trees searched in parallel, default 1).
func NewISMCTS(opts env.Options) (*ISMCTS, error) {
	a := &ISMCTS{c: 0.7, rollout: opts.Str("rollout", "random")}
	var err error
	if a.iters, err = opts.Int("iters", 500); err != nil {
		return nil, err
	}
	if a.depth, err = opts.Int("depth", 400); err != nil {
		return nil, err
	}
	if a.workers, err = opts.Int("workers", 1); err != nil {
		return nil, err
	}
	if v, ok := opts["c"]; ok {
		if _, err := fmt.Sscanf(v, "%g", &a.c); err != nil {
			return nil, fmt.Errorf("option c=%q: not a number", v)
		}
	}
	if a.iters < 1 || a.workers < 1 || a.depth < 1 {
		return nil, fmt.Errorf("iters, depth and workers must be at least 1")
	}
	if a.rollout != "random" {
		return nil, fmt.Errorf("rollout=%q: only random playouts exist so far", a.rollout)
	}
	for _, k := range opts.Keys() {
		switch k {
		case "iters", "c", "depth", "rollout", "workers":
		default:
			return nil, fmt.Errorf("unknown option %q (known: iters, c, depth, rollout, workers)", k)
		}
	}
	return a, nil
}

// Name implements [Agent].
func (a *ISMCTS) Name() string { return "ismcts" }

// Reset implements [Agent].
func (a *ISMCTS) Reset(seed uint64) { a.seed, a.calls = seed, 0 }

// node is one information-set node: its children are keyed by action code.
type node struct {
	code     game.ActionCode
	visits   float64
	avail    float64 // how often this edge was available when its parent was visited
	value    float64 // sum of backed-up scores
	children []*node
}

func (n *node) child(code game.ActionCode) *node {
	for _, c := range n.children {
		if c.code == code {
			return c
		}
	}
	return nil
}

// Act implements [Agent].
func (a *ISMCTS) Act(e env.Env, info *env.Info) int {
	root := e.State()
	p := root.Prompt()
	if len(p.Options) == 1 {
		return a.actionFor(e, 0)
	}
	a.calls++
	visits := make([]float64, len(p.Options))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < a.workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := game.NewRNG(game.DeriveSeed(a.seed, a.calls, uint64(w)))
			tree := a.search(root, a.iters/a.workers+boolInt(w < a.iters%a.workers), &rng)
			mu.Lock()
			defer mu.Unlock()
			for i, o := range p.Options {
				if c := tree.child(o.Code); c != nil {
					visits[i] += c.visits
				}
			}
		}(w)
	}
	wg.Wait()
	best := 0
	for i := range visits {
		if visits[i] > visits[best] {
			best = i
		}
	}
	return a.actionFor(e, best)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// actionFor returns the action id that stands for option index choice.
func (a *ISMCTS) actionFor(e env.Env, choice int) int {
	for id := 0; id < e.Spec().Actions; id++ {
		if c, ok := e.Decode(id); ok && c == choice {
			return id
		}
	}
	return -1
}

// search runs iters iterations from the acting seat's information set.
func (a *ISMCTS) search(root game.State, iters int, rng *game.RNG) *node {
	tree := &node{}
	viewer := root.Prompt().Actor
	path := make([]*node, 0, 64)
	for it := 0; it < iters; it++ {
		s := root.Clone()
		s.Determinize(viewer, rng)
		n := tree
		path = append(path[:0], n)
		// Selection and expansion.
		for !s.Over() {
			opts := s.Prompt().Options
			var untried []int
			for i, o := range opts {
				c := n.child(o.Code)
				if c == nil {
					untried = append(untried, i)
				} else {
					c.avail++
				}
			}
			if len(untried) > 0 {
				i := untried[rng.IntN(len(untried))]
				c := &node{code: opts[i].Code, avail: 1}
				n.children = append(n.children, c)
				s.Apply(i)
				path = append(path, c)
				break
			}
			bestI, bestU := 0, math.Inf(-1)
			for i, o := range opts {
				c := n.child(o.Code)
				u := c.value/c.visits + a.c*math.Sqrt(math.Log(c.avail)/c.visits)
				if u > bestU {
					bestI, bestU = i, u
				}
			}
			n = n.child(opts[bestI].Code) // before Apply reuses the options
			s.Apply(bestI)
			path = append(path, n)
		}
		// Playout.
		for d := 0; d < a.depth && !s.Over(); d++ {
			s.Apply(rng.IntN(len(s.Prompt().Options)))
		}
		score := 0.0
		if s.Over() {
			score = s.Score()
		}
		for _, n := range path {
			n.visits++
			n.value += score
		}
	}
	return tree
}
