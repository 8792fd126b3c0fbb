package serve

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// maxSkippedEpisodes bounds how many episodes in a row an auto-reset env may
// start that end before the client's first decision (bots only) before the
// server gives up with INTERNAL.
const maxSkippedEpisodes = 100

// botSeed is mixed into an episode's seed to seed its bots.
const botSeed = 0x626f74 // "bot"

// checkBots validates OpenRequest.bots against the spec of probe (an env of
// the session's id and options): seats in range, at least one seat left to
// the client, every spec known to agents.New and fit for the env. It returns
// the bot seats as a per-seat table of specs ("" for the client's seats), or
// nil when there are no bots.
//
// Search budgets are capped by cfg (see capBudget): a spec asking for more
// plays with the cap, and the table holds the capped spec.
func checkBots(bots map[int32]string, probe env.Env, cfg Config) ([]string, error) {
	if len(bots) == 0 {
		return nil, nil
	}
	spec := probe.Spec()
	seats := len(spec.Agents)
	table := make([]string, seats)
	for _, seat := range sortedSeats(bots) {
		name := capBudget(bots[seat], cfg.MaxBotIters, cfg.MaxBotMillis)
		if seat < 0 || int(seat) >= seats {
			return nil, status.Errorf(codes.InvalidArgument, "bots: seat %d is out of range: %s has %d seats (0 to %d: %s)", seat, spec.ID, seats, seats-1, strings.Join(spec.Agents, ", "))
		}
		a, err := agents.New(name)
		if err != nil {
			return nil, status.Errorf(codes.InvalidArgument, "bots: seat %d: %s", seat, scrub(err.Error(), specTexts(bots[seat])...))
		}
		if err := agents.CheckEnv(a, probe); err != nil {
			return nil, status.Errorf(codes.InvalidArgument, "bots: seat %d: agent %s cannot play %s: %s", seat, clip(name), spec.ID, scrub(err.Error(), specTexts(bots[seat])...))
		}
		table[seat] = name
	}
	if len(bots) >= seats {
		return nil, status.Errorf(codes.InvalidArgument, "bots: every seat of %s (%d) is a bot: leave at least one seat to the client", spec.ID, seats)
	}
	return table, nil
}

// Agent options that are search budgets per decision, capped by the server.
const (
	budgetIters  = "iters"
	budgetMillis = "ms"
)

// capBudget returns an agent spec ("name:key=value,…") with its search
// budgets (iters, ms) at most maxIters and maxMillis: "ismcts:iters=1e9"
// becomes "ismcts:iters=MAXITERS". A spec whose options do not parse is
// returned as it is (agents.New then refuses it).
func capBudget(spec string, maxIters, maxMillis int) string {
	name, rest, ok := strings.Cut(spec, ":")
	if !ok {
		return spec
	}
	opts, err := env.ParseOptions(rest)
	if err != nil {
		return spec
	}
	changed := false
	for key, limit := range map[string]int{budgetIters: maxIters, budgetMillis: maxMillis} {
		v, ok := opts[key]
		if !ok {
			continue
		}
		if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f > float64(limit) {
			opts[key] = strconv.Itoa(limit)
			changed = true
		}
	}
	if !changed {
		return spec
	}
	return name + ":" + opts.String()
}

// ContextActor is an [agents.Agent] whose move can stop early: a server-side
// bot that implements it is asked for its moves with ActContext and the
// context of the call that runs it, and should return soon after ctx ends
// (any legal action; it is not played). Other agents are stopped between
// moves.
type ContextActor interface {
	ActContext(ctx context.Context, e env.Env, info *env.Info) int
}

// sortedSeats lists the seats of bots in increasing order.
func sortedSeats(bots map[int32]string) []int32 {
	seats := make([]int32, 0, len(bots))
	for s := range bots {
		seats = append(seats, s)
	}
	sort.Slice(seats, func(i, j int) bool { return seats[i] < seats[j] })
	return seats
}

// botsText renders a bot table for logs ("1=heuristic"), empty without bots.
func botsText(table []string) string {
	var parts []string
	for seat, name := range table {
		if name != "" {
			parts = append(parts, fmt.Sprintf("%d=%s", seat, name))
		}
	}
	return strings.Join(parts, " ")
}

