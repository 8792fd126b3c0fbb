package train

import (
	"context"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// machinaID is Machina Arcana's env: uint8 board planes [25, 20, 20] and
// uint8 and float32 entity tables.
const machinaID = "MachinaArcana/TheFrozenEngine-v0"

// encoderConfig is tinyConfig with both encoders, small, on envID.
func encoderConfig(envID string) Config {
	cfg := tinyConfig()
	cfg.EnvOptions = map[string]string{"skip_trivial": "true", "max_steps": "40"}
	if envID == lcg.TheGatheringID {
		cfg.EnvOptions["investigators"] = "01001"
		cfg.EnvOptions["difficulty"] = "easy"
	}
	cfg.Hidden = []int{16}
	cfg.Network = NetworkConfig{Sets: true, Conv: true, SetHidden: []int{6, 5}, ConvChannels: []int{3, 4}}
	return cfg
}

// envArch makes envID's env with cfg's options and the network
// description cfg builds for it.
func envArch(t testing.TB, envID string, cfg *Config) (env.Env, Arch) {
	t.Helper()
	e, err := env.Make(envID, cfg.EnvOptions)
	if err != nil {
		t.Fatal(err)
	}
	arch, err := NewArch(e.Spec(), cfg.EnvOptions, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return e, arch
}

// encoderRows plays n decisions of envID with the random agent and returns a
// rollout of them (raw encoder inputs, normalised floats), the env and the
// model (with non-trivial normalisation statistics).
func encoderRows(t testing.TB, envID string, cfg *Config, n int) (*rollout, *Model) {
	t.Helper()
	e, arch := envArch(t, envID, cfg)
	m := NewModel(arch, 7)
	// non-zero encoder biases: with zero biases the convolutions' outputs
	// over empty cells sit exactly on relu's kink, where a finite
	// difference halves the derivative
	for _, n := range m.Nets {
		for _, p := range n.encoderParams() {
			if len(p.Shape) == 1 {
				for j := range p.Data {
					p.Data[j] = 0.05 * float32(j%3+1)
				}
			}
		}
	}
	for i := range m.Norm.Mean {
		m.Norm.Mean[i], m.Norm.Var[i] = 0.25+0.001*float64(i%100), 2
	}
	m.Norm.Freeze()
	m.Prepare()
	floats := arch.Floats()
	r := newRollout(1, n, floats, arch.I32, arch.EncWidth, arch.Actions)
	raw := make([]float32, floats)
	rng := game.NewRNG(3)
	obs, info := e.Reset(11)
	for row := 0; row < n; row++ {
		arch.FloatInput(raw, obs.F32, obs.U8, obs.I32)
		m.Norm.Apply(raw, r.x[row*floats:(row+1)*floats], float32(cfg.ObsClip))
		arch.EncInput(obs.F32, obs.U8, r.enc[row*arch.EncWidth:(row+1)*arch.EncWidth])
		copy(r.ids[row*arch.I32:], obs.I32)
		copy(r.mask[row*arch.Actions:], info.Mask)
		a := agents.Uniform(&rng, info.Mask)
		r.act[row], r.logp[row] = int32(a), -1
		r.adv[row], r.ret[row] = float32(row%3)-1, float32(row)/float32(n)
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
	r.sparsify(m.z0)
	return r, m
}

// TestEncodersGraphMatchesForward checks, on Machina Arcana (convolutions
// over the board, set encoders over its tables) and The Gathering (set
// encoders over enemies, locations, hand, ...), that the network has the
// encoders the layout calls for, that the gorgonia graph and the Go forward
// pass give the same logits and values, and that the graph's gradients of the
// encoder weights agree with finite differences.
func TestEncodersGraphMatchesForward(t *testing.T) {
	for _, id := range []string{machinaID, lcg.TheGatheringID} {
		t.Run(id, func(t *testing.T) {
			cfg := encoderConfig(id)
			const B = 5
			r, m := encoderRows(t, id, &cfg, B)
			net := m.Nets[0]
			d := net.Desc
			wantConv := id == machinaID
			if len(d.Sets) < 3 || (len(d.Convs) == 1) != wantConv || m.Arch.Format != FormatEncoders {
				t.Fatalf("%d set encoders, %d convolutions, format %s", len(d.Sets), len(d.Convs), m.Arch.Format)
			}
			if wantConv && (d.Convs[0].Field != "board" || d.Convs[0].Out != 4*10*10) {
				t.Fatalf("convolution %+v", d.Convs[0])
			}
			nonEmpty, empty := 0, 0
			for _, s := range d.Sets {
				for row := 0; row < B; row++ {
					for e := 0; e < s.Rows; e++ {
						at := row*r.encW + s.Enc + e*s.Width
						z := true
						for _, v := range r.enc[at : at+s.Width] {
							z = z && v == 0
						}
						if z {
							empty++
						} else {
							nonEmpty++
						}
					}
				}
			}
			if nonEmpty == 0 || empty == 0 {
				t.Fatalf("%d non-empty and %d empty entities: the masking is not exercised", nonEmpty, empty)
			}
			lg, err := newLossGraph(net, m.Arch.Floats(), B+1, &cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer lg.close()
			rows := []int32{0, 1, 2, 3, 4} // the last graph row is padding
			tr := &Trainer{Config: cfg}
			tr.fill(lg, r, rows, false)
			if err := lg.vm.RunAll(); err != nil {
				t.Fatal(err)
			}
			gl := append([]float32(nil), lg.outLogits.Data().([]float32)...)
			gv := append([]float32(nil), lg.outValue.Data().([]float32)...)
			lg.vm.Reset()
			s := m.NewScratch()
			A := m.Arch.Actions
			logits := make([]float32, A)
			floats := m.Arch.Floats()
			worst := 0.0
			for _, row := range rows {
				v := net.Forward(r.x[int(row)*floats:(int(row)+1)*floats], r.enc[int(row)*r.encW:(int(row)+1)*r.encW],
					r.ids[int(row)*r.i32:(int(row)+1)*r.i32], logits, s)
				worst = max(worst, math.Abs(float64(v-gv[row])))
				for a := range logits {
					worst = max(worst, math.Abs(float64(logits[a]-gl[int(row)*A+a])))
				}
			}
			if worst > 1e-4 {
				t.Fatalf("Go forward and graph differ by %v", worst)
			}
			t.Logf("largest |Go - graph| over logits and values: %.2g", worst)
			grads := zerosLike(net.Params())
			if _, err := lg.run(grads); err != nil {
				t.Fatal(err)
			}
			lg.backConv(r, rows, grads)
			cost := graphCost(t, tr, lg, r, rows)
			nonzero := 0
			for i, p := range net.Params() {
				if i < len(net.Params())-len(net.encoderParams()) {
					continue
				}
				// the entries of largest gradient, and a fixed few
				big := 0
				for j := range p.Data {
					if math.Abs(float64(grads[i][j])) > math.Abs(float64(grads[i][big])) {
						big = j
					}
				}
				// a directional derivative along ±1 on every entry
				// (catches a gradient wrong everywhere but small per entry)
				old := append([]float32(nil), p.Data...)
				dir := 0.0
				for j := range p.Data {
					u := float32(1 - 2*((j*7919)%3%2))
					dir += float64(u) * float64(grads[i][j])
					p.Data[j] = old[j] + 1e-3*u
				}
				up := cost()
				for j := range p.Data {
					u := float32(1 - 2*((j*7919)%3%2))
					p.Data[j] = old[j] - 1e-3*u
				}
				down := cost()
				copy(p.Data, old)
				if num := (up - down) / 2e-3; math.Abs(num-dir) > 2e-3+0.05*math.Abs(num) {
					t.Errorf("d loss / d %s along ±1: graph %v, finite difference %v", p.Name, dir, num)
				}
				for _, j := range []int{big, 0, len(p.Data) / 2} {
					num := centralDiff(cost, p, j, 1e-3) // small: relu and max switch branches
					if d := math.Abs(num - float64(grads[i][j])); d > 2e-3+0.05*math.Abs(num) {
						t.Errorf("d loss / d %s[%d]: graph %v, finite difference %v", p.Name, j, grads[i][j], num)
					}
					if grads[i][j] != 0 {
						nonzero++
					}
				}
			}
			if nonzero == 0 {
				t.Fatal("every encoder gradient checked is zero")
			}
		})
	}
}

// TestEncodersExclude checks that network.exclude takes a field's encoder
// away and that an unknown field name is an error.
func TestEncodersExclude(t *testing.T) {
	cfg := encoderConfig(machinaID)
	e, all := envArch(t, machinaID, &cfg)
	cfg.Network.Exclude = []string{"board", "monsters"}
	some, err := NewArch(e.Spec(), cfg.EnvOptions, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range some.Nets[0].Sets {
		if s.Field == "monsters" {
			t.Fatal("monsters excluded but encoded")
		}
	}
	if len(some.Nets[0].Convs) != 0 || len(some.Nets[0].Sets) != len(all.Nets[0].Sets)-1 || len(all.Nets[0].Convs) != 1 {
		t.Fatalf("with exclude: %d sets, %d convs; without: %d sets, %d convs",
			len(some.Nets[0].Sets), len(some.Nets[0].Convs), len(all.Nets[0].Sets), len(all.Nets[0].Convs))
	}
	cfg.Network.Exclude = []string{"no_such_field"}
	if _, err := NewArch(e.Spec(), cfg.EnvOptions, &cfg); err == nil || !strings.Contains(err.Error(), "no_such_field") {
		t.Fatalf("unknown excluded field: %v", err)
	}
}

// TestEncodersOffKeepsTheMLP checks that a config without network keys
// builds the MLP alone, with the old format.
func TestEncodersOffKeepsTheMLP(t *testing.T) {
	cfg := DefaultConfig()
	cfg.EnvOptions = map[string]string{"skip_trivial": "true"}
	e, err := env.Make(machinaID, cfg.EnvOptions)
	if err != nil {
		t.Fatal(err)
	}
	arch, err := NewArch(e.Spec(), cfg.EnvOptions, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	if arch.Format != Format || arch.EncWidth != 0 || len(arch.Nets[0].Sets) != 0 || len(arch.Nets[0].Convs) != 0 {
		t.Fatalf("default network has encoders: %s, %d, %+v", arch.Format, arch.EncWidth, arch.Nets[0])
	}
}

// TestEncoderSmokeConfigs trains the smoke config of each new shape for its
// few updates (seconds), and plays the saved policy.
func TestEncoderSmokeConfigs(t *testing.T) {
	for _, c := range []struct {
		file, id, format string
	}{
		{"machina-conv-smoke.yaml", machinaID, FormatPointer}, // encoders beside spans left out
		{"lcg-sets-smoke.yaml", lcg.TheGatheringID, FormatEncoders},
		{"machina-crop-smoke.yaml", machinaID, FormatCropOnly},
		{"machina-window-smoke.yaml", machinaID, FormatCropOnly},
		{"machina-pointer-smoke.yaml", machinaID, FormatPointer},
		{"machina-paths-smoke.yaml", machinaID, FormatPointer},
	} {
		t.Run(c.file, func(t *testing.T) {
			cfg, err := LoadConfig(filepath.Join("configs", c.file))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			tr, err := NewTrainer(c.id, nil, cfg, dir, false)
			if err != nil {
				t.Fatal(err)
			}
			defer tr.Close()
			if tr.Model.Arch.Format != c.format {
				t.Fatalf("%s builds format %q, want %q", c.file, tr.Model.Arch.Format, c.format)
			}
			if err := tr.Run(context.Background(), noDeadline, nil); err != nil {
				t.Fatal(err)
			}
			if len(tr.Metrics) < 2 {
				t.Fatalf("%d updates", len(tr.Metrics))
			}
			for _, row := range tr.Metrics {
				if math.IsNaN(row.Loss) || math.IsInf(row.Loss, 0) {
					t.Fatalf("update %d: loss %v", row.Iteration, row.Loss)
				}
			}
			t.Logf("%d updates, %d env steps, %.0f env steps/s", len(tr.Metrics), tr.Progress.EnvSteps, tr.Metrics[len(tr.Metrics)-1].StepsPerSec)
			m, err := LoadModel(filepath.Join(dir, "last"))
			if err != nil {
				t.Fatal(err)
			}
			paramsEqual(t, tr.Model, m)
			e, err := env.Make(c.id, cfg.EnvOptions)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := agents.Play(e, NewPolicy(m, true), 1); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestEncodersResumeExactly stops a run with set encoders and convolutions
// after one update, resumes it from the checkpoint (weights, Adam moments of
// the encoder parameters included) and checks it ends bit-identical to an
// uninterrupted run.
func TestEncodersResumeExactly(t *testing.T) {
	cfg := encoderConfig(machinaID)
	cfg.TotalSteps, cfg.RolloutSteps, cfg.Minibatch, cfg.EvalEvery = 128, 16, 24, 0
	newT := func(dir string, resume bool) *Trainer {
		tr, err := NewTrainer(machinaID, nil, cfg, dir, resume)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(tr.Close)
		return tr
	}
	a := newT(t.TempDir(), false)
	if err := a.Run(context.Background(), noDeadline, nil); err != nil {
		t.Fatal(err)
	}
	if len(a.Metrics) != 2 {
		t.Fatalf("%d updates, want 2", len(a.Metrics))
	}
	dir := t.TempDir()
	c1 := newT(dir, false)
	updateAndSave(t, c1, 1)
	c2 := newT(dir, true)
	if c2.Progress.Iteration != 1 {
		t.Fatalf("resumed at update %d, want 1", c2.Progress.Iteration)
	}
	if err := c2.Run(context.Background(), noDeadline, nil); err != nil {
		t.Fatal(err)
	}
	paramsEqual(t, a.Model, c2.Model)
}

// TestSetEncoderIgnoresRowOrder reverses the rows of every entity table of
// real observations of The Gathering and checks that the set encoders'
// outputs do not change (up to the rounding of the sums), and that they do
// change when one row's values do.
func TestSetEncoderIgnoresRowOrder(t *testing.T) {
	cfg := encoderConfig(lcg.TheGatheringID)
	const n = 6
	r, m := encoderRows(t, lcg.TheGatheringID, &cfg, n)
	net := m.Nets[0]
	s := m.NewScratch()
	w := net.Desc.encOutWidth()
	a, b := make([]float32, w), make([]float32, w)
	changed := false
	for row := 0; row < n; row++ {
		enc := r.enc[row*r.encW : (row+1)*r.encW]
		net.forwardEncoders(enc, a, s)
		rev := append([]float32(nil), enc...)
		for _, d := range net.Desc.Sets {
			for e := 0; e < d.Rows; e++ {
				copy(rev[d.Enc+e*d.Width:d.Enc+(e+1)*d.Width], enc[d.Enc+(d.Rows-1-e)*d.Width:])
			}
		}
		net.forwardEncoders(rev, b, s)
		for j := range a {
			if math.Abs(float64(a[j]-b[j])) > 1e-6 {
				t.Fatalf("row %d: encoder output %d is %v, %v with the rows reversed", row, j, a[j], b[j])
			}
		}
		for _, d := range net.Desc.Sets { // one entity's feature moves
			for e := 0; e < d.Rows; e++ {
				if rev[d.Enc+e*d.Width] != 0 {
					rev[d.Enc+e*d.Width] += 1
					break
				}
			}
		}
		net.forwardEncoders(rev, b, s)
		for j := range a {
			changed = changed || a[j] != b[j]
		}
	}
	if !changed {
		t.Fatal("the encoders' outputs do not depend on the entities' values")
	}
}
