package env_test

import (
	"runtime"
	"testing"

	"github.com/mythos-rl/mythos/env"
)

// allocsWarm is how many decisions of random play fill an env's buffers
// before its allocations are counted: a slice that grows to a new high
// allocates once, and random play keeps finding new highs for a while.
const allocsWarm = 30_000

// allocsSlack is how many allocations a count may see without failing: a
// rare new high after the warm-up, or the runtime's own work. A per-step or
// per-episode allocation shows as hundreds.
const allocsSlack = 4

// TestEveryEnvStepsWithoutAllocating plays every registered env id at its
// default options at random, the next episode reset as soon as one ends (as
// a Vector does inside Step), and counts the heap allocations of 30,000
// decisions and then of 300 resets after a warm-up. The step path, resets
// included, is meant to allocate nothing (DESIGN.md); each id's own test may
// check more settings, this one keeps any new id or rule from slipping.
func TestEveryEnvStepsWithoutAllocating(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector's runtime allocates")
	}
	type setting struct {
		id   string
		opts env.Options
	}
	var settings []setting
	for _, id := range env.IDs() {
		settings = append(settings, setting{id, nil})
	}
	// Settings whose rules the defaults do not reach: more seats, the
	// shorter and the cooperative Machina games, a curriculum start, the
	// wrappers and shaping terms of training.
	settings = append(settings,
		setting{"ArkhamHorror3/DrownedLantern-v0", env.Options{"investigators": "4"}},
		setting{"ArkhamLCG/NightOfTheZealot-v0", env.Options{"investigators": "01001,01002,01003,01004"}},
		setting{"ArkhamLCG/TheGathering-v0", env.Options{"investigators": "01001,01004", "start_act": "2"}},
		setting{"MachinaArcana/TheFrozenEngine-v0", env.Options{"pioneers": "4", "variant": "very_quick"}},
		setting{"MachinaArcana/TheFrozenEngine-v0", env.Options{"pioneers": "2", "variant": "easy", "cooperative": "true", "option_paths": "true", "option_abilities": "true"}},
		setting{"MachinaArcana/TheFrozenEngine-v0", env.Options{"chapters": "5,6,7", "start_items": "3"}},
		// the wrappers and shaping a training config turns on
		setting{"MachinaArcana/TheFrozenEngine-v0", env.Options{"skip_trivial": "true", "max_steps": "300", "shaping": "advance:2,finale:2,danger:0.2,health:1,kills:1,gear:1,monsters:1,lair:0.5"}},
		setting{"ArkhamLCG/TheGathering-v0", env.Options{"skip_trivial": "true", "max_steps": "100", "shaping": "act:2,doom:0.3,damage:0.3"}},
		setting{"ArkhamHorror3/DrownedLantern-v0", env.Options{"skip_trivial": "true", "max_steps": "100"}},
	)
	for _, c := range settings {
		t.Run(c.id+"/"+c.opts.String(), func(t *testing.T) {
			e, err := env.Make(c.id, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			p := newRandomPlayer(t, e)
			for range allocsWarm {
				p.step()
			}
			if n := mallocs(func() {
				for range 30_000 {
					p.step()
				}
			}); n > allocsSlack {
				t.Errorf("%d allocations in 30,000 decisions (episodes up to seed %d)", n, p.seed)
			}
			if n := mallocs(func() {
				for range 300 {
					p.reset()
				}
			}); n > allocsSlack {
				t.Errorf("%d allocations in 300 resets", n)
			}
		})
	}
}

// mallocs counts the heap allocations f makes, on one P so that no other
// goroutine of the test adds to them.
func mallocs(f func()) uint64 {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs
}
