package train

import "github.com/mythos-rl/mythos/env"

// forwardPool runs the policy's forward passes of one rollout step, one per
// env, on several goroutines. Each env's pass reads only its own row of the
// batch and writes only its own row of the rollout and of logits, with a
// scratch of its part, so the results are the same on any number of parts;
// sampling from them stays serial, in env order (Trainer.collect).
type forwardPool struct {
	t       *Trainer
	pool    *env.Workers
	scratch []*Scratch // one per part
	raw     []float32  // each env's float input before normalisation, one after another
	// logits holds the n envs' logits of the step, A each.
	logits []float32
	step   int                    // the rollout step being run
	task   func(part, lo, hi int) // fp.rows, made once so that run does not allocate
}

// newForwardPool makes a pool of parts goroutines (at most one per env).
func newForwardPool(t *Trainer, parts int) *forwardPool {
	n := t.buf.n
	parts = max(1, min(parts, n))
	fp := &forwardPool{t: t, pool: env.NewWorkers(parts, true), logits: make([]float32, n*t.buf.actions), raw: make([]float32, n*t.buf.f32)}
	for range parts {
		fp.scratch = append(fp.scratch, t.Model.NewScratch())
	}
	fp.task = fp.rows
	return fp
}

// run computes step s's forward pass of every env: normalised observation,
// ids and mask copied into the rollout, logits into fp.logits, value and
// agent into the rollout.
func (fp *forwardPool) run(s int) {
	fp.step = s
	fp.pool.Run(fp.t.buf.n, fp.task)
}

// rows runs the forward passes of envs [lo, hi) with part's scratch.
func (fp *forwardPool) rows(part, lo, hi int) {
	t := fp.t
	b, r := t.batch, t.buf
	floats, i32, A := r.f32, r.i32, r.actions
	l := t.vec.Spec().Layout
	f32, u8 := l.F32, l.U8
	clip := float32(t.Config.ObsClip)
	for i := lo; i < hi; i++ {
		row := fp.step*r.n + i
		raw := fp.raw[i*floats : (i+1)*floats]
		t.Model.Arch.FloatInput(raw, b.F32[i*f32:(i+1)*f32], b.U8[i*u8:(i+1)*u8], b.I32[i*i32:(i+1)*i32])
		x := r.x[row*floats : (row+1)*floats]
		t.Model.Norm.Apply(raw, x, clip)
		enc := r.enc[row*r.encW : (row+1)*r.encW]
		t.Model.Arch.EncInput(b.F32[i*f32:(i+1)*f32], b.U8[i*u8:(i+1)*u8], enc)
		ids := r.ids[row*i32 : (row+1)*i32]
		copy(ids, b.I32[i*i32:(i+1)*i32])
		copy(r.mask[row*A:(row+1)*A], b.Mask[i*A:(i+1)*A])
		agent := b.Agent[i]
		r.agent[row] = agent
		r.value[row] = t.Model.NetFor(int(agent)).ForwardLegal(x, enc, ids, r.mask[row*A:(row+1)*A], fp.logits[i*A:(i+1)*A], fp.scratch[part])
	}
}

// close stops the pool's goroutines.
func (fp *forwardPool) close() { fp.pool.Close() }
