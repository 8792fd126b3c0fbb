package serve

import (
	"context"
	"crypto/subtle"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/mythos-rl/mythos/agents"
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
	packed    bool // replies in the packed encoding (pb.Packed)
	workers   int

	secret string // OpenResponse.session_secret, required by every call
	conn   uint64 // the connection that opened it (connAddr.id; 0: unknown)

	// sem is held by the one call working on the session (a channel, so that
	// a call can stop waiting for it when its context ends). closed is set
	// by Close, the reaper or Shutdown without waiting for sem; freed once
	// the session's envs are given back to the server's budget.
	sem      chan struct{}
	closed   atomic.Bool
	freed    atomic.Bool
	lastUsed atomic.Int64 // unix nanoseconds of the last call's start or end
	// ctx is the context of the call running the session's bots (nil
	// between calls and without bots).
	ctx context.Context

	base     uint64
	episodes []uint64
	started  []bool // reset at least once
	over     []bool // episode ended and not reset (without auto-reset), or env stopped
	failed   []bool // env stopped by a bot's failure, until reset
	cut      []bool // env stopped because its call ended before it answered, until reset

	// Server-side bots (nil without): botTable[seat] is the agent spec of a
	// bot seat ("" for the client's), bots[i][seat] its agent in env i.
	// carry and carryAgents sum env i's rewards since its last reply row
	// (the client's step and the bot steps after it, or the bot steps that
	// open an episode), as team reward and per seat ([N, agents]).
	botTable    []string
	bots        [][]agents.Agent
	carry       []float64
	carryAgents []float64

	actions []int32
	// f32buf, i32buf, i8buf and u8buf back the row buffers below, laid
	// out as the packed encoding's blobs (see pb.Packed and newSession).
	f32buf       []float32
	i32buf       []int32
	i8buf        []int8
	u8buf        []uint8
	f32          []float32
	i32          []int32
	u8           []uint8
	finalF32     []float32
	finalI32     []int32
	finalU8      []uint8
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
	finalSet     []bool // final observation row written by the last step
	stepErr      []error
	// touched[i] is env i's record of the blocks of its observation row it
	// wrote, for envs that encode straight into their rows (direct[i]; the
	// others' rows are copied from their own buffers); without marks unless
	// something reads them (encodeIntoRows).
	touched []encode.Touched
	direct  []bool
	// nonzero and finalNonzero hold, per field, the last reply's count of
	// non-zero elements: the size hint of the next sparse packing.
	nonzero, finalNonzero []int

	// Packed sessions: sparseW holds each worker's sparse encoding of the
	// rows it stepped (sparse sessions only); pool recycles wire buffers,
	// wireHint is the size to ask of it.
	sparseW  []sparseRows
	pool     *replyPool
	wireHint int

	// stepWorkers spreads a step over s.workers parts (nil when steps run
	// on the handler's goroutine alone); stepTask is s.stepRange, made once.
	stepWorkers *env.Workers
	stepTask    func(part, lo, hi int)
	checkTask   func(part, lo, hi int) // s.checkRange, made once
	illegal     env.Lowest             // the lowest env whose action checkRange refused (len(envs) if none)

	// shm holds the buffers above when the session lives in shared memory
	// (OpenRequest.shared_memory; nil otherwise).
	shm *sharedMem
}

// newSession makes n envs of id with opts.
// botTable (from checkBots, nil for none) names the agents of bot seats.
func newSession(id string, envID string, opts env.Options, n int, seed uint64, autoReset, finalObs, sparse, packed bool, workers int, botTable []string) (*session, error) {
	return newSessionIn(nil, id, envID, opts, n, seed, autoReset, finalObs, sparse, packed, workers, botTable)
}

