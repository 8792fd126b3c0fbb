package train

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// ErrStopped is returned by [Trainer.WarmStart] when its context is
// cancelled or its deadline passes before the warm start ends.
var ErrStopped = errors.New("stopped before the end of the warm start")

// WarmupPending reports whether the run's teacher warm start is still to
// run: the config names a teacher and no checkpoint of the run has passed it.
func (t *Trainer) WarmupPending() bool { return t.Progress.WarmupPending }

// WarmupUnits is the size of the warm start in the units progress counts:
// the teacher's decisions played, then the rows fitted (TeacherSteps per
// epoch).
func (t *Trainer) WarmupUnits() int64 {
	return int64(t.Config.TeacherSteps) * int64(1+t.Config.TeacherEpochs)
}

// WarmStart runs the teacher warm start when it is pending (see
// [Trainer.WarmupPending]) and does nothing otherwise. progress, when not
// nil, is told after every teacher episode and every minibatch how far the
// warm start is (done of [Trainer.WarmupUnits]) and in which phase
// ("playing" or "fitting").
//
// When ctx is cancelled or deadline (zero: none) passes first, it stops at
// the next episode or minibatch, puts the trainer back exactly as it was
// before the warm start, saves that state as OUT/last (so a --resume starts
// the warm start again and gives the same run as one never stopped) and
// returns ErrStopped.
func (t *Trainer) WarmStart(ctx context.Context, deadline time.Time, progress func(phase string, done, total int64)) error {
	if !t.Progress.WarmupPending {
		return nil
	}
	stop := func() bool {
		return ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline))
	}
	before := t.snapshot()
	err := t.pretrain(stop, progress)
	if errors.Is(err, ErrStopped) {
		t.restoreSnapshot(before)
		if serr := t.Save(filepath.Join(t.Out, "last")); serr != nil {
			return fmt.Errorf("teacher warm start stopped, and saving the run failed: %w", serr)
		}
		return ErrStopped
	}
	if err != nil {
		return fmt.Errorf("teacher warm start: %w", err)
	}
	t.Progress.WarmupPending = false
	return t.restartLeague()
}

// restartLeague makes the warm-started network the league's only member
// (the first one, which evaluations play) and starts every training env's
// episode again, so that no episode mixes it with the network from before
// the warm start. It does nothing without league opponents.
func (t *Trainer) restartLeague() error {
	if t.league == nil {
		return nil
	}
	t.league.members = nil
	t.league.add(0, t.Model, t.Config.Seats.LeagueSize, nil)
	for _, te := range t.tenvs {
		for _, o := range te.opps {
			clear(o.policies)
		}
	}
	if err := t.vec.Reset(t.Config.Seed, t.batch); err != nil {
		return err
	}
	for i := range t.tenvs {
		t.countSkipped(i, true)
	}
	return nil
}

// trainerSnapshot is the part of a trainer's state the warm start changes.
type trainerSnapshot struct {
	params    [][]float32
	adamM     [][][]float32
	adamV     [][][]float32
	adamStep  []int
	rng       []byte
	mean, vr  []float64
	normCount float64
}

// snapshot copies the state the warm start changes.
func (t *Trainer) snapshot() trainerSnapshot {
	var s trainerSnapshot
	for _, p := range t.Model.Params() {
		s.params = append(s.params, slices.Clone(p.Data))
	}
	for _, a := range t.adams {
		var m, v [][]float32
		for i := range a.M {
			m, v = append(m, slices.Clone(a.M[i])), append(v, slices.Clone(a.V[i]))
		}
		s.adamM, s.adamV, s.adamStep = append(s.adamM, m), append(s.adamV, v), append(s.adamStep, a.Step)
	}
	s.rng, _ = t.rng.MarshalBinary()
	s.mean, s.vr, s.normCount = slices.Clone(t.Model.Norm.Mean), slices.Clone(t.Model.Norm.Var), t.Model.Norm.Count
	return s
}

// restoreSnapshot puts back the state s copied, in place (the graphs bind
// the parameters' storage).
func (t *Trainer) restoreSnapshot(s trainerSnapshot) {
	for i, p := range t.Model.Params() {
		copy(p.Data, s.params[i])
	}
	for k, a := range t.adams {
		for i := range a.M {
			copy(a.M[i], s.adamM[k][i])
			copy(a.V[i], s.adamV[k][i])
		}
		a.Step = s.adamStep[k]
	}
	_ = t.rng.UnmarshalBinary(s.rng)
	copy(t.Model.Norm.Mean, s.mean)
	copy(t.Model.Norm.Var, s.vr)
	t.Model.Norm.Count = s.normCount
	t.Model.Norm.Freeze()
	t.Model.Prepare()
}

