package train

import (
	"fmt"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// maxLearnerless is how many episodes in a row may end without a decision
// of a learning seat before opponentEnv gives up (the seats never act).
const maxLearnerless = 10_000

// skippedEpisode is an episode that ended before any learning seat acted:
// its learning-side score and its length.
type skippedEpisode struct {
	score  float32
	length int32
}

// opponentEnv plays the opponent seats of a seatPlan inside the env, so that
// its caller sees only the learning seats' decisions:
//
//   - Step plays the learning seat's action, then the opponents' until a
//     learning seat acts again or the episode ends. Its Reward is the reward
//     of the seat that took the action (env.Info.Rewards: the seat's side
//     times the team's reward, shaping included) summed over those steps;
//     Info.Rewards sums every seat's.
//   - Info.Score is the learning side's result: the team's score times the
//     plan's side (for Machina's monster seat, −score).
//   - Reset(seed) plays episode seed, and when it ends before any learning
//     decision (Machina's monster seat acts only once a pioneer has died),
//     episode game.DeriveSeed(seed, 0x5e1f, k) for k = 1, 2, … until one
//     reaches a learning decision; the skipped episodes' results are kept
//     for the trainer's statistics (takeSkipped).
//
// Every opponent seat has its own agent, reset at each episode with
// game.DeriveSeed(episode seed, 0x0990, seat), so an episode is a function of
// its seed and the learning seats' actions: replaying them (a checkpoint's
// EnvCursor) rebuilds it exactly.
//
// Seats whose spec is [LeagueAgent] are played by one member of the league
// per episode, drawn from the episode's seed (league.pick) and sampling from
// its policy; the draws of the last Reset are kept in picks (an EnvCursor's
// League), and forced replays them when a checkpoint resumes.
type opponentEnv struct {
	env.Wrapper
	plan    *seatPlan
	agents  []agents.Agent // by seat; nil for a learning seat
	rewards []float64
	skipped []skippedEpisode

	lg          *league
	leagueSeats []int
	policies    map[int32]*Policy // by league member, built on first use
	picks       []int32
	forced      []int32
}

// newOpponentEnv wraps e with plan's opponents (built from their specs;
// league seats play lg's members).
func newOpponentEnv(e env.Env, plan *seatPlan, lg *league) (*opponentEnv, error) {
	o := &opponentEnv{Wrapper: env.Wrapper{Env: e}, plan: plan, lg: lg, policies: map[int32]*Policy{},
		agents: make([]agents.Agent, len(plan.learn)), rewards: make([]float64, len(plan.learn))}
	for _, f := range plan.fixed {
		i, err := agents.SeatIndex(e.Spec(), f.Seat)
		if err != nil {
			return nil, err
		}
		if f.Agent == LeagueAgent {
			if lg == nil {
				return nil, fmt.Errorf("seat %s: a league opponent without a league", e.Spec().Agents[i])
			}
			o.leagueSeats = append(o.leagueSeats, i)
			continue
		}
		a, err := agents.New(f.Agent)
		if err != nil {
			return nil, fmt.Errorf("opponent of seat %s: %w", e.Spec().Agents[i], err)
		}
		if err := agents.CheckEnv(a, e); err != nil {
			return nil, fmt.Errorf("opponent of seat %s: %w", e.Spec().Agents[i], err)
		}
		o.agents[i] = a
	}
	return o, nil
}

// learning reports whether seat is a learning seat.
func (o *opponentEnv) learning(seat game.AgentID) bool {
	return seat >= 0 && int(seat) < len(o.plan.learn) && o.plan.learn[seat]
}

// Reset implements env.Env.
func (o *opponentEnv) Reset(seed uint64) (encode.Obs, env.Info) {
	for k := uint64(0); ; k++ {
		s := seed
		if k > 0 {
			s = game.DeriveSeed(seed, 0x5e1f, k)
		}
		if k > maxLearnerless {
			panic(fmt.Sprintf("train: %d episodes in a row from seed %d ended before any learning seat acted", maxLearnerless, seed))
		}
		if k == 0 {
			o.picks = o.picks[:0]
		}
		if len(o.leagueSeats) > 0 {
			o.seatLeague(s, int(k))
		}
		obs, info := o.Env.Reset(s)
		for i, a := range o.agents {
			if a != nil {
				a.Reset(game.DeriveSeed(s, 0x0990, uint64(i)))
			}
		}
		tr := env.Transition{Obs: obs, Info: info}
		if err := o.play(&tr); err != nil {
			panic(fmt.Sprintf("train: an opponent's action was refused: %v", err))
		}
		clear(o.rewards)
		if !tr.Done() {
			o.forced = nil
			tr.Info.Rewards = o.rewards
			tr.Info.Score *= o.plan.side
			return tr.Obs, tr.Info
		}
		o.skipped = append(o.skipped, skippedEpisode{score: float32(o.plan.side * tr.Info.Score), length: int32(tr.Info.Steps)})
	}
}

// Step implements env.Env.
func (o *opponentEnv) Step(action int) (env.Transition, error) {
	seat := o.Env.State().Prompt().Actor
	tr, err := o.Env.Step(action)
	if err != nil {
		return tr, err
	}
	clear(o.rewards)
	for i, r := range tr.Info.Rewards {
		o.rewards[i] += r
	}
	if err := o.play(&tr); err != nil {
		return tr, fmt.Errorf("an opponent's action was refused: %w", err)
	}
	tr.Reward = 0
	if int(seat) >= 0 && int(seat) < len(o.rewards) {
		tr.Reward = o.rewards[seat]
	}
	tr.Info.Rewards = o.rewards
	tr.Info.Score *= o.plan.side
	return tr, nil
}

// seatLeague seats the league member of the k-th episode of a Reset (from
// seed, or replayed from forced) in the league seats.
func (o *opponentEnv) seatLeague(seed uint64, k int) {
	var id int32
	if k < len(o.forced) {
		id = o.forced[k]
	} else {
		o.forced = nil
		id = o.lg.pick(seed)
	}
	o.picks = append(o.picks, id)
	p := o.policies[id]
	if p == nil {
		m := o.lg.find(id)
		if m == nil {
			panic(fmt.Sprintf("train: league member %d is not in the league", id))
		}
		p = NewPolicy(m, true)
		o.policies[id] = p
	}
	for _, i := range o.leagueSeats {
		o.agents[i] = p
	}
}

// play lets the opponents act while the episode goes on and an opponent seat
// is to act, adding every seat's rewards into o.rewards.
func (o *opponentEnv) play(tr *env.Transition) error {
	for !tr.Done() && !o.learning(tr.Info.Agent) {
		a := o.agents[tr.Info.Agent]
		if a == nil {
			return fmt.Errorf("seat %d acts and has neither an opponent nor a learner", tr.Info.Agent)
		}
		next, err := o.Env.Step(a.Act(o.Env, &tr.Info))
		if err != nil {
			return err
		}
		for i, r := range next.Info.Rewards {
			o.rewards[i] += r
		}
		*tr = next
	}
	return nil
}

// takeSkipped returns the episodes skipped since the last call (a view valid
// until the next Reset) and forgets them.
func (o *opponentEnv) takeSkipped() []skippedEpisode {
	s := o.skipped
	o.skipped = o.skipped[:0]
	return s
}
