package render

import "fmt"

// Frame size of every game: 1280×800 (a multiple of 16 on both sides, as
// video encoders prefer).
const (
	Width  = 1280
	Height = 800
)

// The palette shared by the three games.
var (
	bgColor    = RGB(0x1d, 0x1f, 0x24)
	panelColor = RGB(0x2a, 0x2d, 0x34)
	inkColor   = RGB(0xec, 0xe8, 0xdf)
	dimColor   = RGB(0x9a, 0x9a, 0x98)
	goldColor  = RGB(0xe0, 0xb0, 0x4c)
	redColor   = RGB(0xd8, 0x4a, 0x3e)
	greenColor = RGB(0x5c, 0xb8, 0x6a)
	blueColor  = RGB(0x4f, 0x8f, 0xd8)
	purpColor  = RGB(0x9a, 0x6c, 0xd0)
	lineColor  = RGB(0x55, 0x58, 0x60)
)

// pen writes lines of text down a column.
type pen struct {
	s       *Scene
	x, y, w float64
}

// line writes one line of text and moves down.
func (p *pen) line(size float64, c Color, bold bool, format string, args ...any) {
	p.s.Text(p.x, p.y+size, size, c, Start, bold, p.w, fmt.Sprintf(format, args...))
	p.y += size * 1.35
}

// gap moves down.
func (p *pen) gap(h float64) { p.y += h }

// title draws a heading band across the column.
func (p *pen) title(text string) {
	p.s.Rect(p.x-6, p.y, p.w+12, 22, panelColor, None, 0)
	p.s.Text(p.x, p.y+16, 14, goldColor, Start, true, p.w, text)
	p.y += 27
}

// track draws a row of n boxes with the first v filled, labelled.
func (p *pen) track(label string, v, n int, c Color) {
	p.s.Text(p.x, p.y+13, 13, inkColor, Start, false, 110, label)
	bx := p.x + 115
	box := min(18.0, (p.w-125)/float64(max(n, 1)))
	for i := 0; i < n; i++ {
		fill := panelColor
		if i < v {
			fill = c
		}
		p.s.Rect(bx+float64(i)*box, p.y+1, box-2, 15, fill, lineColor, 1)
	}
	p.s.Text(bx+float64(n)*box+6, p.y+13, 13, inkColor, Start, true, 0, fmt.Sprintf("%d/%d", v, n))
	p.y += 21
}

// words says a count in words ("no", "one", ... "twelve", then digits).
func words(n int) string {
	w := [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}
	if n >= 0 && n < len(w) {
		return w[n]
	}
	return fmt.Sprint(n)
}

// count writes "1 clue", "2 clues": the drawings use the narration's words.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
