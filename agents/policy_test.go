package agents

import (
	"errors"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
)

func TestPolicyNeedsACheckpointAndALoader(t *testing.T) {
	if _, err := New("policy"); err == nil || !strings.Contains(err.Error(), "ckpt=DIR") {
		t.Fatalf("no ckpt: %v", err)
	}
	loaderMu.Lock()
	saved := loader
	loader = nil
	loaderMu.Unlock()
	defer func() {
		loaderMu.Lock()
		loader = saved
		loaderMu.Unlock()
	}()
	if _, err := New("policy:ckpt=/tmp/run1"); !errors.Is(err, ErrNoPolicyLoader) || !strings.Contains(err.Error(), "/tmp/run1") {
		t.Fatalf("no loader: %v", err)
	}
	var gotDir string
	var gotOpts env.Options
	RegisterPolicyLoader(func(ckpt string, opts env.Options) (Agent, error) {
		gotDir, gotOpts = ckpt, opts
		return &Random{}, nil
	})
	a, err := New("policy:ckpt=/tmp/run1,greedy=true")
	if err != nil || a == nil || gotDir != "/tmp/run1" || gotOpts.Str("greedy", "") != "true" || len(gotOpts) != 1 {
		t.Fatalf("loader: %v %q %v", err, gotDir, gotOpts)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a second loader was accepted")
		}
	}()
	RegisterPolicyLoader(func(string, env.Options) (Agent, error) { return nil, nil })
}
