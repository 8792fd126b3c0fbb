package train

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/internal/fixture"
)

// TestNumpyExportMatchesGo saves a model (with non-trivial normalisation and
// embeddings), writes observations and the Go policy's masked probabilities,
// and checks that python/examples/policy_numpy.py computes the same
// probabilities from network.json and weights.npz: the MLP on Cipher, set
// encoders and convolutions on Machina Arcana, the MLP with an egocentric
// window (crop) on Machina Arcana, with the window alone (crop.only), set
// encoders on The Gathering, the pointer term on Machina Arcana (with the
// window alone) and on The Gathering (with set encoders). Skipped without numpy in $MYTHOS_PYTHON (default python3).
func TestNumpyExportMatchesGo(t *testing.T) {
	python := os.Getenv("MYTHOS_PYTHON")
	if python == "" {
		python = "python3"
	}
	if err := exec.Command(python, "-c", "import numpy").Run(); err != nil {
		t.Skipf("%s with numpy is not available (set MYTHOS_PYTHON)", python)
	}
	t.Run("mlp", func(t *testing.T) {
		cfg := tinyConfig()
		cfg.Independent = true
		e, arch := tinyEnv(t, &cfg)
		numpyMatchesGo(t, python, e, arch)
	})
	t.Run("crop", func(t *testing.T) {
		cfg := encoderConfig(machinaID)
		cfg.Network = NetworkConfig{Crop: CropConfig{Size: 5, Center: "actor_cell"}}
		e, arch := envArch(t, machinaID, &cfg)
		if arch.Format != FormatCrop || len(arch.Crops) != 1 {
			t.Fatalf("format %q, %d crops", arch.Format, len(arch.Crops))
		}
		numpyMatchesGo(t, python, e, arch)
	})
	t.Run("crop-only", func(t *testing.T) {
		cfg := encoderConfig(machinaID)
		cfg.Network = NetworkConfig{Crop: CropConfig{Size: 5, Center: "actor_cell", Only: true}}
		e, arch := envArch(t, machinaID, &cfg)
		if arch.Format != FormatCropOnly || len(arch.Dropped) != 1 {
			t.Fatalf("format %q, dropped %+v", arch.Format, arch.Dropped)
		}
		numpyMatchesGo(t, python, e, arch)
	})
	t.Run("pointer", func(t *testing.T) {
		// the pointer term with the window alone and the option rows out of
		// the flat input, as the Machina configs use them
		cfg := pointerConfig(machinaID)
		cfg.Network.Crop = CropConfig{Size: 5, Center: "actor_cell", Only: true}
		cfg.Network.Drop = []string{"options", "option_action"}
		e, arch := envArch(t, machinaID, &cfg)
		if arch.Format != FormatPointer || arch.Nets[0].Pointer == nil {
			t.Fatalf("format %q, pointer %+v", arch.Format, arch.Nets[0].Pointer)
		}
		numpyMatchesGo(t, python, e, arch)
	})
	t.Run("pointer-paths", func(t *testing.T) {
		// Machina's option paths joined to its option rows
		cfg := pointerPathsConfig()
		cfg.Network.Crop = CropConfig{Size: 5, Center: "actor_cell", Only: true}
		cfg.Network.Drop = []string{"options", "option_action", "option_paths"}
		e, arch := envArch(t, machinaID, &cfg)
		if d := arch.Nets[0].Pointer; d == nil || len(d.More) != 1 {
			t.Fatalf("pointer %+v", d)
		}
		numpyMatchesGo(t, python, e, arch)
	})
	t.Run("pointer-sets", func(t *testing.T) {
		cfg := encoderConfig(lcg.TheGatheringID)
		cfg.Network.Conv, cfg.Network.Pointer = false, true
		e, arch := envArch(t, lcg.TheGatheringID, &cfg)
		numpyMatchesGo(t, python, e, arch)
	})
	for _, id := range []string{machinaID, lcg.TheGatheringID} {
		t.Run(id, func(t *testing.T) {
			cfg := encoderConfig(id)
			if id == lcg.TheGatheringID {
				cfg.Network.Conv = false
			} else {
				cfg.Independent = true // a network per seat, each with its encoders
			}
			e, arch := envArch(t, id, &cfg)
			if arch.Format != FormatEncoders {
				t.Fatal("no encoder")
			}
			numpyMatchesGo(t, python, e, arch)
		})
	}
}

