package train

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// recentWindow is the number of finished training episodes the rolling win
// rate, score and length are taken over.
const recentWindow = 100

// Progress is where a run stands; it is saved in every checkpoint.
type Progress struct {
	Iteration int   `json:"iteration"`
	EnvSteps  int64 `json:"env_steps"`
	Episodes  int64 `json:"episodes"`
	Wins      int64 `json:"wins"`
	// Recent holds the scores and lengths of the last finished episodes.
	RecentScores  []float32 `json:"recent_scores"`
	RecentLengths []int32   `json:"recent_lengths"`
	// StartScores holds, per curriculum start (Starts: two or more), the
	// scores of its last finished training episodes.
	StartScores [][]float32 `json:"start_scores,omitempty"`
	// Stage is the curriculum stage the run is in (Config.Stages, from 0);
	// StageScores holds the scores of its last finished training
	// episodes, StageFrom the env steps trained before it began, and
	// StageChanges the update after which each later stage began.
	Stage        int       `json:"stage,omitempty"`
	StageScores  []float32 `json:"stage_scores,omitempty"`
	StageFrom    int64     `json:"stage_from,omitempty"`
	StageChanges []int     `json:"stage_changes,omitempty"`
	// BestEval is the win rate of the best evaluation so far (-1 before
	// any) and BestScore its mean score; Config.BestBy says which decides.
	BestEval      float64 `json:"best_eval"`
	BestScore     float64 `json:"best_score"`
	BestIteration int     `json:"best_iteration"`
	// Seconds is the wall time spent training so far (timing, not results).
	Seconds float64 `json:"seconds"`
	// Warmup reports the teacher warm start (empty without a teacher).
	Warmup string `json:"warmup,omitempty"`
	// WarmupPending is set while the config's teacher warm start has not
	// run yet (a run stopped during it saves this state).
	WarmupPending bool `json:"warmup_pending,omitempty"`
}

// Trainer runs PPO on one env id. Make one with [NewTrainer], then call Run.
type Trainer struct {
	Config  Config
	EnvID   string
	Options env.Options
	// Out is the run directory (checkpoints, metrics.csv, learning_curve.png).
	Out string

	Model    *Model
	Progress Progress
	Metrics  []MetricRow
	// Baselines are the evaluation agents' results on the fixed seeds.
	Baselines []EvalResult
	// StopAfter, when positive, makes Run stop (evaluated and checkpointed)
	// once the run has made this many updates, counting those before a
	// resume. The schedule (the learning rate's decay over TotalSteps) is
	// unchanged, so a run cut by a time limit after update N is reproduced
	// exactly by the same config with StopAfter N (mythos train --updates).
	StopAfter int

	adams  []*Adam
	graphs []*lossGraph // each network's loss graph with the full policy head
	// heads[k] are network k's loss graphs of fewer head columns (head.go);
	// cols, colOf and seen the legal actions of the current minibatch.
	heads   [][]*lossGraph
	cols    []int32
	colOf   []int32
	seen    []bool
	grads   [][][]float32
	rng     game.RNG
	vec     *env.Vector
	tenvs   []*trainingEnv
	batch   *env.Batch
	buf     *rollout
	moments *Moments
	scratch *Scratch
	logits  []float32
	probs   []float32
	// fwd runs the rollout's forward passes of one step over the envs in
	// parallel (forward.go); its results do not depend on the parts.
	fwd     *forwardPool
	actions []int32
	final   []float32
	raw     []float32 // one env's float input before normalisation (FloatInput)
	rowsOf  [][]int32
	// lastEval is the wall time of the last policy evaluation (timing, kept
	// in reserve before a deadline).
	lastEval time.Duration
	// plan splits the seats into learning and opponent seats (nil: every
	// seat learns); each training env is wrapped by its opponents then.
	plan *seatPlan
	// league holds the run's past networks when some opponent is "league".
	league *league
	// stages are the run's curriculum stages and their starts.
	stages *stageSet
}

