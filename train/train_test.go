package train

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/fixture"
)

var noDeadline time.Time

// tinyConfig trains Cipher for a few hundred steps.
func tinyConfig() Config {
	cfg := DefaultConfig()
	cfg.EnvOptions = map[string]string{"seats": "2", "skip_trivial": "true", "max_steps": "40"}
	cfg.TotalSteps = 384
	cfg.NumEnvs = 4
	cfg.Workers = 2
	cfg.RolloutSteps = 32
	cfg.Epochs = 2
	cfg.Minibatch = 48 // 128 rows: two full minibatches and a padded one
	cfg.Hidden = []int{16, 16}
	cfg.EmbedDim = 4
	cfg.Vocab = 8
	cfg.EvalEvery = 2
	cfg.EvalEpisodes = 8
	cfg.EvalAgents = []string{"random"}
	cfg.CheckpointEvery = 1
	return cfg
}

func newTiny(t *testing.T, cfg Config, out string, resume bool) *Trainer {
	t.Helper()
	fixture.Register()
	tr, err := NewTrainer(fixture.ID, nil, cfg, out, resume)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tr.Close)
	return tr
}

// updateAndSave runs n updates of tr, as Run would record them, and saves
// tr.Out/last: a run stopped after update n, for the resume tests.
func updateAndSave(t *testing.T, tr *Trainer, n int) {
	t.Helper()
	for range n {
		row, err := tr.Iterate()
		if err != nil {
			t.Fatal(err)
		}
		tr.Metrics = append(tr.Metrics, row)
	}
	if err := tr.Save(filepath.Join(tr.Out, "last")); err != nil {
		t.Fatal(err)
	}
}

// tinyEnv makes the fixture env of cfg and the network cfg builds for it.
func tinyEnv(t *testing.T, cfg *Config) (env.Env, Arch) {
	t.Helper()
	fixture.Register()
	return envArch(t, fixture.ID, cfg)
}

// paramsEqual fails t unless a and b have bit-identical parameters.
func paramsEqual(t *testing.T, a, b *Model) {
	t.Helper()
	pa, pb := a.Params(), b.Params()
	if len(pa) != len(pb) {
		t.Fatalf("%d params vs %d", len(pa), len(pb))
	}
	for i := range pa {
		if pa[i].Name != pb[i].Name {
			t.Fatalf("param %d: %s vs %s", i, pa[i].Name, pb[i].Name)
		}
		for j := range pa[i].Data {
			if math.Float32bits(pa[i].Data[j]) != math.Float32bits(pb[i].Data[j]) {
				t.Fatalf("param %s[%d]: %v vs %v", pa[i].Name, j, pa[i].Data[j], pb[i].Data[j])
			}
		}
	}
}

func TestMaskedSoftmaxGivesIllegalActionsZero(t *testing.T) {
	logits := []float32{5, 1, 100, 1}
	mask := []int8{1, 1, 0, 1}
	probs := make([]float32, 4)
	lse := MaskedSoftmax(logits, mask, probs)
	if probs[2] != 0 {
		t.Fatalf("illegal action has probability %v", probs[2])
	}
	want := math.Exp(5) / (math.Exp(5) + 2*math.Exp(1))
	if math.Abs(float64(probs[0])-want) > 1e-6 {
		t.Fatalf("p(0) = %v, want %v", probs[0], want)
	}
	if got := float64(logits[0]) - lse; math.Abs(got-math.Log(want)) > 1e-6 {
		t.Fatalf("log p(0) = %v, want %v", got, math.Log(want))
	}
	rng := game.NewRNG(1)
	for k := 0; k < 1000; k++ {
		if a := sample(&rng, probs, mask); a == 2 {
			t.Fatal("sampled an illegal action")
		}
	}
	if a := argmax(probs, mask); a != 0 {
		t.Fatalf("argmax = %d, want 0 (the legal maximum)", a)
	}
}

func TestNPZRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.npz")
	in := []Array{
		{Name: "w.x", Shape: []int{2, 3}, F32: []float32{1, 2, 3, 4, 5, -6.5}},
		{Name: "m", Shape: []int{2}, F64: []float64{math.Pi, -1e300}},
		{Name: "i", Shape: []int{3}, I32: []int32{-1, 0, 7}},
		{Name: "empty", Shape: []int{0}, F32: []float32{}},
	}
	if err := WriteNPZ(path, in); err != nil {
		t.Fatal(err)
	}
	out, err := ReadNPZ(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := out["w.x"]; got == nil || got.F32[5] != -6.5 || len(got.Shape) != 2 || got.Shape[1] != 3 {
		t.Fatalf("w.x = %+v", got)
	}
	if got := out["m"]; got == nil || got.F64[0] != math.Pi || got.F64[1] != -1e300 {
		t.Fatalf("m = %+v", got)
	}
	if got := out["i"]; got == nil || got.I32[0] != -1 || got.I32[2] != 7 {
		t.Fatalf("i = %+v", got)
	}
	if err := WriteNPZ(path, []Array{{Name: "bad", Shape: []int{3}, F32: []float32{1}}}); err == nil {
		t.Fatal("a shape that does not match the data was accepted")
	}
}

