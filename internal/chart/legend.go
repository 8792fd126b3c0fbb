// Package chart holds what the charts of train and benchmarks share: a
// legend drawn in a strip under the axes, in one or more columns, where it
// hides no data. A legend inside the axes (gonum/plot's default) covers the
// curves and bars that reach the corner it sits in: win rates near 1, the
// fastest env's line.
package chart

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// gap is the space above and below the legend strip.
const gap = vg.Length(6) // points

// Legend is a legend in columns: entries fill the first column, then the
// next, each column a gonum/plot legend.
type Legend struct {
	cols []plot.Legend
	per  int // entries per column
	n    int // entries added
}

// NewLegend is an empty legend whose columns hold up to per entries each.
func NewLegend(per int) *Legend {
	return &Legend{per: max(per, 1)}
}

// Add adds an entry named name, drawn with the thumbnails of the plotters
// that it names (a line, a bar, their glyphs).
func (l *Legend) Add(name string, thumbs ...plot.Thumbnailer) {
	if l.n%l.per == 0 {
		col := plot.NewLegend()
		col.Top, col.Left = true, true
		l.cols = append(l.cols, col)
	}
	l.cols[len(l.cols)-1].Add(name, thumbs...)
	l.n++
}

// Len is the number of entries.
func (l *Legend) Len() int { return l.n }

// Height is the height of the strip that holds the legend, gaps included;
// 0 for an empty legend.
func (l *Legend) Height() vg.Length {
	var h vg.Length
	for i := range l.cols {
		h = max(h, l.cols[i].Rectangle(draw.Canvas{}).Size().Y)
	}
	if h == 0 {
		return 0
	}
	return h + 2*gap
}

// Draw draws the columns side by side across c, from its top left, each as
// wide as its longest entry.
func (l *Legend) Draw(c draw.Canvas) {
	c = draw.Crop(c, 0, 0, gap, -gap)
	x := vg.Length(0)
	for i := range l.cols {
		col := l.cols[i]
		col.XOffs = x
		col.Draw(c)
		x += col.Rectangle(draw.Canvas{}).Size().X + 4*gap
	}
}

// Save writes p at w×h, plus a strip under the axes into which its own
// legend's entries move (one column; a chart that wants more columns draws
// a [Legend] with SaveWith), to path (.png, .svg, .pdf).
func Save(p *plot.Plot, w, h vg.Length, path string) error {
	leg := p.Legend
	p.Legend = plot.NewLegend()
	defer func() { p.Legend = leg }()
	strip := leg.Rectangle(draw.Canvas{}).Size().Y
	if strip > 0 {
		strip += 2 * gap
	}
	return SaveWith(w, h+strip, path, func(c draw.Canvas) {
		p.Draw(draw.Crop(c, 0, 0, strip, 0))
		if strip > 0 {
			leg.Top, leg.Left, leg.XOffs = true, true, gap
			leg.Draw(draw.Crop(c, 0, 0, gap, -(h + gap)))
		}
	})
}

// SaveWith writes a canvas of w×h drawn by drawOn to path, in the format
// its extension names (.png, .svg, .pdf: gonum/plot's formats).
func SaveWith(w, h vg.Length, path string, drawOn func(draw.Canvas)) error {
	format := strings.TrimPrefix(filepath.Ext(path), ".")
	c, err := draw.NewFormattedCanvas(w, h, format)
	if err != nil {
		return fmt.Errorf("chart: %s: %w", path, err)
	}
	drawOn(draw.New(c))
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := c.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