// NewTrainer prepares a run of cfg on envID with opts (merged over
// cfg.EnvOptions) writing into out. With resume, it continues from
// out/last exactly where that checkpoint stopped. It is quick: the teacher
// warm start, when the config has one, runs in [Trainer.WarmStart] (which
// Run calls first).
func NewTrainer(envID string, opts env.Options, cfg Config, out string, resume bool) (*Trainer, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	merged := env.Options(mergeOptions(cfg.EnvOptions, opts))
	cfg.EnvOptions = merged
	t := &Trainer{Config: cfg, EnvID: envID, Options: merged, Out: out}
	t.stages = newStageSet(&cfg)
	probe, err := env.Make(envID, merged)
	if err != nil {
		return nil, err
	}
	spec := probe.Spec()
	if t.plan, err = newSeatPlan(&cfg.Seats, probe, game.DeriveSeed(cfg.Seed, 4)); err != nil {
		return nil, err
	}
	if cfg.Seats.usesLeague() {
		t.league = &league{}
	}
	arch, err := NewArch(spec, merged, &cfg)
	if err != nil {
		return nil, err
	}
	t.Model = NewModel(arch, game.DeriveSeed(cfg.Seed, 0))
	t.rng.Seed(game.DeriveSeed(cfg.Seed, 1))
	t.Progress.BestEval = -1
	for _, n := range t.Model.Nets {
		a := NewAdam(n.Params())
		a.parts = min(cfg.workers(), maxParts)
		t.adams = append(t.adams, a)
	}
	var cursors []EnvCursor
	t.Progress.WarmupPending = cfg.Teacher != "" && !resume
	if cfg.InitFrom != "" && !resume {
		if err := t.initFrom(cfg.InitFrom); err != nil {
			return nil, fmt.Errorf("init_from %s: %w", cfg.InitFrom, err)
		}
	}
	if resume {
		if cursors, err = t.restore(filepath.Join(out, "last")); err != nil {
			return nil, fmt.Errorf("resuming from %s: %w", filepath.Join(out, "last"), err)
		}
		if n := len(t.stages.stages); t.Progress.Stage >= n {
			return nil, fmt.Errorf("resuming from %s: the run is in curriculum stage %d, and the config has %d", filepath.Join(out, "last"), t.Progress.Stage+1, n)
		}
	}
	l := spec.Layout
	t.tenvs = make([]*trainingEnv, cfg.NumEnvs)
	envs := make([]env.Env, cfg.NumEnvs)
	for i := range envs {
		// one env per curriculum stage, each wrapped by its opponents when
		// the run has opponent seats
		staged := make([]env.Env, len(t.stages.entries))
		var opps []*opponentEnv
		for k, entries := range t.stages.entries {
			e, err := makeTrainingEnv(envID, merged, entries, i, spec)
			if err == nil && t.plan != nil {
				var o *opponentEnv
				if o, err = newOpponentEnv(e, t.plan, t.league); err == nil {
					opps, e = append(opps, o), o
				}
			}
			if err != nil {
				if t.stages.staged() {
					err = fmt.Errorf("stages[%d]: %w", k, err)
				}
				return nil, err
			}
			staged[k] = e
		}
		stage := t.Progress.Stage
		if cursors != nil {
			stage = cursors[i].Stage
			if stage < 0 || stage >= len(staged) {
				return nil, fmt.Errorf("resuming env %d: the checkpoint's stage %d is not one of the config's %d", i, stage, len(staged))
			}
		}
		te := &trainingEnv{Env: staged[stage], base: game.DeriveSeed(cfg.Seed, 2), index: uint64(i), stage: stage, ended: stage, opps: opps}
		if opps != nil {
			te.opp = opps[stage]
		}
		if t.stages.staged() {
			te.stages, te.want = staged, &t.Progress.Stage
		}
		if cursors != nil {
			c := cursors[i]
			te.pending = &c
		}
		t.tenvs[i], envs[i] = te, te
	}
	if t.league != nil && len(t.league.members) == 0 {
		// the first member: the network as it starts (replaced by the
		// warm-started one when a warm start runs, see WarmStart)
		t.league.add(0, t.Model, cfg.Seats.LeagueSize, nil)
	}
	t.vec = env.NewVectorOf(envs, cfg.workers())
	t.batch = t.vec.NewBatch(true)
	if err := t.vec.Reset(cfg.Seed, t.batch); err != nil {
		return nil, err
	}
	for _, te := range t.tenvs {
		if te.err != nil {
			return nil, te.err
		}
	}
	for i := range t.tenvs {
		// a resumed env replayed its skipped episodes: they were counted
		t.countSkipped(i, !resume)
	}
	floats := t.Model.Arch.Floats()
	t.buf = newRollout(cfg.NumEnvs, cfg.RolloutSteps, floats, l.I32, t.Model.Arch.EncWidth, spec.Actions)
	t.moments = NewMoments(floats)
	t.scratch = t.Model.NewScratch()
	t.logits = make([]float32, spec.Actions)
	t.probs = make([]float32, spec.Actions)
	t.fwd = newForwardPool(t, cfg.workers())
	t.actions = make([]int32, cfg.NumEnvs)
	t.final = make([]float32, floats)
	t.raw = make([]float32, floats)
	mb := min(cfg.Minibatch, t.buf.rows())
	for _, n := range t.Model.Nets {
		lg, err := newLossGraph(n, floats, mb, &cfg)
		if err != nil {
			return nil, err
		}
		t.graphs = append(t.graphs, lg)
		t.grads = append(t.grads, zerosLike(lg.params))
	}
	t.heads = make([][]*lossGraph, len(t.Model.Nets))
	t.rowsOf = make([][]int32, len(t.Model.Nets))
	return t, nil
}