// bufferSizes returns the lengths of a session's backing arrays (see
// newSessionIn) for n envs of spec.
func bufferSizes(spec *env.Spec, n int, finalObs bool) (f32, i32, i8, u8 int) {
	l, agents := spec.Layout, len(spec.Agents)
	finals := 0
	if finalObs {
		finals = 1
	}
	return (1+finals)*n*l.F32 + n*(3+agents), (1+finals)*n*l.I32 + 2*n, n*spec.Actions + 2*n, (1 + finals) * n * l.U8
}

// newSessionIn is newSession with the backing arrays taken from shm (its
// buffers, made by newSharedMem for bufferSizes) when shm is not nil.
func newSessionIn(shm *sharedMem, id string, envID string, opts env.Options, n int, seed uint64, autoReset, finalObs, sparse, packed bool, workers int, botTable []string) (*session, error) {
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
		id: id, spec: spec, envs: envs, autoReset: autoReset, finalObs: finalObs && autoReset, sparse: sparse, packed: packed,
		workers: min(workers, n), base: seed,
		sem:      make(chan struct{}, 1),
		episodes: make([]uint64, n), started: make([]bool, n), over: make([]bool, n), failed: make([]bool, n), cut: make([]bool, n),
		actions: make([]int32, n), seed: make([]uint64, n), finalSet: make([]bool, n), stepErr: make([]error, n),
		nonzero: make([]int, len(l.Fields)), finalNonzero: make([]int, len(l.Fields)),
	}
	// One backing array per dtype, sections in the order of pb.Packed.
	nf, ni, nb, nu := bufferSizes(spec, n, s.finalObs)
	if shm != nil {
		s.shm = shm
		s.f32buf, s.i32buf, s.i8buf, s.u8buf, s.seed = shm.buffers(nf, ni, nb, nu, n)
	} else {
		s.f32buf, s.i32buf, s.i8buf, s.u8buf = make([]float32, nf), make([]int32, ni), make([]int8, nb), make([]uint8, nu)
	}
	f, i, b, u := s.f32buf, s.i32buf, s.i8buf, s.u8buf
	s.f32, f = f[:n*l.F32:n*l.F32], f[n*l.F32:]
	s.i32, i = i[:n*l.I32:n*l.I32], i[n*l.I32:]
	s.u8, u = u[:n*l.U8:n*l.U8], u[n*l.U8:]
	if s.finalObs {
		s.finalF32, f = f[:n*l.F32:n*l.F32], f[n*l.F32:]
		s.finalI32, i = i[:n*l.I32:n*l.I32], i[n*l.I32:]
		s.finalU8 = u[: n*l.U8 : n*l.U8]
	}
	s.reward, s.agentRewards, s.score, s.finalScore = f[:n:n], f[n:n+n*agents:n+n*agents], f[n+n*agents:2*n+n*agents:2*n+n*agents], f[2*n+n*agents:]
	s.agent, s.length = i[:n:n], i[n:]
	s.mask, b = b[:n*spec.Actions:n*spec.Actions], b[n*spec.Actions:]
	s.terminated = unsafe.Slice((*bool)(unsafe.Pointer(unsafe.SliceData(b))), n)
	s.truncated = unsafe.Slice((*bool)(unsafe.Pointer(unsafe.SliceData(b[n:]))), n)
	s.encodeIntoRows()
	if packed {
		s.pool = newReplyPool()
		s.wireHint = 4*len(s.f32buf) + 4*len(s.i32buf) + len(s.i8buf) + len(s.u8buf) + 8*n + 256
		if sparse {
			s.sparseW = make([]sparseRows, max(s.workers, 1))
			s.wireHint = s.wireHint/8 + 256 // grows to fit the first replies
		}
	}
	if botTable != nil {
		bots, err := newBots(botTable, n)
		if err != nil {
			return nil, err
		}
		s.botTable, s.bots = botTable, bots
		s.carry, s.carryAgents = make([]float64, n), make([]float64, n*agents)
	}
	if s.workers > 1 && n >= parallelMin {
		// A sparse session merges each worker's rows in worker order, so its
		// workers keep their own ranges; the others take each other's.
		s.stepWorkers, s.stepTask, s.checkTask = env.NewWorkers(s.workers, s.sparseW == nil), s.stepRange, s.checkRange
		// The workers hold no reference to s: a session dropped without
		// stopWorkers stops them when it is collected.
		runtime.AddCleanup(s, (*env.Workers).Close, s.stepWorkers)
	}
	s.touch()
	return s, nil
}

