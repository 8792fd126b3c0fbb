package train

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"image/color"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/mythos-rl/mythos/internal/chart"
)

// MetricRow is one update's line of metrics.csv. Rates that were not measured
// are -1 (written as empty cells). StepsPerSec and Seconds are timings and
// differ between runs; every other column is a function of seed and config.
type MetricRow struct {
	Iteration int   `json:"iteration"`
	EnvSteps  int64 `json:"env_steps"`
	Episodes  int64 `json:"episodes"`
	// TrainWinRate, MeanScore and MeanLength cover the last 100 finished
	// training episodes (sampled actions).
	TrainWinRate float64 `json:"train_win_rate"`
	MeanScore    float64 `json:"mean_score"`
	MeanLength   float64 `json:"mean_length"`
	Loss         float64 `json:"loss"`
	PolicyLoss   float64 `json:"policy_loss"`
	ValueLoss    float64 `json:"value_loss"`
	Entropy      float64 `json:"entropy"`
	ApproxKL     float64 `json:"approx_kl"`
	ClipFrac     float64 `json:"clip_frac"`
	GradNorm     float64 `json:"grad_norm"`
	LR           float64 `json:"lr"`
	StepsPerSec  float64 `json:"steps_per_sec"`
	Seconds      float64 `json:"seconds"`
	// EvalWinRate is the greedy policy's win rate on the evaluation seeds,
	// with its 95% Wilson interval [EvalLo, EvalHi].
	EvalWinRate float64 `json:"eval_win_rate"`
	EvalLo      float64 `json:"eval_lo"`
	EvalHi      float64 `json:"eval_hi"`
	// EvalScore is the greedy policy's mean score on the evaluation seeds
	// (meaningful only where EvalWinRate ≥ 0).
	EvalScore float64 `json:"eval_score"`
	// StartWinRates are the rolling training win rates of each curriculum
	// start (Starts), over its last 100 finished episodes; −1 for a start
	// none of whose episodes has finished. Nil without two or more starts.
	StartWinRates []float64 `json:"start_win_rates,omitempty"`
	// Stage is the curriculum stage (Config.Stages, from 1) that the
	// update's rollout played, 0 for a run without stages; StageWinRate is
	// that stage's rolling training win rate over its last 100 finished
	// episodes (−1 before any), which moves the run on at advance_at.
	Stage        int     `json:"stage,omitempty"`
	StageWinRate float64 `json:"stage_win_rate,omitempty"`
	// Advanced says why the run moved to the next stage after this update
	// ("" when it did not; not in metrics.csv, where the next row's Stage
	// shows it).
	Advanced string `json:"-"`
}

var metricHeader = []string{"iteration", "env_steps", "episodes", "train_win_rate", "mean_score", "mean_length",
	"loss", "policy_loss", "value_loss", "entropy", "approx_kl", "clip_frac", "grad_norm", "lr",
	"steps_per_sec", "seconds", "eval_win_rate", "eval_lo", "eval_hi", "eval_score"}

func fnum(v float64) string { return strconv.FormatFloat(v, 'g', 8, 64) }

func rate(v float64) string {
	if v < 0 {
		return ""
	}
	return fnum(v)
}