// Close stops the env workers and frees the graphs.
func (t *Trainer) Close() {
	t.vec.Close()
	t.fwd.close()
	for _, g := range t.graphs {
		g.close()
	}
	for _, hs := range t.heads {
		for _, g := range hs {
			g.close()
		}
	}
}

// stopsAt reports whether the run has made its StopAfter updates.
func (t *Trainer) stopsAt() bool {
	return t.StopAfter > 0 && t.Progress.Iteration >= t.StopAfter
}

// Done reports whether the run has reached its step budget.
func (t *Trainer) Done() bool { return t.Progress.EnvSteps >= int64(t.Config.TotalSteps) }

// collect runs one rollout of RolloutSteps steps in every env.
func (t *Trainer) collect() {
	b, r, cfg := t.batch, t.buf, &t.Config
	n, i32, A := r.n, r.i32, r.actions
	l := t.vec.Spec().Layout
	f32, u8 := l.F32, l.U8
	clip := float32(cfg.ObsClip)
	norm := t.Model.Norm
	t.Model.Prepare()
	parts := len(t.fwd.scratch)
	for s := 0; s < r.steps; s++ {
		// The envs' forward passes, in parallel: each writes only its row,
		// and its raw float input into t.fwd.raw.
		t.fwd.run(s)
		if cfg.NormalizeObs {
			t.moments.AddRows(t.fwd.raw, n, parts)
		}
		// Sampling stays in env order: one RNG, the same draws on any
		// number of parts.
		for i := 0; i < n; i++ {
			row := s*n + i
			mask := r.mask[row*A : (row+1)*A]
			logits := t.fwd.logits[i*A : (i+1)*A]
			lse := MaskedSoftmax(logits, mask, t.probs)
			a := sample(&t.rng, t.probs, mask)
			t.actions[i] = int32(a)
			r.act[row] = int32(a)
			r.logp[row] = float32(float64(logits[a]) - lse)
		}
		if err := t.vec.Step(t.actions, b); err != nil {
			panic(err) // actions come from the masks: a refusal is a bug
		}
		for i := 0; i < n; i++ {
			row := s*n + i
			r.reward[row] = b.Reward[i]
			r.done[row] = b.Terminated[i] || b.Truncated[i]
			if b.Truncated[i] && !b.Terminated[i] {
				// bootstrap the cut-off episode with the value of its last state
				t.Model.Arch.FloatInput(t.raw, b.FinalF32[i*f32:(i+1)*f32], b.FinalU8[i*u8:(i+1)*u8], b.FinalI32[i*i32:(i+1)*i32])
				norm.Apply(t.raw, t.final, clip)
				t.Model.Arch.EncInput(b.FinalF32[i*f32:(i+1)*f32], b.FinalU8[i*u8:(i+1)*u8], t.scratch.enc)
				v := t.Model.NetFor(int(r.agent[row])).Forward(t.final, t.scratch.enc, b.FinalI32[i*i32:(i+1)*i32], t.logits, t.scratch)
				r.reward[row] += float32(cfg.Gamma) * v
			}
			if r.done[row] {
				// the env has reset since: its next episode may be of a later stage
				t.finished(i, t.tenvs[i].ended, b.Score[i], b.Length[i])
			}
			t.countSkipped(i, true)
		}
	}
	for i := 0; i < n; i++ {
		t.Model.Arch.FloatInput(t.raw, b.F32[i*f32:(i+1)*f32], b.U8[i*u8:(i+1)*u8], b.I32[i*i32:(i+1)*i32])
		norm.Apply(t.raw, t.final, clip)
		t.Model.Arch.EncInput(b.F32[i*f32:(i+1)*f32], b.U8[i*u8:(i+1)*u8], t.scratch.enc)
		r.lastValue[i] = t.Model.NetFor(int(b.Agent[i])).Forward(t.final, t.scratch.enc, b.I32[i*i32:(i+1)*i32], t.logits, t.scratch)
	}
	r.sparsifyParts(t.Model.z0, parts)
	if cfg.NormalizeObs {
		norm.Merge(t.moments)
	}
	t.Progress.EnvSteps += int64(r.rows())
}

