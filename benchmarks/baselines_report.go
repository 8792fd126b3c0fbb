package benchmarks

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Files of the baselines section, written next to report.md.
const (
	BaselinesMD  = "strength.md"
	BaselinesPNG = "strength.png"
)

// Title is the chart's title.
func (r *BaselinesReport) Title() string {
	return fmt.Sprintf("Baselines on every env: base seed %d, episodes and ISMCTS iterations in %s", r.Seed, BaselinesMD)
}

// Markdown renders the section with its heading at level (1: "#"); the
// standalone strength.md is level 1, the section of report.md level 2.
func (r *BaselinesReport) Markdown(level int) string {
	var b strings.Builder
	h := strings.Repeat("#", level)
	fmt.Fprintf(&b, "%s Strength of the baselines on every env\n\n", h)
	fmt.Fprintf(&b, "Generated %s in %s by:\n\n```\n%s\n```\n\n", r.Generated.UTC().Format("2006-01-02 15:04 MST"),
		roundSeconds(r.Seconds), r.Command)
	m := r.Machine
	load := r.Load
	if load == "" {
		load = "unknown"
	}
	if r.LoadEnd != "" {
		load += "; at the end " + r.LoadEnd
	}
	fmt.Fprintf(&b, "Machine: %s, %d logical cores (GOMAXPROCS %d), %s; workers: %d; load average (1, 5, 15 min) at the start %s.\n\n",
		m.CPU, m.Cores, m.GOMAXPROCS, m.GoVersion, r.Workers, load)
	fmt.Fprintf(&b, "Every agent of an env plays the same seeds: episode k is seeded from base seed %d, so an agent\n"+
		"with fewer episodes plays the first ones of the others'. The table depends only on the seed, the\n"+
		"options and the agents (same seeds, same table); decisions/s is timing. Win rate with its Wilson\n"+
		"95%% interval; score is the game's result (+1 win, −1 loss; a campaign adds its scenarios'); length\n"+
		"counts decisions. Options left out are the env's defaults (`mythos spec ID`).\n\n", r.Seed)
	b.WriteString("| env | options, fixed seats | agent | episodes | wins | losses | unfinished | win rate | 95% interval | mean score | mean length | decisions/s |\n" +
		"|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, es := range r.Envs {
		var setup []string
		if es.Options != "" {
			setup = append(setup, "`"+es.Options+"`")
		}
		for _, s := range es.Seats {
			setup = append(setup, "seat `"+s+"`")
		}
		if es.Note != "" {
			setup = append(setup, es.Note)
		}
		if len(setup) == 0 {
			setup = append(setup, "defaults")
		}
		for i, a := range es.Results {
			id, opts := "", ""
			if i == 0 {
				id, opts = "`"+es.Env+"`", strings.Join(setup, "; ")
			}
			fmt.Fprintf(&b, "| %s | %s | `%s` | %d | %d | %d | %d | %.3f | [%.3f, %.3f] | %+.3f | %.1f | %s |\n", id, opts, a.Agent,
				a.Episodes, a.Wins, a.Losses, a.Unfinished, a.WinRate, a.WinLow, a.WinHigh, a.MeanScore, a.MeanLength,
				human(a.DecisionsPerSec))
		}
	}
	b.WriteString("\n")
	for _, n := range r.Notes {
		b.WriteString(n + "\n\n")
	}
	b.WriteString("![win rates on every env](" + BaselinesPNG + ")\n")
	return b.String()
}

// write writes the chart and the standalone strength.md into dir.
func (r *BaselinesReport) write(dir string) ([]string, error) {
	png := filepath.Join(dir, BaselinesPNG)
	if err := BaselinesChart(png, r.Title(), r.Envs); err != nil {
		return nil, fmt.Errorf("%s: %w", BaselinesPNG, err)
	}
	md := filepath.Join(dir, BaselinesMD)
	if err := os.WriteFile(md, []byte(r.Markdown(1)), 0o644); err != nil {
		return []string{png}, err
	}
	return []string{png, md}, nil
}

// roundSeconds prints a run's length for people.
func roundSeconds(s float64) string {
	switch {
	case s < 10:
		return fmt.Sprintf("%.1f s", s)
	case s < 600:
		return fmt.Sprintf("%.0f s", s)
	}
	return fmt.Sprintf("%.0f min", s/60)
}
