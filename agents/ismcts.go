package agents

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

func init() {
	Register("ismcts", "information-set Monte Carlo tree search over determinizations (iters or ms, c, depth, rollout=random|heuristic, prior=none|heuristic, workers)",
		func(opts env.Options) (Agent, error) { return NewISMCTS(opts) })
}

// ISMCTS is single-observer information-set Monte Carlo tree search: each
// iteration determinizes the acting seat's information set (the state's
// Determinize resamples what it cannot see), walks one tree whose edges are
// action codes (stable across determinizations), expands one action, plays the
// rest out with a rollout policy and backs up the team score, seen at each
// edge from the side of the seat that chose it (game.SideOf: the monster side
// of Machina Arcana minimizes what the pioneers maximize). A playout cut off
// at depth scores the policy's estimate when it has one (the heuristic
// policy does), else 0.
//
// Selection is UCB1 over the edges available in the determinization, each
// untried edge expanded first; with prior=heuristic it is PUCT instead
// (value + c·P·√N/(1+n), untried edges valued at their siblings' mean), P
// putting share pw of the mass on the heuristic's own choice at that node,
// so the search starts from the heuristic's line and leaves it where the
// playouts say it pays. With workers > 1 it runs one tree per worker (root
// parallelism) and sums the root visits. With an iteration budget the result
// depends only on the seed, never on scheduling; a millisecond budget (ms)
// trades that for a fixed time per decision.
type ISMCTS struct {
	iters   int
	ms      int
	c       float64
	depth   int
	workers int
	policy  RolloutPolicy
	prior   RolloutPolicy // nil: UCB1 with expansion of every untried edge
	pw      float64       // the prior's share on prior's choice
	seed    uint64
	calls   uint64
}

// ismctsOptions are the option names NewISMCTS accepts.
var ismctsOptions = []string{"iters", "ms", "c", "depth", "rollout", "prior", "pw", "workers"}

