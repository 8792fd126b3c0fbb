package env

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
)

// Shaping option names (see docs/shaping.md).
const (
	// ShapingOption weighs the game's potential terms: "clues:0.1,act:1".
	ShapingOption = "shaping"
	// ShapingGammaOption is the γ of F = γΦ(s') − Φ(s).
	ShapingGammaOption = "shaping_gamma"
)

// PotentialTerm is one named term of a game's shaping potential Φ. The
// shaping option weighs terms by name; Φ(s) is the weighted sum.
type PotentialTerm struct {
	Name string
	Doc  string
	// Value is the term in state s while the game goes on (Φ is 0 once it
	// is over, whatever Value says). It must not allocate or change s.
	Value func(s game.State) float64
}

// ShapingOptions documents the shaping options of an env whose potential
// has terms; an Entry lists them among its own options.
func ShapingOptions(terms []PotentialTerm) []OptionDoc {
	var b strings.Builder
	b.WriteString("potential-based reward shaping, off when empty: comma-separated term:weight pairs, Φ(s) = Σ weight·term(s), Φ = 0 at the end, reward += γΦ(s') − Φ(s) per step (docs/shaping.md). Terms:")
	for i, t := range terms {
		if i > 0 {
			b.WriteByte(';')
		}
		fmt.Fprintf(&b, " `%s` %s", t.Name, t.Doc)
	}
	b.WriteByte('.')
	return []OptionDoc{
		{Name: ShapingOption, Default: "", Doc: b.String()},
		{Name: ShapingGammaOption, Default: "1", Doc: "the γ of the shaping term, in (0, 1]: set it to the learner's discount for exact policy invariance (per step of the wrapped env, i.e. per decision the agent sees with skip_trivial)"},
	}
}

// Shaping is a parsed shaping option: terms with nonzero weights and γ.
type Shaping struct {
	Gamma   float64
	Terms   []PotentialTerm
	Weights []float64
}

// ParseShaping reads the shaping options of opts against a game's terms. It
// returns nil, nil when shaping is off (no shaping option, or an empty one).
func ParseShaping(opts Options, terms []PotentialTerm) (*Shaping, error) {
	spec := strings.TrimSpace(opts[ShapingOption])
	gamma := 1.0
	if g, ok := opts[ShapingGammaOption]; ok && g != "" {
		v, err := strconv.ParseFloat(g, 64)
		if err != nil || !(v > 0 && v <= 1) {
			return nil, fmt.Errorf("option %s=%q: want a number in (0, 1]", ShapingGammaOption, g)
		}
		gamma = v
	}
	if spec == "" {
		return nil, nil
	}
	if len(terms) == 0 {
		return nil, fmt.Errorf("option %s: this env has no potential terms", ShapingOption)
	}
	known := make([]string, len(terms))
	for i, t := range terms {
		known[i] = t.Name
	}
	sh := &Shaping{Gamma: gamma}
	seen := map[string]bool{}
	for _, part := range strings.Split(spec, ",") {
		name, w, ok := strings.Cut(strings.TrimSpace(part), ":")
		name = strings.TrimSpace(name)
		if !ok {
			return nil, fmt.Errorf("option %s: %q: want term:weight (terms: %s)", ShapingOption, part, strings.Join(known, ", "))
		}
		idx := -1
		for i, t := range terms {
			if t.Name == name {
				idx = i
			}
		}
		if idx < 0 {
			return nil, fmt.Errorf("option %s: unknown term %q (terms: %s)", ShapingOption, name, strings.Join(known, ", "))
		}
		if seen[name] {
			return nil, fmt.Errorf("option %s: term %q given twice", ShapingOption, name)
		}
		seen[name] = true
		v, err := strconv.ParseFloat(strings.TrimSpace(w), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("option %s: %s:%q: the weight is not a finite number", ShapingOption, name, w)
		}
		if v != 0 {
			sh.Terms = append(sh.Terms, terms[idx])
			sh.Weights = append(sh.Weights, v)
		}
	}
	return sh, nil
}

// Potential is Φ(s): the weighted sum of the terms, 0 once the game is over.
func (sh *Shaping) Potential(s game.State) float64 {
	if s == nil || s.Over() {
		return 0
	}
	phi := 0.0
	for i, t := range sh.Terms {
		phi += sh.Weights[i] * t.Value(s)
	}
	return phi
}

// shaped adds γΦ(s') − Φ(s) to every step's reward (see Shape).
type shaped struct {
	Wrapper
	sh      *Shaping
	phi     float64 // Φ of the current state
	rewards []float64
}

// Shape wraps e so that each step's reward, team and per seat, gets
// γΦ(s') − Φ(s) added (per seat times the seat's side, game.SideOf), with Φ(s) = sh.Potential(s) (potential-based shaping,
// Ng, Harada and Russell 1999: the optimal policies do not change). Info.Score
// stays the game's own, unshaped result. With γ = 1 the shaping of an
// episode that ends sums to −Φ(s₀). A nil sh returns e itself. The wrapper
// allocates nothing per step.
func Shape(e Env, sh *Shaping) Env {
	if sh == nil {
		return e
	}
	return &shaped{Wrapper: Wrapper{e}, sh: sh, rewards: make([]float64, len(e.Spec().Agents))}
}

// shapeOptions applies the shaping options of opts to e, with the terms the
// registry holds for e's id (used by Wrap).
func shapeOptions(e Env, opts Options) (Env, error) {
	var terms []PotentialTerm
	if entry, err := Lookup(e.Spec().ID); err == nil {
		terms = entry.Potentials
	}
	sh, err := ParseShaping(opts, terms)
	if err != nil {
		return nil, err
	}
	return Shape(e, sh), nil
}

// Reset implements [Env].
func (w *shaped) Reset(seed uint64) (encode.Obs, Info) {
	obs, info := w.Env.Reset(seed)
	w.phi = w.sh.Potential(w.Env.State())
	return obs, info
}

// Step implements [Env].
func (w *shaped) Step(action int) (Transition, error) {
	tr, err := w.Env.Step(action)
	if err != nil {
		return tr, err
	}
	next := w.sh.Potential(w.Env.State())
	f := w.sh.Gamma*next - w.phi
	w.phi = next
	tr.Reward += f
	// A seat's reward is Side(seat) × the team's (game.Sides): a seat that
	// plays against the team (Machina's monsters once their side plays) is
	// shaped against the team's potential, and a seat with no stake not at all.
	n := copy(w.rewards, tr.Info.Rewards)
	st := w.Env.State()
	for i := range w.rewards[:n] {
		w.rewards[i] += game.SideOf(st, game.AgentID(i)) * f
	}
	tr.Info.Rewards = w.rewards[:n]
	return tr, nil
}
