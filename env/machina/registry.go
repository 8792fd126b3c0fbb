package machina

// GoEffect is a card's own rules in Go, for what the effect vocabulary cannot
// say (the escape hatch): it runs as one effect of an ability, with the
// ability's user and target. Each is registered once, under the card's id,
// in the file of that card's family (cards_go.go).
type GoEffect func(s *State, x *EffectCtx)

// FinaleRule is a finale's rules in Go (MA §14.8, §21.6).
type FinaleRule struct {
	// Setup runs when the finale starts.
	Setup func(s *State)
	// HorrorStart runs at the start of each horror phase.
	HorrorStart func(s *State)
	// Won and Lost are checked after every step.
	Won, Lost func(s *State) bool
	// Progress is how far the pioneers are toward Won, in [0, 1], for
	// shaping and agents (State.FinaleProgress); nil reads 0.
	Progress func(s *State) float64
}

var goEffects = map[string]GoEffect{}

var finaleRules = map[string]FinaleRule{}

func registerEffect(name string, f GoEffect) { goEffects[name] = f }