// numpyMatchesGo saves a model of arch (non-trivial normalisation, weights
// far from their start: non-zero biases, a policy head of ordinary scale) and
// checks policy_numpy.py's logits, value and probabilities against Go's on a
// dozen observations of e.
func numpyMatchesGo(t *testing.T, python string, e env.Env, arch Arch) {
	m := NewModel(arch, 5)
	for i := range m.Norm.Mean {
		m.Norm.Mean[i], m.Norm.Var[i] = 0.1*float64(i), 0.5+float64(i)
	}
	for _, p := range m.Params() { // a policy head far from uniform
		for j := range p.Data {
			p.Data[j] *= 3
			if len(p.Shape) == 1 {
				p.Data[j] = 0.1*float32(j%5) - 0.2
			}
		}
	}
	for _, n := range m.Nets {
		for j := range n.Pi[0].Data {
			n.Pi[0].Data[j] *= 30
		}
		if n.Ptr != nil { // a pointer term of the head's scale
			for j := range n.Ptr.Data {
				n.Ptr.Data[j] *= 100
			}
		}
	}
	m.Norm.Freeze()
	m.Prepare()
	dir := t.TempDir()
	if err := SaveModel(dir, m); err != nil {
		t.Fatal(err)
	}
	p := NewPolicy(m, false)
	rng := game.NewRNG(2)
	var arrays []Array
	obs, info := e.Reset(4)
	const n = 12
	for k := 0; k < n; k++ {
		probs, value := p.Probabilities(e, &info)
		for _, f := range arch.Fields {
			fld, _ := e.Spec().Layout.Field(f.Name)
			name := fmt.Sprintf("obs%d.%s", k, f.Name)
			switch f.DType {
			case "float32":
				arrays = append(arrays, Array{Name: name, Shape: f.Shape, F32: append([]float32(nil), obs.Float(fld)...)})
			case "uint8": // as float32: the loader converts anyway
				u := obs.Bytes(fld)
				v := make([]float32, len(u))
				for i, b := range u {
					v[i] = float32(b)
				}
				arrays = append(arrays, Array{Name: name, Shape: f.Shape, F32: v})
			default:
				arrays = append(arrays, Array{Name: name, Shape: f.Shape, I32: append([]int32(nil), obs.Int(fld)...)})
			}
		}
		mask := make([]int32, len(info.Mask))
		for a, v := range info.Mask {
			mask[a] = int32(v)
		}
		arrays = append(arrays,
			Array{Name: fmt.Sprintf("mask%d", k), Shape: []int{len(mask)}, I32: mask},
			Array{Name: fmt.Sprintf("agent%d", k), Shape: []int{1}, I32: []int32{int32(info.Agent)}},
			Array{Name: fmt.Sprintf("probs%d", k), Shape: []int{len(probs)}, F32: append([]float32(nil), probs...)},
			Array{Name: fmt.Sprintf("logits%d", k), Shape: []int{len(p.logits)}, F32: fullLogits(p, &info)},
			Array{Name: fmt.Sprintf("value%d", k), Shape: []int{1}, F32: []float32{value}})
		tr, err := e.Step(agents.Uniform(&rng, info.Mask))
		if err != nil {
			t.Fatal(err)
		}
		if tr.Done() {
			obs, info = e.Reset(uint64(40 + k))
		} else {
			obs, info = tr.Obs, tr.Info
		}
	}
	if err := WriteNPZ(filepath.Join(dir, "cases.npz"), arrays); err != nil {
		t.Fatal(err)
	}
	_, here, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(here), "..", "python", "examples")
	prog := fmt.Sprintf(`
import sys, numpy as np
sys.path.insert(0, %q)
from policy_numpy import NumpyPolicy
pol = NumpyPolicy(%q)
z = np.load(%q)
worst, wl, spread = 0.0, 0.0, 0.0
for k in range(%d):
    obs = {f["name"]: z[f"obs{k}.{f['name']}"] for f in pol.arch["fields"]}
    agent = int(z[f"agent{k}"][0])
    p = pol.policy(obs, z[f"mask{k}"], agent)
    assert (p[z[f"mask{k}"] == 0] == 0).all(), "illegal action with probability"
    worst = max(worst, float(np.abs(p - z[f"probs{k}"]).max()))
    logits, value = pol.forward(obs, agent)
    wl = max(wl, float(np.abs(logits - z[f"logits{k}"]).max()), abs(value - float(z[f"value{k}"][0])))
    spread = max(spread, float(logits.max() - logits.min()))
print(f"probabilities {worst:.2g}, logits and value {wl:.2g} (logit spread {spread:.3g})")
assert worst < 1e-4 and wl < 1e-4 * (1 + spread), (worst, wl)
assert spread > 0.5, spread
`, script, dir, filepath.Join(dir, "cases.npz"), n)
	out, err := exec.Command(python, "-c", prog).CombinedOutput()
	if err != nil {
		t.Fatalf("numpy policy differs from Go: %v\n%s", err, out)
	}
	t.Logf("largest |numpy - Go|: %s", out)
}

