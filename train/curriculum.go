package train

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mythos-rl/mythos/env"
)

// makeTrainingEnv makes training env i: the run's options, with the
// curriculum entry i mod len(curriculum) merged over them when the config has
// a curriculum (docs/shaping.md, "Curriculum starts"). Every entry must give
// envs of the probe's spec (the same observation layout, actions and seats),
// since they share one network and one vector; an entry that changes them is
// refused with its index and options.
func makeTrainingEnv(envID string, opts env.Options, curriculum []map[string]string, i int, probe *env.Spec) (env.Env, error) {
	if len(curriculum) == 0 {
		return env.Make(envID, opts)
	}
	k := i % len(curriculum)
	e, err := env.Make(envID, env.Options(mergeOptions(opts, curriculum[k])))
	if err != nil {
		return nil, fmt.Errorf("curriculum entry %d (%s): %w", k, describeOptions(curriculum[k]), err)
	}
	s := e.Spec()
	if s.Actions != probe.Actions || len(s.Agents) != len(probe.Agents) || s.Layout.Markdown() != probe.Layout.Markdown() {
		return nil, fmt.Errorf("curriculum entry %d (%s): the env's observation, actions or seats differ from env_options' (an entry may change how a game starts, not its shape)", k, describeOptions(curriculum[k]))
	}
	return e, nil
}

// describeOptions writes options as sorted k=v pairs ("{}" for none).
func describeOptions(o map[string]string) string {
	if len(o) == 0 {
		return "{}"
	}
	keys := slices.Sorted(maps.Keys(o))
	parts := make([]string, len(keys))
	for j, k := range keys {
		parts[j] = k + "=" + o[k]
	}
	return strings.Join(parts, ",")
}