// newBots builds the bots of every env: bots[i][seat] plays seat of env i
// (nil for the client's seats).
func newBots(table []string, n int) ([][]agents.Agent, error) {
	bots := make([][]agents.Agent, n)
	for i := range bots {
		bots[i] = make([]agents.Agent, len(table))
		for seat, name := range table {
			if name == "" {
				continue
			}
			a, err := agents.New(name)
			if err != nil {
				return nil, err
			}
			bots[i][seat] = a
		}
	}
	return bots, nil
}

// botError is a bot's failure in an env: an illegal action or an error of
// the env's Step on the bot's action.
type botError struct {
	env, seat int
	agent     string
	err       error
}

func (e *botError) Error() string {
	return fmt.Sprintf("env %d: bot %q at seat %d failed: %v; the env is stopped: reset it to go on", e.env, e.agent, e.seat, e.err)
}

// errStopped is playBots' answer when the call's context ended: the env is
// stopped (run turns it into DEADLINE_EXCEEDED or CANCELED).
var errStopped = status.Error(codes.Canceled, "the call ended while the server's bots were playing")

// isBot reports whether seat a of the session is played by the server.
func (s *session) isBot(a game.AgentID) bool {
	return a >= 0 && int(a) < len(s.botTable) && s.botTable[a] != ""
}

// addCarry adds a step's rewards to env i's bot carry.
func (s *session) addCarry(i int, tr *env.Transition) {
	a := len(s.spec.Agents)
	s.carry[i] += tr.Reward
	for k, r := range tr.Info.Rewards {
		s.carryAgents[i*a+k] += r
	}
}

// takeCarry moves env i's carried rewards into its reward row.
func (s *session) takeCarry(i int) {
	a := len(s.spec.Agents)
	s.reward[i] = float32(s.carry[i])
	for k := range a {
		s.agentRewards[i*a+k] = float32(s.carryAgents[i*a+k])
	}
	s.carry[i] = 0
	clear(s.carryAgents[i*a : (i+1)*a])
}

// playBots steps env i with its bots while a bot seat is to act in tr
// (which it updates), adding the rewards to the env's carry.
func (s *session) playBots(i int, tr *env.Transition) error {
	for !tr.Done() && s.isBot(tr.Info.Agent) {
		seat := int(tr.Info.Agent)
		bot := s.bots[i][seat]
		if s.ctx != nil && s.ctx.Err() != nil {
			return errStopped
		}
		var act int
		if c, ok := bot.(ContextActor); ok && s.ctx != nil {
			act = c.ActContext(s.ctx, s.envs[i], &tr.Info)
			if s.ctx.Err() != nil {
				return errStopped
			}
		} else {
			act = bot.Act(s.envs[i], &tr.Info)
		}
		if _, ok := s.envs[i].Decode(act); !ok {
			return &botError{env: i, seat: seat, agent: bot.Name(), err: &env.IllegalActionError{Action: act, Actions: s.spec.Actions, Agent: tr.Info.Agent}}
		}
		next, err := s.envs[i].Step(act)
		if err != nil {
			return &botError{env: i, seat: seat, agent: bot.Name(), err: err}
		}
		*tr = next
		s.addCarry(i, tr)
	}
	return nil
}

// stopEnv leaves env i stopped after a bot's failure: no seat to act, an
// empty mask, no carried rewards; Step refuses it until it is reset.
func (s *session) stopEnv(i int) {
	a := len(s.spec.Agents)
	s.over[i], s.failed[i] = true, true
	s.agent[i] = -1
	clear(s.mask[i*s.spec.Actions : (i+1)*s.spec.Actions])
	s.carry[i] = 0
	clear(s.carryAgents[i*a : (i+1)*a])
}

// CapBudget returns agent spec with its search budgets (options iters and
// ms) at most maxIters and maxMillis, as the server caps its bots (mythos
// web caps its bots the same way).
func CapBudget(spec string, maxIters, maxMillis int) string {
	return capBudget(spec, maxIters, maxMillis)
}