// stopWorkers stops the goroutines that step the session's envs; it is
// called once the session is closed and no call holds it.
func (s *session) stopWorkers() {
	if s.stepWorkers != nil {
		s.stepWorkers.Close()
	}
}

// encodeIntoRows directs every env that can (env.DirectEncoderOf) to encode
// its observations and masks straight into its rows, for good: the rows
// belong to the session and only the env writes them, so each step writes
// its observation once, clears only what the last one wrote (encode.Touched)
// and the sparse packing visits only that. The records mark the blocks
// written only where something reads the marks: the sparse packing, and an
// encoder that clears by them; an env whose encoder keeps its row up to date
// (env.RowKeeper) otherwise needs only the record's Valid
// (encode.MakeUnmarked), and marking costs a tenth of its step.
func (s *session) encodeIntoRows() {
	l, a := s.spec.Layout, s.spec.Actions
	s.direct = make([]bool, len(s.envs))
	ds := make([]env.DirectEncoder, len(s.envs))
	marks := s.packed && s.sparse
	for i, e := range s.envs {
		if e.Spec().Layout != l || e.Spec().Actions != a {
			continue
		}
		if ds[i] = env.DirectEncoderOf(e); ds[i] == nil {
			continue
		}
		if k, ok := ds[i].(env.RowKeeper); !ok || !k.KeepsRows() {
			marks = true
		}
	}
	if marks {
		s.touched = encode.MakeTouched(l, len(s.envs))
	} else {
		s.touched = encode.MakeUnmarked(len(s.envs))
	}
	for i, d := range ds {
		if d != nil {
			d.EncodeInto(l.Row(s.f32, s.i32, s.u8, i), s.mask[i*a:(i+1)*a:(i+1)*a], &s.touched[i])
			s.direct[i] = true
		}
	}
}

func (s *session) touch() { s.lastUsed.Store(time.Now().UnixNano()) }

// owns reports whether secret is the session's (in constant time).
func (s *session) owns(secret string) bool {
	return subtle.ConstantTimeCompare([]byte(secret), []byte(s.secret)) == 1
}

// do runs a reset (reset set) or a step and answers it (unless answer is
// false: a shared-memory call, whose results are in the rows already).
func (s *session) do(reset *pb.ResetRequest, step *pb.StepRequest, answer bool) (any, error) {
	var err error
	if reset != nil {
		err = s.reset(reset.Seed, reset.Envs)
	} else {
		err = s.step(step.Actions)
	}
	if err != nil || !answer {
		return nil, err
	}
	return s.answer(), nil
}

// cutAll stops the envs idx (all when empty) of a call that ended before it
// answered: no seat to act, an empty mask, and Step refuses them until they
// are reset.
func (s *session) cutAll(idx []int32) {
	if len(idx) == 0 {
		for i := range s.envs {
			s.cutEnv(i)
		}
		return
	}
	for _, i := range idx {
		if i >= 0 && int(i) < len(s.envs) {
			s.cutEnv(int(i))
		}
	}
}

func (s *session) cutEnv(i int) {
	if s.bots != nil {
		s.stopEnv(i)
		s.failed[i] = false
	}
	s.over[i], s.cut[i] = true, true
	s.agent[i] = -1
	clear(s.mask[i*s.spec.Actions : (i+1)*s.spec.Actions])
}

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
	for k, i := range idx {
		if i < 0 || int(i) >= len(s.envs) {
			return nil, status.Errorf(codes.InvalidArgument, "%s: env index %d is out of range: the session has %d envs (0 to %d)", what, i, len(s.envs), len(s.envs)-1)
		}
		if slices.Contains(idx[:k], i) {
			return nil, status.Errorf(codes.InvalidArgument, "%s: env index %d is listed twice: list each env at most once", what, i)
		}
	}
	return idx, nil
}

