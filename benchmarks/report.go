package benchmarks

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Files a report writes into its directory.
const (
	ReportFile    = "report.md"
	ResultsFile   = "results.json"
	ThroughputPNG = "throughput.png"
	ScalingPNG    = "scaling.png"
	StrengthPNG   = "strength.png"
	// OneEnvPNG is the one-env strength chart of a report that also has
	// the baselines (whose chart is strength.png).
	OneEnvPNG     = "strength-one-env.png"
	PythonTableMD = "python.md" // written by the Python peer comparison; read if present
)

// StrengthReport is the strength section of a report.
type StrengthReport struct {
	Env      string        `json:"env"`
	Options  string        `json:"options"`
	Seed     uint64        `json:"seed"`
	Episodes int           `json:"episodes"`
	Results  []AgentResult `json:"results"`
}

// Report is what mythos bench writes: the machine, the exact command, the
// throughput and strength figures, and the Python peer comparison when its
// table is present.
type Report struct {
	Command    string          `json:"command"`
	Generated  time.Time       `json:"generated"`
	Machine    Machine         `json:"machine"`
	Throughput []EnvThroughput `json:"throughput,omitempty"`
	// Strength is the one-env strength section of reports before the
	// all-env Baselines (rendered before them when both are present).
	Strength  *StrengthReport  `json:"strength,omitempty"`
	Baselines *BaselinesReport `json:"baselines,omitempty"`
	Python    string           `json:"python,omitempty"`
}

// ReadPythonTable returns the contents of dir/python.md, or "" when the file
// does not exist.
func ReadPythonTable(dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, PythonTableMD))
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	return string(b), err
}

// Write creates dir and writes report.md, results.json and the PNG charts
// of the sections present (with the baselines, also their own strength.md). It returns the paths written.
func (r *Report) Write(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var written []string
	if len(r.Throughput) > 0 {
		for _, c := range []struct {
			name string
			draw func(string, []EnvThroughput) error
		}{{ThroughputPNG, ThroughputChart}, {ScalingPNG, ScalingChart}} {
			path := filepath.Join(dir, c.name)
			if err := c.draw(path, r.Throughput); err != nil {
				return written, fmt.Errorf("%s: %w", c.name, err)
			}
			written = append(written, path)
		}
	}
	if r.Baselines != nil {
		paths, err := r.Baselines.write(dir)
		written = append(written, paths...)
		if err != nil {
			return written, err
		}
	}
	if r.Strength != nil && len(r.Strength.Results) > 0 {
		path := filepath.Join(dir, r.oneEnvPNG())
		title := fmt.Sprintf("%s, %d seeds", r.Strength.Env, r.Strength.Episodes)
		if err := StrengthChart(path, title, r.Strength.Results); err != nil {
			return written, fmt.Errorf("%s: %w", r.oneEnvPNG(), err)
		}
		written = append(written, path)
	}
	js, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return written, err
	}
	path := filepath.Join(dir, ResultsFile)
	if err := os.WriteFile(path, append(js, '\n'), 0o644); err != nil {
		return written, err
	}
	written = append(written, path)
	path = filepath.Join(dir, ReportFile)
	if err := os.WriteFile(path, []byte(r.Markdown()), 0o644); err != nil {
		return written, err
	}
	return append(written, path), nil
}

// oneEnvPNG is the file of the one-env strength chart: strength.png, or
// strength-one-env.png beside the baselines' strength.png.
func (r *Report) oneEnvPNG() string {
	if r.Baselines != nil {
		return OneEnvPNG
	}
	return StrengthPNG
}

