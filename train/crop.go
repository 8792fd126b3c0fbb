package train

import (
	"fmt"
	"slices"

	"github.com/mythos-rl/mythos/encode"
)

// CropConfig asks for an egocentric window: for every stack of spatial
// planes (see FieldEncoder), the Size×Size cells around the cell that the
// int32 field Center names (y*W+x, -1 for none), every channel, appended to
// the network's float input. A flat MLP cannot tell "the chapter cell is
// north of me" from 10,000 board features without learning it once per
// cell; the window puts what is next to the actor at the same inputs
// wherever it stands (MiniGrid's agent view). Off when Size is 0.
type CropConfig struct {
	// Size is the window's side in cells: odd, at least 3.
	Size int `yaml:"size"`
	// Center names the int32 field of one element that holds the centre
	// cell (Machina Arcana's actor_cell).
	Center string `yaml:"center"`
	// Only leaves the cropped stacks themselves out of the float input:
	// the network sees the planes through the windows alone. On Machina
	// Arcana that takes the board's 10,000 values out of the first layer,
	// most of the network's weights and of the trainer's work.
	Only bool `yaml:"only"`
}

// CropDesc is one egocentric window in network.json: Channels×Size×Size
// values (row-major [channel, dy, dx], dy and dx from -Size/2) of the
// spatial field at Offset of the raw float input (Shape [C, H, W]), centred
// on the cell in int32 element CenterOffset, written at Out of the float
// input. Cells outside the grid, and every cell when the centre is
// negative, are 0.
type CropDesc struct {
	Field        string `json:"field"`
	Offset       int    `json:"offset"`
	Shape        [3]int `json:"shape"`
	Center       string `json:"center"`
	CenterOffset int    `json:"center_offset"`
	Size         int    `json:"size"`
	Out          int    `json:"out"`
}

// FormatCrop is the network.json format of a network whose float input
// ends with egocentric windows (Arch.Crops): loaders that do not know them
// must refuse it.
const FormatCrop = "mythos-ppo-v3"

// FormatCropOnly is the format of one whose float input also leaves fields
// out (Arch.Dropped, crop.only).
const FormatCropOnly = "mythos-ppo-v4"

// DropDesc is a span of the raw float input (the float32 elements, then
// the uint8 ones) that the network's float input leaves out: a spatial
// field seen only through its window (crop.only).
type DropDesc struct {
	Field  string `json:"field"`
	Offset int    `json:"offset"`
	Size   int    `json:"size"`
}

// validate reports the first setting of c that cannot work.
func (c *CropConfig) validate() error {
	switch {
	case c.Size == 0 && c.Center == "" && !c.Only:
		return nil
	case c.Size < 3 || c.Size%2 == 0:
		return fmt.Errorf("config network.crop.size=%d: want an odd size of at least 3", c.Size)
	case c.Center == "":
		return fmt.Errorf("config network.crop.center: name the int32 field that holds the centre cell")
	}
	return nil
}

// addCrops appends a's windows for l: one per spatial stack, centred on
// the field nc.Crop names. Their values follow the F32+U8 raw elements, less
// the stacks themselves with crop.only (a.Dropped).
func addCrops(a *Arch, l *encode.Layout, nc *NetworkConfig) error {
	cfg := &nc.Crop
	if cfg.Size == 0 {
		return nil
	}
	c, ok := l.Field(cfg.Center)
	if !ok || c.DType != encode.Int32 || c.Size() != 1 {
		return fmt.Errorf("config network.crop.center: %s has no int32 field %q of one element", a.Env, cfg.Center)
	}
	for i := range l.Fields {
		f := &l.Fields[i]
		if FieldEncoder(f) != ConvEncoder {
			continue
		}
		off := f.Offset
		if f.DType == encode.Uint8 {
			off += l.F32
		}
		a.Crops = append(a.Crops, CropDesc{Field: f.Name, Offset: off, Shape: [3]int{f.Shape[0], f.Shape[1], f.Shape[2]},
			Center: c.Name, CenterOffset: c.Offset, Size: cfg.Size})
		if cfg.Only {
			a.Dropped = append(a.Dropped, DropDesc{Field: f.Name, Offset: off, Size: f.Size()})
		}
	}
	if len(a.Crops) == 0 {
		return fmt.Errorf("config network.crop: %s has no stack of spatial planes to crop", a.Env)
	}
	slices.SortFunc(a.Dropped, func(x, y DropDesc) int { return x.Offset - y.Offset }) // FloatInput's order
	out := l.F32 + l.U8 - a.droppedWidth()
	for i := range a.Crops {
		d := &a.Crops[i]
		d.Out = out
		out += d.Shape[0] * cfg.Size * cfg.Size
	}
	a.Format = FormatCrop
	if cfg.Only {
		a.Format = FormatCropOnly
	}
	return nil
}

// droppedWidth is the number of raw float inputs the network leaves out.
func (a *Arch) droppedWidth() int {
	w := 0
	for _, d := range a.Dropped {
		w += d.Size
	}
	return w
}

// cropWidth is the number of float inputs the windows add.
func (a *Arch) cropWidth() int {
	w := 0
	for _, c := range a.Crops {
		w += c.Shape[0] * c.Size * c.Size
	}
	return w
}

// FloatInput writes the network's raw float input of an observation into
// dst (len Floats): its float32 elements, then its uint8 elements as
// float32, less the spans it leaves out (Dropped), then the egocentric
// windows (Crops) read from the observation around the centre in i32.
func (a *Arch) FloatInput(dst, f32 []float32, u8 []uint8, i32 []int32) {
	at, raw := 0, 0               // dst and raw-input positions
	for _, d := range a.Dropped { // in offset order
		at += rawCopy(dst[at:], f32, u8, raw, d.Offset)
		raw = d.Offset + d.Size
	}
	rawCopy(dst[at:], f32, u8, raw, len(f32)+len(u8))
	for _, c := range a.Crops {
		c.write(dst, f32, u8, i32[c.CenterOffset])
	}
}

// rawCopy copies elements [lo, hi) of the raw float input (f32, then u8 as
// float32) to dst and returns how many.
func rawCopy(dst, f32 []float32, u8 []uint8, lo, hi int) int {
	n := 0
	if lo < len(f32) {
		n = copy(dst, f32[lo:min(hi, len(f32))])
	}
	if hi > len(f32) {
		for _, v := range u8[max(lo-len(f32), 0) : hi-len(f32)] {
			dst[n] = float32(v)
			n++
		}
	}
	return n
}

// write fills the window's values in x around cell, from the spatial field
// in the observation's f32 or u8 elements.
func (c *CropDesc) write(x, f32 []float32, u8 []uint8, cell int32) {
	ch, h, w, k := c.Shape[0], c.Shape[1], c.Shape[2], c.Size
	out := x[c.Out : c.Out+ch*k*k]
	clear(out)
	if cell < 0 || int(cell) >= h*w {
		return
	}
	cy, cx, r := int(cell)/w, int(cell)%w, k/2
	for dy := -r; dy <= r; dy++ {
		y := cy + dy
		if y < 0 || y >= h {
			continue
		}
		x0, x1 := max(0, cx-r), min(w-1, cx+r)
		for p := 0; p < ch; p++ {
			src := c.Offset + p*h*w + y*w + x0
			rawCopy(out[p*k*k+(dy+r)*k+(x0-cx+r):], f32, u8, src, src+x1-x0+1)
		}
	}
}
