package chart

import (
	"image"
	_ "image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// TestLegendColumns: entries fill columns of per entries; the strip is as
// tall as the longest column.
func TestLegendColumns(t *testing.T) {
	l := plotter.NewFunction(func(x float64) float64 { return x })
	one, four, five := NewLegend(4), NewLegend(4), NewLegend(4)
	one.Add("a", l)
	for i := 0; i < 4; i++ {
		four.Add("entry", l)
	}
	for i := 0; i < 5; i++ {
		five.Add("entry", l)
	}
	if len(four.cols) != 1 || len(five.cols) != 2 || five.Len() != 5 {
		t.Fatalf("columns: %d for 4 entries, %d for 5; want 1 and 2", len(four.cols), len(five.cols))
	}
	if !(NewLegend(4).Height() == 0 && one.Height() > 0 && four.Height() > one.Height() && five.Height() == four.Height()) {
		t.Fatalf("heights: empty %v, 1 entry %v, 4 %v, 5 %v", NewLegend(4).Height(), one.Height(), four.Height(), five.Height())
	}
}

// TestSave: the image is the axes' height plus the legend's strip, and an
// unknown format is an error that names the file.
func TestSave(t *testing.T) {
	dir := t.TempDir()
	size := func(n int) image.Point {
		p := plot.New()
		for i := 0; i < n; i++ {
			p.Legend.Add("entry", plotter.NewFunction(func(x float64) float64 { return x }))
		}
		path := filepath.Join(dir, "c.png")
		if err := Save(p, 4*vg.Inch, 3*vg.Inch, path); err != nil {
			t.Fatal(err)
		}
		if p.Legend.Rectangle(draw.Canvas{}).Size().Y == 0 && n > 0 {
			t.Fatal("Save dropped the plot's legend entries")
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		c, _, err := image.DecodeConfig(f)
		if err != nil {
			t.Fatal(err)
		}
		return image.Point{c.Width, c.Height}
	}
	if s0, s3 := size(0), size(3); s0.Y != 3*96 || s3.Y <= s0.Y || s3.X != s0.X {
		t.Fatalf("sizes %v with no entry, %v with 3; want 3 inches tall at 96 dpi, then taller", s0, s3)
	}
	if err := Save(plot.New(), vg.Inch, vg.Inch, filepath.Join(dir, "c.bmpx")); err == nil || !strings.Contains(err.Error(), "c.bmpx") {
		t.Fatalf("unknown format: %v", err)
	}
}
