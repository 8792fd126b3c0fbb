package train

import (
	"fmt"
	"math"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// pretrain is the teacher warm start: it plays Config.Teacher for
// TeacherSteps decisions (episode k from game.DeriveSeed(seed, 3, k)),
// folds the observations into the normaliser, and fits the network to the
// teacher's choices (cross-entropy on the masked policy) and its discounted
// final scores (value regression) for TeacherEpochs passes. Everything is
// single-threaded and seeded, so it is part of the deterministic run.
func (t *Trainer) pretrain() error {
	cfg := &t.Config
	teacher, err := agents.New(cfg.Teacher)
	if err != nil {
		return err
	}
	e, err := env.Make(t.EnvID, t.Options)
	if err != nil {
		return err
	}
	l := e.Spec().Layout
	A := e.Spec().Actions
	n := cfg.TeacherSteps
	r := newRollout(1, n, l.F32, l.I32, A)
	moments := NewMoments(l.F32)
	row, episodes, wins := 0, 0, 0
	for row < n {
		seed := game.DeriveSeed(cfg.Seed, 3, uint64(episodes))
		teacher.Reset(game.DeriveSeed(seed, 1))
		obs, info := e.Reset(seed)
		start := row
		for {
			a := teacher.Act(e, &info)
			if row < n {
				copy(r.x[row*l.F32:(row+1)*l.F32], obs.F32)
				copy(r.ids[row*l.I32:(row+1)*l.I32], obs.I32)
				copy(r.mask[row*A:(row+1)*A], info.Mask)
				r.act[row] = int32(a)
				moments.Add(obs.F32)
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
	}
	norm := t.Model.Norm
	if cfg.NormalizeObs {
		norm.Merge(moments)
	}
	t.Model.Prepare()
	x := make([]float32, l.F32)
	for k := 0; k < n; k++ {
		xs := r.x[k*l.F32 : (k+1)*l.F32]
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
	t.Progress.Warmup = fmt.Sprintf("teacher %s: %d decisions from %d episodes (%d won), %d epochs, final cross-entropy %.3f, value loss %.3f",
		cfg.Teacher, n, episodes, wins, cfg.TeacherEpochs, last.BCLoss, last.ValueLoss)
	return nil
}