// TestTeacherAndIndependent warm-starts from the random agent's play and
// trains one network per seat: the warm start runs, the loss stays finite,
// the seats' networks drift apart, the run is reproducible and the
// checkpoint round-trips.
func TestTeacherAndIndependent(t *testing.T) {
	cfg := tinyConfig()
	cfg.Independent = true
	cfg.Teacher, cfg.TeacherSteps, cfg.TeacherEpochs = "random", 300, 2
	dir := t.TempDir()
	a := newTiny(t, cfg, dir, false)
	if !a.WarmupPending() || a.Progress.Warmup != "" {
		t.Fatalf("NewTrainer ran the warm start: pending %v, %q", a.WarmupPending(), a.Progress.Warmup)
	}
	if err := a.WarmStart(t.Context(), noDeadline, nil); err != nil {
		t.Fatal(err)
	}
	if a.WarmupPending() || a.Progress.Warmup == "" || len(a.Model.Nets) != 2 {
		t.Fatalf("warm start %q, %d networks", a.Progress.Warmup, len(a.Model.Nets))
	}
	// after the warm start both seats' networks are equal; PPO then trains
	// each on its own seat's steps, so they drift apart
	if err := a.Run(t.Context(), noDeadline, nil); err != nil {
		t.Fatal(err)
	}
	same := true
	for i, p := range a.Model.Nets[0].Params() {
		q := a.Model.Nets[1].Params()[i]
		for j := range p.Data {
			if p.Data[j] != q.Data[j] {
				same = false
			}
		}
	}
	if same {
		t.Fatal("the two seats' networks are identical after training")
	}
	b := newTiny(t, cfg, t.TempDir(), false)
	if err := b.Run(t.Context(), noDeadline, nil); err != nil {
		t.Fatal(err)
	}
	paramsEqual(t, a.Model, b.Model)
	m, err := LoadModel(filepath.Join(dir, "last"))
	if err != nil {
		t.Fatal(err)
	}
	paramsEqual(t, a.Model, m)
}

// TestPolicyActAllocatesNothing checks the agent's hot path
// (the MLP, and set encoders with convolutions on Machina Arcana).
func TestPolicyActAllocatesNothing(t *testing.T) {
	cfg := tinyConfig()
	e, arch := tinyEnv(t, &cfg)
	enc := encoderConfig(machinaID)
	me, err := env.Make(machinaID, enc.EnvOptions)
	if err != nil {
		t.Fatal(err)
	}
	march, err := NewArch(me.Spec(), enc.EnvOptions, &enc)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		e    env.Env
		arch Arch
	}{{e, arch}, {me, march}} {
		p := NewPolicy(NewModel(c.arch, 1), true)
		p.Reset(3)
		_, info := c.e.Reset(1)
		allocs := testing.AllocsPerRun(100, func() {
			if a := p.Act(c.e, &info); info.Mask[a] == 0 {
				t.Fatal("illegal action")
			}
		})
		if allocs != 0 {
			t.Fatalf("%s: Act allocates %.1f times per call", c.arch.Env, allocs)
		}
	}
}

// TestPolicyRefusesAnotherLayout checks that a policy asked to play an env
// whose layout it was not trained on gets an error naming both, from
// agents.Play before any decision, not a panic mid-episode.
func TestPolicyRefusesAnotherLayout(t *testing.T) {
	cfg := tinyConfig()
	_, arch := tinyEnv(t, &cfg)
	p := NewPolicy(NewModel(arch, 1), true)
	other, err := env.Make(lcg.TheGatheringID, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = agents.Play(other, p, 1)
	if err == nil || !strings.Contains(err.Error(), "trained on "+fixture.ID) || !strings.Contains(err.Error(), lcg.TheGatheringID) {
		t.Fatalf("Play on another layout: %v", err)
	}
}

// fullLogits is every action's logit of p's last observation (Probabilities
// computes only the legal ones): Forward over the input it left behind.
func fullLogits(p *Policy, info *env.Info) []float32 {
	out := make([]float32, len(p.logits))
	p.Model.NetFor(int(info.Agent)).Forward(p.x, p.scratch.enc, p.obs.I32, out, p.scratch)
	return out
}

// TestPolicyPlaysAnEnvThatGainedFields: the committed Machina Arcana policy
// was trained before the observation gained its option rows; it still plays
// the env (its fields copied out by name), and a policy missing one of its
// fields from the env is refused with the field named.
func TestPolicyPlaysAnEnvThatGainedFields(t *testing.T) {
	m, err := LoadModel(filepath.Join("results", "machina-very-quick-window", "best"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := env.Make(machinaID, env.Options{"pioneers": "2", "variant": "very_quick", "cooperative": "true", "skip_trivial": "true", "max_steps": "200"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e.Spec().Layout.Field(PointerRowsField); !ok {
		t.Fatal("the env has no option rows: this test no longer tests a gained field")
	}
	for _, f := range m.Arch.Fields {
		if f.Name == PointerRowsField {
			t.Fatal("the committed policy has the option rows: this test no longer tests a gained field")
		}
	}
	p := NewPolicy(m, false)
	if err := p.CheckEnv(e); err != nil || p.remap == nil {
		t.Fatalf("CheckEnv: %v (remap %d fields)", err, len(p.remap))
	}
	if _, err := agents.Play(e, p, 3); err != nil {
		t.Fatal(err)
	}
	m.Arch.Fields[1].Name = "no_such_field"
	q := NewPolicy(m, false)
	if err := q.CheckEnv(e); err == nil || !strings.Contains(err.Error(), `no field "no_such_field"`) {
		t.Fatalf("CheckEnv with a field the env lacks: %v", err)
	}
}