// reset starts new episodes in the envs idx (all when empty).
func (s *session) reset(seed *uint64, idx []int32) error {
	idx, err := s.checkIndices("reset", idx)
	if err != nil {
		return err
	}
	if seed != nil {
		s.base = *seed
		clear(s.episodes)
	}
	s.clearTransient()
	var first error
	for _, i := range idx {
		if seed == nil && s.started[i] {
			s.episodes[i]++
		}
		s.clearStepRow(int(i))
		if err := s.resetOne(int(i)); err != nil && first == nil {
			first = err
		}
	}
	if s.sparseW != nil {
		s.scanAll()
	}
	if first != nil {
		return stepError(first)
	}
	return nil
}

// clearTransient zeroes what describes the last step only.
func (s *session) clearTransient() {
	clear(s.reward)
	clear(s.agentRewards)
	clear(s.terminated)
	clear(s.truncated)
	clear(s.finalScore)
	if !s.finalObs {
		return
	}
	l := s.spec.Layout
	for i, set := range s.finalSet {
		if set { // only rows written by the last step are not zero
			clear(s.finalF32[i*l.F32 : (i+1)*l.F32])
			clear(s.finalI32[i*l.I32 : (i+1)*l.I32])
			clear(s.finalU8[i*l.U8 : (i+1)*l.U8])
			s.finalSet[i] = false
		}
	}
}

// clearRow zeroes the rows of env i that a reset writes (observation, mask,
// agent, score, length, seed) before it writes them, and tells an env that
// encodes into its rows that they are all zero now (its Touched record is
// no longer valid): over shared memory a client can write its rows, and a
// reset must give the same bytes as in a fresh session whatever was there,
// and so must the steps after it, whatever the encoders write or skip. An
// auto-reset inside a step keeps the step's own rows (reward, ends, final
// observation); a Reset call clears those too (clearStepRow).
func (s *session) clearRow(i int) {
	l, a := s.spec.Layout, s.spec.Actions
	clear(s.f32[i*l.F32 : (i+1)*l.F32])
	clear(s.i32[i*l.I32 : (i+1)*l.I32])
	clear(s.u8[i*l.U8 : (i+1)*l.U8])
	clear(s.mask[i*a : (i+1)*a])
	s.agent[i], s.score[i], s.length[i], s.seed[i] = 0, 0, 0, 0
	if s.direct[i] {
		s.touched[i].Valid = false
	}
}

// clearStepRow zeroes the rows of env i that describe a step (reward, ends,
// final score and observation), for a Reset call.
func (s *session) clearStepRow(i int) {
	l, k := s.spec.Layout, len(s.spec.Agents)
	if s.finalObs {
		clear(s.finalF32[i*l.F32 : (i+1)*l.F32])
		clear(s.finalI32[i*l.I32 : (i+1)*l.I32])
		clear(s.finalU8[i*l.U8 : (i+1)*l.U8])
		s.finalSet[i] = false
	}
	clear(s.agentRewards[i*k : (i+1)*k])
	s.reward[i], s.finalScore[i], s.terminated[i], s.truncated[i] = 0, 0, false, false
}

// resetOne starts episode episodes[i] of env i and writes its first row.
// With bots it plays their opening decisions (see resetBots).
func (s *session) resetOne(i int) error {
	if s.bots != nil {
		return s.resetBots(i)
	}
	seed := game.DeriveSeed(s.base, uint64(i), s.episodes[i])
	s.clearRow(i)
	obs, info := s.envs[i].Reset(seed)
	s.started[i], s.over[i], s.cut[i] = true, false, false
	s.write(i, obs, &info)
	a := len(s.spec.Agents)
	for k, r := range info.Rewards {
		s.agentRewards[i*a+k] = float32(r)
	}
	return nil
}

