package serve

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// parallelMin is the batch size from which a step is spread over goroutines.
const parallelMin = 32

// session is a batch of N envs of one id opened by a client. Its methods are
// called with mu held; row i of every buffer belongs to env i. Episode k of
// env i is seeded with game.DeriveSeed(base, i, k), as env.Vector does.
type session struct {
	id        string
	spec      *env.Spec
	envs      []env.Env
	autoReset bool
	finalObs  bool
	sparse    bool
	workers   int

	mu       sync.Mutex
	closed   bool
	lastUsed atomic.Int64 // unix nanoseconds of the last call

	base     uint64
	episodes []uint64
	started  []bool // reset at least once
	over     []bool // episode ended and not reset (without auto-reset)

	actions      []int32
	f32          []float32
	i32          []int32
	finalF32     []float32
	finalI32     []int32
	mask         []int8
	agent        []int32
	reward       []float32
	agentRewards []float32
	terminated   []bool
	truncated    []bool
	score        []float32
	length       []int32
	seed         []uint64
	finalScore   []float32
	stepErr      []error
	// nonzero and finalNonzero hold, per field, the last reply's count of
	// non-zero elements: the size hint of the next sparse packing.
	nonzero, finalNonzero []int
}

// newSession makes n envs of id with opts.
func newSession(id string, envID string, opts env.Options, n int, seed uint64, autoReset, finalObs, sparse bool, workers int) (*session, error) {
	envs := make([]env.Env, n)
	for i := range envs {
		e, err := env.Make(envID, opts)
		if err != nil {
			return nil, err
		}
		envs[i] = e
	}
	spec := envs[0].Spec()
	l, agents := spec.Layout, len(spec.Agents)
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	s := &session{
		id: id, spec: spec, envs: envs, autoReset: autoReset, finalObs: finalObs && autoReset, sparse: sparse,
		workers: min(workers, n), base: seed,
		episodes: make([]uint64, n), started: make([]bool, n), over: make([]bool, n),
		actions: make([]int32, n), f32: make([]float32, n*l.F32), i32: make([]int32, n*l.I32),
		mask: make([]int8, n*spec.Actions), agent: make([]int32, n), reward: make([]float32, n),
		agentRewards: make([]float32, n*agents), terminated: make([]bool, n), truncated: make([]bool, n),
		score: make([]float32, n), length: make([]int32, n), seed: make([]uint64, n),
		finalScore: make([]float32, n), stepErr: make([]error, n),
		nonzero: make([]int, len(l.Fields)), finalNonzero: make([]int, len(l.Fields)),
	}
	if s.finalObs {
		s.finalF32, s.finalI32 = make([]float32, n*l.F32), make([]int32, n*l.I32)
	}
	s.touch()
	return s, nil
}

func (s *session) touch() { s.lastUsed.Store(time.Now().UnixNano()) }

// idleSince returns how long the session has gone without a call.
func (s *session) idleSince(now time.Time) time.Duration {
	return now.Sub(time.Unix(0, s.lastUsed.Load()))
}

// checkIndices validates env indices; empty means every env.
func (s *session) checkIndices(what string, idx []int32) ([]int32, error) {
	if len(idx) == 0 {
		all := make([]int32, len(s.envs))
		for i := range all {
			all[i] = int32(i)
		}
		return all, nil
	}
	if len(idx) > len(s.envs) {
		return nil, status.Errorf(codes.InvalidArgument, "%s: %d env indices for a session of %d envs: list each env at most once", what, len(idx), len(s.envs))
	}
	for _, i := range idx {
		if i < 0 || int(i) >= len(s.envs) {
			return nil, status.Errorf(codes.InvalidArgument, "%s: env index %d is out of range: the session has %d envs (0 to %d)", what, i, len(s.envs), len(s.envs)-1)
		}
	}
	return idx, nil
}

// reset starts new episodes in the envs idx (all when empty).
func (s *session) reset(seed *uint64, idx []int32) (*pb.StepResult, error) {
	idx, err := s.checkIndices("reset", idx)
	if err != nil {
		return nil, err
	}
	if seed != nil {
		s.base = *seed
		clear(s.episodes)
	}
	s.clearTransient()
	for _, i := range idx {
		if seed == nil && s.started[i] {
			s.episodes[i]++
		}
		s.resetOne(int(i))
		s.length[i] = 0
	}
	return s.result(), nil
}

// clearTransient zeroes what describes the last step only.
func (s *session) clearTransient() {
	clear(s.reward)
	clear(s.agentRewards)
	clear(s.terminated)
	clear(s.truncated)
	clear(s.finalScore)
	clear(s.finalF32)
	clear(s.finalI32)
}

