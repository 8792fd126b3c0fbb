package benchmarks

import (
	"fmt"
	"slices"
	"strings"
)

// Merge folds the sections of a partial run (fresh: a throughput run, or
// a strength table of a few cases) into the report r of an earlier run,
// so that adding a case or re-measuring throughput does not drop the rest
// of a committed report.
//   - Throughput measured in fresh replaces r's, and fresh's command, time
//     and machine become the report's header, which describes that section.
//   - Each case of fresh's strength table merges into r's case of the same
//     env, options and fixed seats: an agent's result replaces that agent's
//     there, another agent's joins it (so a case played again with fewer
//     agents keeps the others'). A case r lacks goes after r's last case of
//     its env (at the end for a new env). A note under the table says which
//     cases and agents came from which command, when, and at what load;
//     fresh's own notes follow it. Both tables must be played from the same
//     base seed, as the table promises.
func (r *Report) Merge(fresh *Report) error {
	if fb := fresh.Baselines; fb != nil && r.Baselines != nil && fb.Seed != r.Baselines.Seed {
		return fmt.Errorf("the strength table to merge was played from base seed %d, the report's from %d: play it with --seed %d",
			fb.Seed, r.Baselines.Seed, r.Baselines.Seed)
	}
	if fresh.Throughput != nil {
		r.Throughput = fresh.Throughput
		r.Command, r.Generated, r.Machine = fresh.Command, fresh.Generated, fresh.Machine
	}
	fb := fresh.Baselines
	if fb == nil {
		return nil
	}
	if r.Baselines == nil {
		r.Baselines = fb
		return nil
	}
	rb := r.Baselines
	var touched []string
	for _, c := range fb.Envs {
		agents := make([]string, len(c.Results))
		for k, a := range c.Results {
			agents[k] = a.Agent
		}
		what := caseName(c) + ": " + strings.Join(agents, ", ")
		if i := slices.IndexFunc(rb.Envs, func(o EnvStrength) bool { return sameCase(o, c) }); i >= 0 {
			o := &rb.Envs[i]
			for _, a := range c.Results {
				if k := slices.IndexFunc(o.Results, func(x AgentResult) bool { return x.Agent == a.Agent }); k >= 0 {
					o.Results[k] = a
				} else {
					o.Results = append(o.Results, a)
				}
			}
			if c.Note != "" {
				o.Note = c.Note
			}
			touched = append(touched, what)
			continue
		}
		at := len(rb.Envs)
		for i := range rb.Envs {
			if rb.Envs[i].Env == c.Env {
				at = i + 1
			}
		}
		rb.Envs = slices.Insert(rb.Envs, at, c)
		touched = append(touched, what+" (a new case)")
	}
	note := fmt.Sprintf("Merged on %s by `%s`: %s", fb.Generated.UTC().Format("2006-01-02 at 15:04 MST"), fb.Command,
		strings.Join(touched, "; "))
	if fb.Load != "" {
		note += fmt.Sprintf(" (load at the start %s, at the end %s)", fb.Load, fb.LoadEnd)
	}
	rb.Notes = append(append(rb.Notes, note+"."), fb.Notes...)
	return nil
}

// sameCase reports whether a and b are the same case of the strength
// table: env, options and fixed seats.
func sameCase(a, b EnvStrength) bool {
	return a.Env == b.Env && a.Options == b.Options && slices.Equal(a.Seats, b.Seats)
}

// caseName names a case in a merge note.
func caseName(c EnvStrength) string {
	s := c.Env
	var with []string
	if c.Options != "" {
		with = append(with, c.Options)
	}
	if len(c.Seats) > 0 {
		with = append(with, "seats "+strings.Join(c.Seats, ", "))
	}
	if len(with) > 0 {
		s += " (" + strings.Join(with, "; ") + ")"
	}
	return s
}