// startWinRates is the rolling win rate of each of n curriculum starts
// (−1 for a start none of whose episodes has finished yet).
func (p *Progress) startWinRates(n int) []float64 {
	out := make([]float64, n)
	for k := range out {
		out[k] = -1
		if k < len(p.StartScores) && len(p.StartScores[k]) > 0 {
			wins := 0
			for _, sc := range p.StartScores[k] {
				if sc > 0 {
					wins++
				}
			}
			out[k] = float64(wins) / float64(len(p.StartScores[k]))
		}
	}
	return out
}

// finished counts a finished training episode of training env i, played in
// curriculum stage stage, in the progress, its rolling window and those of
// its curriculum start and stage.
func (t *Trainer) finished(i, stage int, score float32, length int32) {
	p := &t.Progress
	p.Episodes++
	if score > 0 {
		p.Wins++
	}
	p.RecentScores = append(p.RecentScores, score)
	p.RecentLengths = append(p.RecentLengths, length)
	if len(p.RecentScores) > recentWindow {
		p.RecentScores = p.RecentScores[1:]
		p.RecentLengths = p.RecentLengths[1:]
	}
	if k := t.stages.startOfEnv(stage, i); k >= 0 {
		for len(p.StartScores) <= k {
			p.StartScores = append(p.StartScores, nil)
		}
		p.StartScores[k] = slide(p.StartScores[k], score)
	}
	if t.stages.staged() && stage == p.Stage {
		p.StageScores = slide(p.StageScores, score)
	}
}

// countSkipped takes env i's episodes that ended before any learning
// decision (none without opponent seats) and, with count, counts them as
// finished training episodes of the env's current stage.
func (t *Trainer) countSkipped(i int, count bool) {
	te := t.tenvs[i]
	if te.opp == nil {
		return
	}
	for _, sk := range te.opp.takeSkipped() {
		if count {
			t.finished(i, te.stage, sk.score, sk.length)
		}
	}
}

