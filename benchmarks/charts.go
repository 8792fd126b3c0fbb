package benchmarks

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/mythos-rl/mythos/internal/chart"
)

// Chart sizes.
const (
	chartWidth  = 16 * vg.Centimeter
	chartHeight = 10 * vg.Centimeter
)

var (
	colorEncoded = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	colorRaw     = color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff}
)

// ThroughputChart writes a bar chart of decisions/s per env id, with and
// without encoding, to path (the format follows the extension: .png, .svg).
func ThroughputChart(path string, ts []EnvThroughput) error {
	if len(ts) == 0 {
		return fmt.Errorf("no throughput figures to chart")
	}
	p := plot.New()
	p.Title.Text = "Random legal play, one goroutine"
	p.Y.Label.Text = "decisions/s (millions)"
	enc, raw := make(plotter.Values, len(ts)), make(plotter.Values, len(ts))
	names := make([]string, len(ts))
	for i, t := range ts {
		enc[i], raw[i], names[i] = t.EncodedPerSec/1e6, t.RawPerSec/1e6, EnvLabel(EnvStrength{Env: t.Env})
	}
	w := vg.Points(24)
	be, err := plotter.NewBarChart(enc, w)
	if err != nil {
		return err
	}
	be.Color, be.LineStyle.Width, be.Offset = colorEncoded, 0, -w/2
	br, err := plotter.NewBarChart(raw, w)
	if err != nil {
		return err
	}
	br.Color, br.LineStyle.Width, br.Offset = colorRaw, 0, w/2
	p.Add(be, br)
	p.Y.Min = 0
	p.Legend.Add("env.Step (with encoding)", be)
	p.Legend.Add("State.Apply (no encoding)", br)
	p.NominalX(names...)
	return chart.Save(p, max(chartWidth, vg.Length(len(ts))*3.4*vg.Centimeter), chartHeight, path)
}

// ScalingChart writes a line chart of vector-env decisions/s against the
// number of workers, one line per env id.
func ScalingChart(path string, ts []EnvThroughput) error {
	p := plot.New()
	p.Title.Text = "Vector env scaling"
	p.X.Label.Text = "workers"
	p.Y.Label.Text = "decisions/s (millions)"
	var lines []interface{}
	for _, t := range ts {
		if len(t.Vector) == 0 {
			continue
		}
		pts := make(plotter.XYs, len(t.Vector))
		for i, v := range t.Vector {
			pts[i].X, pts[i].Y = float64(v.Workers), v.DecisionsPerSec/1e6
		}
		lines = append(lines, t.Env, pts)
	}
	if len(lines) == 0 {
		return fmt.Errorf("no vector figures to chart")
	}
	if err := plotutil.AddLinePoints(p, lines...); err != nil {
		return err
	}
	p.Y.Min = 0
	return chart.Save(p, chartWidth, chartHeight, path)
}

// StrengthChart writes a bar chart of win rates with their Wilson 95%
// intervals as error bars.
func StrengthChart(path, title string, rs []AgentResult) error {
	if len(rs) == 0 {
		return fmt.Errorf("no strength figures to chart")
	}
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = "win rate (Wilson 95% interval)"
	vals := make(plotter.Values, len(rs))
	errs := make(plotter.XYs, len(rs))
	bars := make(plotter.YErrors, len(rs))
	names := make([]string, len(rs))
	for i, r := range rs {
		vals[i] = r.WinRate
		errs[i].X, errs[i].Y = float64(i), r.WinRate
		bars[i].Low, bars[i].High = r.WinRate-r.WinLow, r.WinHigh-r.WinRate
		names[i] = r.Agent
	}
	b, err := plotter.NewBarChart(vals, vg.Points(36))
	if err != nil {
		return err
	}
	b.Color, b.LineStyle.Width = colorEncoded, 0
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYer
		plotter.YErrorer
	}{errs, bars})
	if err != nil {
		return err
	}
	eb.LineStyle.Width = vg.Points(1.5)
	p.Add(b, eb)
	p.NominalX(names...)
	p.Y.Min, p.Y.Max = 0, 1
	return chart.Save(p, chartWidth, chartHeight, path)
}

// agentColors colour the agents of the baselines chart, in the order they
// first appear: grey, then the Tableau 10 palette without its grey, then
// five dark tones of Tableau 20b, so that fifteen agents (three baselines
// and twelve trained policies) are told apart.
var agentColors = []color.Color{
	color.RGBA{R: 0xa0, G: 0xa0, B: 0xa0, A: 0xff}, // grey: the first agent (random by default)
	colorRaw,
	colorEncoded,
	color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff},
	color.RGBA{R: 0x94, G: 0x67, B: 0xbd, A: 0xff},
	color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	color.RGBA{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff},
	color.RGBA{R: 0xe3, G: 0x77, B: 0xc2, A: 0xff},
	color.RGBA{R: 0xbc, G: 0xbd, B: 0x22, A: 0xff},
	color.RGBA{R: 0x17, G: 0xbe, B: 0xcf, A: 0xff},
	color.RGBA{R: 0x39, G: 0x3b, B: 0x79, A: 0xff},
	color.RGBA{R: 0x63, G: 0x79, B: 0x39, A: 0xff},
	color.RGBA{R: 0x8c, G: 0x6d, B: 0x31, A: 0xff},
	color.RGBA{R: 0x84, G: 0x3c, B: 0x39, A: 0xff},
	color.RGBA{R: 0x7b, G: 0x41, B: 0x73, A: 0xff},
}