// TestGraphMatchesForward checks that the gorgonia loss graph computes the
// same logits and values as the Go forward pass, that its gradients agree with
// finite differences of its own loss, and that masked actions get no
// gradient through the policy.
func TestGraphMatchesForward(t *testing.T) {
	cfg := tinyConfig()
	e, arch := tinyEnv(t, &cfg)
	m := NewModel(arch, 7)
	for i := range m.Norm.Mean { // a raw 0 normalises to a non-zero z0
		m.Norm.Mean[i], m.Norm.Var[i] = 0.25+0.01*float64(i), 2
	}
	m.Norm.Freeze()
	m.Prepare()
	net := m.Nets[0]
	const B = 6
	lg, err := newLossGraph(net, arch.F32, B, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer lg.close()
	// a rollout buffer of B rows from real play
	buf := newRollout(1, B, arch.F32, arch.I32, arch.EncWidth, arch.Actions)
	rng := game.NewRNG(3)
	obs, info := e.Reset(11)
	for row := 0; row < B; row++ {
		copy(buf.x[row*arch.F32:], obs.F32)
		copy(buf.ids[row*arch.I32:], obs.I32)
		copy(buf.mask[row*arch.Actions:], info.Mask)
		a := agents.Uniform(&rng, info.Mask)
		buf.act[row] = int32(a)
		buf.logp[row] = -1
		buf.adv[row] = float32(row%3) - 1
		buf.ret[row] = float32(row) / B
		tr, err := e.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Done() {
			obs, info = e.Reset(uint64(12 + row))
		} else {
			obs, info = tr.Obs, tr.Info
		}
	}
	buf.sparsify(m.z0)
	tr := &Trainer{Config: cfg}
	rows := []int32{0, 1, 2, 3, 4} // the sixth row is padding
	tr.fill(lg, buf, rows, false)
	grads := zerosLike(net.Params())
	st, err := lg.run(grads)
	if err != nil {
		t.Fatal(err)
	}
	lg.backPX(buf, rows, grads[len(net.Embeds)])
	lg.backEmb(buf, rows, grads)
	if math.IsNaN(st.Loss) || math.IsInf(st.Loss, 0) {
		t.Fatalf("loss %v", st.Loss)
	}
	// an action illegal in every real row gets no gradient on its policy bias
	bias := grads[slices.Index(net.Params(), net.Pi[1])]
	masked := 0
	for a := 0; a < arch.Actions; a++ {
		legal := false
		for _, row := range rows {
			legal = legal || buf.mask[int(row)*arch.Actions+a] != 0
		}
		if !legal {
			masked++
			if bias[a] != 0 {
				t.Errorf("action %d is illegal in every row but its policy bias has gradient %v", a, bias[a])
			}
		}
	}
	if masked == 0 {
		t.Fatal("no action is illegal in every row: the masking is not exercised")
	}
	s := m.NewScratch()
	logits := make([]float32, arch.Actions)
	// run again to read logits/value (run resets the machine after copying)
	if err := lg.vm.RunAll(); err != nil {
		t.Fatal(err)
	}
	gl := append([]float32(nil), lg.outLogits.Data().([]float32)...)
	gv := append([]float32(nil), lg.outValue.Data().([]float32)...)
	lg.vm.Reset()
	for _, row := range rows {
		v := net.Forward(buf.x[int(row)*arch.F32:(int(row)+1)*arch.F32], nil, buf.ids[int(row)*arch.I32:(int(row)+1)*arch.I32], logits, s)
		if math.Abs(float64(v-gv[row])) > 1e-4 {
			t.Fatalf("row %d: value %v (Go) vs %v (graph)", row, v, gv[row])
		}
		for a := range logits {
			if math.Abs(float64(logits[a]-gl[int(row)*arch.Actions+a])) > 1e-4 {
				t.Fatalf("row %d action %d: logit %v (Go) vs %v (graph)", row, a, logits[a], gl[int(row)*arch.Actions+a])
			}
		}
	}
	// finite differences on a few entries of each parameter
	cost := graphCost(t, tr, lg, buf, rows)
	checked := 0
	for i, p := range net.Params() {
		for _, j := range []int{0, 17, len(p.Data) / 2, len(p.Data) - 1} {
			j = min(j, len(p.Data)-1)
			num := centralDiff(cost, p, j, 1e-2)
			if d := math.Abs(num - float64(grads[i][j])); d > 2e-3+0.05*math.Abs(num) {
				t.Errorf("d loss / d %s[%d]: graph %v, finite difference %v", p.Name, j, grads[i][j], num)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no gradient checked")
	}
}

// graphCost is the loss of lg on the minibatch rows of r with the weights
// as they are when called (refilled: the inputs computed outside the graph
// depend on them), for finite differences.
func graphCost(t *testing.T, tr *Trainer, lg *lossGraph, r *rollout, rows []int32) func() float64 {
	return func() float64 {
		tr.fill(lg, r, rows, false)
		if err := lg.vm.RunAll(); err != nil {
			t.Fatal(err)
		}
		defer lg.vm.Reset()
		return scalarValue(lg.cost.Value())
	}
}

// centralDiff is (cost at p[j]+h - cost at p[j]-h) / 2h, p[j] restored.
func centralDiff(cost func() float64, p *Param, j int, h float32) float64 {
	old := p.Data[j]
	p.Data[j] = old + h
	up := cost()
	p.Data[j] = old - h
	down := cost()
	p.Data[j] = old
	return (up - down) / (2 * float64(h))
}

// TestTrainTinyAndResume trains a few hundred steps on Cipher: the loss is
// finite, the same seed gives the same weights, the checkpoint round-trips,
// and a run resumed from a mid-run checkpoint ends bit-identical to an
// uninterrupted one.
func TestTrainTinyAndResume(t *testing.T) {
	cfg := tinyConfig()
	dirA := t.TempDir()
	a := newTiny(t, cfg, dirA, false)
	if err := a.Run(context.Background(), noDeadline, nil); err != nil {
		t.Fatal(err)
	}
	if len(a.Metrics) != 3 || a.Progress.EnvSteps != 384 {
		t.Fatalf("%d updates, %d steps; want 3 updates of 128 steps", len(a.Metrics), a.Progress.EnvSteps)
	}
	for _, r := range a.Metrics {
		if math.IsNaN(r.Loss) || math.IsInf(r.Loss, 0) || r.Entropy <= 0 {
			t.Fatalf("update %d: loss %v entropy %v", r.Iteration, r.Loss, r.Entropy)
		}
	}
	if a.Metrics[1].EvalWinRate < 0 || a.Metrics[2].EvalWinRate < 0 || a.Metrics[0].EvalWinRate >= 0 {
		t.Fatalf("evaluations at the wrong updates: %+v", a.Metrics)
	}
	for _, f := range []string{"last/network.json", "last/weights.npz", "last/state.json", "best/weights.npz", "metrics.csv", "learning_curve.png"} {
		if _, err := os.Stat(filepath.Join(dirA, f)); err != nil {
			t.Fatal(err)
		}
	}
	loaded, err := LoadModel(filepath.Join(dirA, "last"))
	if err != nil {
		t.Fatal(err)
	}
	paramsEqual(t, a.Model, loaded)

	// same seed and config: the same run
	b := newTiny(t, cfg, t.TempDir(), false)
	if err := b.Run(context.Background(), noDeadline, nil); err != nil {
		t.Fatal(err)
	}
	paramsEqual(t, a.Model, b.Model)

	// stop after one update, resume, finish: identical to the straight run
	dirC := t.TempDir()
	c1 := newTiny(t, cfg, dirC, false)
	updateAndSave(t, c1, 1)
	c1.Close()
	c2 := newTiny(t, cfg, dirC, true)
	if c2.Progress.Iteration != 1 {
		t.Fatalf("resumed at update %d, want 1", c2.Progress.Iteration)
	}
	if err := c2.Run(context.Background(), noDeadline, nil); err != nil {
		t.Fatal(err)
	}
	paramsEqual(t, a.Model, c2.Model)
	for k := range a.Metrics {
		x, y := a.Metrics[k], c2.Metrics[k]
		x.StepsPerSec, x.Seconds, y.StepsPerSec, y.Seconds = 0, 0, 0, 0
		if !reflect.DeepEqual(x, y) {
			t.Fatalf("update %d differs after resume:\n%+v\n%+v", k+1, x, y)
		}
	}

	// the checkpoint as an agent, through the agents registry
	ag, err := agents.New("policy:ckpt=" + filepath.Join(dirA, "best"))
	if err != nil {
		t.Fatal(err)
	}
	eps, err := agents.Rollout(agents.RolloutConfig{Env: fixture.ID, Options: cfg.EnvOptions, Agent: "policy:ckpt=" + filepath.Join(dirA, "best"), Episodes: 4, Seed: 5, Workers: 2})
	if err != nil || len(eps) != 4 {
		t.Fatalf("rollout with %s: %v", ag.Name(), err)
	}
	if _, err := agents.New("policy:ckpt=" + t.TempDir()); err == nil {
		t.Fatal("an empty directory loaded as a policy")
	}
	if _, err := agents.New("policy:ckpt=" + filepath.Join(dirA, "best") + ",bogus=1"); err == nil {
		t.Fatal("an unknown option was accepted")
	}
}

func TestConfigYAML(t *testing.T) {
	cfg := DefaultConfig()
	if err := ParseConfig([]byte("num_envs: 3\nhidden: [8]\nenv_options: {difficulty: easy}\n"), &cfg); err != nil {
		t.Fatal(err)
	}
	if cfg.NumEnvs != 3 || len(cfg.Hidden) != 1 || cfg.EnvOptions["difficulty"] != "easy" || cfg.EnvOptions["skip_trivial"] != "true" {
		t.Fatalf("parsed %+v", cfg)
	}
	if err := ParseConfig([]byte("num_envz: 3\n"), &cfg); err == nil {
		t.Fatal("an unknown key was accepted")
	}
	for _, bad := range []string{"clip_range: 1.5", "hidden: []", "hidden: [8, 0]", "teacher: random\nteacher_steps: 0", "best_by: wins"} {
		c := DefaultConfig()
		if err := ParseConfig([]byte(bad+"\n"), &c); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
	out, err := cfg.Marshal()
	if err != nil || !bytes.Contains(out, []byte("num_envs: 3")) {
		t.Fatalf("marshal: %v\n%s", err, out)
	}
	shipped, _ := filepath.Glob("configs/*.yaml")
	if len(shipped) < 10 {
		t.Fatalf("%d shipped configs found", len(shipped))
	}
	for _, f := range shipped {
		if _, err := LoadConfig(f); err != nil {
			t.Error(err)
		}
	}
}

// TestLossTermsAtStart checks the loss terms of a fresh network against
// values computed by hand: with a near-uniform policy and old log-probs equal
// to the current ones the ratio is 1, so the policy loss is -mean(adv), the
// entropy is the mean log of the number of legal actions and the KL is 0.
func TestLossTermsAtStart(t *testing.T) {
	cfg := tinyConfig()
	cfg.NormalizeAdvantages = false
	e, arch := tinyEnv(t, &cfg)
	m := NewModel(arch, 9)
	net := m.Nets[0]
	const B = 4
	lg, err := newLossGraph(net, arch.F32, B, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer lg.close()
	buf := newRollout(1, B, arch.F32, arch.I32, arch.EncWidth, arch.Actions)
	obs, info := e.Reset(3)
	s := m.NewScratch()
	logits, probs := make([]float32, arch.Actions), make([]float32, arch.Actions)
	wantEnt, wantAdv, wantV := 0.0, 0.0, 0.0
	for row := 0; row < B; row++ {
		copy(buf.x[row*arch.F32:], obs.F32)
		copy(buf.ids[row*arch.I32:], obs.I32)
		copy(buf.mask[row*arch.Actions:], info.Mask)
		v := net.Forward(obs.F32, nil, obs.I32, logits, s)
		lse := MaskedSoftmax(logits, info.Mask, probs)
		a := argmax(probs, info.Mask)
		buf.act[row], buf.logp[row] = int32(a), float32(float64(logits[a])-lse)
		buf.adv[row], buf.ret[row] = float32(row+1), 1
		for k, p := range probs {
			if p > 0 {
				wantEnt -= float64(p) * (float64(logits[k]) - lse)
			}
		}
		wantAdv += float64(row + 1)
		wantV += 0.5 * (float64(v) - 1) * (float64(v) - 1)
	}
	buf.sparsify(m.z0)
	tr := &Trainer{Config: cfg}
	tr.fill(lg, buf, []int32{0, 1, 2, 3}, false)
	grads := zerosLike(net.Params())
	st, err := lg.run(grads)
	if err != nil {
		t.Fatal(err)
	}
	near := func(name string, got, want float64) {
		if math.Abs(got-want) > 1e-4*(1+math.Abs(want)) {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	near("policy loss", st.PolicyLoss, -wantAdv/B)
	near("entropy", st.Entropy, wantEnt/B)
	near("value loss", st.ValueLoss, wantV/B)
	near("approx kl", st.ApproxKL, 0)
	near("clip fraction", st.ClipFrac, 0)
	near("loss", st.Loss, -wantAdv/B+cfg.ValueCoef*wantV/B-cfg.EntropyCoef*wantEnt/B)
}

// The same config and seed give the same weights on one worker and on three
// (the rollout's forward passes and env steps run in parallel; sampling and
// the updates do not depend on the parts).
func TestWeightsDoNotDependOnWorkers(t *testing.T) {
	// the MLP on Cipher, set encoders with convolutions on Machina Arcana
	// (encoders_test.go), the MLP with an egocentric window (crop.go), and
	// the pointer term with the window alone (pointer.go)
	shapes := []struct {
		name, id string
		cfg      Config
	}{{"mlp", fixture.ID, tinyConfig()}, {"sets+conv", machinaID, encoderConfig(machinaID)}, {"crop", machinaID, encoderConfig(machinaID)},
		{"pointer", machinaID, pointerConfig(machinaID)}}
	shapes[2].cfg.Network = NetworkConfig{Crop: CropConfig{Size: 5, Center: "actor_cell"}}
	shapes[3].cfg.Network.Crop = CropConfig{Size: 5, Center: "actor_cell", Only: true}
	for i := 1; i < len(shapes); i++ {
		shapes[i].cfg.TotalSteps, shapes[i].cfg.RolloutSteps, shapes[i].cfg.Minibatch = 128, 16, 24
	}
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			fixture.Register()
			var models []*Model
			for _, w := range []int{1, 3} {
				cfg := sh.cfg
				cfg.Workers = w
				cfg.EvalEvery = 0
				tr, err := NewTrainer(sh.id, nil, cfg, t.TempDir(), false)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(tr.Close)
				if err := tr.Run(context.Background(), noDeadline, nil); err != nil {
					t.Fatal(err)
				}
				models = append(models, tr.Model)
			}
			paramsEqual(t, models[0], models[1])
		})
	}
}

// TestTrainMachinaUint8Input trains one update on Machina Arcana, whose
// board planes and card tables are uint8: the network's float input is the
// float32 elements then the uint8 ones as float (Arch.U8), the checkpoint
// keeps it, and the loaded policy plays the env.
func TestTrainMachinaUint8Input(t *testing.T) {
	cfg := tinyConfig()
	cfg.EnvOptions = map[string]string{"max_steps": "40"}
	cfg.TotalSteps, cfg.RolloutSteps, cfg.Minibatch = 128, 32, 64
	cfg.EvalEvery, cfg.EvalEpisodes = 100, 0
	id := "MachinaArcana/TheFrozenEngine-v0"
	dir := t.TempDir()
	tr, err := NewTrainer(id, nil, cfg, dir, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tr.Close)
	l := tr.vec.Spec().Layout
	if l.U8 == 0 || tr.Model.Arch.U8 != l.U8 || tr.Model.Arch.Floats() != l.F32+l.U8 {
		t.Fatalf("arch %d float32 + %d uint8 inputs, layout %d + %d", tr.Model.Arch.F32, tr.Model.Arch.U8, l.F32, l.U8)
	}
	row, err := tr.Iterate()
	if err != nil {
		t.Fatal(err)
	}
	if math.IsNaN(row.Loss) || math.IsInf(row.Loss, 0) {
		t.Fatalf("loss %v", row.Loss)
	}
	// The uint8 planes reached the input: some board element is not zero.
	board, _ := l.Field("board")
	x := tr.buf.x[:tr.Model.Arch.Floats()]
	nonzero := 0
	for k := l.F32 + board.Offset; k < l.F32+board.Offset+board.Size(); k++ {
		if x[k] != tr.Model.z0[k] {
			nonzero++
		}
	}
	if nonzero == 0 {
		t.Fatal("the board planes never reached the network's input")
	}
	if err := tr.Save(filepath.Join(dir, "last")); err != nil {
		t.Fatal(err)
	}
	m, err := LoadModel(filepath.Join(dir, "last"))
	if err != nil {
		t.Fatal(err)
	}
	paramsEqual(t, tr.Model, m)
	e, err := env.Make(id, cfg.EnvOptions)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPolicy(m, true)
	if err := p.CheckEnv(e); err != nil {
		t.Fatal(err)
	}
	_, info := e.Reset(1)
	probs, _ := p.Probabilities(e, &info)
	sum := float32(0)
	for _, q := range probs {
		sum += q
	}
	if math.Abs(float64(sum)-1) > 1e-3 {
		t.Fatalf("probabilities add up to %v", sum)
	}
}

// TestStopAfterKeepsTheSchedule: a run with StopAfter N stops after update
// N, evaluated and checkpointed, with the same metrics (learning rate
// included, so the schedule of TotalSteps is kept) and weights as the first
// N updates of the whole run.
func TestStopAfterKeepsTheSchedule(t *testing.T) {
	cfg := tinyConfig()
	full := newTiny(t, cfg, t.TempDir(), false)
	cut := newTiny(t, cfg, t.TempDir(), false)
	cut.StopAfter = 2
	if err := cut.Run(context.Background(), noDeadline, nil); err != nil {
		t.Fatal(err)
	}
	if len(cut.Metrics) != 2 || cut.Done() {
		t.Fatalf("StopAfter 2: %d updates, done %v", len(cut.Metrics), cut.Done())
	}
	if _, err := os.Stat(filepath.Join(cut.Out, "last", "weights.npz")); err != nil {
		t.Fatal(err)
	}
	for k := range 2 {
		row, err := full.Iterate()
		if err != nil {
			t.Fatal(err)
		}
		if cut.Metrics[k].LR != row.LR || cut.Metrics[k].Loss != row.Loss {
			t.Errorf("update %d: learning rate %v loss %v, the whole run's %v %v", k+1, cut.Metrics[k].LR, cut.Metrics[k].Loss, row.LR, row.Loss)
		}
	}
	if want := cfg.LearningRate * (1 - 128.0/float64(cfg.TotalSteps)); cut.Metrics[1].LR != want {
		t.Errorf("learning rate of update 2: %v, want %v (decaying over total_steps %d)", cut.Metrics[1].LR, want, cfg.TotalSteps)
	}
	paramsEqual(t, full.Model, cut.Model)
}

// TestBestByMeanScore: with best_by: mean_score, OUT/best is the evaluation
// with the highest mean score (the first of equals), whatever its win rate.
func TestBestByMeanScore(t *testing.T) {
	cfg := tinyConfig()
	cfg.BestBy = "mean_score"
	cfg.EvalEvery = 1
	cfg.TotalSteps = 128 * 5
	tr := newTiny(t, cfg, t.TempDir(), false)
	if err := tr.Run(context.Background(), noDeadline, nil); err != nil {
		t.Fatal(err)
	}
	best, at, scores := math.Inf(-1), 0, map[float64]bool{}
	for _, r := range tr.Metrics {
		if r.EvalWinRate < 0 {
			continue
		}
		scores[r.EvalScore] = true
		if r.EvalScore > best {
			best, at = r.EvalScore, r.Iteration
		}
	}
	if len(scores) < 2 {
		t.Fatalf("every evaluation scored the same (%v): the choice is not exercised", scores)
	}
	if tr.Progress.BestScore != best || tr.Progress.BestIteration != at {
		t.Fatalf("best: update %d score %v; want update %d score %v", tr.Progress.BestIteration, tr.Progress.BestScore, at, best)
	}
}
