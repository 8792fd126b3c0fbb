package train

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// SeatsConfig splits an env's seats into learning seats, whose decisions
// train the network, and opponent seats, played inside the rollout by fixed
// agents (Machina Arcana's monster side learning against heuristic pioneers).
// The zero value (no Learn) trains every seat, as without the block.
type SeatsConfig struct {
	// Learn names the learning seats (names of env.Spec.Agents or their
	// numbers). Empty: every seat learns and no opponent plays.
	Learn []string `yaml:"learn"`
	// Opponent is the agent spec (agents.New: heuristic, random,
	// policy:ckpt=DIR, …) that plays every seat not in Learn.
	Opponent string `yaml:"opponent"`
	// Opponents overrides Opponent for single seats: "SEAT=AGENT" entries,
	// as `mythos run --seat` reads them.
	Opponents []string `yaml:"opponents"`
	// LeagueEvery adds the network to the league every this many updates
	// (with "league" opponents; it joins once when PPO starts too).
	LeagueEvery int `yaml:"league_every"`
	// LeagueSize is the number of league members kept (the oldest dropped
	// first, except the first one).
	LeagueSize int `yaml:"league_size"`
}

// specs lists the opponent agent specs: Opponent then the Opponents'.
func (s *SeatsConfig) specs() []string {
	out := []string{s.Opponent}
	for _, o := range s.Opponents {
		_, spec, _ := strings.Cut(o, "=")
		out = append(out, spec)
	}
	return out
}

// usesLeague reports whether some opponent seat is played by the league.
func (s *SeatsConfig) usesLeague() bool {
	return s.active() && slices.Contains(s.specs(), LeagueAgent)
}

// active reports whether the block splits the seats at all.
func (s *SeatsConfig) active() bool { return len(s.Learn) > 0 }

// validate checks what can be checked without the env's spec.
func (s *SeatsConfig) validate() error {
	if !s.active() {
		if s.Opponent != "" || len(s.Opponents) > 0 {
			return fmt.Errorf("config seats: opponent(s) given without seats.learn")
		}
		return nil
	}
	if s.Opponent == "" {
		return fmt.Errorf("config seats.opponent: an agent spec is needed for the seats that do not learn")
	}
	if s.usesLeague() && s.LeagueEvery < 1 {
		return fmt.Errorf("config seats.league_every=%d: must be at least 1 with league opponents", s.LeagueEvery)
	}
	if s.usesLeague() && s.LeagueSize < 1 {
		return fmt.Errorf("config seats.league_size=%d: must be at least 1 with league opponents", s.LeagueSize)
	}
	if _, err := agents.New(s.Opponent); err != nil && !isPolicySpec(s.Opponent) && s.Opponent != LeagueAgent {
		return fmt.Errorf("config seats.opponent=%q: %w", s.Opponent, err)
	}
	for _, o := range s.Opponents {
		seat, spec, ok := strings.Cut(o, "=")
		if !ok || seat == "" || spec == "" {
			return fmt.Errorf("config seats.opponents %q: want SEAT=AGENT, e.g. monsters=heuristic", o)
		}
		if _, err := agents.New(spec); err != nil && !isPolicySpec(spec) && spec != LeagueAgent {
			return fmt.Errorf("config seats.opponents %q: %w", o, err)
		}
	}
	return nil
}

// isPolicySpec reports a "policy" agent spec; its checkpoint is only loaded
// when the run starts (the loader may not be registered while parsing).
func isPolicySpec(spec string) bool {
	name, _, _ := strings.Cut(spec, ":")
	return name == "policy"
}

// seatPlan is a SeatsConfig resolved against an env's spec.
type seatPlan struct {
	// learn[s] is true for a learning seat.
	learn []bool
	// first is the lowest learning seat; side is its side (game.SideOf) at
	// the start of an episode: a result's sign for the learning side.
	first game.AgentID
	side  float64
	// fixed are the opponent seats with their agent specs, in seat order.
	fixed []agents.SeatAgent
}