// WriteMetricsCSV writes rows as CSV (rewritten whole at every checkpoint, so
// a resumed run's file holds exactly the rows up to its checkpoint and on).
func WriteMetricsCSV(path string, rows []MetricRow) error {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	starts := 0
	for _, r := range rows {
		starts = max(starts, len(r.StartWinRates))
	}
	staged := slices.ContainsFunc(rows, func(r MetricRow) bool { return r.Stage > 0 })
	header := slices.Clone(metricHeader)
	for k := range starts {
		header = append(header, fmt.Sprintf("train_win_rate_start_%d", k))
	}
	if staged {
		header = append(header, "stage", "stage_win_rate")
	}
	if err := w.Write(header); err != nil {
		return err
	}
	for _, r := range rows {
		rec := []string{strconv.Itoa(r.Iteration), strconv.FormatInt(r.EnvSteps, 10), strconv.FormatInt(r.Episodes, 10),
			rate(r.TrainWinRate), fnum(r.MeanScore), fnum(r.MeanLength), fnum(r.Loss), fnum(r.PolicyLoss),
			fnum(r.ValueLoss), fnum(r.Entropy), fnum(r.ApproxKL), fnum(r.ClipFrac), fnum(r.GradNorm), fnum(r.LR),
			strconv.FormatFloat(r.StepsPerSec, 'f', 1, 64), strconv.FormatFloat(r.Seconds, 'f', 2, 64),
			rate(r.EvalWinRate), rate(r.EvalLo), rate(r.EvalHi), ""}
		if r.EvalWinRate >= 0 {
			rec[len(rec)-1] = fnum(r.EvalScore)
		}
		for k := range starts {
			v := -1.0
			if k < len(r.StartWinRates) {
				v = r.StartWinRates[k]
			}
			rec = append(rec, rate(v))
		}
		if staged {
			rec = append(rec, strconv.Itoa(r.Stage), rate(r.StageWinRate))
		}
		if err := w.Write(rec); err != nil {
			return err
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	return writeFileAtomic(path, buf.Bytes())
}

// PlotLearningCurve draws the win rates against env steps: the rolling
// training win rate, the greedy evaluation win rate with its 95% interval,
// and each baseline's evaluation win rate as a flat line.
func PlotLearningCurve(path, title string, rows []MetricRow, baselines []EvalResult) error {
	p := winRatePlot(title + ": win rate")
	var train, eval, lo, hi plotter.XYs
	for _, r := range rows {
		x := float64(r.EnvSteps)
		if r.TrainWinRate >= 0 {
			train = append(train, plotter.XY{X: x, Y: r.TrainWinRate})
		}
		if r.EvalWinRate >= 0 {
			eval = append(eval, plotter.XY{X: x, Y: r.EvalWinRate})
			lo = append(lo, plotter.XY{X: x, Y: r.EvalLo})
			hi = append(hi, plotter.XY{X: x, Y: r.EvalHi})
		}
	}
	color := 0
	addLine := func(name string, xys plotter.XYs, dashed, points bool) error {
		if len(xys) == 0 {
			return nil
		}
		l, err := plotter.NewLine(xys)
		if err != nil {
			return err
		}
		l.Color = plotutil.Color(color)
		l.Width = vg.Points(1.5)
		if dashed {
			l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			l.Width = vg.Points(1)
		}
		p.Add(l)
		if name != "" {
			p.Legend.Add(name, l)
		}
		if points {
			s, err := plotter.NewScatter(xys)
			if err != nil {
				return err
			}
			s.Color = l.Color
			p.Add(s)
		}
		return nil
	}
	if err := addLine("training (rolling 100 episodes, sampled)", train, false, false); err != nil {
		return err
	}
	color++
	if err := addLine("policy on eval seeds (greedy)", eval, false, true); err != nil {
		return err
	}
	if err := addLine("", lo, true, false); err != nil {
		return err
	}
	if err := addLine("", hi, true, false); err != nil {
		return err
	}
	if err := addStageMarks(p, rows); err != nil {
		return err
	}
	x0, x1 := float64(rows[0].EnvSteps), float64(rows[len(rows)-1].EnvSteps)
	for _, b := range baselines {
		if b.Err != "" {
			continue
		}
		color++
		if err := addLine(fmt.Sprintf("%s on eval seeds", b.Agent), plotter.XYs{{X: x0, Y: b.WinRate}, {X: x1, Y: b.WinRate}}, true, false); err != nil {
			return err
		}
	}
	return saveWinRatePlot(p, path)
}

// PlotStarts draws the rolling training win rate of each curriculum start
// (names[k] labels start k) against env steps: which starts the policy wins,
// and from when.
func PlotStarts(path, title string, rows []MetricRow, names []string) error {
	p := winRatePlot(title + ": training win rate per curriculum start (rolling 100 episodes, sampled)")
	for k, name := range names {
		var xys plotter.XYs
		for _, r := range rows {
			if k < len(r.StartWinRates) && r.StartWinRates[k] >= 0 {
				xys = append(xys, plotter.XY{X: float64(r.EnvSteps), Y: r.StartWinRates[k]})
			}
		}
		if len(xys) == 0 {
			continue
		}
		l, err := plotter.NewLine(xys)
		if err != nil {
			return err
		}
		l.Color = plotutil.Color(k)
		l.Dashes = plotutil.Dashes(k / 7) // seven colours, then the next dash pattern
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(name, l)
	}
	if err := addStageMarks(p, rows); err != nil {
		return err
	}
	return saveWinRatePlot(p, path)
}

// addStageMarks draws a grey vertical line where each curriculum stage
// after the first began (the first row of a higher Stage), labelled with
// the stage's number.
func addStageMarks(p *plot.Plot, rows []MetricRow) error {
	marked := false
	for k := 1; k < len(rows); k++ {
		if rows[k].Stage <= rows[k-1].Stage {
			continue
		}
		x := float64(rows[k-1].EnvSteps)
		l, err := plotter.NewLine(plotter.XYs{{X: x, Y: 0}, {X: x, Y: 1}})
		if err != nil {
			return err
		}
		l.Color = color.Gray{Y: 120}
		l.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
		p.Add(l)
		if !marked {
			p.Legend.Add("curriculum stage begins", l)
			marked = true
		}
		lb, err := plotter.NewLabels(plotter.XYLabels{XYs: []plotter.XY{{X: x, Y: 0.97}}, Labels: []string{fmt.Sprintf(" stage %d", rows[k].Stage)}})
		if err != nil {
			return err
		}
		p.Add(lb)
	}
	return nil
}

// winRatePlot is an empty chart of win rates in [0, 1] against env steps;
// saveWinRatePlot draws its legend in a strip under the axes, where it
// hides no curve that climbs to 1.
func winRatePlot(title string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "env steps"
	p.Y.Label.Text = "win rate"
	p.Y.Min, p.Y.Max = 0, 1
	return p
}

// saveWinRatePlot writes a chart of winRatePlot to path: 8×5 inches of axes.
func saveWinRatePlot(p *plot.Plot, path string) error {
	return chart.Save(p, 8*vg.Inch, 5*vg.Inch, path)
}
