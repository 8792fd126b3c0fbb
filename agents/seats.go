package agents

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// SeatAgent fixes the agent that plays one seat whatever agent is under
// test: "monsters=heuristic" pits every pioneer agent of an evaluation
// against the same monster side of Machina Arcana.
type SeatAgent struct {
	Seat  string // a seat name of the env's spec (env.Spec.Agents) or its number
	Agent string // an agent spec, e.g. "heuristic"
}

// String is the "seat=agent" form ParseSeatAgent reads.
func (sa SeatAgent) String() string { return sa.Seat + "=" + sa.Agent }

// ParseSeatAgent reads "seat=agent spec" (the spec may hold its own options:
// "monsters=ismcts:iters=100").
func ParseSeatAgent(s string) (SeatAgent, error) {
	seat, spec, ok := strings.Cut(s, "=")
	if !ok || seat == "" || spec == "" {
		return SeatAgent{}, fmt.Errorf("seat agent %q: want SEAT=AGENT, e.g. monsters=heuristic", s)
	}
	if _, err := New(spec); err != nil {
		return SeatAgent{}, fmt.Errorf("seat agent %q: %w", s, err)
	}
	return SeatAgent{Seat: seat, Agent: spec}, nil
}

// seated plays the fixed seats with their own agents and every other seat
// with the agent under test.
type seated struct {
	base   Agent
	seats  []game.AgentID
	agents []Agent
	reseed func(seed uint64, k int) uint64
}

// Seated returns base with seat seats[k] played by agents[k]. Reset resets
// base with the episode's seed and agents[k] with reseed(seed, k); a seat
// not in seats is base's.
func Seated(base Agent, seats []game.AgentID, agents []Agent, reseed func(seed uint64, k int) uint64) Agent {
	return &seated{base: base, seats: seats, agents: agents, reseed: reseed}
}

// SeatIndex resolves a seat of spec named as in spec.Agents or by number.
func SeatIndex(spec *env.Spec, seat string) (int, error) {
	for i, name := range spec.Agents {
		if name == seat {
			return i, nil
		}
	}
	if n, err := strconv.Atoi(seat); err == nil && n >= 0 && n < len(spec.Agents) {
		return n, nil
	}
	return -1, fmt.Errorf("seat %q: %s has seats %s (or their numbers 0-%d)", seat, spec.ID, strings.Join(spec.Agents, ", "), len(spec.Agents)-1)
}

// WithSeats returns base with the seats of fixed played by their own agents
// (each built from its spec and reset with a seed derived from the
// episode's). Seats are named as in spec or by number; an unknown or
// repeated one is an error. With no fixed seats it returns base itself.
func WithSeats(base Agent, spec *env.Spec, fixed []SeatAgent) (Agent, error) {
	if len(fixed) == 0 {
		return base, nil
	}
	var seats []game.AgentID
	var as []Agent
	for _, f := range fixed {
		id, err := SeatIndex(spec, f.Seat)
		if err != nil {
			return nil, err
		}
		if slices.Contains(seats, game.AgentID(id)) {
			return nil, fmt.Errorf("seat %q given twice", f.Seat)
		}
		a, err := New(f.Agent)
		if err != nil {
			return nil, fmt.Errorf("seat %s: %w", f.Seat, err)
		}
		seats, as = append(seats, game.AgentID(id)), append(as, a)
	}
	return Seated(base, seats, as, func(seed uint64, k int) uint64 { return game.DeriveSeed(seed, 0x5ea7, uint64(k)) }), nil
}

// Name implements [Agent]: the agent under test's name.
func (s *seated) Name() string { return s.base.Name() }

// Reset implements [Agent].
func (s *seated) Reset(seed uint64) {
	s.base.Reset(seed)
	for k, a := range s.agents {
		a.Reset(s.reseed(seed, k))
	}
}

// Act implements [Agent]: the fixed seat's agent when that seat acts.
func (s *seated) Act(e env.Env, info *env.Info) int {
	for k, id := range s.seats {
		if id == info.Agent {
			return s.agents[k].Act(e, info)
		}
	}
	return s.base.Act(e, info)
}

// CheckEnv implements [EnvChecker] for every agent inside.
func (s *seated) CheckEnv(e env.Env) error {
	if err := CheckEnv(s.base, e); err != nil {
		return err
	}
	for _, a := range s.agents {
		if err := CheckEnv(a, e); err != nil {
			return err
		}
	}
	return nil
}
