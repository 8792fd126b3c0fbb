package benchmarks

import (
	"fmt"
	"runtime"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// ThroughputConfig says what to time and for how long.
type ThroughputConfig struct {
	// IDs are the env ids measured (default: every registered id).
	IDs []string
	// Duration is the time spent on each measurement (default 1s).
	Duration time.Duration
	// VectorEnvs is the number of envs in the vector-scaling runs (default 64).
	VectorEnvs int
	// Workers are the worker counts of the vector-scaling runs (default:
	// 1, 2, 4, … up to GOMAXPROCS, and GOMAXPROCS itself).
	Workers []int
	// LiveEnvs is how many envs are kept alive to measure memory per env
	// (default 256).
	LiveEnvs int
}

// VectorPoint is the throughput of a vector env at one worker count.
type VectorPoint struct {
	Workers int `json:"workers"`
	// DecisionsPerSec counts the whole loop: the harness's random policy,
	// which reads every mask on the caller's goroutine, and Vector.Step.
	DecisionsPerSec float64 `json:"decisions_per_s"`
	// StepPerSec counts the time inside Vector.Step only: the env's own
	// scaling, without the serial policy (Amdahl's share of the harness).
	StepPerSec float64 `json:"step_decisions_per_s"`
}

// EnvThroughput is the speed of one env id under random legal play.
type EnvThroughput struct {
	Env string `json:"env"`
	// EncodedPerSec is decisions/s through env.Step (observation and mask
	// encoded every step), one goroutine.
	EncodedPerSec float64 `json:"encoded_decisions_per_s"`
	// RawPerSec is decisions/s of the game state alone (State.Apply, no
	// encoding), one goroutine.
	RawPerSec float64 `json:"raw_decisions_per_s"`
	// CloneNs and CloneBytes are the time and heap bytes of one State.Clone
	// of a mid-game state.
	CloneNs    float64 `json:"clone_ns"`
	CloneBytes float64 `json:"clone_bytes"`
	// BytesPerEnv is the live heap per env (state, encoder buffers, wrappers)
	// after a few steps.
	BytesPerEnv float64 `json:"bytes_per_env"`
	// VectorBytesPerEnv is the live heap per env of a vector env after a few
	// steps, its row of the batch not counted: the envs of a vector (and of a
	// server session) encode into the batch and make no buffers of their own.
	VectorBytesPerEnv float64 `json:"vector_bytes_per_env"`
	// Vector is the vector env's throughput per worker count.
	Vector []VectorPoint `json:"vector"`
}

// Throughput measures every id of cfg. Figures are timing: they vary from
// run to run and machine to machine.
func Throughput(cfg ThroughputConfig) ([]EnvThroughput, error) {
	cfg = cfg.withDefaults()
	var out []EnvThroughput
	for _, id := range cfg.IDs {
		t := EnvThroughput{Env: id}
		var err error
		if t.EncodedPerSec, err = encodedSpeed(id, cfg.Duration); err != nil {
			return nil, err
		}
		if t.RawPerSec, err = rawSpeed(id, cfg.Duration); err != nil {
			return nil, err
		}
		if t.CloneNs, t.CloneBytes, err = cloneCost(id, cfg.Duration); err != nil {
			return nil, err
		}
		if t.BytesPerEnv, err = bytesPerEnv(id, cfg.LiveEnvs); err != nil {
			return nil, err
		}
		if t.VectorBytesPerEnv, err = vectorBytesPerEnv(id, cfg.LiveEnvs); err != nil {
			return nil, err
		}
		for _, w := range cfg.Workers {
			r, rs, err := vectorSpeed(id, cfg.VectorEnvs, w, cfg.Duration)
			if err != nil {
				return nil, err
			}
			t.Vector = append(t.Vector, VectorPoint{Workers: w, DecisionsPerSec: r, StepPerSec: rs})
		}
		out = append(out, t)
	}
	return out, nil
}

// withDefaults returns cfg with its zero fields at their documented defaults.
func (cfg ThroughputConfig) withDefaults() ThroughputConfig {
	if len(cfg.IDs) == 0 {
		cfg.IDs = env.IDs()
	}
	if cfg.Duration <= 0 {
		cfg.Duration = time.Second
	}
	if cfg.VectorEnvs <= 0 {
		cfg.VectorEnvs = 64
	}
	if len(cfg.Workers) == 0 {
		cfg.Workers = WorkerCounts(runtime.GOMAXPROCS(0))
	}
	if cfg.LiveEnvs <= 0 {
		cfg.LiveEnvs = 256
	}
	return cfg
}

// Expected is the time Throughput(cfg) spends timing: per env id, Duration
// for each of encoded play, raw play, Clone and every vector worker count.
// Setting up the envs and measuring memory add a little to it.
func (cfg ThroughputConfig) Expected() time.Duration {
	cfg = cfg.withDefaults()
	return time.Duration(len(cfg.IDs)*(3+len(cfg.Workers))) * cfg.Duration
}

// WorkerCounts is 1, 2, 4, … below max, then max.
func WorkerCounts(max int) []int {
	var ws []int
	for w := 1; w < max; w *= 2 {
		ws = append(ws, w)
	}
	return append(ws, max)
}

// timed runs step in batches of 64 until d has passed and returns the
// number of steps per second.
func timed(d time.Duration, step func() error) (float64, error) {
	start := time.Now()
	n := 0
	for {
		for i := 0; i < 64; i++ {
			if err := step(); err != nil {
				return 0, err
			}
		}
		n += 64
		if el := time.Since(start); el >= d {
			return float64(n) / el.Seconds(), nil
		}
	}
}

// encodedSpeed is random legal play through env.Step.
func encodedSpeed(id string, d time.Duration) (float64, error) {
	step, err := randomPlay(id)
	if err != nil {
		return 0, err
	}
	return timed(d, step)
}

// randomPlay makes an env of id and returns a function that plays one random
// legal decision through env.Step, starting the next seed's episode when one
// ends.
func randomPlay(id string) (func() error, error) {
	e, err := env.Make(id, nil)
	if err != nil {
		return nil, err
	}
	rng := game.NewRNG(1)
	seed := uint64(1)
	_, info := e.Reset(seed)
	return func() error {
		tr, err := e.Step(agents.Pick(&rng, &info))
		if err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		info = tr.Info
		if tr.Done() {
			seed++
			_, info = e.Reset(seed)
		}
		return nil
	}, nil
}

// rawSpeed is random play on the game state alone (rawPlay) for d.
func rawSpeed(id string, d time.Duration) (float64, error) {
	step, err := rawPlay(id)
	if err != nil {
		return 0, err
	}
	return timed(d, step)
}

// rawPlay returns one decision of random play on the game state alone:
// State.Apply with a random option index, no observation or mask; a game
// that ends is followed by the next seed's.
func rawPlay(id string) (func() error, error) {
	e, err := env.MakeBase(id, nil)
	if err != nil {
		return nil, err
	}
	rng := game.NewRNG(2)
	seed := uint64(1)
	e.Reset(seed)
	s := e.State()
	return func() error {
		if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		if s.Over() {
			seed++
			e.Reset(seed)
			s = e.State()
		}
		return nil
	}, nil
}

// midGameStates plays random games and keeps a state every few decisions.
func midGameStates(id string, n int) ([]game.State, error) {
	e, err := env.MakeBase(id, nil)
	if err != nil {
		return nil, err
	}
	rng := game.NewRNG(3)
	var out []game.State
	for seed := uint64(1); len(out) < n; seed++ {
		e.Reset(seed)
		s := e.State()
		for k := 0; !s.Over() && len(out) < n; k++ {
			if k%7 == 3 {
				out = append(out, s.Clone())
			}
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				return nil, err
			}
		}
		if seed > 10000 {
			return nil, fmt.Errorf("%s: games too short to sample states", id)
		}
	}
	return out, nil
}

