package env

import (
	"errors"
	"fmt"
	"runtime"
	"unsafe"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
)

// Batch is the caller-owned memory a [Vector] writes into: row i of each
// buffer belongs to env i. Make one with [Vector.NewBatch] (or by hand with
// the sizes the spec gives) and reuse it for every step.
type Batch struct {
	// F32, I32 and U8 hold N observations laid out by the spec's Layout
	// (U8 is empty for layouts without uint8 fields). The envs update their
	// rows in place from one step to the next: read them, do not write them
	// (a batch other than the last call's gets every row written afresh).
	F32 []float32
	I32 []int32
	U8  []uint8
	// Mask holds N masks of Spec.Actions int8 each.
	Mask []int8
	// Agent is the seat to act in each env.
	Agent []int32
	// Reward is the team reward of the last step.
	Reward []float32
	// Terminated and Truncated flag episodes that ended at the last step; the
	// observation row then already belongs to the next episode (auto-reset).
	Terminated []bool
	Truncated  []bool
	// Score is the final team score of an episode that ended at the last step.
	Score []float32
	// Length is the number of decisions of an episode that ended at the last step.
	Length []int32
	// Seed is the seed of the episode now running in each env.
	Seed []uint64
	// FinalF32, FinalI32 and FinalU8, when not nil, receive the last
	// observation of an episode that ended (the row is left untouched for
	// other envs).
	FinalF32 []float32
	FinalI32 []int32
	FinalU8  []uint8
}

// Vector steps N envs of one id together, spread over worker goroutines,
// resetting each env automatically when its episode ends. Episode k of env i
// is seeded with game.DeriveSeed(seed, i, k), so results depend only on the
// seed and the actions, never on the number of workers. Envs that can
// ([DirectEncoderOf]) encode their observation and mask straight into their
// rows of the batch during the step; the others' rows are copied from their
// own buffers. Both give the same bytes.
type Vector struct {
	envs   []Env
	direct []DirectEncoder // DirectEncoderOf(envs[i]): writes row i itself (nil: copied)
	// touched[i] is the record of env i's rows (direct envs), valid while
	// rows[i], the batch it is directed at, is the batch of the call and
	// it wrote there last; nil unless the layout has uint8 fields or the
	// envs' encoders keep their rows ([RowKeeper]; see target). Records
	// without marks (encode.MakeUnmarked) when every direct env keeps its
	// rows: nothing here reads the marks, and making them cost a tenth of a
	// step.
	touched  []encode.Touched
	rows     []batchMem // the memory of the batch direct env i writes its rows of (zero: none yet)
	outMem   batchMem   // the memory of the batch of the call
	spec     *Spec
	base     uint64
	episodes []uint64
	workers  int

	// per-call inputs shared with workers: each reads its own envs' actions
	// from the caller's slice and writes their rows of out
	actions []int32
	out     *Batch

	pool      *Workers
	task      func(part, lo, hi int) // v.stepChunk, made once so that Step does not allocate
	checkTask func(part, lo, hi int) // v.checkChunk, likewise
	illegal   Lowest                 // the lowest env whose action checkChunk refused (Len() if none)
}

// NewVector makes n envs of id with opts, stepped by workers goroutines
// (0 means GOMAXPROCS, never more than n).
func NewVector(id string, opts Options, n, workers int) (*Vector, error) {
	if n <= 0 {
		return nil, fmt.Errorf("vector env: need at least one env, got %d", n)
	}
	envs := make([]Env, n)
	for i := range envs {
		e, err := Make(id, opts)
		if err != nil {
			return nil, err
		}
		envs[i] = e
	}
	return NewVectorOf(envs, workers), nil
}

// NewVectorOf steps the given envs, which must share one spec.
func NewVectorOf(envs []Env, workers int) *Vector {
	workers = defaultWorkers(workers, len(envs))
	v := &Vector{envs: envs, spec: envs[0].Spec(), episodes: make([]uint64, len(envs)), workers: workers}
	v.direct = make([]DirectEncoder, len(envs))
	// Records of the rows: an env whose encoder brings its row up to date
	// needs one for its Valid alone; one that clears by its marks (a layout
	// with uint8 fields) needs the marks too.
	keeps, marks := false, false
	for i, e := range envs {
		if e.Spec().Layout == v.spec.Layout && e.Spec().Actions == v.spec.Actions {
			v.direct[i] = DirectEncoderOf(e)
			if v.direct[i] == nil {
				continue
			}
			if k, ok := v.direct[i].(RowKeeper); ok && k.KeepsRows() {
				keeps = true
			} else if v.spec.Layout.U8 > 0 {
				keeps, marks = true, true
			}
		}
	}
	switch {
	case marks:
		v.touched = encode.MakeTouched(v.spec.Layout, len(envs))
	case keeps:
		v.touched = encode.MakeUnmarked(len(envs))
	}
	v.rows = make([]batchMem, len(envs))
	v.pool = NewWorkers(workers, true)
	v.task, v.checkTask = v.stepChunk, v.checkChunk
	// The workers hold no reference to v: a vector dropped without Close
	// stops them when it is collected.
	runtime.AddCleanup(v, (*Workers).Close, v.pool)
	return v
}

