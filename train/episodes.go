package train

import (
	"fmt"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// EnvCursor is where one training env stands: the number of episodes it has
// started, the current episode's seed and the actions taken in it so far. It
// is enough to rebuild the env exactly (reset with the seed, replay the
// actions), which is how a checkpoint resumes mid-episode.
type EnvCursor struct {
	Episode uint64  `json:"episode"`
	Seed    uint64  `json:"seed"`
	Actions []int32 `json:"actions"`
	// League lists the league members drawn by the episode's Reset (with
	// league opponents: one per episode it played, the skipped ones first).
	League []int32 `json:"league,omitempty"`
	// Stage is the curriculum stage (Config.Stages) of the episode.
	Stage int `json:"stage,omitempty"`
}

// clone returns a copy of c that shares no slice with it (Actions never
// nil: a checkpoint writes [] for an episode with none yet).
func (c *EnvCursor) clone() EnvCursor {
	d := *c
	d.Actions = append([]int32{}, c.Actions...)
	d.League = append([]int32(nil), c.League...)
	return d
}

// trainingEnv wraps one env of the training vector: it seeds episode k of env
// i with game.DeriveSeed(base, i, k) from its own counter, whatever seed the
// vector passes, and records the episode's actions. When a cursor is pending,
// the next Reset rebuilds that episode instead of starting a new one.
type trainingEnv struct {
	env.Env
	base, index uint64
	// opp is the env's opponent wrapper, when the run has opponents: the
	// current stage's of opps, one per curriculum stage.
	opp     *opponentEnv
	opps    []*opponentEnv
	cur     EnvCursor
	pending *EnvCursor
	err     error
	// stages holds the env of each curriculum stage (nil without stages)
	// and want points at the stage the run is in: a Reset moves the env to
	// it. stage is the current episode's stage, ended the last finished
	// one's.
	stages       []env.Env
	want         *int
	stage, ended int
}

// Reset implements env.Env.
func (t *trainingEnv) Reset(uint64) (encode.Obs, env.Info) {
	if p := t.pending; p != nil {
		t.pending = nil
		t.cur = p.clone()
		if t.opp != nil {
			t.opp.forced = append(t.opp.forced[:0], p.League...)
		}
		obs, info := t.Env.Reset(p.Seed)
		for k, a := range p.Actions {
			tr, err := t.Env.Step(int(a))
			if err != nil {
				t.err = fmt.Errorf("resuming env %d: replaying action %d of episode seed %d: %w", t.index, k, p.Seed, err)
				return obs, info
			}
			if tr.Done() {
				t.err = fmt.Errorf("resuming env %d: episode seed %d ended during the replay", t.index, p.Seed)
				return tr.Obs, tr.Info
			}
			obs, info = tr.Obs, tr.Info
		}
		return obs, info
	}
	t.ended = t.stage
	if t.stages != nil && *t.want != t.stage {
		t.stage = *t.want
		t.Env = t.stages[t.stage]
		if t.opps != nil {
			t.opp = t.opps[t.stage]
		}
	}
	t.cur.Stage = t.stage
	seed := game.DeriveSeed(t.base, t.index, t.cur.Episode)
	t.cur.Episode++
	t.cur.Seed = seed
	t.cur.Actions = t.cur.Actions[:0]
	obs, info := t.Env.Reset(seed)
	if t.opp != nil {
		t.cur.League = append(t.cur.League[:0], t.opp.picks...)
	}
	return obs, info
}

// Step implements env.Env.
func (t *trainingEnv) Step(action int) (env.Transition, error) {
	tr, err := t.Env.Step(action)
	if err == nil {
		t.cur.Actions = append(t.cur.Actions, int32(action))
	}
	return tr, err
}
