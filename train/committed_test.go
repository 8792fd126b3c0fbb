package train

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
)

// TestCommittedCheckpointsPlay: every checkpoint committed under results/
// (the policies of the baselines table, the docs and the README) still fits
// its env with the options it was trained on, and plays a whole episode. A
// change to an observation layout or an action list that breaks one fails
// here, instead of dropping its row from `mythos bench`'s table with a note.
func TestCommittedCheckpointsPlay(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("results", "*", "*", "network.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no checkpoint under results/*/*: the glob or the layout changed")
	}
	for _, f := range files {
		dir := filepath.Dir(f)
		t.Run(dir, func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var arch Arch
			if err := json.Unmarshal(b, &arch); err != nil {
				t.Fatal(err)
			}
			opts := env.Options{}
			for k, v := range arch.Options {
				opts[k] = v
			}
			if opts["max_steps"] == "" || opts["max_steps"] == "0" {
				opts["max_steps"] = "300" // an untrained seat of a long game may wander
			}
			e, err := env.Make(arch.Env, opts)
			if err != nil {
				t.Fatalf("%s with %v: %v", arch.Env, opts, err)
			}
			a, err := agents.New("policy:ckpt=" + dir)
			if err != nil {
				t.Fatal(err)
			}
			ep, err := agents.Play(e, a, 7)
			if err != nil {
				t.Fatal(err)
			}
			if ep.Length < 1 {
				t.Fatalf("an episode of %d decisions", ep.Length)
			}
		})
	}
}