// BaselinesChart writes a chart of the baselines in two panels, one group
// of bars per env and one bar per agent (told apart by AgentLabel; an agent
// an env lacks leaves a gap): above, the win rate with its Wilson 95%
// interval as an error bar in the agent's colour, the rate marked by a dot
// so that a rate of 0 still shows; below, the mean score.
func BaselinesChart(path, title string, envs []EnvStrength) error {
	var labels []string
	index := map[string]int{}
	for _, es := range envs {
		for _, r := range es.Results {
			l := AgentLabel(r.Agent)
			if _, ok := index[l]; !ok {
				index[l] = len(labels)
				labels = append(labels, l)
			}
		}
	}
	if len(labels) == 0 {
		return fmt.Errorf("no strength figures to chart")
	}
	names := make([]string, len(envs))
	for i, es := range envs {
		names[i] = EnvLabel(es)
	}
	width := 0.8 / float64(len(labels))
	// x is the centre of agent j's bar in env i's group
	x := func(i, j int) float64 { return float64(i) + (float64(j)-float64(len(labels)-1)/2)*width }
	win, score := plot.New(), plot.New()
	win.Title.Text = title
	win.Y.Label.Text = "win rate, 95% interval"
	score.Y.Label.Text = "mean score (+1 win, −1 loss)"
	win.Add(plotter.NewGrid())
	score.Add(plotter.NewGrid())
	legend := chart.NewLegend(legendRows)
	lo, hi := 0.0, 0.0
	for j, l := range labels {
		c := agentColors[j%len(agentColors)]
		var winBars, scoreBars []plotter.XYer
		var pts plotter.XYs
		var errs plotter.YErrors
		for i, es := range envs {
			for _, r := range es.Results {
				if AgentLabel(r.Agent) != l {
					continue
				}
				winBars = append(winBars, bar(x(i, j), width, r.WinRate))
				scoreBars = append(scoreBars, bar(x(i, j), width, r.MeanScore))
				pts = append(pts, plotter.XY{X: x(i, j), Y: r.WinRate})
				errs = append(errs, struct{ Low, High float64 }{r.WinRate - r.WinLow, r.WinHigh - r.WinRate})
				lo, hi = min(lo, r.MeanScore), max(hi, r.MeanScore)
			}
		}
		wb, err := plotter.NewPolygon(winBars...)
		if err != nil {
			return err
		}
		sb, err := plotter.NewPolygon(scoreBars...)
		if err != nil {
			return err
		}
		wb.Color, wb.LineStyle.Width = c, 0
		sb.Color, sb.LineStyle.Width = c, 0
		eb, err := plotter.NewYErrorBars(struct {
			plotter.XYer
			plotter.YErrorer
		}{pts, errs})
		if err != nil {
			return err
		}
		eb.LineStyle.Width, eb.LineStyle.Color, eb.CapWidth = vg.Points(1.5), darker(c), vg.Points(5)
		dots, err := plotter.NewScatter(pts)
		if err != nil {
			return err
		}
		dots.GlyphStyle.Color, dots.GlyphStyle.Radius, dots.GlyphStyle.Shape = darker(c), vg.Points(2.5), draw.CircleGlyph{}
		win.Add(wb, eb, dots)
		score.Add(sb)
		legend.Add(l, wb)
	}
	for _, p := range []*plot.Plot{win, score} {
		p.NominalX(names...)
		p.X.Min, p.X.Max = -0.5, float64(len(envs))-0.5
	}
	win.Y.Min, win.Y.Max = 0, 1
	score.Y.Min, score.Y.Max = math.Floor(lo), math.Ceil(hi)
	if score.Y.Min == score.Y.Max {
		score.Y.Max++
	}
	var ticks []plot.Tick // every whole score, 0 included
	for v := score.Y.Min; v <= score.Y.Max; v++ {
		label := fmt.Sprintf("%.0f", v)
		if v > 0 {
			label = "+" + label
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: label})
	}
	score.Y.Tick.Marker = plot.ConstantTicks(ticks)
	w := max(chartWidth, vg.Length(len(envs))*3.4*vg.Centimeter)
	h, strip := 2*chartHeight, legend.Height()
	return chart.SaveWith(w, h+strip, path, func(c draw.Canvas) {
		legend.Draw(draw.Crop(c, vg.Centimeter, 0, 0, -h))
		canvases := plot.Align([][]*plot.Plot{{win}, {score}}, draw.Tiles{Rows: 2, Cols: 1, PadY: vg.Centimeter / 2,
			PadTop: vg.Millimeter, PadBottom: vg.Millimeter, PadLeft: vg.Millimeter, PadRight: vg.Millimeter}, draw.Crop(c, 0, 0, strip, 0))
		win.Draw(canvases[0][0])
		score.Draw(canvases[1][0])
	})
}

// legendRows is the entries per column of the baselines chart's legend,
// under its panels.
const legendRows = 4

// bar is the rectangle of a bar centred on x from 0 to y.
func bar(x, width, y float64) plotter.XYs {
	return plotter.XYs{{X: x - width/2, Y: 0}, {X: x + width/2, Y: 0}, {X: x + width/2, Y: y}, {X: x - width/2, Y: y}}
}

// darker is c at two thirds of its brightness, for marks drawn over a bar.
func darker(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	return color.RGBA{R: uint8(r >> 8 * 2 / 3), G: uint8(g >> 8 * 2 / 3), B: uint8(b >> 8 * 2 / 3), A: 0xff}
}