// resetBots is resetOne with bots: it resets env i and its bots (seeded from
// the episode's seed) and steps the bots while a bot seat is to act, carrying
// their rewards to the env's next step. An episode that ends before the
// client's first decision shows as ended (terminated or truncated, with its
// return as reward) without auto-reset, and is skipped with it (the next
// episode starts; at most maxSkippedEpisodes in a row).
func (s *session) resetBots(i int) error {
	a := len(s.spec.Agents)
	s.failed[i], s.cut[i] = false, false
	for skipped := 0; ; skipped++ {
		seed := game.DeriveSeed(s.base, uint64(i), s.episodes[i])
		s.clearRow(i)
		obs, info := s.envs[i].Reset(seed)
		s.started[i], s.over[i] = true, false
		for seat, b := range s.bots[i] {
			if b != nil {
				b.Reset(game.DeriveSeed(seed, botSeed, uint64(seat)))
			}
		}
		s.carry[i] = 0
		clear(s.carryAgents[i*a : (i+1)*a])
		tr := env.Transition{Obs: obs, Info: info}
		if err := s.playBots(i, &tr); err != nil {
			s.stopEnv(i)
			return err
		}
		if !tr.Done() {
			s.write(i, tr.Obs, &tr.Info)
			return nil
		}
		if !s.autoReset {
			s.over[i] = true
			s.write(i, tr.Obs, &tr.Info)
			s.terminated[i], s.truncated[i] = tr.Terminated, tr.Truncated
			s.takeCarry(i)
			return nil
		}
		if skipped == maxSkippedEpisodes {
			s.stopEnv(i)
			return status.Errorf(codes.Internal, "env %d: %d episodes in a row ended before the client's first decision (bots %s): the env is stopped", i, skipped+1, botsText(s.botTable))
		}
		s.episodes[i]++
	}
}

