package train

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/lcg"
)

// TestCurriculumStartsTrainingEnvs checks that training env i is made with
// curriculum entry i mod len over the run's options: on The Gathering, the
// envs of a start_act=3 entry begin on act 3 (two acts done, so the act
// potential is at least 2/3) and the others on act 1 (docs/shaping.md).
func TestCurriculumStartsTrainingEnvs(t *testing.T) {
	base := env.Options{"investigators": "01001", "difficulty": "easy", "skip_trivial": "true"}
	probe, err := env.Make(lcg.TheGatheringID, base)
	if err != nil {
		t.Fatal(err)
	}
	curriculum := []map[string]string{{"start_act": "3"}, {}}
	for i := range 4 {
		e, err := makeTrainingEnv(lcg.TheGatheringID, base, curriculum, i, probe.Spec())
		if err != nil {
			t.Fatal(err)
		}
		e.Reset(uint64(i + 1))
		act := e.State().(*lcg.State).ActPotential()
		if onAct3 := act >= 2.0/3; onAct3 != (i%2 == 0) {
			t.Errorf("training env %d: act potential %.3f, want act 3 only for even envs", i, act)
		}
	}
}

// TestCurriculumRefusals checks the errors: an entry the env refuses and an
// entry that changes the env's shape are named with their index, and a
// curriculum longer than num_envs is a config error.
func TestCurriculumRefusals(t *testing.T) {
	base := env.Options{"investigators": "01001", "difficulty": "easy"}
	probe, err := env.Make(lcg.TheGatheringID, base)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		entry map[string]string
		want  string
	}{
		{map[string]string{"start_act": "4"}, "curriculum entry 1 (start_act=4)"},
		{map[string]string{"investigators": "2"}, "differ from env_options'"},
	} {
		_, err := makeTrainingEnv(lcg.TheGatheringID, base, []map[string]string{{}, c.entry}, 1, probe.Spec())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("entry %v: error %v, want it to contain %q", c.entry, err, c.want)
		}
	}
	cfg := DefaultConfig()
	cfg.NumEnvs = 1
	cfg.Curriculum = []map[string]string{{}, {"start_act": "2"}}
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "curriculum") {
		t.Errorf("two entries on one env: %v, want a curriculum error", err)
	}
	if err := ParseConfig([]byte("curriculum:\n  - {start_act: \"3\"}\n  - {}\n"), &cfg); err == nil {
		t.Error("two entries with num_envs 1 parsed without error")
	}
}
