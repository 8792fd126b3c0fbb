package train

import (
	"image"
	"image/color"
	_ "image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestChartLegendBelowAxes: the win-rate charts put their legend in a strip
// under the axes, one line an entry, so that curves near a win rate of 1
// stay visible: the image grows with the entries, and the strip holds ink.
func TestChartLegendBelowAxes(t *testing.T) {
	var rows []MetricRow
	for i := 1; i <= 50; i++ {
		x := float64(i) / 50
		rows = append(rows, MetricRow{Iteration: i, EnvSteps: int64(i) * 2048, TrainWinRate: 0.99, EvalWinRate: x, EvalLo: x * 0.9, EvalHi: x,
			StartWinRates: []float64{1, 0.98, 0.99, x, x / 2}})
	}
	dir := t.TempDir()
	decode := func(name string) image.Image {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, _, err := image.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	if err := PlotStarts(filepath.Join(dir, "two.png"), "T", rows, []string{"start 0", "start 1"}); err != nil {
		t.Fatal(err)
	}
	if err := PlotStarts(filepath.Join(dir, "five.png"), "T", rows, []string{"start 0", "start 1", "start 2", "start 3", "start 4"}); err != nil {
		t.Fatal(err)
	}
	if err := PlotLearningCurve(filepath.Join(dir, "curve.png"), "T", rows, []EvalResult{{Agent: "heuristic", WinRate: 0.1}}); err != nil {
		t.Fatal(err)
	}
	two, five, curve := decode("two.png"), decode("five.png"), decode("curve.png")
	chart := 5 * 96 // the axes' 5 inches at vgimg's 96 dpi
	if h2, h5 := two.Bounds().Dy(), five.Bounds().Dy(); h2 <= chart || h5 <= h2 {
		t.Fatalf("heights: %d px with 2 entries, %d with 5; want more than %d, growing with the entries", h2, h5, chart)
	}
	for _, img := range []image.Image{five, curve} {
		ink := 0
		b := img.Bounds()
		for y := chart; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if r, g, bl, _ := img.At(x, y).RGBA(); color.Gray16Model.Convert(color.RGBA64{uint16(r), uint16(g), uint16(bl), 0xffff}).(color.Gray16).Y < 0x8000 {
					ink++
				}
			}
		}
		if ink < 100 {
			t.Fatalf("the strip under the axes holds %d dark pixels: no legend there", ink)
		}
	}
}