// update runs the PPO epochs over the last rollout and returns the mean
// statistics of its minibatches.
func (t *Trainer) update(lr float64) (stats, float64, error) {
	r := t.buf
	for k := range t.rowsOf {
		t.rowsOf[k] = t.rowsOf[k][:0]
	}
	for row := 0; row < r.rows(); row++ {
		k := 0
		if !t.Model.Arch.Shared {
			k = int(r.agent[row])
		}
		t.rowsOf[k] = append(t.rowsOf[k], int32(row))
	}
	var sum stats
	gradNorm, count := 0.0, 0
	for k, rows := range t.rowsOf {
		if len(rows) == 0 {
			continue
		}
		B := t.graphs[k].B
		for e := 0; e < t.Config.Epochs; e++ {
			game.ShuffleInts(&t.rng, rows)
			for lo := 0; lo < len(rows); lo += B {
				st, gn, err := t.step(k, r, rows[lo:min(lo+B, len(rows))], false, lr)
				if err != nil {
					return stats{}, 0, fmt.Errorf("update %d: %w", t.Progress.Iteration, err)
				}
				sum.add(st)
				gradNorm += gn
				count++
			}
		}
	}
	if count > 0 {
		sum = sum.mean(count)
		gradNorm /= float64(count)
	}
	return sum, gradNorm, nil
}

// step runs one gradient step of network k on the minibatch rows of r
// (teacher demonstrations when bc) with learning rate lr, and returns the
// minibatch's loss terms and its gradient norm before clipping.
func (t *Trainer) step(k int, r *rollout, rows []int32, bc bool, lr float64) (stats, float64, error) {
	lg, err := t.graphFor(k, len(t.legalColumns(r, rows)))
	if err != nil {
		return stats{}, 0, err
	}
	grads := t.grads[k]
	t.fill(lg, r, rows, bc)
	st, err := lg.run(grads)
	if err != nil {
		return stats{}, 0, err
	}
	if math.IsNaN(st.Loss) || math.IsInf(st.Loss, 0) {
		return stats{}, 0, fmt.Errorf("the loss is %v", st.Loss)
	}
	lg.backPX(r, rows, grads[len(lg.net.Embeds)])
	lg.backEmb(r, rows, grads)
	lg.backConv(r, rows, grads)
	norm := t.adams[k].ClipAndUpdate(lg.params, grads, t.Config.MaxGradNorm, lr)
	return st, norm, nil
}

// fill writes the minibatch rows of r into the graph's input tensors; rows
// past len(rows) are padding with weight 0. With bc the rows are teacher
// demonstrations (behaviour cloning and value regression, no PPO term).
// A graph with fewer head columns than actions gets the columns of
// t.cols (legalColumns of the same rows); a full one every action.
func (t *Trainer) fill(lg *lossGraph, r *rollout, rows []int32, bc bool) {
	A := r.actions
	W, cols := lg.Width, []int32(nil)
	if W != A {
		cols = t.cols
	}
	lg.setHead(cols)
	lg.setPointer(r, rows, t.colOf)
	mean, sd := 0.0, 1.0
	if t.Config.NormalizeAdvantages && len(rows) > 1 && !bc {
		s, ss := 0.0, 0.0
		for _, row := range rows {
			a := float64(r.adv[row])
			s += a
			ss += a * a
		}
		mean = s / float64(len(rows))
		sd = math.Sqrt(math.Max(0, ss/float64(len(rows))-mean*mean)) + 1e-8
	}
	w := float32(1 / float64(len(rows)))
	lg.setPX(r, rows)
	mask, act, old, adv, ret, wt, bcw := data(lg.maskT), data(lg.actT), data(lg.oldT), data(lg.advT), data(lg.retT), data(lg.wT), data(lg.bcT)
	clear(act)
	lg.setEmb(r, rows)
	lg.setEnc(r, rows)
	for j := 0; j < lg.B; j++ {
		mrow := mask[j*W : (j+1)*W]
		if j >= len(rows) {
			clear(mrow)
			old[j], adv[j], ret[j], wt[j], bcw[j] = 0, 0, 0, 0, 0
			continue
		}
		row := int(rows[j])
		rmask := r.mask[row*A : (row+1)*A]
		if cols == nil {
			for a, m := range rmask {
				if m != 0 {
					mrow[a] = 0
				} else {
					mrow[a] = MaskedLogit
				}
			}
			act[j*W+int(r.act[row])] = 1
		} else {
			for c := range mrow {
				mrow[c] = MaskedLogit // the padding columns too
			}
			for c, a := range cols {
				if rmask[a] != 0 {
					mrow[c] = 0
				}
			}
			act[j*W+int(t.colOf[r.act[row]])] = 1
		}
		old[j] = r.logp[row]
		adv[j] = float32((float64(r.adv[row]) - mean) / sd)
		ret[j] = r.ret[row]
		wt[j], bcw[j] = w, 0
		if bc {
			adv[j], bcw[j] = 0, w
		}
	}
}