// Len is the number of envs.
func (v *Vector) Len() int { return len(v.envs) }

// Spec is the envs' spec.
func (v *Vector) Spec() *Spec { return v.spec }

// Env returns env i (for inspection; do not step it directly).
func (v *Vector) Env(i int) Env { return v.envs[i] }

// Workers is the number of goroutines that step the envs.
func (v *Vector) Workers() int { return v.workers }

// NewBatch allocates a batch sized for this vector (final-observation buffers
// included when final is true).
func (v *Vector) NewBatch(final bool) *Batch {
	n, l := len(v.envs), v.spec.Layout
	b := &Batch{
		F32:        make([]float32, n*l.F32),
		I32:        make([]int32, n*l.I32),
		U8:         make([]uint8, n*l.U8),
		Mask:       make([]int8, n*v.spec.Actions),
		Agent:      make([]int32, n),
		Reward:     make([]float32, n),
		Terminated: make([]bool, n),
		Truncated:  make([]bool, n),
		Score:      make([]float32, n),
		Length:     make([]int32, n),
		Seed:       make([]uint64, n),
	}
	if final {
		b.FinalF32 = make([]float32, n*l.F32)
		b.FinalI32 = make([]int32, n*l.I32)
		b.FinalU8 = make([]uint8, n*l.U8)
	}
	return b
}

func (v *Vector) check(out *Batch) error {
	n, l := len(v.envs), v.spec.Layout
	if len(out.F32) < n*l.F32 || len(out.I32) < n*l.I32 || len(out.U8) < n*l.U8 || len(out.Mask) < n*v.spec.Actions ||
		len(out.Agent) < n || len(out.Reward) < n || len(out.Terminated) < n || len(out.Truncated) < n ||
		len(out.Score) < n || len(out.Length) < n || len(out.Seed) < n {
		return errors.New("vector env: batch buffers are too small for this vector (use NewBatch)")
	}
	if (out.FinalF32 != nil && len(out.FinalF32) < n*l.F32) || (out.FinalI32 != nil && len(out.FinalI32) < n*l.I32) ||
		(out.FinalU8 != nil && len(out.FinalU8) < n*l.U8) {
		return errors.New("vector env: final-observation buffers are too small")
	}
	return nil
}

// Reset starts episode 0 of every env from seed and writes the first
// observations into out.
func (v *Vector) Reset(seed uint64, out *Batch) error {
	if err := v.check(out); err != nil {
		return err
	}
	v.base, v.outMem = seed, memOf(out)
	for i := range v.envs {
		v.episodes[i] = 0
		v.resetOne(i, out)
		out.Reward[i], out.Terminated[i], out.Truncated[i], out.Score[i], out.Length[i] = 0, false, false, 0, 0
	}
	return nil
}

// Step applies actions[i] to env i, in parallel, and writes the results into
// out. Every action is checked against its mask first: if any is illegal,
// Step returns an error naming the env and no env changes.
func (v *Vector) Step(actions []int32, out *Batch) error {
	if len(actions) != len(v.envs) {
		return fmt.Errorf("vector env: got %d actions for %d envs", len(actions), len(v.envs))
	}
	if err := v.check(out); err != nil {
		return err
	}
	// The workers check the actions of their own envs (whose states are in
	// their cores' caches) before any env moves.
	v.actions, v.out, v.outMem = actions, out, memOf(out)
	v.illegal.Reset(len(v.envs))
	v.pool.Run(len(v.envs), v.checkTask)
	if i := v.illegal.Get(); i < len(v.envs) {
		v.actions, v.out = nil, nil
		return fmt.Errorf("vector env: env %d: %w", i,
			&IllegalActionError{Action: int(actions[i]), Actions: v.spec.Actions, Agent: v.envs[i].State().Prompt().Actor})
	}
	v.pool.Run(len(v.envs), v.task)
	v.actions, v.out = nil, nil
	return nil
}

// Close stops the worker goroutines; the vector must not be stepped after
// it. It is safe to call more than once.
func (v *Vector) Close() { v.pool.Close() }

// checkChunk checks the actions of envs [lo, hi) against their masks,
// keeping the lowest refused env in v.illegal.
func (v *Vector) checkChunk(_, lo, hi int) {
	for i := lo; i < hi; i++ {
		if _, ok := v.envs[i].Decode(int(v.actions[i])); !ok {
			v.illegal.Offer(i)
			return
		}
	}
}