// pretrain is the teacher warm start: it plays Config.Teacher for
// TeacherSteps decisions (episode k from game.DeriveSeed(seed, 3, k)),
// folds the observations into the normaliser, and fits the network to the
// teacher's choices (cross-entropy on the masked policy) and its discounted
// final scores (value regression) for TeacherEpochs passes. Everything is
// single-threaded and seeded, so it is part of the deterministic run. It
// returns ErrStopped as soon as stop says so (checked after every episode
// and minibatch), leaving the trainer half warm-started for the caller to
// restore.
func (t *Trainer) pretrain(stop func() bool, progress func(phase string, done, total int64)) error {
	cfg := &t.Config
	teacher, err := agents.New(cfg.Teacher)
	if err != nil {
		return err
	}
	e, err := env.Make(t.EnvID, t.Options)
	if err != nil {
		return err
	}
	if t.plan != nil {
		// the teacher plays the learning seats only, against the opponents
		lg := t.league
		if lg != nil {
			// the league as it stands (the network before the warm start)
			lg = &league{members: slices.Clone(lg.members)}
		}
		if e, err = newOpponentEnv(e, t.plan, lg); err != nil {
			return err
		}
	}
	l := e.Spec().Layout
	A := e.Spec().Actions
	n := cfg.TeacherSteps
	total := t.WarmupUnits()
	report := func(phase string, done int64) {
		if progress != nil {
			progress(phase, done, total)
		}
	}
	report("playing", 0)
	arch := &t.Model.Arch
	floats := arch.Floats()
	r := newRollout(1, n, floats, l.I32, arch.EncWidth, A)
	moments := NewMoments(floats)
	row, episodes, wins := 0, 0, 0
	for row < n {
		seed := game.DeriveSeed(cfg.Seed, 3, uint64(episodes))
		teacher.Reset(game.DeriveSeed(seed, 1))
		obs, info := e.Reset(seed)
		start := row
		for {
			a := teacher.Act(e, &info)
			if row < n {
				arch.FloatInput(r.x[row*floats:(row+1)*floats], obs.F32, obs.U8, obs.I32)
				copy(r.ids[row*l.I32:(row+1)*l.I32], obs.I32)
				copy(r.mask[row*A:(row+1)*A], info.Mask)
				r.act[row] = int32(a)
				moments.Add(r.x[row*floats : (row+1)*floats])
				t.Model.Arch.EncInput(obs.F32, obs.U8, r.enc[row*r.encW:(row+1)*r.encW])
				row++
			}
			tr, err := e.Step(a)
			if err != nil {
				return fmt.Errorf("teacher %s: %w", teacher.Name(), err)
			}
			if tr.Done() {
				// discounted final score as the value target of each step
				end := row
				for k := start; k < end; k++ {
					r.ret[k] = float32(tr.Info.Score * math.Pow(cfg.Gamma, float64(end-1-k)))
				}
				if tr.Info.Score > 0 {
					wins++
				}
				break
			}
			obs, info = tr.Obs, tr.Info
		}
		episodes++
		report("playing", int64(row))
		if stop() {
			return ErrStopped
		}
	}
	norm := t.Model.Norm
	if cfg.NormalizeObs {
		norm.Merge(moments)
	}
	t.Model.Prepare()
	x := make([]float32, floats)
	for k := 0; k < n; k++ {
		xs := r.x[k*floats : (k+1)*floats]
		copy(x, xs)
		norm.Apply(x, xs, float32(cfg.ObsClip))
	}
	r.sparsify(t.Model.z0)
	rows := make([]int32, n)
	for k := range rows {
		rows[k] = int32(k)
	}
	B := t.graphs[0].B
	var last stats
	fitted := int64(n)
	for ep := 0; ep < cfg.TeacherEpochs; ep++ {
		game.ShuffleInts(&t.rng, rows)
		var sum stats
		count := 0
		for lo := 0; lo < n; lo += B {
			st, _, err := t.step(0, r, rows[lo:min(lo+B, n)], true, cfg.LearningRate)
			if err != nil {
				return err
			}
			sum.add(st)
			count++
			fitted += int64(min(lo+B, n) - lo)
			report("fitting", fitted)
			if stop() {
				return ErrStopped
			}
		}
		last = sum.mean(count)
	}
	// independent networks start from the shared warm start
	params := t.graphs[0].params
	for k := 1; k < len(t.Model.Nets); k++ {
		dst := t.Model.Nets[k].Params()
		for i, p := range params {
			copy(dst[i].Data, p.Data)
		}
	}
	t.Model.Prepare()
	t.Progress.Warmup = fmt.Sprintf("teacher %s: %d decisions from %d episodes (%d won), %d epoch%s, final cross-entropy %.3f, value loss %.3f",
		cfg.Teacher, n, episodes, wins, cfg.TeacherEpochs, map[bool]string{true: "", false: "s"}[cfg.TeacherEpochs == 1], last.BCLoss, last.ValueLoss)
	return nil
}
