package main

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// screenshotScript makes the committed screenshots of docs/images.
const screenshotScript = "../../scripts/screenshots.sh"

// renderLines are the `bin/mythos render ...` lines of the script: the
// command's arguments (without the binary) and the image each writes, its
// path from the repository root.
func renderLines(t *testing.T) (args [][]string, outs []string) {
	t.Helper()
	f, err := os.Open(screenshotScript)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 || fields[0] != "bin/mythos" || fields[1] != "render" {
			continue
		}
		out := ""
		for k := 2; k+1 < len(fields); k++ {
			if fields[k] == "--out" {
				out = fields[k+1]
			}
		}
		if out == "" || strings.ContainsAny(sc.Text(), "$\"'`") {
			t.Fatalf("%s: cannot read %q (want bin/mythos render ... --out FILE, no shell variables or quotes)", screenshotScript, sc.Text())
		}
		args, outs = append(args, fields[1:]), append(outs, out)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return args, outs
}

// TestScreenshotsAreCurrent: every drawing of docs/images that
// scripts/screenshots.sh makes with mythos render (viewer-*.png) is made
// again here, with the script's own arguments, and compared with the
// committed file: its size, and the colours of a grid of sampled pixels and
// of blocks of the picture, with a tolerance (not byte for byte: the PNG
// encoder or a font's antialiasing may change a little). A drawing that
// changed fails with the command that brings the images up to date.
func TestScreenshotsAreCurrent(t *testing.T) {
	args, outs := renderLines(t)
	if len(args) < 3 {
		t.Fatalf("%s makes %d drawings with mythos render, want one per game", screenshotScript, len(args))
	}
	dir := t.TempDir()
	for k := range args {
		t.Run(filepath.Base(outs[k]), func(t *testing.T) {
			got := filepath.Join(dir, filepath.Base(outs[k]))
			a := append([]string(nil), args[k]...)
			for i := range a {
				if i > 0 && a[i-1] == "--out" {
					a[i] = got
				}
			}
			var out, errOut bytes.Buffer
			root := newRoot(strings.NewReader(""), &out, &errOut)
			root.SetArgs(a)
			if err := root.Execute(); err != nil {
				t.Fatalf("mythos %s: %v %s", strings.Join(a, " "), err, errOut.String())
			}
			fresh := decodePNG(t, got)
			committed := decodePNG(t, filepath.Join("../..", outs[k]))
			if msg := compareImages(committed, fresh); msg != "" {
				t.Fatalf("%s is out of date (%s): the drawing changed; run scripts/screenshots.sh and commit docs/images", outs[k], msg)
			}
		})
	}
}

func decodePNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v: run scripts/screenshots.sh", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v: run scripts/screenshots.sh", path, err)
	}
	return img
}

// compareImages says how want and got differ beyond the tolerance, or "".
// It compares their sizes, 16×10 sampled pixels (a few may differ by more
// than pixelTol) and the mean colour of 16×10 blocks (each within blockTol:
// a changed word moves a block's mean by a unit or two, antialiasing's
// noise by far less).
func compareImages(want, got image.Image) string {
	const (
		pixelTol, pixelMiss = 24, 8
		blockTol            = 0.75
		gx, gy, bx, by      = 16, 10, 16, 10
	)
	wb, gb := want.Bounds(), got.Bounds()
	if wb.Dx() != gb.Dx() || wb.Dy() != gb.Dy() {
		return fmt.Sprintf("%d×%d, now %d×%d", wb.Dx(), wb.Dy(), gb.Dx(), gb.Dy())
	}
	w, h := wb.Dx(), wb.Dy()
	rgb := func(img image.Image, x, y int) [3]float64 {
		b := img.Bounds()
		r, g, bl, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
		return [3]float64{float64(r >> 8), float64(g >> 8), float64(bl >> 8)}
	}
	miss, first := 0, ""
	for j := 0; j < gy; j++ {
		for i := 0; i < gx; i++ {
			// Off the grid's round numbers, so that samples fall on text
			// and lines as well as on flat fills.
			x, y := (2*i+1)*w/(2*gx)+i%3, (2*j+1)*h/(2*gy)+j%3
			a, b := rgb(want, x, y), rgb(got, x, y)
			for c := 0; c < 3; c++ {
				if d := a[c] - b[c]; d > pixelTol || d < -pixelTol {
					if miss == 0 {
						first = fmt.Sprintf("pixel (%d,%d) was %v, now %v", x, y, a, b)
					}
					miss++
					break
				}
			}
		}
	}
	if miss > pixelMiss {
		return fmt.Sprintf("%d of %d sampled pixels differ; %s", miss, gx*gy, first)
	}
	for j := 0; j < by; j++ {
		for i := 0; i < bx; i++ {
			var sa, sb [3]float64
			n := 0.0
			for y := j * h / by; y < (j+1)*h/by; y++ {
				for x := i * w / bx; x < (i+1)*w/bx; x++ {
					a, b := rgb(want, x, y), rgb(got, x, y)
					for c := 0; c < 3; c++ {
						sa[c] += a[c]
						sb[c] += b[c]
					}
					n++
				}
			}
			for c := 0; c < 3; c++ {
				if d := (sa[c] - sb[c]) / n; d > blockTol || d < -blockTol {
					return fmt.Sprintf("the block at (%d,%d)-(%d,%d) has mean colour %.1f, now %.1f (channel %d)",
						i*w/bx, j*h/by, (i+1)*w/bx, (j+1)*h/by, sa[c]/n, sb[c]/n, c)
				}
			}
		}
	}
	return ""
}

// TestCompareImagesTolerance: the comparison above passes a picture with a
// little noise and fails one with a word changed, a changed colour or
// another size.
func TestCompareImagesTolerance(t *testing.T) {
	args, outs := renderLines(t)
	if len(args) == 0 {
		t.Fatal("no drawings in the script")
	}
	base := decodePNG(t, filepath.Join("../..", outs[0]))
	b := base.Bounds()
	clone := func() *image.RGBA {
		m := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				m.Set(x, y, base.At(b.Min.X+x, b.Min.Y+y))
			}
		}
		return m
	}
	if msg := compareImages(base, clone()); msg != "" {
		t.Fatalf("a copy differs: %s", msg)
	}
	noisy := clone()
	for i := range noisy.Pix {
		if i%4 != 3 && i%7 == 0 && noisy.Pix[i] < 250 {
			noisy.Pix[i] += 2
		}
	}
	if msg := compareImages(base, noisy); msg != "" {
		t.Errorf("a little noise fails: %s", msg)
	}
	// A word: a 30×12 patch of light strokes on the dark background of the
	// header's right end.
	word := clone()
	for y := 40; y < 52; y++ {
		for x := 600; x < 630; x += 2 {
			word.Set(x, y, color.RGBA{0xec, 0xe8, 0xdf, 0xff})
		}
	}
	if compareImages(base, word) == "" {
		t.Error("a word written in the header passes")
	}
	tint := clone()
	for i := range tint.Pix {
		if i%4 == 2 {
			tint.Pix[i] = tint.Pix[i]/2 + 60
		}
	}
	if compareImages(base, tint) == "" {
		t.Error("a change of colour passes")
	}
	if compareImages(base, image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()-16))) == "" {
		t.Error("another size passes")
	}
}