// stepChunk steps envs [lo, hi) (a chunk of a Workers.Run).
func (v *Vector) stepChunk(_, lo, hi int) { v.stepRange(lo, hi) }

// target directs env i's encoder into row i of out, when it can write
// there itself, unless it is directed there already: a direct env stays
// directed at the rows of the batch it last wrote (Env says not to step an
// env of the vector directly), so that a vector stepping one batch pays
// nothing here. For a layout with uint8 fields, or envs whose encoders are
// incremental ([RowKeeper]), it passes the record of what the env wrote
// there; EncodeInto makes the record not valid, and the env's encodings
// make it valid again, so it is valid while out is the batch of the env's
// last encoding, and the encoder then rewrites only what changed of the
// row (Machina's terrain planes, the card games' changed blocks); other
// encoders clear their rows whole.
func (v *Vector) target(i int, out *Batch) {
	d := v.direct[i]
	if d == nil || v.rows[i] == v.outMem {
		return
	}
	l, a := v.spec.Layout, v.spec.Actions
	var t *encode.Touched
	if v.touched != nil {
		t = &v.touched[i]
	}
	d.EncodeInto(l.Row(out.F32, out.I32, out.U8, i), out.Mask[i*a:(i+1)*a:(i+1)*a], t)
	v.rows[i] = v.outMem
}

// batchMem is where a batch's observation and mask rows are: the first
// elements of its F32, I32, U8 and Mask buffers. Batches of the same memory
// are one target; a batch whose buffers were replaced is another.
type batchMem [4]unsafe.Pointer

func memOf(b *Batch) batchMem {
	return batchMem{unsafe.Pointer(unsafe.SliceData(b.F32)), unsafe.Pointer(unsafe.SliceData(b.I32)),
		unsafe.Pointer(unsafe.SliceData(b.U8)), unsafe.Pointer(unsafe.SliceData(b.Mask))}
}

func (v *Vector) stepRange(lo, hi int) {
	out, l := v.out, v.spec.Layout
	for i := lo; i < hi; i++ {
		v.target(i, out)
		v.stepOne(i, out, l)
	}
}

// stepOne steps env i and writes its rows (resetting it when its episode
// ended); the observation row may already be written (see target).
func (v *Vector) stepOne(i int, out *Batch, l *encode.Layout) {
	tr, err := v.envs[i].Step(int(v.actions[i]))
	if err != nil {
		// Checked against the mask before stepping: a refusal here is an
		// engine bug, not bad input.
		panic(fmt.Sprintf("vector env: env %d refused a legal action: %v", i, err))
	}
	out.Reward[i] = float32(tr.Reward)
	out.Terminated[i], out.Truncated[i] = tr.Terminated, tr.Truncated
	out.Score[i], out.Length[i] = 0, 0
	if tr.Done() {
		out.Score[i], out.Length[i] = float32(tr.Info.Score), int32(tr.Info.Steps)
		if out.FinalF32 != nil {
			copy(out.FinalF32[i*l.F32:(i+1)*l.F32], tr.Obs.F32)
		}
		if out.FinalI32 != nil {
			copy(out.FinalI32[i*l.I32:(i+1)*l.I32], tr.Obs.I32)
		}
		if out.FinalU8 != nil {
			copy(out.FinalU8[i*l.U8:(i+1)*l.U8], tr.Obs.U8)
		}
		v.episodes[i]++
		v.resetEnv(i, out)
		return
	}
	v.write(i, tr.Obs, tr.Info, out)
}

// resetOne resets env i (see resetEnv), writing into row i directly when it can.
func (v *Vector) resetOne(i int, out *Batch) {
	v.target(i, out)
	v.resetEnv(i, out)
}

func (v *Vector) resetEnv(i int, out *Batch) {
	seed := game.DeriveSeed(v.base, uint64(i), v.episodes[i])
	obs, info := v.envs[i].Reset(seed)
	out.Seed[i] = seed
	v.write(i, obs, info, out)
}

// write fills row i; the observation and the mask are copied unless the env
// wrote them there itself.
func (v *Vector) write(i int, obs encode.Obs, info Info, out *Batch) {
	l, a := v.spec.Layout, v.spec.Actions
	copyRow(out.F32[i*l.F32:(i+1)*l.F32], obs.F32)
	copyRow(out.I32[i*l.I32:(i+1)*l.I32], obs.I32)
	copyRow(out.U8[i*l.U8:(i+1)*l.U8], obs.U8)
	copyRow(out.Mask[i*a:(i+1)*a], info.Mask)
	out.Agent[i] = int32(info.Agent)
}

// copyRow copies src into dst unless they are the same memory.
func copyRow[T any](dst, src []T) {
	if len(dst) > 0 && len(src) > 0 && &dst[0] == &src[0] {
		return
	}
	copy(dst, src)
}