// cloneCost times State.Clone over a sample of mid-game states and measures
// the heap bytes each clone allocates.
func cloneCost(id string, d time.Duration) (ns, bytes float64, err error) {
	states, err := midGameStates(id, 32)
	if err != nil {
		return 0, 0, err
	}
	var sink game.State
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	i := 0
	perSec, _ := timed(d, func() error {
		sink = states[i%len(states)].Clone()
		i++
		return nil
	})
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(sink)
	return 1e9 / perSec, float64(after.TotalAlloc-before.TotalAlloc) / float64(i), nil
}

// bytesPerEnv measures the live heap of n envs, each reset and stepped a few
// times.
func bytesPerEnv(id string, n int) (float64, error) {
	envs := make([]env.Env, n)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	rng := game.NewRNG(4)
	for i := range envs {
		e, err := env.Make(id, nil)
		if err != nil {
			return 0, err
		}
		_, info := e.Reset(uint64(i + 1))
		for k := 0; k < 10; k++ {
			tr, err := e.Step(agents.Pick(&rng, &info))
			if err != nil {
				return 0, err
			}
			if tr.Done() {
				break
			}
			info = tr.Info
		}
		envs[i] = e
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(envs)
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(n), nil
}

// vectorBytesPerEnv measures the live heap of a vector of n envs stepped a
// few times, less its batch, per env.
func vectorBytesPerEnv(id string, n int) (float64, error) {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	v, step, err := vectorPlay(id, n, 1)
	if err != nil {
		return 0, err
	}
	defer v.Close()
	for k := 0; k < 10; k++ {
		if err := step(nil); err != nil {
			return 0, err
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(v)
	runtime.KeepAlive(step) // it holds the batch, subtracted below
	l := v.Spec().Layout
	// the batch (vectorPlay's, without final rows) and the actions
	batch := n * (l.Bytes() + v.Spec().Actions + 4 + 4 + 1 + 1 + 4 + 4 + 8 + 4)
	return (float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) - float64(batch)) / float64(n), nil
}

// vectorSpeed is decisions/s of a vector of n envs stepped by workers
// goroutines with random legal actions: of the whole loop, and of the time
// inside Vector.Step.
func vectorSpeed(id string, n, workers int, d time.Duration) (loop, step float64, err error) {
	v, play, err := vectorPlay(id, n, workers)
	if err != nil {
		return 0, 0, err
	}
	defer v.Close()
	var inStep time.Duration
	steps := 0
	perSec, err := timed(d, func() error { steps++; return play(&inStep) })
	if err != nil || inStep <= 0 {
		return perSec * float64(n), 0, err
	}
	return perSec * float64(n), float64(steps*n) / inStep.Seconds(), nil
}

// vectorPlay makes a vector of n envs of id stepped by workers goroutines
// and returns it with a function that steps every env once with random legal
// actions, adding the time spent in Vector.Step to *inStep (when not nil).
// The caller closes the vector.
func vectorPlay(id string, n, workers int) (*env.Vector, func(inStep *time.Duration) error, error) {
	v, err := env.NewVector(id, nil, n, workers)
	if err != nil {
		return nil, nil, err
	}
	out := v.NewBatch(false)
	if err := v.Reset(1, out); err != nil {
		v.Close()
		return nil, nil, err
	}
	rng := game.NewRNG(5)
	acts := make([]int32, v.Len())
	A := v.Spec().Actions
	return v, func(inStep *time.Duration) error {
		for k := range acts {
			acts[k] = int32(agents.Uniform(&rng, out.Mask[k*A:(k+1)*A]))
		}
		var start time.Time
		if inStep != nil {
			start = time.Now()
		}
		if err := v.Step(acts, out); err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		if inStep != nil {
			*inStep += time.Since(start)
		}
		return nil
	}, nil
}