// newSeatPlan resolves s for e (reset with seed to read the learning side).
// It returns nil when every seat learns.
func newSeatPlan(s *SeatsConfig, e env.Env, seed uint64) (*seatPlan, error) {
	if !s.active() {
		return nil, nil
	}
	spec := e.Spec()
	p := &seatPlan{learn: make([]bool, len(spec.Agents)), first: -1}
	for _, name := range s.Learn {
		i, err := agents.SeatIndex(spec, name)
		if err != nil {
			return nil, fmt.Errorf("config seats.learn: %w", err)
		}
		if p.learn[i] {
			return nil, fmt.Errorf("config seats.learn: seat %q given twice", name)
		}
		p.learn[i] = true
	}
	p.first = game.AgentID(slices.Index(p.learn, true))
	agentOf := make([]string, len(spec.Agents))
	for i := range agentOf {
		if !p.learn[i] {
			agentOf[i] = s.Opponent
		}
	}
	for _, o := range s.Opponents {
		seat, spec2, _ := strings.Cut(o, "=")
		i, err := agents.SeatIndex(spec, seat)
		if err != nil {
			return nil, fmt.Errorf("config seats.opponents: %w", err)
		}
		if p.learn[i] {
			return nil, fmt.Errorf("config seats.opponents %q: seat %s learns", o, spec.Agents[i])
		}
		agentOf[i] = spec2
	}
	for i, a := range agentOf {
		if a != "" {
			p.fixed = append(p.fixed, agents.SeatAgent{Seat: strconv.Itoa(i), Agent: a})
		}
	}
	if len(p.fixed) == 0 {
		return nil, fmt.Errorf("config seats.learn: every seat of %s learns; leave seats out instead", spec.ID)
	}
	e.Reset(seed)
	p.side = game.SideOf(e.State(), p.first)
	if p.side == 0 {
		return nil, fmt.Errorf("config seats.learn: seat %s has no stake in %s with these options (game.SideOf is 0)", spec.Agents[p.first], spec.ID)
	}
	return p, nil
}

// newSeatedAgent seats learner in plan's learning seats of e and every
// other seat's opponent in its own (league seats: a greedy policy of
// first), each reset as opponentEnv resets it: the evaluations' counterpart
// of opponentEnv.
func newSeatedAgent(learner agents.Agent, e env.Env, plan *seatPlan, first *Model) (agents.Agent, error) {
	var seats []game.AgentID
	var opps []agents.Agent
	for _, f := range plan.fixed {
		i, err := agents.SeatIndex(e.Spec(), f.Seat)
		if err != nil {
			return nil, err
		}
		var a agents.Agent
		if f.Agent == LeagueAgent {
			a = NewPolicy(first, false)
		} else if a, err = agents.New(f.Agent); err != nil {
			return nil, fmt.Errorf("opponent of seat %s: %w", e.Spec().Agents[i], err)
		}
		seats, opps = append(seats, game.AgentID(i)), append(opps, a)
	}
	return agents.Seated(learner, seats, opps, func(seed uint64, k int) uint64 {
		return game.DeriveSeed(seed, 0x0990, uint64(seats[k]))
	}), nil
}

// SeatsLine describes the run's seats for people: which learn, who plays
// the others, and that win rates are the learning side's. It is empty when
// every seat learns.
func (t *Trainer) SeatsLine() string {
	if t.plan == nil {
		return ""
	}
	spec := t.vec.Spec()
	var learn, opp []string
	for i, l := range t.plan.learn {
		if l {
			learn = append(learn, spec.Agents[i])
		}
	}
	for _, f := range t.plan.fixed {
		i, _ := agents.SeatIndex(spec, f.Seat)
		opp = append(opp, spec.Agents[i]+"="+f.Agent)
	}
	return fmt.Sprintf("learning seats: %s; opponents: %s (win rates are the learning side's)", strings.Join(learn, ", "), strings.Join(opp, ", "))
}

// OpponentSeats are the seats that a checkpoint's network did not learn,
// each with the agent that played it in training (seats.opponent, or its
// seats.opponents entry), and the learned seats, all named as in e's spec:
// what an evaluation fixes so that the agents under test play the learned
// seats (mythos bench places a monster-side checkpoint so). Both are nil
// when every seat learned; league opponents, which live only inside a run,
// are an error.
func OpponentSeats(cfg *Config, e env.Env) (fixed []agents.SeatAgent, learned []string, err error) {
	plan, err := newSeatPlan(&cfg.Seats, e, 0)
	if err != nil || plan == nil {
		return nil, nil, err
	}
	names := e.Spec().Agents
	for _, f := range plan.fixed {
		if f.Agent == LeagueAgent {
			return nil, nil, fmt.Errorf("seat %s was played by the run's league, which no evaluation outside the run can seat", f.Seat)
		}
		i, _ := strconv.Atoi(f.Seat)
		fixed = append(fixed, agents.SeatAgent{Seat: names[i], Agent: f.Agent})
	}
	for i, l := range plan.learn {
		if l {
			learned = append(learned, names[i])
		}
	}
	return fixed, learned, nil
}
