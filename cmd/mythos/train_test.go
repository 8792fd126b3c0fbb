package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/internal/fixture"
)

const tinyTrainConfig = `
env_options: {seats: "2", skip_trivial: "true", max_steps: "40"}
num_envs: 4
rollout_steps: 32
epochs: 2
minibatch: 64
hidden: [16]
embed_dim: 4
vocab: 8
eval_every: 2
eval_episodes: 8
eval_agents: [random, no-such-agent]
checkpoint_every: 1
`

// TestTrainWritesRunAndResumes trains Cipher for a few updates through the
// CLI, checks the run directory, resumes to more steps and plays the result
// as the policy agent.
func TestTrainWritesRunAndResumes(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tiny.yaml")
	if err := os.WriteFile(cfg, []byte(tinyTrainConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "run")
	stdout, _, err := mythos(t, "", "train", fixture.ID, "--config", cfg, "--steps", "256", "--out", out, "--quiet")
	if err != nil {
		t.Fatalf("train: %v\n%s", err, stdout)
	}
	for _, want := range []string{"baseline random", "baseline no-such-agent skipped", "upd 2", "trained 2 updates, 256 env steps", "policy (last)"} {
		if !strings.Contains(stdout, want) {
			t.Fatalf("output lacks %q:\n%s", want, stdout)
		}
	}
	for _, f := range []string{"last/network.json", "best/weights.npz", "metrics.csv", "learning_curve.png"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Fatal(err)
		}
	}
	stdout, _, err = mythos(t, "", "train", fixture.ID, "--out", out, "--resume", "--steps", "384", "--quiet")
	if err != nil || !strings.Contains(stdout, "resuming at update 2") || !strings.Contains(stdout, "trained 3 updates") {
		t.Fatalf("resume: %v\n%s", err, stdout)
	}
	stdout, _, err = mythos(t, "", "run", fixture.ID, "--opt", "seats=2,skip_trivial=true,max_steps=40",
		"--agent", "policy:ckpt="+filepath.Join(out, "best"), "--episodes", "5", "--quiet")
	if err != nil || !strings.Contains(stdout, "policy") {
		t.Fatalf("run with the policy: %v\n%s", err, stdout)
	}
	if _, _, err := mythos(t, "", "train", fixture.ID, "--config", filepath.Join(dir, "missing.yaml")); err == nil {
		t.Fatal("a missing config file was accepted")
	}
	if _, _, err := mythos(t, "", "train", fixture.ID, "--out", filepath.Join(dir, "nothing"), "--resume"); err == nil {
		t.Fatal("resuming an empty directory was accepted")
	}
}
