package benchmarks

import (
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
)

// BaselineCase is one env of the baselines table: the env and its options,
// the seats left to a fixed agent, and the agents compared on it with the
// number of episodes each plays.
type BaselineCase struct {
	Env     string
	Options env.Options
	// Note says why the case is there when the env id alone does not (a
	// trained policy's own options).
	Note  string
	Seats []agents.SeatAgent
	// Tested names the seats the agents under test play when a trained
	// policy learned only those (Machina's monsters against fixed
	// pioneers); empty when they play every seat not in Seats as usual.
	// It labels the case: its win rate is still the team's.
	Tested []string
	// Agents are agent specs; Episodes[i] is the number of episodes of
	// Agents[i] (the first Episodes[i] of the case's seeds).
	Agents   []string
	Episodes []int
}

// BaselinesConfig is a baselines run: every case on the same base seed.
type BaselinesConfig struct {
	Cases []BaselineCase
	Seed  uint64
	// Workers is the number of goroutines playing episodes (it never
	// changes the results).
	Workers int
	// Progress, if not nil, is called once per finished episode, with the
	// index of its case and of the agent in the case (from worker
	// goroutines, concurrently).
	Progress func(c, agent int)
}

// Episodes is the total number of episodes of the run.
func (cfg BaselinesConfig) Episodes() int {
	n := 0
	for _, c := range cfg.Cases {
		for _, e := range c.Episodes {
			n += e
		}
	}
	return n
}

// EnvStrength is the strength of the agents of one case.
type EnvStrength struct {
	Env string `json:"env"`
	// Options are the options given (not the defaults), as name=value,...
	Options string   `json:"options,omitempty"`
	Note    string   `json:"note,omitempty"`
	Seats   []string `json:"seats,omitempty"`
	// Tested are the case's BaselineCase.Tested.
	Tested []string `json:"tested_seats,omitempty"`
	// Results are in the order of the case's agents; each has its own
	// episode count.
	Results []AgentResult `json:"results"`
}

// BaselinesReport is the all-env strength section of a report: how it was
// made (command, time, load) and one [EnvStrength] per case.
type BaselinesReport struct {
	Command   string    `json:"command"`
	Generated time.Time `json:"generated"`
	// Load is the machine's load while the run started (/proc/loadavg's
	// first three figures), empty where unknown.
	Load string `json:"load,omitempty"`
	// LoadEnd is the same when the run ended.
	LoadEnd string        `json:"load_end,omitempty"`
	Machine Machine       `json:"machine"`
	Seed    uint64        `json:"seed"`
	Seconds float64       `json:"seconds"`
	Workers int           `json:"workers"`
	Envs    []EnvStrength `json:"envs"`
	// Notes are remarks printed under the table (a policy without a
	// checkpoint, for example).
	Notes []string `json:"notes,omitempty"`
}

// Baselines checks every case (env, options, seats, agents) before playing
// any episode, then plays each case's agents on the same seeds as
// [Strength] does. Results are in the order of the cases.
func Baselines(cfg BaselinesConfig) ([]EnvStrength, error) {
	if err := CheckCases(cfg.Cases); err != nil {
		return nil, err
	}
	out := make([]EnvStrength, 0, len(cfg.Cases))
	for _, c := range cfg.Cases {
		es := EnvStrength{Env: c.Env, Options: c.Options.String(), Note: c.Note, Tested: c.Tested}
		for _, s := range c.Seats {
			es.Seats = append(es.Seats, s.String())
		}
		for i := range c.Agents {
			sc := c.strengthConfig(cfg, i)
			if cfg.Progress != nil {
				ci, ai := len(out), i
				sc.Progress = func() { cfg.Progress(ci, ai) }
			}
			res, err := Strength(sc)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.Env, err)
			}
			es.Results = append(es.Results, res...)
		}
		out = append(out, es)
	}
	return out, nil
}

// CheckCases makes every case's env and agents and checks its seats and
// episode counts, so that a bad case fails before any episode is played.
func CheckCases(cases []BaselineCase) error {
	if len(cases) == 0 {
		return fmt.Errorf("no envs to evaluate")
	}
	for _, c := range cases {
		if err := c.check(); err != nil {
			return err
		}
	}
	return nil
}

