package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
)

// mythos train runs the Machina Arcana smoke config end to end, and the
// trained policy plays the env as an agent.
func TestTrainMachinaSmoke(t *testing.T) {
	dir := t.TempDir()
	out, _, err := mythos(t, "", "train", env.MachinaFrozenEngineID, "--config", filepath.Join("..", "..", "train", "configs", "machina-smoke.yaml"), "--out", dir)
	if err != nil {
		t.Fatalf("train: %v\n%s", err, out)
	}
	if !strings.Contains(out, "trained 4 updates") {
		t.Fatalf("train output:\n%s", out)
	}
	out, _, err = mythos(t, "", "run", env.MachinaFrozenEngineID, "--opt", "variant=very_quick,cooperative=true,round_cap=20,skip_trivial=true",
		"--agent", "policy:ckpt="+filepath.Join(dir, "best"), "--episodes", "2", "--quiet")
	if err != nil {
		t.Fatalf("run the policy: %v\n%s", err, out)
	}
}
