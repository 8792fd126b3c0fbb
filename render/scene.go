package render

import (
	"fmt"
	"strings"
)

// Color is an sRGB colour with opacity A (255 opaque).
type Color struct{ R, G, B, A uint8 }

// RGB is an opaque colour.
func RGB(r, g, b uint8) Color { return Color{r, g, b, 255} }

// Alpha returns c with opacity a.
func (c Color) Alpha(a uint8) Color { c.A = a; return c }

// None is the absent fill or stroke.
var None = Color{}

func (c Color) hex() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// Anchor places text relative to its point.
type Anchor uint8

// Anchors.
const (
	Start Anchor = iota
	Middle
	End
)

type shape uint8

const (
	shapeRect shape = iota
	shapeLine
	shapeCircle
	shapeText
)

// item is one drawn element; unused fields are zero.
type item struct {
	shape         shape
	x, y, w, h, r float64 // rect: x,y,w,h,r(corner); line: x,y → w,h; circle: x,y,r
	fill, stroke  Color
	width         float64
	text          string
	size          float64
	anchor        Anchor
	bold          bool
}

// Scene is a picture of W×H pixels, drawn in order.
type Scene struct {
	W, H  int
	items []item
}

// NewScene starts a picture with a background colour.
func NewScene(w, h int, bg Color) *Scene {
	s := &Scene{W: w, H: h}
	s.Rect(0, 0, float64(w), float64(h), bg, None, 0)
	return s
}

// Rect draws a rectangle.
func (s *Scene) Rect(x, y, w, h float64, fill, stroke Color, width float64) {
	s.items = append(s.items, item{shape: shapeRect, x: x, y: y, w: w, h: h, fill: fill, stroke: stroke, width: width})
}

// RoundRect draws a rectangle with rounded corners of radius r.
func (s *Scene) RoundRect(x, y, w, h, r float64, fill, stroke Color, width float64) {
	s.items = append(s.items, item{shape: shapeRect, x: x, y: y, w: w, h: h, r: r, fill: fill, stroke: stroke, width: width})
}

// Line draws a segment.
func (s *Scene) Line(x1, y1, x2, y2 float64, stroke Color, width float64) {
	s.items = append(s.items, item{shape: shapeLine, x: x1, y: y1, w: x2, h: y2, stroke: stroke, width: width})
}

// Circle draws a disc.
func (s *Scene) Circle(cx, cy, r float64, fill, stroke Color, width float64) {
	s.items = append(s.items, item{shape: shapeCircle, x: cx, y: cy, r: r, fill: fill, stroke: stroke, width: width})
}

// Text writes one line of text with its baseline at y, cut with an
// ellipsis to fit maxW pixels when maxW > 0.
func (s *Scene) Text(x, y, size float64, c Color, a Anchor, bold bool, maxW float64, text string) {
	if maxW > 0 {
		text = fit(text, size, bold, maxW)
	}
	s.items = append(s.items, item{shape: shapeText, x: x, y: y, size: size, fill: c, anchor: a, bold: bold, text: text})
}

// SVG writes the scene as an SVG document.
func (s *Scene) SVG() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Go, 'DejaVu Sans', sans-serif">`+"\n", s.W, s.H, s.W, s.H)
	for _, it := range s.items {
		switch it.shape {
		case shapeRect:
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f"`, it.x, it.y, it.w, it.h)
			if it.r > 0 {
				fmt.Fprintf(&b, ` rx="%.1f"`, it.r)
			}
			paint(&b, it)
		case shapeLine:
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"`, it.x, it.y, it.w, it.h)
			paint(&b, it)
		case shapeCircle:
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="%.1f"`, it.x, it.y, it.r)
			paint(&b, it)
		case shapeText:
			anchor := [...]string{"start", "middle", "end"}[it.anchor]
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="%.1f" text-anchor="%s" fill="%s"`, it.x, it.y, it.size, anchor, it.fill.hex())
			if it.fill.A != 255 {
				fmt.Fprintf(&b, ` fill-opacity="%.3f"`, float64(it.fill.A)/255)
			}
			if it.bold {
				b.WriteString(` font-weight="bold"`)
			}
			b.WriteString(">")
			xmlEscape(&b, it.text)
			b.WriteString("</text>\n")
		}
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

func paint(b *strings.Builder, it item) {
	if it.fill.A == 0 {
		b.WriteString(` fill="none"`)
	} else {
		fmt.Fprintf(b, ` fill="%s"`, it.fill.hex())
		if it.fill.A != 255 {
			fmt.Fprintf(b, ` fill-opacity="%.3f"`, float64(it.fill.A)/255)
		}
	}
	if it.stroke.A != 0 && it.width > 0 {
		fmt.Fprintf(b, ` stroke="%s" stroke-width="%.1f"`, it.stroke.hex(), it.width)
		if it.stroke.A != 255 {
			fmt.Fprintf(b, ` stroke-opacity="%.3f"`, float64(it.stroke.A)/255)
		}
	}
	b.WriteString("/>\n")
}

func xmlEscape(b *strings.Builder, s string) {
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
}
