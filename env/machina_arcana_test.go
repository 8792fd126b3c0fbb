package env_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
)

// TestMachinaEpisodes plays random episodes of every team size and variant
// through the env: rewards per seat follow the documented team reward.
func TestMachinaEpisodes(t *testing.T) {
	for _, c := range []struct {
		opts  env.Options
		seats int
	}{
		{env.Options{}, 3},
		{env.Options{"pioneers": "1", "variant": "easy"}, 2},
		{env.Options{"pioneers": "kim,Hank Horden,lorre", "variant": "very_easy,quick", "cooperative": "true"}, 4},
		{env.Options{"pioneers": "2", "variant": "very_quick,campaign", "campaign_games": "3"}, 3},
		{env.Options{"pioneers": "2", "variant": "easy", "chapters": "5,6,7"}, 3},
		{env.Options{"pioneers": "2", "variant": "easy", "chapters": "5,6,7", "start_items": "3"}, 3},
		{env.Options{"pioneers": "4", "variant": "very_quick", "round_cap": "10", "recharge_faces": "333333", "danger_track": "8", "lair_scale_twice": "true"}, 5},
	} {
		e, err := env.Make(env.MachinaFrozenEngineID, c.opts)
		if err != nil {
			t.Fatalf("%v: %v", c.opts, err)
		}
		if got := e.Spec().Agents; len(got) != c.seats || got[len(got)-1] != "monsters" {
			t.Fatalf("%v: agents %q", c.opts, got)
		}
		coop := c.opts["cooperative"] == "true"
		rng := game.NewRNG(1)
		for ep := uint64(0); ep < 4; ep++ {
			_, info := e.Reset(ep)
			sum := make([]float64, c.seats)
			team := 0.0
			for steps := 0; ; steps++ {
				if steps > 200000 {
					t.Fatalf("%v: no end", c.opts)
				}
				tr, err := e.Step(agents.Uniform(&rng, info.Mask))
				if err != nil {
					t.Fatal(err)
				}
				info = tr.Info
				team += tr.Reward
				for i, r := range info.Rewards {
					sum[i] += r
				}
				if tr.Done() {
					break
				}
			}
			mon := sum[c.seats-1]
			switch {
			case coop && mon != 0:
				t.Fatalf("%v: the monsters seat got %v in a cooperative game", c.opts, mon)
			case !coop && mon != -team:
				t.Fatalf("%v: the monsters seat got %v for a team reward of %v", c.opts, mon, team)
			}
			for i := 0; i < c.seats-1; i++ {
				if sum[i] != team && sum[i] != -team {
					t.Fatalf("%v: seat %d got %v for a team reward of %v", c.opts, i, sum[i], team)
				}
			}
		}
	}
}

// TestMachinaBadOptions: every bad option is refused with a message that
// names it.
func TestMachinaBadOptions(t *testing.T) {
	for opt, want := range map[string]string{
		"pioneers=5":                        "pioneers=5",
		"pioneers=nobody":                   "nobody",
		"variant=hard":                      "variant",
		"variant=campaign,campaign_games=1": "campaign_games",
		"variant=quick,very_quick":          "exclude",
		"round_cap=-1":                      "round_cap",
		"recharge_faces=12":                 "recharge_faces",
		"recharge_faces=123456":             "recharge_faces",
		"danger_track=20":                   "danger track",
		"cooperative=maybe":                 "cooperative",
		"content=/no/such/dir":              "not a directory",
		"scenario=nope":                     "frozen_engine",
		"colour=red":                        "unknown option",
		"chapters=two":                      "chapters",
		"chapters=4,5":                      "cannot open",
		"chapters=5,6,variant=quick":        "excludes",
		"start_items=5":                     "start_items=5: want 0 to 4",
		"start_items=-1":                    "start_items=-1: want 0 to 4",
		"start_items=two":                   "start_items",
	} {
		opts, err := env.ParseOptions(opt)
		if err != nil {
			t.Fatal(err)
		}
		_, err = env.Make(env.MachinaFrozenEngineID, opts)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one naming %q", opt, err, want)
		}
	}
}

// TestMachinaContentOption loads a copy of the shipped content from a
// directory, and a broken copy, whose error names the file and line.
func TestMachinaContentOption(t *testing.T) {
	src := filepath.Join("machina", "content")
	files, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	good, bad := t.TempDir(), t.TempDir()
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(src, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(good, f.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if f.Name() == "pioneers.yaml" {
			data = []byte(strings.Replace(string(data), "class: mystic", "class: wizard", 1))
		}
		if err := os.WriteFile(filepath.Join(bad, f.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e, err := env.Make(env.MachinaFrozenEngineID, env.Options{"content": good, "pioneers": "lorre"})
	if err != nil {
		t.Fatal(err)
	}
	e.Reset(3)
	if _, ok := e.State().(*machina.State); !ok {
		t.Fatalf("state %T", e.State())
	}
	_, err = env.Make(env.MachinaFrozenEngineID, env.Options{"content": bad})
	if err == nil || !strings.Contains(err.Error(), "pioneers.yaml:") {
		t.Fatalf("broken content: %v, want an error naming pioneers.yaml and a line", err)
	}
	t.Log(err)
}

// TestMachinaStartItemsOption: start_items reaches the game, whose first
// decisions are then the pioneers' item gains (MA §13.8), each pioneer
// ending setup with that many items before anyone is placed.
func TestMachinaStartItemsOption(t *testing.T) {
	e, err := env.Make(env.MachinaFrozenEngineID, env.Options{"pioneers": "2", "variant": "easy", "chapters": "5,6,7", "start_items": "2"})
	if err != nil {
		t.Fatal(err)
	}
	_, info := e.Reset(3)
	s := e.State().(*machina.State)
	if k := s.Prompt().Kind; k != machina.PromptDrawMode {
		t.Fatalf("start_items=2: the first decision is prompt kind %d, not the draw of an item gain", k)
	}
	for s.Prompt().Kind != machina.PromptPlace {
		tr, err := e.Step(slices.Index(info.Mask, 1))
		if err != nil {
			t.Fatal(err)
		}
		info = tr.Info
	}
	var held [2]int
	for i := range s.Content().Items {
		if it := &s.Items[i]; it.Owner >= 0 && (it.Zone == machina.ZoneInventory || it.Zone == machina.ZoneEquipped) {
			held[it.Owner]++
		}
	}
	if held != [2]int{2, 2} {
		t.Fatalf("start_items=2: the pioneers hold %v items when the first is placed, want 2 each", held)
	}
}