// strengthConfig is the single-agent strength run of agent i of c.
func (c BaselineCase) strengthConfig(cfg BaselinesConfig, i int) StrengthConfig {
	return StrengthConfig{Env: c.Env, Options: c.Options, Agents: []string{c.Agents[i]}, Seats: c.Seats,
		Episodes: c.Episodes[i], Seed: cfg.Seed, Workers: cfg.Workers}
}

// check makes the env and every agent and checks the seats and episode
// counts, so a bad case fails before any episode is played.
func (c BaselineCase) check() error {
	if len(c.Agents) == 0 || len(c.Agents) != len(c.Episodes) {
		return fmt.Errorf("%s: %d agents with %d episode counts", c.Env, len(c.Agents), len(c.Episodes))
	}
	e, err := env.Make(c.Env, c.Options)
	if err != nil {
		return err
	}
	if _, err := agents.WithSeats(&agents.Random{}, e.Spec(), c.Seats); err != nil {
		return fmt.Errorf("%s: %w", c.Env, err)
	}
	for i, s := range c.Agents {
		if c.Episodes[i] < 1 {
			return fmt.Errorf("%s: agent %s: episodes must be at least 1, got %d", c.Env, s, c.Episodes[i])
		}
		a, err := agents.New(s)
		if err != nil {
			return fmt.Errorf("%s: %w", c.Env, err)
		}
		if err := agents.CheckEnv(a, e); err != nil {
			return fmt.Errorf("%s: agent %s: %w", c.Env, s, err)
		}
	}
	return nil
}

// CaseEstimate is the predicted time of one case of a baselines run.
type CaseEstimate struct {
	Env      string
	Note     string
	Expected time.Duration
	Agents   []AgentEstimate
}

// EstimateBaselines predicts how long Baselines(cfg) takes by probing every
// agent of every case for about budget on the case's seeds (see
// [EstimateStrength]; an agent whose probe ends no episode is assumed to play
// as long as the case's longest measured agent), scaled by each agent's
// episodes.
func EstimateBaselines(cfg BaselinesConfig, budget time.Duration) (time.Duration, []CaseEstimate, error) {
	var total time.Duration
	out := make([]CaseEstimate, 0, len(cfg.Cases))
	for _, c := range cfg.Cases {
		sc := c.strengthConfig(cfg, 0)
		sc.Agents, sc.Episodes = c.Agents, 1
		_, per, err := EstimateStrength(sc, budget)
		if err != nil {
			return 0, nil, fmt.Errorf("%s: %w", c.Env, err)
		}
		ce := CaseEstimate{Env: c.Env, Note: c.Note, Agents: per}
		for i := range per {
			e := &ce.Agents[i]
			parallel := float64(max(1, min(cfg.Workers, runtime.GOMAXPROCS(0), c.Episodes[i])))
			secs := float64(c.Episodes[i]) * e.MeanLength * e.SecondsPerDecision / parallel
			e.Expected = time.Duration(secs * float64(time.Second))
			ce.Expected += e.Expected
		}
		total += ce.Expected
		out = append(out, ce)
	}
	return total, out, nil
}

// AgentLabel is the short name of an agent spec in charts and headings:
// its kind, and for a policy the checkpoint's last two path elements.
func AgentLabel(spec string) string {
	name, rest, _ := strings.Cut(spec, ":")
	if name != "policy" {
		return name
	}
	opts, err := env.ParseOptions(rest)
	if err != nil {
		return name
	}
	ckpt := strings.Split(strings.Trim(opts.Str("ckpt", ""), "/"), "/")
	if len(ckpt) > 2 {
		ckpt = ckpt[len(ckpt)-2:]
	}
	return "policy " + strings.Join(ckpt, "/")
}

// EnvLabel is the short name of a case in charts: the env id without its
// version, the family on a line of its own, and a third line naming the
// seats the agents play when only some (EnvStrength.Tested).
func EnvLabel(es EnvStrength) string {
	id := strings.TrimSuffix(es.Env, "-v0")
	family, name, ok := strings.Cut(id, "/")
	if !ok {
		family, name = "", id
	}
	if es.Note != "" {
		name += "*"
	}
	if len(es.Tested) > 0 {
		name += "\nagents as " + strings.Join(es.Tested, ", ")
	}
	return strings.TrimPrefix(family+"\n"+name, "\n")
}