// resetOne starts episode episodes[i] of env i and writes its first row.
func (s *session) resetOne(i int) {
	seed := game.DeriveSeed(s.base, uint64(i), s.episodes[i])
	obs, info := s.envs[i].Reset(seed)
	s.started[i], s.over[i] = true, false
	s.write(i, obs, &info)
	a := len(s.spec.Agents)
	for k, r := range info.Rewards {
		s.agentRewards[i*a+k] = float32(r)
	}
}

// write copies an observation and its info into row i.
func (s *session) write(i int, obs encode.Obs, info *env.Info) {
	l, a := s.spec.Layout, s.spec.Actions
	copy(s.f32[i*l.F32:(i+1)*l.F32], obs.F32)
	copy(s.i32[i*l.I32:(i+1)*l.I32], obs.I32)
	copy(s.mask[i*a:(i+1)*a], info.Mask)
	s.agent[i] = int32(info.Agent)
	s.score[i] = float32(info.Score)
	s.length[i] = int32(info.Steps)
	s.seed[i] = info.Seed
}

// step applies actions (one per env) after checking every one of them, so
// that a refused batch changes no env.
func (s *session) step(t *pb.Tensor) (*pb.StepResult, error) {
	n := len(s.envs)
	if err := decodeActions(t, n, s.actions); err != nil {
		return nil, status.Error(codes.InvalidArgument, err.Error())
	}
	for i, a := range s.actions {
		switch {
		case !s.started[i]:
			return nil, status.Errorf(codes.FailedPrecondition, "env %d has not been reset: call Reset before Step", i)
		case s.over[i]:
			return nil, status.Errorf(codes.FailedPrecondition, "env %d: the episode is over: reset it before stepping (or open the session with auto_reset)", i)
		}
		if _, ok := s.envs[i].Decode(int(a)); !ok {
			e := &env.IllegalActionError{Action: int(a), Actions: s.spec.Actions, Agent: game.AgentID(s.agent[i])}
			return nil, status.Errorf(codes.InvalidArgument, "env %d: %v; legal actions: %s", i, e, s.legal(i))
		}
	}
	s.clearTransient()
	if s.workers <= 1 || n < parallelMin {
		s.stepRange(0, n)
	} else {
		var wg sync.WaitGroup
		for w := 0; w < s.workers; w++ {
			wg.Add(1)
			go func(lo, hi int) {
				defer wg.Done()
				s.stepRange(lo, hi)
			}(w*n/s.workers, (w+1)*n/s.workers)
		}
		wg.Wait()
	}
	for i, err := range s.stepErr {
		if err != nil {
			clear(s.stepErr)
			// The action was checked against the mask: a refusal is an engine bug.
			return nil, status.Errorf(codes.Internal, "env %d refused legal action %d: %v", i, s.actions[i], err)
		}
	}
	return s.result(), nil
}

// stepRange steps envs lo to hi-1.
func (s *session) stepRange(lo, hi int) {
	l, a := s.spec.Layout, len(s.spec.Agents)
	for i := lo; i < hi; i++ {
		tr, err := s.envs[i].Step(int(s.actions[i]))
		if err != nil {
			s.stepErr[i] = err
			continue
		}
		s.reward[i] = float32(tr.Reward)
		s.terminated[i], s.truncated[i] = tr.Terminated, tr.Truncated
		for k, r := range tr.Info.Rewards {
			s.agentRewards[i*a+k] = float32(r)
		}
		if !tr.Done() {
			s.write(i, tr.Obs, &tr.Info)
			continue
		}
		s.finalScore[i] = float32(tr.Info.Score)
		if !s.autoReset {
			s.over[i] = true
			s.write(i, tr.Obs, &tr.Info)
			continue
		}
		if s.finalObs {
			copy(s.finalF32[i*l.F32:(i+1)*l.F32], tr.Obs.F32)
			copy(s.finalI32[i*l.I32:(i+1)*l.I32], tr.Obs.I32)
		}
		length := int32(tr.Info.Steps)
		s.episodes[i]++
		s.resetOne(i)
		s.length[i] = length
		// Keep the ended step's per-seat rewards, not the reset's.
		for k, r := range tr.Info.Rewards {
			s.agentRewards[i*a+k] = float32(r)
		}
	}
}

// legal lists the legal action ids of env i, for error messages.
func (s *session) legal(i int) string {
	var ids []string
	for a := 0; a < s.spec.Actions; a++ {
		if s.mask[i*s.spec.Actions+a] != 0 {
			ids = append(ids, fmt.Sprint(a))
		}
	}
	if len(ids) == 0 {
		return "none"
	}
	if len(ids) > 32 {
		return strings.Join(ids[:32], ",") + fmt.Sprintf(",… (%d in all)", len(ids))
	}
	return strings.Join(ids, ",")
}

