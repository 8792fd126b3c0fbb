package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/benchmarks"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/train"
)

// strengthFlags are mythos bench's flags of the all-env strength table.
type strengthFlags struct {
	envs           string   // --strength-envs: ids or unique parts of ids, comma-separated; "" or "all" is every id
	agentList      string   // --agents
	options        string   // --opt, for every env
	episodes       int      // --episodes: per agent per env
	envEpisodes    []string // --env-episodes ENV=N
	ismctsIters    int      // --ismcts-iters
	envIters       []string // --env-iters ENV=N
	ismctsEpisodes int      // --ismcts-episodes (0: --episodes)
	policies       []string // --policy DIR
	policyRoot     string   // --policies-from
	// ownIters is set when --ismcts-iters was given (or --quick): then it
	// holds for every env --env-iters does not name, envDefaults aside.
	ownIters bool
}

// envDefaults are the strength table's defaults for envs that need them: the
// seats every agent leaves to a fixed agent, and the ISMCTS iterations when
// neither --env-iters nor --ismcts-iters is given. Looked up by id, never
// iterated.
var envDefaults = map[string]struct {
	seats []string
	iters int
}{
	// the dead pioneers' monsters (MA §19.4) play the same for every agent
	// under test; an ISMCTS decision costs about ten times a scenario's of
	// the LCG, and a game is twice as long
	env.MachinaFrozenEngineID: {seats: []string{"monsters=heuristic"}, iters: 100},
	// a campaign episode is three scenarios, its decisions twice as dear
	lcg.NightOfTheZealotID: {iters: 200},
}

// defaultISMCTSIters is --ismcts-iters' default: fewer (100, 200) play
// The Gathering worse than the heuristic itself.
const defaultISMCTSIters = 1000

func (s *strengthFlags) add(f *pflag.FlagSet) {
	f.StringVar(&s.envs, "strength-envs", "all", "env ids of the strength table, comma-separated; a unique part of an id will do (Gathering, Machina)")
	f.StringVar(&s.agentList, "agents", "random;heuristic;ismcts:rollout=heuristic", "agents of the strength table (as in mythos eval); ismcts without iters= or ms= gets --ismcts-iters")
	f.StringVar(&s.options, "opt", "", "env options as key=value,key=value for every env of the strength table")
	f.IntVar(&s.episodes, "episodes", 200, "episodes per agent per env of the strength table (the same seeds for every agent)")
	f.StringArrayVar(&s.envEpisodes, "env-episodes", nil, "ENV=N: episodes per agent on that env instead of --episodes (repeatable)")
	f.IntVar(&s.ismctsIters, "ismcts-iters", defaultISMCTSIters, "iterations per decision of ismcts agents that set neither iters nor ms")
	f.StringArrayVar(&s.envIters, "env-iters", nil, "ENV=N: --ismcts-iters on that env (repeatable; without it or --ismcts-iters, "+
		lcg.NightOfTheZealotID+" gets 200 and "+env.MachinaFrozenEngineID+" 100)")
	f.IntVar(&s.ismctsEpisodes, "ismcts-episodes", 20, "episodes of ismcts agents per env, the first of the others' seeds (0: as the others)")
	f.StringArrayVar(&s.policies, "policy", nil, "DIR: add the trained policy of checkpoint DIR (network.json, weights.npz) on its env, with its options (repeatable)")
	f.StringVar(&s.policyRoot, "policies-from", "train/results", "add the policy of every checkpoint DIR/NAME/best here (none: --policies-from '')")
}

// quick makes the strength table a smoke run for the flags not given.
func (s *strengthFlags) quick(f *pflag.FlagSet) {
	s.ownIters = true
	if !f.Changed("episodes") {
		s.episodes = 4
	}
	if !f.Changed("ismcts-iters") {
		s.ismctsIters = 10
	}
	if !f.Changed("ismcts-episodes") {
		s.ismctsEpisodes = 1
	}
	if !f.Changed("env-iters") {
		s.envIters = []string{"Machina=2"}
	}
}