// Iterate runs one PPO update (rollout, advantages, epochs) and returns its
// metrics row (without evaluation).
func (t *Trainer) Iterate() (MetricRow, error) {
	start := time.Now()
	cfg := &t.Config
	lr := cfg.LearningRate
	if cfg.LRDecay {
		lr *= math.Max(0, 1-float64(t.Progress.EnvSteps)/float64(cfg.TotalSteps))
	}
	t.collect()
	t.buf.computeGAE(cfg.Gamma, cfg.GAELambda)
	st, gn, err := t.update(lr)
	if err != nil {
		return MetricRow{}, err
	}
	t.Progress.Iteration++
	if t.league != nil && t.Progress.Iteration%cfg.Seats.LeagueEvery == 0 {
		inUse := make([]int32, 0, len(t.tenvs))
		for _, te := range t.tenvs {
			if n := len(te.opp.picks); n > 0 {
				inUse = append(inUse, te.opp.picks[n-1])
			}
		}
		t.league.add(t.Progress.Iteration, t.Model, cfg.Seats.LeagueSize, inUse)
	}
	t.Progress.Seconds += time.Since(start).Seconds()
	p := &t.Progress
	row := MetricRow{
		Iteration: p.Iteration, EnvSteps: p.EnvSteps, Episodes: p.Episodes,
		TrainWinRate: -1, MeanScore: 0, MeanLength: 0,
		Loss: st.Loss, PolicyLoss: st.PolicyLoss, ValueLoss: st.ValueLoss, Entropy: st.Entropy,
		ApproxKL: st.ApproxKL, ClipFrac: st.ClipFrac, GradNorm: gn, LR: lr,
		StepsPerSec: float64(p.EnvSteps) / math.Max(p.Seconds, 1e-9), Seconds: p.Seconds,
		EvalWinRate: -1, EvalLo: -1, EvalHi: -1,
	}
	if n := len(p.RecentScores); n > 0 {
		wins, score, length := 0, 0.0, 0.0
		for k := range p.RecentScores {
			if p.RecentScores[k] > 0 {
				wins++
			}
			score += float64(p.RecentScores[k])
			length += float64(p.RecentLengths[k])
		}
		row.TrainWinRate, row.MeanScore, row.MeanLength = float64(wins)/float64(n), score/float64(n), length/float64(n)
	}
	if t.stages.starts > 0 {
		row.StartWinRates = p.startWinRates(t.stages.starts)
	}
	if t.stages.staged() {
		// the stage this update's rollout played, then a move to the next
		// (its envs change at their next episodes)
		row.Stage, row.StageWinRate = p.Stage+1, -1
		if len(p.StageScores) > 0 {
			row.StageWinRate = winRate(p.StageScores)
		}
		row.Advanced = t.stages.advance(p)
	}
	return row, nil
}