// result packs every row as a StepResult.
func (s *session) result() *pb.StepResult {
	n, l := len(s.envs), s.spec.Layout
	workers := 1
	if n >= parallelMin {
		workers = s.workers
	}
	r := &pb.StepResult{
		Observation:   fieldTensorsOn(l, s.f32, s.i32, n, s.sparse, workers, s.nonzero),
		ActionMask:    i8Tensor(s.mask, shape(n, s.spec.Actions)),
		Agent:         i32Tensor("", s.agent, n, 1, 0, 1, shape(n)),
		Reward:        f32Tensor("", s.reward, n, 1, 0, 1, shape(n)),
		AgentRewards:  f32Tensor("", s.agentRewards, n, len(s.spec.Agents), 0, len(s.spec.Agents), shape(n, len(s.spec.Agents))),
		Terminated:    boolTensor(s.terminated),
		Truncated:     boolTensor(s.truncated),
		EpisodeScore:  f32Tensor("", s.score, n, 1, 0, 1, shape(n)),
		EpisodeLength: i32Tensor("", s.length, n, 1, 0, 1, shape(n)),
		Seed:          u64Tensor(s.seed),
		FinalScore:    f32Tensor("", s.finalScore, n, 1, 0, 1, shape(n)),
	}
	if s.finalObs {
		r.FinalObservation = fieldTensorsOn(l, s.finalF32, s.finalI32, n, s.sparse, workers, s.finalNonzero)
	}
	return r
}

// observe returns what agent sees in envs idx (all when empty).
func (s *session) observe(agent int32, idx []int32) (*pb.ObserveResponse, error) {
	if agent < 0 || int(agent) >= len(s.spec.Agents) {
		return nil, status.Errorf(codes.InvalidArgument, "observe: agent %d is out of range: %s has %d agents (0 to %d)", agent, s.spec.ID, len(s.spec.Agents), len(s.spec.Agents)-1)
	}
	idx, err := s.checkIndices("observe", idx)
	if err != nil {
		return nil, err
	}
	for _, i := range idx {
		if !s.started[i] {
			return nil, status.Errorf(codes.FailedPrecondition, "observe: env %d has not been reset: call Reset first", i)
		}
	}
	l := s.spec.Layout
	f32, i32 := make([]float32, len(idx)*l.F32), make([]int32, len(idx)*l.I32)
	for k, i := range idx {
		s.envs[i].Observe(game.AgentID(agent), encode.Obs{F32: f32[k*l.F32 : (k+1)*l.F32], I32: i32[k*l.I32 : (k+1)*l.I32]})
	}
	return &pb.ObserveResponse{Observation: fieldTensors(l, f32, i32, len(idx), s.sparse)}, nil
}

// describe renders env i in words from viewer's view (-1: the acting seat).
func (s *session) describe(i, viewer int32) (*pb.DescribeResponse, error) {
	if _, err := s.checkIndices("describe", []int32{i}); err != nil {
		return nil, err
	}
	if viewer < -1 || int(viewer) >= len(s.spec.Agents) {
		return nil, status.Errorf(codes.InvalidArgument, "describe: viewer %d is out of range: want -1 (the acting seat) or 0 to %d", viewer, len(s.spec.Agents)-1)
	}
	if !s.started[i] {
		return nil, status.Errorf(codes.FailedPrecondition, "describe: env %d has not been reset: call Reset first", i)
	}
	e := s.envs[i]
	st := e.State()
	pr := st.Prompt()
	v := game.AgentID(viewer)
	if v < 0 {
		v = max(pr.Actor, 0)
	}
	d := &pb.DescribeResponse{Board: st.Render(v), Agent: int32(pr.Actor), Over: st.Over(), Score: st.Score()}
	if st.Over() {
		d.Prompt = "the game is over"
	} else {
		kind := fmt.Sprintf("kind %d", pr.Kind)
		if kinds := st.Info().PromptKinds; int(pr.Kind) < len(kinds) {
			kind = kinds[pr.Kind]
		}
		d.Prompt = fmt.Sprintf("%s must decide (%s)", s.spec.Agents[pr.Actor], kind)
		for a := 0; a < s.spec.Actions; a++ {
			if c, ok := e.Decode(a); ok {
				d.LegalActions = append(d.LegalActions, &pb.LegalAction{Action: int32(a), Name: s.spec.ActionNames[a], Description: st.Describe(c)})
			}
		}
	}
	d.Events = st.Log().Lines(st)
	return d, nil
}
