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

// StartName names a curriculum start by its options: sorted k=v pairs, or
// "{} (env_options alone)" for the start that adds none.
func StartName(o map[string]string) string {
	if len(o) == 0 {
		return "{} (env_options alone)"
	}
	return describeOptions(o)
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

// Starts groups a curriculum's entries by their options: start k is the
// k-th distinct option set in the order of first appearance (an entry
// repeated to give it a larger share of the batch is one start). It
// returns each start's options and, for every entry, its start. Without a
// curriculum (or with one distinct entry) there are no starts: the
// training win rate is the one start's.
func Starts(curriculum []map[string]string) (starts []map[string]string, of []int) {
	of = make([]int, len(curriculum))
	for j, o := range curriculum {
		k := slices.IndexFunc(starts, func(x map[string]string) bool { return maps.Equal(x, o) })
		if k < 0 {
			k = len(starts)
			starts = append(starts, o)
		}
		of[j] = k
	}
	if len(starts) < 2 {
		return nil, nil
	}
	return starts, of
}