// NewISMCTS builds the agent from options: iters (iterations per decision,
// default 500), ms (a time budget per decision in milliseconds instead of
// iters; not reproducible), c (exploration constant, default 0.7), depth
// (playout cut-off in decisions, default 400), rollout (playout policy, default
// "heuristic", or "random"), prior ("none", default, or "heuristic": PUCT
// selection led by the heuristic's choice), pw (the prior's share on that
// choice, default 0.5), workers (trees searched in parallel, default 1).
func NewISMCTS(opts env.Options) (*ISMCTS, error) {
	if err := opts.Only(ismctsOptions...); err != nil {
		return nil, err
	}
	a := &ISMCTS{c: 0.7, pw: 0.5}
	var err error
	if a.iters, err = opts.Int("iters", 500); err != nil {
		return nil, err
	}
	if a.ms, err = opts.Int("ms", 0); err != nil {
		return nil, err
	}
	if a.depth, err = opts.Int("depth", 400); err != nil {
		return nil, err
	}
	if a.workers, err = opts.Int("workers", 1); err != nil {
		return nil, err
	}
	if v, ok := opts["c"]; ok {
		if a.c, err = strconv.ParseFloat(v, 64); err != nil || a.c < 0 || math.IsNaN(a.c) || math.IsInf(a.c, 0) {
			return nil, fmt.Errorf("option c=%q: want a number ≥ 0", v)
		}
	}
	if v, ok := opts["pw"]; ok {
		if a.pw, err = strconv.ParseFloat(v, 64); err != nil || !(a.pw >= 0 && a.pw <= 1) {
			return nil, fmt.Errorf("option pw=%q: want a number from 0 to 1", v)
		}
	}
	if a.iters < 1 || a.workers < 1 || a.depth < 1 || a.ms < 0 {
		return nil, fmt.Errorf("iters, depth and workers must be at least 1 and ms at least 0")
	}
	if _, hasIters := opts["iters"]; hasIters && a.ms > 0 {
		return nil, fmt.Errorf("give a budget in iters or in ms, not both")
	}
	switch rollout := opts.Str("rollout", "heuristic"); rollout {
	case "random":
		a.policy = RandomPolicy{}
	case "heuristic":
		a.policy = HeuristicPolicy{}
	default:
		return nil, fmt.Errorf("rollout=%q: want random or heuristic", rollout)
	}
	switch prior := opts.Str("prior", "none"); prior {
	case "none":
		if _, ok := opts["pw"]; ok {
			return nil, fmt.Errorf("option pw needs prior=heuristic")
		}
	case "heuristic":
		a.prior = HeuristicPolicy{}
	default:
		return nil, fmt.Errorf("prior=%q: want none or heuristic", prior)
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
	side     float64 // the side of the seat that chose this edge (game.SideOf)
	visits   float64
	avail    float64 // how often this edge was available when its parent was visited (UCB1)
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
func (a *ISMCTS) Act(e env.Env, info *env.Info) int { return a.act(e, info, nil) }

// ActContext is [ISMCTS.Act] that stops searching within one iteration of
// ctx's end (a server call's deadline or cancellation) and then returns the
// most visited option so far. Until ctx ends it searches exactly as Act
// does, so results with a context that does not end are Act's.
func (a *ISMCTS) ActContext(ctx context.Context, e env.Env, info *env.Info) int {
	return a.act(e, info, ctx.Done())
}

// act is Act, stopping the search when stop closes (nil: never).
func (a *ISMCTS) act(e env.Env, info *env.Info, stop <-chan struct{}) int {
	root := e.State()
	p := root.Prompt()
	if len(p.Options) == 1 {
		return a.actionFor(e, info, 0)
	}
	a.calls++
	var deadline time.Time
	if a.ms > 0 {
		deadline = time.Now().Add(time.Duration(a.ms) * time.Millisecond)
	}
	visits := make([]float64, len(p.Options))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < a.workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := game.NewRNG(game.DeriveSeed(a.seed, a.calls, uint64(w)))
			n := a.iters/a.workers + boolInt(w < a.iters%a.workers)
			tree := a.search(root, n, deadline, stop, &rng)
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
	return a.actionFor(e, info, best)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// actionFor returns the action id that stands for option index choice.
func (a *ISMCTS) actionFor(e env.Env, info *env.Info, choice int) int {
	rng := game.NewRNG(game.DeriveSeed(a.seed, a.calls, 1<<32))
	return ActionFor(e, info, choice, &rng)
}

// search runs iters iterations (or, with a deadline, as many as fit before
// it, at least one) from the acting seat's information set; it stops early,
// after at least one iteration, when stop closes.
func (a *ISMCTS) search(root game.State, iters int, deadline time.Time, stop <-chan struct{}, rng *game.RNG) *node {
	tree := &node{}
	viewer := root.Prompt().Actor
	path := make([]*node, 0, 64)
	untried := make([]int, 0, 16)
	eval, _ := a.policy.(Evaluator)
	if eval == nil {
		eval, _ = a.prior.(Evaluator)
	}
	for it := 0; ; it++ {
		if deadline.IsZero() {
			if it >= iters {
				break
			}
		} else if it > 0 && it%8 == 0 && time.Now().After(deadline) {
			break
		}
		if stop != nil && it > 0 {
			select {
			case <-stop:
				return tree
			default:
			}
		}
		s := root.Clone()
		s.Determinize(viewer, rng)
		n := tree
		path = append(path[:0], n)
		// Selection and expansion.
		for !s.Over() {
			p := s.Prompt()
			side := game.SideOf(s, p.Actor)
			var i int
			if a.prior != nil {
				i = a.selectPUCT(s, n, rng)
			} else {
				i = a.selectUCB(p.Options, n, &untried, rng)
			}
			c := n.child(p.Options[i].Code) // before Apply reuses the options
			expand := c == nil
			if expand {
				c = &node{code: p.Options[i].Code, avail: 1, side: side}
				n.children = append(n.children, c)
			}
			_ = s.Apply(i)
			path = append(path, c)
			n = c
			if expand {
				break
			}
		}
		// Playout.
		for d := 0; d < a.depth && !s.Over(); d++ {
			_ = s.Apply(a.policy.Choose(s, rng))
		}
		score := 0.0
		switch {
		case s.Over():
			score = s.Score()
		case eval != nil:
			score = eval.Evaluate(s)
		}
		for _, n := range path {
			n.visits++
			n.value += n.side * score
		}
	}
	return tree
}

// selectUCB picks an option at n by UCB1 over the edges available now (each
// counted as available), an untried one first (drawn uniformly).
func (a *ISMCTS) selectUCB(opts []game.Option, n *node, untried *[]int, rng *game.RNG) int {
	*untried = (*untried)[:0]
	for i, o := range opts {
		if c := n.child(o.Code); c == nil {
			*untried = append(*untried, i)
		} else {
			c.avail++
		}
	}
	if len(*untried) > 0 {
		return (*untried)[rng.IntN(len(*untried))]
	}
	bestI, bestU := 0, math.Inf(-1)
	for i, o := range opts {
		c := n.child(o.Code)
		u := c.value/c.visits + a.c*math.Sqrt(math.Log(c.avail)/c.visits)
		if u > bestU {
			bestI, bestU = i, u
		}
	}
	return bestI
}

// selectPUCT picks an option at n by PUCT with the prior policy: share pw of
// the prior on the prior's choice, the rest spread evenly; N counts the
// visits of the edges available now; an untried edge is valued at the mean
// of its tried siblings (0 when none is tried), so the first visit follows
// the prior.
func (a *ISMCTS) selectPUCT(s game.State, n *node, rng *game.RNG) int {
	opts := s.Prompt().Options
	k := float64(len(opts))
	h := a.prior.Choose(s, rng)
	total, sum := 1.0, 0.0
	for _, o := range opts {
		if c := n.child(o.Code); c != nil {
			total += c.visits
			sum += c.value
		}
	}
	fpu := 0.0
	if total > 1 {
		fpu = sum / (total - 1)
	}
	sqrtN := math.Sqrt(total)
	bestI, bestU := 0, math.Inf(-1)
	for i, o := range opts {
		p := (1 - a.pw) / k
		if i == h {
			p += a.pw
		}
		q, visits := fpu, 0.0
		if c := n.child(o.Code); c != nil {
			q, visits = c.value/c.visits, c.visits
		}
		if u := q + a.c*p*sqrtN/(1+visits); u > bestU {
			bestI, bestU = i, u
		}
	}
	return bestI
}