// Run runs the pending warm start (see [Trainer.WarmStart]), then trains
// until TotalSteps, ctx is cancelled or deadline (zero: none) is near,
// evaluating and checkpointing on schedule, and always at the end. It does
// not start an update it expects to end past the deadline: the time of the
// last update and of the last evaluation are kept in reserve. A run stopped
// during the warm start returns nil with [Trainer.WarmupPending] still true
// and OUT/last saved from before the warm start. report, when not nil,
// receives every metrics row.
func (t *Trainer) Run(ctx context.Context, deadline time.Time, report func(MetricRow)) error {
	if err := os.MkdirAll(t.Out, 0o755); err != nil {
		return err
	}
	if err := t.WarmStart(ctx, deadline, nil); errors.Is(err, ErrStopped) {
		return nil
	} else if err != nil {
		return err
	}
	if t.Baselines == nil && t.Config.EvalEpisodes > 0 {
		t.Baselines = t.EvaluateBaselines()
	}
	cfg := &t.Config
	var lastUpdate time.Duration
	for !t.Done() && !t.stopsAt() {
		if ctx.Err() != nil || (!deadline.IsZero() && time.Now().Add(lastUpdate+t.lastEval).After(deadline)) {
			break
		}
		start := time.Now()
		row, err := t.Iterate()
		if err != nil {
			return err
		}
		last := t.Done() || t.stopsAt()
		if cfg.EvalEpisodes > 0 && ((cfg.EvalEvery > 0 && row.Iteration%cfg.EvalEvery == 0) || last) {
			if err := t.evaluate(&row); err != nil {
				return err
			}
		}
		t.Metrics = append(t.Metrics, row)
		if report != nil {
			report(row)
		}
		if (cfg.CheckpointEvery > 0 && row.Iteration%cfg.CheckpointEvery == 0) || last {
			if err := t.checkpoint(); err != nil {
				return err
			}
		}
		lastUpdate = time.Since(start)
	}
	if n := len(t.Metrics); n > 0 && t.Metrics[n-1].EvalWinRate < 0 && cfg.EvalEpisodes > 0 {
		if err := t.evaluate(&t.Metrics[n-1]); err != nil {
			return err
		}
	}
	return t.checkpoint()
}

// evaluate plays the policy on the fixed evaluation seeds, records the result
// in row and saves DIR/best when it is the best so far.
func (t *Trainer) evaluate(row *MetricRow) error {
	start := time.Now()
	var res EvalResult
	var err error
	if t.plan == nil {
		res, err = EvaluatePolicy(t.EnvID, t.Options, t.Model, t.Config.EvalEpisodes, t.Config.EvalSeed, t.Config.workers())
	} else {
		t.Model.Prepare()
		res, err = t.evaluateSeated("policy", func() (agents.Agent, error) { return NewPolicy(t.Model, false), nil })
	}
	t.lastEval = time.Since(start)
	if err != nil {
		return err
	}
	row.EvalWinRate, row.EvalLo, row.EvalHi, row.EvalScore = res.WinRate, res.Lo, res.Hi, res.MeanScore
	better := res.WinRate > t.Progress.BestEval
	if t.Config.BestBy == "mean_score" {
		better = t.Progress.BestEval < 0 || res.MeanScore > t.Progress.BestScore
	}
	if better {
		t.Progress.BestEval, t.Progress.BestScore, t.Progress.BestIteration = res.WinRate, res.MeanScore, row.Iteration
		return t.Save(filepath.Join(t.Out, "best"))
	}
	return nil
}

// checkpoint saves DIR/last and rewrites the metrics CSV and the plot.
func (t *Trainer) checkpoint() error {
	if err := t.Save(filepath.Join(t.Out, "last")); err != nil {
		return err
	}
	if err := WriteMetricsCSV(filepath.Join(t.Out, "metrics.csv"), t.Metrics); err != nil {
		return err
	}
	if len(t.Metrics) > 0 {
		if err := PlotLearningCurve(filepath.Join(t.Out, "learning_curve.png"), t.EnvID, t.Metrics, t.Baselines); err != nil {
			return fmt.Errorf("learning curve: %w", err)
		}
		if starts, _ := Starts(t.Config.CurriculumEntries()); starts != nil {
			names := make([]string, len(starts))
			for k, o := range starts {
				names[k] = fmt.Sprintf("start %d: %s", k, StartName(o))
			}
			if err := PlotStarts(filepath.Join(t.Out, "learning_curve_starts.png"), t.EnvID, t.Metrics, names); err != nil {
				return fmt.Errorf("learning curve of the starts: %w", err)
			}
		}
	}
	return nil
}
