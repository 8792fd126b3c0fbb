package train

import (
	"fmt"
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
// probabilities from network.json and weights.npz. Skipped without python3
// and numpy.
func TestNumpyExportMatchesGo(t *testing.T) {
	if err := exec.Command("python3", "-c", "import numpy").Run(); err != nil {
		t.Skip("python3 with numpy is not available")
	}
	cfg := tinyConfig()
	cfg.Independent = true
	e, arch := tinyEnv(t, &cfg)
	m := NewModel(arch, 5)
	for i := range m.Norm.Mean {
		m.Norm.Mean[i], m.Norm.Var[i] = 0.1*float64(i), 0.5+float64(i)
	}
	for _, p := range m.Params() { // a policy head far from uniform
		for j := range p.Data {
			p.Data[j] *= 3
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
		probs, _ := p.Probabilities(e, &info)
		for _, f := range arch.Fields {
			fld, _ := e.Spec().Layout.Field(f.Name)
			name := fmt.Sprintf("obs%d.%s", k, f.Name)
			if f.DType == "float32" {
				arrays = append(arrays, Array{Name: name, Shape: f.Shape, F32: append([]float32(nil), obs.Float(fld)...)})
			} else {
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
			Array{Name: fmt.Sprintf("probs%d", k), Shape: []int{len(probs)}, F32: append([]float32(nil), probs...)})
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
worst = 0.0
for k in range(%d):
    obs = {f["name"]: z[f"obs{k}.{f['name']}"] for f in pol.arch["fields"]}
    p = pol.policy(obs, z[f"mask{k}"], int(z[f"agent{k}"][0]))
    assert (p[z[f"mask{k}"] == 0] == 0).all(), "illegal action with probability"
    worst = max(worst, float(np.abs(p - z[f"probs{k}"]).max()))
print(worst)
assert worst < 1e-4, worst
`, script, dir, filepath.Join(dir, "cases.npz"), n)
	out, err := exec.Command("python3", "-c", prog).CombinedOutput()
	if err != nil {
		t.Fatalf("numpy policy differs from Go: %v\n%s", err, out)
	}
	t.Logf("largest |p_numpy - p_go| = %s", out)
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

// TestPolicyActAllocatesNothing checks the agent's hot path.
func TestPolicyActAllocatesNothing(t *testing.T) {
	cfg := tinyConfig()
	e, arch := tinyEnv(t, &cfg)
	p := NewPolicy(NewModel(arch, 1), true)
	p.Reset(3)
	_, info := e.Reset(1)
	allocs := testing.AllocsPerRun(100, func() {
		if a := p.Act(e, &info); info.Mask[a] == 0 {
			t.Fatal("illegal action")
		}
	})
	if allocs != 0 {
		t.Fatalf("Act allocates %.1f times per call", allocs)
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
