package train

import (
	"fmt"

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

// validate reports the first setting of c that cannot work.
func (c *CropConfig) validate() error {
	switch {
	case c.Size == 0 && c.Center == "":
		return nil
	case c.Size < 3 || c.Size%2 == 0:
		return fmt.Errorf("config network.crop.size=%d: want an odd size of at least 3", c.Size)
	case c.Center == "":
		return fmt.Errorf("config network.crop.center: name the int32 field that holds the centre cell")
	}
	return nil
}

// addCrops appends a's windows for l: one per spatial stack, centred on
// the field cfg names. Their values follow the F32+U8 raw elements.
func addCrops(a *Arch, l *encode.Layout, cfg *CropConfig) error {
	if cfg.Size == 0 {
		return nil
	}
	c, ok := l.Field(cfg.Center)
	if !ok || c.DType != encode.Int32 || c.Size() != 1 {
		return fmt.Errorf("config network.crop.center: %s has no int32 field %q of one element", a.Env, cfg.Center)
	}
	out := l.F32 + l.U8
	for i := range l.Fields {
		f := &l.Fields[i]
		if FieldEncoder(f) != ConvEncoder {
			continue
		}
		off := f.Offset
		if f.DType == encode.Uint8 {
			off += l.F32
		}
		d := CropDesc{Field: f.Name, Offset: off, Shape: [3]int{f.Shape[0], f.Shape[1], f.Shape[2]},
			Center: c.Name, CenterOffset: c.Offset, Size: cfg.Size, Out: out}
		out += d.Shape[0] * cfg.Size * cfg.Size
		a.Crops = append(a.Crops, d)
	}
	if len(a.Crops) == 0 {
		return fmt.Errorf("config network.crop: %s has no stack of spatial planes to crop", a.Env)
	}
	a.Format = FormatCrop
	return nil
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
// float32, then the egocentric windows (Crops) read from those and the
// centre in i32.
func (a *Arch) FloatInput(dst, f32 []float32, u8 []uint8, i32 []int32) {
	copy(dst, f32)
	rest := dst[len(f32):]
	for i, v := range u8 {
		rest[i] = float32(v)
	}
	for _, c := range a.Crops {
		c.write(dst, i32[c.CenterOffset])
	}
}

// write fills the window's values in x (whose spatial field is already
// written) around cell.
func (c *CropDesc) write(x []float32, cell int32) {
	ch, h, w, k := c.Shape[0], c.Shape[1], c.Shape[2], c.Size
	out := x[c.Out : c.Out+ch*k*k]
	clear(out)
	if cell < 0 || int(cell) >= h*w {
		return
	}
	cy, cx, r := int(cell)/w, int(cell)%w, k/2
	plane := x[c.Offset : c.Offset+ch*h*w]
	for dy := -r; dy <= r; dy++ {
		y := cy + dy
		if y < 0 || y >= h {
			continue
		}
		x0, x1 := max(0, cx-r), min(w-1, cx+r)
		for p := 0; p < ch; p++ {
			src := plane[p*h*w+y*w+x0 : p*h*w+y*w+x1+1]
			copy(out[p*k*k+(dy+r)*k+(x0-cx+r):], src)
		}
	}
}
