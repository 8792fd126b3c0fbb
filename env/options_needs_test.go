package env_test

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
)

// An option that means nothing without another is refused with one line
// naming what it needs (Machina's campaign_games=abc, -3 or 99999 without
// variant=campaign passed silently before), and accepted with it.
func TestOptionsThatNeedOthersAreRefusedWithout(t *testing.T) {
	for _, o := range []string{"campaign_games=abc", "campaign_games=-3", "campaign_games=99999,variant=easy", "campaign_games=3,variant=quick"} {
		opts, err := env.ParseOptions(o)
		if err != nil {
			t.Fatal(err)
		}
		_, err = env.Make(env.MachinaFrozenEngineID, opts)
		if err == nil || !strings.Contains(err.Error(), "applies only with variant=campaign") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line saying it applies only with variant=campaign", o, err)
		}
	}
	for _, o := range []string{"variant=campaign,campaign_games=3", "variant=easy,campaign,campaign_games=2", "variant=campaign"} {
		opts, _ := env.ParseOptions(o)
		if _, err := env.Make(env.MachinaFrozenEngineID, opts); err != nil {
			t.Errorf("%s: %v", o, err)
		}
	}
}
