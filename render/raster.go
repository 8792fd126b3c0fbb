package render

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// The Go fonts (golang.org/x/image/font/gofont) are compiled into the
// binary: a frame looks the same on every machine, with no font lookup.
var fonts struct {
	once          sync.Once
	regular, bold *truetype.Font
}

func loadFonts() {
	fonts.once.Do(func() {
		var err error
		if fonts.regular, err = truetype.Parse(goregular.TTF); err != nil {
			panic(err)
		}
		if fonts.bold, err = truetype.Parse(gobold.TTF); err != nil {
			panic(err)
		}
	})
}

// faces caches font faces of one rasterization (a face is not safe for
// concurrent use, so each call keeps its own).
type faces map[[2]int]font.Face

func (f faces) get(size float64, bold bool) font.Face {
	loadFonts()
	k := [2]int{int(size * 10), 0}
	ft := fonts.regular
	if bold {
		k[1], ft = 1, fonts.bold
	}
	if fc, ok := f[k]; ok {
		return fc
	}
	fc := truetype.NewFace(ft, &truetype.Options{Size: size, Hinting: font.HintingNone})
	f[k] = fc
	return fc
}

var facePool sync.Pool

// measure is the width of text in pixels at size.
var measureMu sync.Mutex
var measureFaces = faces{}

func measure(text string, size float64, bold bool) float64 {
	measureMu.Lock()
	defer measureMu.Unlock()
	return float64(font.MeasureString(measureFaces.get(size, bold), text)) / 64
}

// fit cuts text with an ellipsis until it is at most maxW pixels wide.
func fit(text string, size float64, bold bool, maxW float64) string {
	if measure(text, size, bold) <= maxW {
		return text
	}
	r := []rune(text)
	for len(r) > 0 {
		r = r[:len(r)-1]
		t := string(r) + "…"
		if measure(t, size, bold) <= maxW {
			return t
		}
	}
	return ""
}

func setColor(dc *gg.Context, c Color) {
	dc.SetColor(color.NRGBA{c.R, c.G, c.B, c.A})
}

// Image rasterizes the scene.
func (s *Scene) Image() *image.RGBA {
	dc := gg.NewContext(s.W, s.H)
	// Faces (with their glyph caches) are reused from frame to frame, one
	// rasterization at a time each.
	fc, _ := facePool.Get().(faces)
	if fc == nil {
		fc = faces{}
	}
	defer facePool.Put(fc)
	for _, it := range s.items {
		switch it.shape {
		case shapeRect, shapeCircle:
			if it.shape == shapeRect && it.r == 0 && it.fill.A != 0 {
				// An axis-aligned fill goes straight to the pixels (the
				// path rasterizer is slow on large areas); edges are
				// rounded the same way, so adjacent cells meet exactly.
				im := dc.Image().(*image.RGBA)
				r := image.Rect(int(math.Round(it.x)), int(math.Round(it.y)), int(math.Round(it.x+it.w)), int(math.Round(it.y+it.h)))
				op := draw.Over
				if it.fill.A == 255 {
					op = draw.Src
				}
				draw.Draw(im, r, image.NewUniform(color.NRGBA{it.fill.R, it.fill.G, it.fill.B, it.fill.A}), image.Point{}, op)
				if it.stroke.A != 0 && it.width > 0 {
					dc.DrawRectangle(it.x, it.y, it.w, it.h)
					setColor(dc, it.stroke)
					dc.SetLineWidth(it.width)
					dc.Stroke()
				}
				continue
			}
			if it.shape == shapeRect {
				if it.r > 0 {
					dc.DrawRoundedRectangle(it.x, it.y, it.w, it.h, it.r)
				} else {
					dc.DrawRectangle(it.x, it.y, it.w, it.h)
				}
			} else {
				dc.DrawCircle(it.x, it.y, it.r)
			}
			if it.fill.A != 0 {
				setColor(dc, it.fill)
				if it.stroke.A != 0 && it.width > 0 {
					dc.FillPreserve()
				} else {
					dc.Fill()
				}
			}
			if it.stroke.A != 0 && it.width > 0 {
				setColor(dc, it.stroke)
				dc.SetLineWidth(it.width)
				dc.Stroke()
			}
			dc.ClearPath()
		case shapeLine:
			setColor(dc, it.stroke)
			dc.SetLineWidth(it.width)
			dc.DrawLine(it.x, it.y, it.w, it.h)
			dc.Stroke()
		case shapeText:
			dc.SetFontFace(fc.get(it.size, it.bold))
			setColor(dc, it.fill)
			ax := [...]float64{0, 0.5, 1}[it.anchor]
			dc.DrawStringAnchored(it.text, it.x, it.y, ax, 0)
		}
	}
	return dc.Image().(*image.RGBA)
}

// Frame rasterizes the scene into an H×W×3 array of uint8 (rows, columns,
// red-green-blue), the layout of Gymnasium's rgb_array frames.
func (s *Scene) Frame() []byte {
	img := s.Image()
	out := make([]byte, 0, s.W*s.H*3)
	for y := 0; y < s.H; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*s.W]
		for x := 0; x < s.W; x++ {
			out = append(out, row[4*x], row[4*x+1], row[4*x+2])
		}
	}
	return out
}

// PNG writes the rasterized scene as a PNG image.
func (s *Scene) PNG(w io.Writer) error {
	return png.Encode(w, s.Image())
}

// FontFiles are the TrueType files of the drawings' fonts (regular and
// bold), the family "Go" that the SVG asks for first: a page that shows the
// SVG serves them so that a browser lays the text out as the frames do
// (package web).
func FontFiles() (regular, bold []byte) { return goregular.TTF, gobold.TTF }
