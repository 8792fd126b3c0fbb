package env_test

import (
	"testing"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/lcg"
)

func TestRegisteredEnv(t *testing.T) {
	e, err := env.Make(lcg.TheGatheringID, env.Options{"investigators": "roland,daisy", "difficulty": "hard"})
	if err != nil {
		t.Fatal(err)
	}
	_, info := e.Reset(1)
	for i := 0; i < 5000; i++ {
		a := -1
		for k, m := range info.Mask {
			if m == 1 {
				a = k
				break
			}
		}
		tr, err := e.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		info = tr.Info
		if tr.Terminated {
			return
		}
	}
}