// Markdown renders the report.
func (r *Report) Markdown() string {
	var b strings.Builder
	m := r.Machine
	fmt.Fprintf(&b, "# Mythos benchmark report\n\n")
	fmt.Fprintf(&b, "Generated %s by:\n\n```\n%s\n```\n\n", r.Generated.UTC().Format("2006-01-02 15:04 MST"), r.Command)
	fmt.Fprintf(&b, "| machine | |\n|---|---|\n")
	fmt.Fprintf(&b, "| CPU | %s |\n| logical cores | %d (GOMAXPROCS %d) |\n| Go | %s %s/%s |\n\n",
		m.CPU, m.Cores, m.GOMAXPROCS, m.GoVersion, m.OS, m.Arch)
	b.WriteString("Throughput figures are timing: they move from run to run, and more on a machine shared\n" +
		"with other work. Strength figures depend only on the seed and the agents.\n\n")
	if len(r.Throughput) > 0 {
		b.WriteString("## Throughput\n\nRandom legal play. *Encoded*: `env.Step` (observation tensors and mask written every\n" +
			"decision). *Raw*: `State.Apply` alone. *Clone*: one `State.Clone` of a mid-game state\n" +
			"(time and heap bytes allocated). *Memory*: live heap per env after a few steps, standalone (with its own\n" +
			"observation and mask buffers) and in a vector env (which encodes into the batch; the env's row of\n" +
			"the batch not counted).\n\n")
		b.WriteString("| env | encoded decisions/s | raw decisions/s | clone | clone bytes | memory per env | in a vector |\n|---|--:|--:|--:|--:|--:|--:|\n")
		for _, t := range r.Throughput {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", t.Env, human(t.EncodedPerSec), human(t.RawPerSec),
				nanos(t.CloneNs), bytesText(t.CloneBytes), bytesText(t.BytesPerEnv), bytesText(t.VectorBytesPerEnv))
		}
		b.WriteString("\n![decisions per second](" + ThroughputPNG + ")\n\n")
		b.WriteString("### Vector env scaling\n\n")
		if len(r.Throughput[0].Vector) > 0 {
			b.WriteString("A vector of 64 envs with random legal actions. Each cell: decisions/s of the whole loop, whose\n" +
				"random policy reads every mask on the caller's goroutine (a serial share that caps the scaling,\n" +
				"as a real policy's would), and in brackets decisions/s of the time inside `Vector.Step` alone.\n\n")
			b.WriteString("| env |")
			for _, v := range r.Throughput[0].Vector {
				if v.Workers == 1 {
					b.WriteString(" 1 worker |")
					continue
				}
				fmt.Fprintf(&b, " %d workers |", v.Workers)
			}
			b.WriteString("\n|---|" + strings.Repeat("--:|", len(r.Throughput[0].Vector)) + "\n")
			for _, t := range r.Throughput {
				fmt.Fprintf(&b, "| %s |", t.Env)
				for _, v := range t.Vector {
					if v.StepPerSec > 0 {
						fmt.Fprintf(&b, " %s (%s) |", human(v.DecisionsPerSec), human(v.StepPerSec))
					} else {
						fmt.Fprintf(&b, " %s |", human(v.DecisionsPerSec))
					}
				}
				b.WriteString("\n")
			}
			b.WriteString("\n![vector scaling](" + ScalingPNG + ")\n\n")
		}
	}
	if s := r.Strength; s != nil && len(s.Results) > 0 {
		opts := s.Options
		if opts == "" {
			opts = "defaults"
		}
		heading := "Strength"
		if r.Baselines != nil {
			heading = "Strength on one env"
		}
		fmt.Fprintf(&b, "## %s\n\n`%s` (options: %s), %d episodes per agent on the same seeds (base seed %d).\n"+
			"Win rate with its Wilson 95%% interval; score is the game's result (+1 win, −1 loss);\n"+
			"length counts decisions.\n\n", heading, s.Env, opts, s.Episodes, s.Seed)
		b.WriteString("| agent | wins | losses | unfinished | win rate | 95% interval | mean score | mean length | decisions/s |\n" +
			"|---|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		for _, a := range s.Results {
			fmt.Fprintf(&b, "| `%s` | %d | %d | %d | %.3f | [%.3f, %.3f] | %+.3f | %.1f | %s |\n", a.Agent, a.Wins, a.Losses,
				a.Unfinished, a.WinRate, a.WinLow, a.WinHigh, a.MeanScore, a.MeanLength, human(a.DecisionsPerSec))
		}
		b.WriteString("\n" + separation(s.Results) + "\n\n![win rates](" + r.oneEnvPNG() + ")\n\n")
	}
	if r.Baselines != nil {
		b.WriteString(r.Baselines.Markdown(2) + "\n")
	}
	if r.Python != "" {
		b.WriteString("## Python client and PettingZoo peers\n\nFrom `" + PythonTableMD + "` (written by the Python benchmark):\n\n")
		for _, line := range strings.Split(strings.TrimSpace(r.Python), "\n") {
			if strings.HasPrefix(line, "#") {
				line = "##" + line // keep its headings under this section
			}
			b.WriteString(line + "\n")
		}
		b.WriteString("\n")
	} else {
		b.WriteString("## Python client and PettingZoo peers\n\nNot measured in this run (no `" + PythonTableMD + "` next to the report).\n")
	}
	return b.String()
}

// separation says, for each pair of neighbours in the table, whether their
// Wilson intervals overlap.
func separation(rs []AgentResult) string {
	var parts []string
	for i := 0; i+1 < len(rs); i++ {
		a, b := rs[i], rs[i+1]
		rel := "overlap"
		switch {
		case b.WinLow > a.WinHigh:
			rel = "do not overlap: `" + b.Agent + "` is clearly stronger"
		case a.WinLow > b.WinHigh:
			rel = "do not overlap: `" + a.Agent + "` is clearly stronger"
		}
		parts = append(parts, fmt.Sprintf("`%s` vs `%s`: the intervals %s.", a.Agent, b.Agent, rel))
	}
	return strings.Join(parts, " ")
}

// human prints a rate with a k/M suffix.
func human(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%.2fM", v/1e6)
	case v >= 1e4:
		return fmt.Sprintf("%.0fk", v/1e3)
	case v >= 1e3:
		return fmt.Sprintf("%.1fk", v/1e3)
	}
	return fmt.Sprintf("%.0f", v)
}

// nanos prints a duration given in nanoseconds.
func nanos(ns float64) string {
	if ns >= 1e3 {
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

// bytesText prints a byte count.
func bytesText(n float64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", n/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", n/(1<<10))
	}
	return fmt.Sprintf("%.0f B", n)
}