// stepError turns an error of stepping or resetting an env into a status.
func stepError(err error) error {
	if p, ok := err.(*envPanic); ok {
		panic(p) // on the handler's goroutine, where the server recovers it
	}
	if _, ok := err.(*botError); ok {
		return status.Error(codes.Internal, err.Error())
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	return status.Error(codes.Internal, err.Error())
}

// write fills row i from an observation and its info; the observation and
// the mask are copied unless the env wrote them there itself.
func (s *session) write(i int, obs encode.Obs, info *env.Info) {
	l, a := s.spec.Layout, s.spec.Actions
	copyRow(s.f32[i*l.F32:(i+1)*l.F32], obs.F32)
	copyRow(s.i32[i*l.I32:(i+1)*l.I32], obs.I32)
	copyRow(s.u8[i*l.U8:(i+1)*l.U8], obs.U8)
	copyRow(s.mask[i*a:(i+1)*a], info.Mask)
	s.agent[i] = int32(info.Agent)
	s.score[i] = float32(info.Score)
	s.length[i] = int32(info.Steps)
	s.seed[i] = info.Seed
}

// copyRow copies src into dst unless they are the same memory.
func copyRow[T any](dst, src []T) {
	if len(dst) > 0 && len(src) > 0 && &dst[0] == &src[0] {
		return
	}
	copy(dst, src)
}

// step applies actions (one per env) after checking every one of them, so
// that a refused batch changes no env.
func (s *session) step(t *pb.Tensor) error {
	n := len(s.envs)
	if err := decodeActions(t, n, s.actions); err != nil {
		if w, ok := err.(*wideActionError); ok {
			e := &env.IllegalActionError{Action: int(w.action), Actions: s.spec.Actions, Agent: game.AgentID(s.agent[w.env])}
			return status.Errorf(codes.InvalidArgument, "env %d: %v", w.env, e)
		}
		return status.Error(codes.InvalidArgument, err.Error())
	}
	for i := range s.actions {
		switch {
		case !s.started[i]:
			return status.Errorf(codes.FailedPrecondition, "env %d has not been reset: call Reset before Step", i)
		case s.cut[i]:
			return status.Errorf(codes.FailedPrecondition, "env %d was stopped when an earlier call ended (deadline or cancellation) before it answered: reset it before stepping", i)
		case s.failed[i]:
			return status.Errorf(codes.FailedPrecondition, "env %d was stopped by a bot's failure: reset it before stepping", i)
		case s.over[i]:
			return status.Errorf(codes.FailedPrecondition, "env %d: the episode is over: reset it before stepping (or open the session with auto_reset)", i)
		}
	}
	// The actions are checked against the envs' masks on the workers that
	// step them, whose cores hold their states.
	s.illegal.Reset(n)
	if s.stepWorkers == nil {
		s.checkRange(0, 0, n)
	} else {
		s.stepWorkers.Run(n, s.checkTask)
	}
	if i := s.illegal.Get(); i < n {
		a := s.actions[i]
		e := &env.IllegalActionError{Action: int(a), Actions: s.spec.Actions, Agent: game.AgentID(s.agent[i])}
		return status.Errorf(codes.InvalidArgument, "env %d: %v; legal actions: %s", i, e, s.legal(i))
	}
	s.clearTransient()
	for w := range s.sparseW {
		s.sparseW[w].reset()
	}
	if s.stepWorkers == nil {
		s.stepRange(0, 0, n)
	} else {
		// Persistent goroutines that poll between steps (env.Workers).
		s.stepWorkers.Run(n, s.stepTask)
	}
	for i, err := range s.stepErr {
		if err != nil {
			clear(s.stepErr)
			if r, ok := err.(*refusal); ok {
				// The action was checked against the mask: a refusal is an engine bug.
				return status.Errorf(codes.Internal, "env %d refused legal action %d: %v", i, s.actions[i], r.err)
			}
			return stepError(err)
		}
	}
	return nil
}

// envPanic is a panic of env's Step, recovered on the worker goroutine that
// stepped it (a panic there would end the process) and raised again on the
// handler's, with the stack where it happened.
type envPanic struct {
	env   int
	value any
	stack []byte
}

func (p *envPanic) Error() string { return fmt.Sprintf("env %d panicked: %v", p.env, p.value) }

// checkRange checks the actions of envs lo to hi-1 against their masks,
// keeping the lowest refused env in s.illegal.
func (s *session) checkRange(_, lo, hi int) {
	for i := lo; i < hi; i++ {
		if _, ok := s.envs[i].Decode(int(s.actions[i])); !ok {
			s.illegal.Offer(i)
			return
		}
	}
}

// stepRange steps envs lo to hi-1 on worker w; a sparse packed session also
// encodes their rows (while they are in cache). A panic stops the range and
// is kept in stepErr as an *envPanic.
func (s *session) stepRange(w, lo, hi int) {
	i := lo
	defer func() {
		if r := recover(); r != nil {
			s.stepErr[i] = &envPanic{env: i, value: r, stack: debug.Stack()}
		}
	}()
	for ; i < hi; i++ {
		s.stepOne(i)
		if s.sparseW != nil {
			s.scanRow(w, i)
		}
	}
}

// refusal is an env's refusal of the client's (checked) action.
type refusal struct{ err error }

func (r *refusal) Error() string { return r.err.Error() }

// stepOne steps env i with its action, and then with its bots while a bot
// seat is to act.
func (s *session) stepOne(i int) {
	l, a := s.spec.Layout, len(s.spec.Agents)
	tr, err := s.envs[i].Step(int(s.actions[i]))
	if err != nil {
		s.stepErr[i] = &refusal{err}
		return
	}
	if s.bots == nil {
		s.reward[i] = float32(tr.Reward)
		for k, r := range tr.Info.Rewards {
			s.agentRewards[i*a+k] = float32(r)
		}
	} else {
		var err error
		if tr, err = s.stepBots(i, tr); err != nil {
			s.stopEnv(i)
			s.stepErr[i] = err
			return
		}
	}
	s.terminated[i], s.truncated[i] = tr.Terminated, tr.Truncated
	if !tr.Done() {
		s.write(i, tr.Obs, &tr.Info)
		return
	}
	s.finalScore[i] = float32(tr.Info.Score)
	if !s.autoReset {
		s.over[i] = true
		s.write(i, tr.Obs, &tr.Info)
		return
	}
	if s.finalObs {
		copy(s.finalF32[i*l.F32:(i+1)*l.F32], tr.Obs.F32)
		copy(s.finalI32[i*l.I32:(i+1)*l.I32], tr.Obs.I32)
		copy(s.finalU8[i*l.U8:(i+1)*l.U8], tr.Obs.U8)
		s.finalSet[i] = true
	}
	length := int32(tr.Info.Steps)
	s.episodes[i]++
	if s.bots != nil {
		// resetBots leaves the reward rows alone: the new episode's bot
		// rewards are carried to its first step.
		if err := s.resetOne(i); err != nil {
			s.stepErr[i] = err
			return
		}
		s.length[i] = length
		return
	}
	_ = s.resetOne(i) // never fails without bots
	s.length[i] = length
	// Keep the ended step's per-seat rewards, not the reset's.
	for k, r := range tr.Info.Rewards {
		s.agentRewards[i*a+k] = float32(r)
	}
}

// stepBots carries the client's step tr of env i and plays its bots while a
// bot seat is to act; it returns the transition to the client's next
// decision. (A function of its own, so that tr escapes to the heap only for
// sessions with bots: the step path of the others allocates nothing.)
func (s *session) stepBots(i int, tr env.Transition) (env.Transition, error) {
	s.addCarry(i, &tr)
	if err := s.playBots(i, &tr); err != nil {
		return tr, err
	}
	s.takeCarry(i)
	return tr, nil
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

// answer is the reply to a Reset or Step: a *reply in the packed encoding,
// else a *pb.StepResult.
func (s *session) answer() any {
	if s.packed {
		return s.newReply()
	}
	return s.result()
}

// result packs every row as a StepResult of Tensors.
func (s *session) result() *pb.StepResult {
	n, l := len(s.envs), s.spec.Layout
	workers := 1
	if n >= parallelMin {
		workers = s.workers
	}
	r := &pb.StepResult{
		Observation:   fieldTensorsOn(l, s.f32, s.i32, s.u8, n, s.sparse, workers, s.nonzero),
		ActionMask:    i8Tensor(s.mask, shape(n, s.spec.Actions)),
		Agent:         rowsTensor("", s.agent, n, 1, 0, 1, shape(n)),
		Reward:        rowsTensor("", s.reward, n, 1, 0, 1, shape(n)),
		AgentRewards:  rowsTensor("", s.agentRewards, n, len(s.spec.Agents), 0, len(s.spec.Agents), shape(n, len(s.spec.Agents))),
		Terminated:    boolTensor(s.terminated),
		Truncated:     boolTensor(s.truncated),
		EpisodeScore:  rowsTensor("", s.score, n, 1, 0, 1, shape(n)),
		EpisodeLength: rowsTensor("", s.length, n, 1, 0, 1, shape(n)),
		Seed:          u64Tensor(s.seed),
		FinalScore:    rowsTensor("", s.finalScore, n, 1, 0, 1, shape(n)),
	}
	if s.finalObs {
		r.FinalObservation = fieldTensorsOn(l, s.finalF32, s.finalI32, s.finalU8, n, s.sparse, workers, s.finalNonzero)
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
	f32, i32, u8 := make([]float32, len(idx)*l.F32), make([]int32, len(idx)*l.I32), make([]uint8, len(idx)*l.U8)
	for k, i := range idx {
		s.envs[i].Observe(game.AgentID(agent), l.Row(f32, i32, u8, k))
	}
	return &pb.ObserveResponse{Observation: fieldTensors(l, f32, i32, u8, len(idx), s.sparse)}, nil
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