// selectEnvs resolves --strength-envs to env ids in registry order.
func (s *strengthFlags) selectEnvs() ([]string, error) {
	if s.envs == "" || s.envs == "all" {
		return env.IDs(), nil
	}
	var ids []string
	for _, part := range strings.Split(s.envs, ",") {
		id, err := matchEnv(strings.TrimSpace(part))
		if err != nil {
			return nil, fmt.Errorf("--strength-envs: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// matchEnv returns the env id that is part or the only id containing part
// (case-insensitive).
func matchEnv(part string) (string, error) {
	if _, err := env.Lookup(part); err == nil {
		return part, nil
	}
	var found []string
	for _, id := range env.IDs() {
		if part != "" && strings.Contains(strings.ToLower(id), strings.ToLower(part)) {
			found = append(found, id)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return "", fmt.Errorf("no env id matches %q (mythos list)", part)
	}
	return "", fmt.Errorf("%q matches %s: name one", part, strings.Join(found, ", "))
}

// perEnv parses ENV=N values (N at least 1) into a map by env id.
func perEnv(flag string, vals []string) (map[string]int, error) {
	out := map[string]int{}
	for _, v := range vals {
		part, num, ok := strings.Cut(v, "=")
		n, err := strconv.Atoi(num)
		if !ok || err != nil || n < 1 {
			return nil, fmt.Errorf("--%s %q: want ENV=N with N at least 1", flag, v)
		}
		id, err := matchEnv(part)
		if err != nil {
			return nil, fmt.Errorf("--%s: %w", flag, err)
		}
		out[id] = n
	}
	return out, nil
}

// cases builds the strength table's cases: one per selected env with every
// agent of --agents, and one per trained policy whose env is selected, on
// the policy's own options, with the same agents and the policy. notes are
// remarks for the report.
func (s *strengthFlags) cases() (cases []benchmarks.BaselineCase, notes []string, err error) {
	ids, err := s.selectEnvs()
	if err != nil {
		return nil, nil, err
	}
	specs, err := splitAgentSpecs(s.agentList)
	if err != nil {
		return nil, nil, err
	}
	opts, err := env.ParseOptions(s.options)
	if err != nil {
		return nil, nil, err
	}
	if s.episodes < 1 || s.ismctsIters < 1 || s.ismctsEpisodes < 0 {
		return nil, nil, fmt.Errorf("--episodes and --ismcts-iters must be at least 1, --ismcts-episodes at least 0")
	}
	episodes, err := perEnv("env-episodes", s.envEpisodes)
	if err != nil {
		return nil, nil, err
	}
	iters, err := perEnv("env-iters", s.envIters)
	if err != nil {
		return nil, nil, err
	}
	// newCase builds a case of env id; fixed, when not nil, are its fixed
	// seats in place of envDefaults'.
	newCase := func(id string, o env.Options, note string, fixed []agents.SeatAgent, extra ...string) (benchmarks.BaselineCase, error) {
		c := benchmarks.BaselineCase{Env: id, Options: o, Note: note, Seats: fixed}
		d := envDefaults[id]
		if fixed == nil {
			for _, sa := range d.seats {
				seat, err := agents.ParseSeatAgent(sa)
				if err != nil {
					return c, err
				}
				c.Seats = append(c.Seats, seat)
			}
		}
		n, ok := iters[id]
		if !ok {
			n = s.ismctsIters
			if d.iters > 0 && !s.ownIters {
				n = d.iters
			}
		}
		eps, ok := episodes[id]
		if !ok {
			eps = s.episodes
		}
		for _, spec := range append(append([]string(nil), specs...), extra...) {
			name, rest, _ := strings.Cut(spec, ":")
			e := eps
			if name == "ismcts" {
				if !strings.Contains(","+rest, ",iters=") && !strings.Contains(","+rest, ",ms=") {
					spec = name + ":" + strings.TrimPrefix(rest+",iters="+strconv.Itoa(n), ",")
				}
				if s.ismctsEpisodes > 0 {
					e = min(e, s.ismctsEpisodes)
				}
			}
			c.Agents = append(c.Agents, spec)
			c.Episodes = append(c.Episodes, e)
		}
		return c, nil
	}
	selected := map[string]bool{}
	for _, id := range ids {
		selected[id] = true
		c, err := newCase(id, opts, "", nil)
		if err != nil {
			return nil, nil, err
		}
		cases = append(cases, c)
	}
	dirs, found, err := s.policyDirs()
	if err != nil {
		return nil, nil, err
	}
	played := 0
	for _, dir := range dirs {
		arch, err := readArch(dir)
		if err != nil {
			return nil, nil, err
		}
		if !selected[arch.Env] {
			continue
		}
		o := env.Options{}
		for k, v := range arch.Options {
			o[k] = v
		}
		note := "the options of the trained policy in `" + dir + "`"
		fixed, learned, err := learnedSeats(dir, arch.Env, o)
		if err != nil {
			return nil, nil, err
		}
		if fixed != nil {
			note += "; every agent, the policy too, plays the seats it learned (" + strings.Join(learned, ", ") +
				") against the seats fixed as in its training, and the win rate is the game's result for the team (the pioneers' in Machina Arcana): a lower one is a stronger " +
				strings.Join(learned, ", ") + " side"
		}
		c, err := newCase(arch.Env, o, note, fixed, "policy:ckpt="+dir)
		if err != nil {
			return nil, nil, err
		}
		c.Tested = learned
		// a checkpoint found (not named) that no longer fits its env (an
		// older observation layout) is left out with a note; a named one
		// fails the run
		if err := benchmarks.CheckCases([]benchmarks.BaselineCase{c}); err != nil {
			if !found[dir] {
				return nil, nil, err
			}
			notes = append(notes, "The checkpoint `"+dir+"` was left out: "+err.Error()+".")
			continue
		}
		cases = append(cases, c)
		played++
	}
	if played == 0 && !namesPolicy(specs) {
		where := "given with `--policy DIR`"
		if s.policyRoot != "" {
			where = "under `" + s.policyRoot + "/NAME/best` nor " + where
		}
		notes = append(notes, "No trained policy row: no checkpoint (network.json and weights.npz) that fits a selected env was found "+where+
			". Training runs keep their checkpoints out of the repository (train/README.md); add one with `--policy DIR`.")
	}
	return cases, notes, nil
}

// namesPolicy reports whether an agent of --agents is a trained policy
// (policy:ckpt=DIR): its rows are the table's policy rows.
func namesPolicy(specs []string) bool {
	for _, spec := range specs {
		if name, _, _ := strings.Cut(spec, ":"); name == "policy" {
			return true
		}
	}
	return false
}

// policyDirs lists --policy and the best checkpoints under --policies-from,
// sorted, each once; found marks those only found under --policies-from.
func (s *strengthFlags) policyDirs() (dirs []string, found map[string]bool, err error) {
	found = map[string]bool{}
	if s.policyRoot != "" {
		files, err := filepath.Glob(filepath.Join(s.policyRoot, "*", "best", "network.json"))
		if err != nil {
			return nil, nil, err
		}
		for _, f := range files {
			found[filepath.Dir(f)] = true
		}
	}
	for _, d := range s.policies {
		found[d] = false
	}
	for d := range found {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	return dirs, found, nil
}

// learnedSeats reads the training config of the checkpoint in dir (its
// config.yaml): for a network that learned only some seats (seats.learn,
// e.g. Machina's monster side), fixed are the other seats with the agents
// that played them in training, and learned the learned seats' names; both
// nil when every seat learned or the checkpoint keeps no config.
func learnedSeats(dir, id string, o env.Options) (fixed []agents.SeatAgent, learned []string, err error) {
	path := filepath.Join(dir, "config.yaml")
	if _, err := os.Stat(path); err != nil {
		return nil, nil, nil
	}
	cfg, err := train.LoadConfig(path)
	if err != nil {
		return nil, nil, fmt.Errorf("--policy %s: %w", dir, err)
	}
	if len(cfg.Seats.Learn) == 0 {
		return nil, nil, nil
	}
	e, err := env.Make(id, o)
	if err != nil {
		return nil, nil, fmt.Errorf("--policy %s: %w", dir, err)
	}
	if fixed, learned, err = train.OpponentSeats(&cfg, e); err != nil {
		return nil, nil, fmt.Errorf("--policy %s: %w", dir, err)
	}
	return fixed, learned, nil
}

// readArch reads the network description of the checkpoint in dir: its env
// and the options it was trained on.
func readArch(dir string) (train.Arch, error) {
	var arch train.Arch
	b, err := os.ReadFile(filepath.Join(dir, "network.json"))
	if err != nil {
		return arch, fmt.Errorf("--policy %s: %w", dir, err)
	}
	if err := json.Unmarshal(b, &arch); err != nil {
		return arch, fmt.Errorf("--policy %s: network.json: %w", dir, err)
	}
	return arch, nil
}
