package train

import (
	"fmt"
	"math"
	"slices"

	"github.com/mythos-rl/mythos/encode"
)

// FormatEncoders is the network.json format of a network with set or
// convolution encoders (NetDesc.Sets, NetDesc.Convs); a network without them
// keeps Format, so older loaders still read it.
const FormatEncoders = "mythos-ppo-v2"

// NetworkConfig selects the encoders built in front of the trunk (the
// config's `network` key). Both are off by default: the network is then the
// MLP over the flat input alone.
type NetworkConfig struct {
	// Sets adds a permutation-invariant set encoder over every entity table
	// (see FieldEncoder).
	Sets bool `yaml:"sets"`
	// Conv adds convolutions over every stack of spatial planes.
	Conv bool `yaml:"conv"`
	// SetHidden are the widths of the tanh layers of the per-row MLP.
	SetHidden []int `yaml:"set_hidden"`
	// ConvChannels are the output channels of the 3×3 convolutions (ReLU).
	ConvChannels []int `yaml:"conv_channels"`
	// Exclude names fields that get no encoder even when their shape calls
	// for one (a square matrix such as an adjacency table is not a set of
	// entities); every name must be a field of the env's layout.
	Exclude []string `yaml:"exclude"`
	// Crop appends an egocentric window of every spatial stack to the float
	// input (crop.go).
	Crop CropConfig `yaml:"crop"`
	// Pointer adds the pointer term to the policy head (pointer.go): the
	// env's observation must list its options as feature rows.
	Pointer bool `yaml:"pointer"`
	// PointerFields names more fields of option rows ([rows, features],
	// as many rows as the options field): row i of each joins option i's
	// row in the pointer term (Machina's option_paths and
	// option_abilities).
	PointerFields []string `yaml:"pointer_fields"`
	// Drop names fields left out of the flat input (drop.go): a float field
	// leaves the float input, an int32 field gets no embedding bag; the
	// encoders and the pointer term still read them.
	Drop []string `yaml:"drop"`
}

// validate reports the first setting of n that cannot work.
func (n *NetworkConfig) validate() error {
	switch {
	case n.Sets && (len(n.SetHidden) == 0 || slices.Min(n.SetHidden) < 1):
		return fmt.Errorf("config network.set_hidden=%v: needs at least one layer, every width at least 1", n.SetHidden)
	case n.Conv && (len(n.ConvChannels) == 0 || slices.Min(n.ConvChannels) < 1):
		return fmt.Errorf("config network.conv_channels=%v: needs at least one layer, every width at least 1", n.ConvChannels)
	case len(n.PointerFields) > 0 && !n.Pointer:
		return fmt.Errorf("config network.pointer_fields=%v: needs network.pointer: true", n.PointerFields)
	}
	return n.Crop.validate()
}

// EncInput is one observation field an encoder reads: Size elements of the
// observation's float32 and uint8 elements from Offset (float32 fields at
// their offset, uint8 fields after the F32 float32 elements: the raw float
// input before any field is left out of it), transformed by symlog into the
// encoder input vector at Enc.
//
// With Rows set, the field's Rows rows (Size/Rows elements each) go to
// Stride-element rows of the encoder input instead, row r at Enc+r*Stride:
// the fields of one set of rows side by side (the pointer term's joined
// option rows).
type EncInput struct {
	Field  string `json:"field"`
	Offset int    `json:"offset"`
	Size   int    `json:"size"`
	Enc    int    `json:"enc"`
	Rows   int    `json:"rows,omitempty"`
	Stride int    `json:"stride,omitempty"`
}

// SetDesc is the set encoder of one entity table: Rows rows of Width
// features (the encoder input at Enc, row-major). Each row goes through the
// same tanh layers; the rows that are all zero (empty slots) are left out;
// the output is the mean then the max of the other rows' last layer (Out =
// twice its width; zeros when every row is empty).
type SetDesc struct {
	Field      string      `json:"field"`
	Enc        int         `json:"enc"`
	Rows       int         `json:"rows"`
	Width      int         `json:"width"`
	Layers     []DenseDesc `json:"layers"`
	Activation string      `json:"activation"`
	Pool       []string    `json:"pool"`
	Out        int         `json:"out"`
}

// ConvLayerDesc is one convolution: weight W [Out, In, Kernel, Kernel] and
// bias B [Out], stride 1, Pad cells of zeros on every side.
type ConvLayerDesc struct {
	W      string `json:"w"`
	B      string `json:"b"`
	In     int    `json:"in"`
	Out    int    `json:"out"`
	Kernel int    `json:"kernel"`
	Pad    int    `json:"pad"`
}

// ConvDesc is the convolution encoder of one stack of planes: Shape is
// [channels, height, width] (the encoder input at Enc, in that order). Each
// layer is relu(conv(x) + b); then a Pool×Pool max pooling with stride Pool
// (the last rows and columns that do not fill a window are dropped), and the
// result flattened in [channel, y, x] order (Out values).
type ConvDesc struct {
	Field      string          `json:"field"`
	Enc        int             `json:"enc"`
	Shape      [3]int          `json:"shape"`
	Layers     []ConvLayerDesc `json:"layers"`
	Activation string          `json:"activation"`
	Pool       int             `json:"pool"`
	Out        int             `json:"out"`
}

// EncTransform names the transform of the encoders' input: symlog(x) =
// sign(x)·log(1 + |x|), the same for every row and cell, so that the set
// encoder is invariant to the order of the rows and the convolutions to
// translation (the per-feature normalisation of the flat input is neither).
const EncTransform = "symlog"

// Symlog is sign(x)·log(1 + |x|) computed in float64.
func Symlog(x float32) float32 {
	if x == 0 {
		return 0
	}
	v := math.Log1p(math.Abs(float64(x)))
	if x < 0 {
		v = -v
	}
	return float32(v)
}

// EncoderKind is the encoder a field gets (see FieldEncoder).
type EncoderKind uint8

// The encoder kinds.
const (
	// NoEncoder: the field is only in the flat input (and an embedding bag
	// for int32 fields).
	NoEncoder EncoderKind = iota
	// SetEncoder: an entity table, one row per entity.
	SetEncoder
	// ConvEncoder: a stack of spatial planes.
	ConvEncoder
)

// FieldEncoder says which encoder the network config would put on field f of
// a layout: convolutions for a stack of spatial planes (uint8, shape
// [C, H, W] with H and W at least 2: the planes convolutional policies read,
// see encode.Uint8), a set encoder for an entity table (float32 or uint8 with
// two or more dimensions: rows of the last dimension, at least two rows),
// none for the rest (int32 ids, flat vectors).
func FieldEncoder(f *encode.Field) EncoderKind {
	if f.DType == encode.Int32 || len(f.Shape) < 2 {
		return NoEncoder
	}
	if f.DType == encode.Uint8 && len(f.Shape) == 3 && f.Shape[1] >= 2 && f.Shape[2] >= 2 {
		return ConvEncoder
	}
	if f.Size()/f.Shape[len(f.Shape)-1] >= 2 {
		return SetEncoder
	}
	return NoEncoder
}

// addEncoders describes the encoders nc selects on layout l into a and each
// of its networks' descriptions, and returns the width of their outputs
// together (the trunk inputs after the embedding bags).
func addEncoders(a *Arch, l *encode.Layout, nc *NetworkConfig, prefix string, d *NetDesc) int {
	enc, out := 0, 0
	first := len(a.EncInputs) == 0
	for i := range l.Fields {
		f := &l.Fields[i]
		kind := FieldEncoder(f)
		if slices.Contains(nc.Exclude, f.Name) || (kind == SetEncoder && !nc.Sets) || (kind == ConvEncoder && !nc.Conv) || kind == NoEncoder {
			continue
		}
		off := f.Offset
		if f.DType == encode.Uint8 {
			off += l.F32
		}
		if first {
			a.EncInputs = append(a.EncInputs, EncInput{Field: f.Name, Offset: off, Size: f.Size(), Enc: enc})
		}
		switch kind {
		case SetEncoder:
			width := f.Shape[len(f.Shape)-1]
			s := SetDesc{Field: f.Name, Enc: enc, Rows: f.Size() / width, Width: width, Activation: "tanh", Pool: []string{"mean", "max"}}
			in := width
			for k, h := range nc.SetHidden {
				s.Layers = append(s.Layers, DenseDesc{W: fmt.Sprintf("%sset.%s.%d.w", prefix, f.Name, k), B: fmt.Sprintf("%sset.%s.%d.b", prefix, f.Name, k), In: in, Out: h})
				in = h
			}
			s.Out = 2 * in
			out += s.Out
			d.Sets = append(d.Sets, s)
		case ConvEncoder:
			c := ConvDesc{Field: f.Name, Enc: enc, Shape: [3]int{f.Shape[0], f.Shape[1], f.Shape[2]}, Activation: "relu", Pool: 2}
			in := f.Shape[0]
			for k, ch := range nc.ConvChannels {
				c.Layers = append(c.Layers, ConvLayerDesc{W: fmt.Sprintf("%sconv.%s.%d.w", prefix, f.Name, k), B: fmt.Sprintf("%sconv.%s.%d.b", prefix, f.Name, k), In: in, Out: ch, Kernel: 3, Pad: 1})
				in = ch
			}
			c.Out = in * (f.Shape[1] / c.Pool) * (f.Shape[2] / c.Pool)
			out += c.Out
			d.Convs = append(d.Convs, c)
		}
		enc += f.Size()
	}
	if first && len(a.EncInputs) > 0 {
		a.EncTransform = EncTransform
		a.EncWidth = enc
		if a.Format == Format {
			a.Format = FormatEncoders
		}
	}
	return out
}

// encOutWidth is the width of the encoders' outputs together.
func (d NetDesc) encOutWidth() int {
	w := 0
	for _, s := range d.Sets {
		w += s.Out
	}
	for _, c := range d.Convs {
		w += c.Out
	}
	return w
}

// EncInput writes the encoders' input of one observation (its float32 and
// uint8 elements) into dst (len Arch.EncWidth).
func (a *Arch) EncInput(f32 []float32, u8 []uint8, dst []float32) {
	for _, e := range a.EncInputs {
		if e.Rows > 0 {
			w := e.Size / e.Rows
			for r := 0; r < e.Rows; r++ {
				encRow(f32, u8, e.Offset+r*w, dst[e.Enc+r*e.Stride:e.Enc+r*e.Stride+w])
			}
			continue
		}
		encRow(f32, u8, e.Offset, dst[e.Enc:e.Enc+e.Size])
	}
}

// encRow writes symlog of the len(out) observation elements from off (in
// the float32 elements, or past them in the uint8 ones) into out.
func encRow(f32 []float32, u8 []uint8, off int, out []float32) {
	if off >= len(f32) {
		for i, v := range u8[off-len(f32) : off-len(f32)+len(out)] {
			out[i] = Symlog(float32(v))
		}
		return
	}
	for i, v := range f32[off : off+len(out)] {
		out[i] = Symlog(v)
	}
}

// initEncoders allocates and initialises n's encoder parameters
// (LeCun-uniform weights, zero biases) with uniform.
func (n *Net) initEncoders(uniform func(*Param, float64)) {
	for _, s := range n.Desc.Sets {
		var ls [][2]*Param
		for _, l := range s.Layers {
			w, b := newParam(l.W, l.In, l.Out), newParam(l.B, l.Out)
			uniform(w, math.Sqrt(3/float64(l.In)))
			ls = append(ls, [2]*Param{w, b})
		}
		n.Sets = append(n.Sets, ls)
	}
	for _, c := range n.Desc.Convs {
		var ls [][2]*Param
		var ts [][]float32
		for _, l := range c.Layers {
			w, b := newParam(l.W, l.Out, l.In, l.Kernel, l.Kernel), newParam(l.B, l.Out)
			uniform(w, math.Sqrt(3/float64(l.In*l.Kernel*l.Kernel)))
			ls = append(ls, [2]*Param{w, b})
			ts = append(ts, make([]float32, len(w.Data)))
		}
		n.Convs = append(n.Convs, ls)
		n.convT = append(n.convT, ts)
	}
}

// encoderParams lists the encoder parameters in a fixed order.
func (n *Net) encoderParams() []*Param {
	var ps []*Param
	for _, ls := range n.Sets {
		for _, l := range ls {
			ps = append(ps, l[0], l[1])
		}
	}
	for _, ls := range n.Convs {
		for _, l := range ls {
			ps = append(ps, l[0], l[1])
		}
	}
	return ps
}

// prepareConvs caches each convolution's weights as [in, ky, kx, out], the
// order the scatter loops of forwardConv read them in.
func (n *Net) prepareConvs() {
	for c, ls := range n.Convs {
		for k, l := range ls {
			d := n.Desc.Convs[c].Layers[k]
			w, t := l[0].Data, n.convT[c][k]
			kk := d.Kernel * d.Kernel
			for o := 0; o < d.Out; o++ {
				for i := 0; i < d.In; i++ {
					for q := 0; q < kk; q++ {
						t[(i*kk+q)*d.Out+o] = w[(o*d.In+i)*kk+q]
					}
				}
			}
		}
	}
}

// encScratch sizes the scratch buffers of the encoders of d.
func (d NetDesc) encScratch() (set, conv int) {
	for _, s := range d.Sets {
		for _, l := range s.Layers {
			set = max(set, l.Out, l.In)
		}
	}
	for _, c := range d.Convs {
		for _, l := range c.Layers {
			conv = max(conv, c.Shape[1]*c.Shape[2]*l.Out)
		}
	}
	return set, conv
}

// forwardEncoders writes the encoders' outputs of encoder input enc into out
// (len Desc.encOutWidth()).
func (n *Net) forwardEncoders(enc, out []float32, s *Scratch) {
	off := 0
	for k, d := range n.Desc.Sets {
		h := d.Out / 2
		mean, mx := out[off:off+h], out[off+h:off+2*h]
		clear(mean)
		count := 0
		for r := 0; r < d.Rows; r++ {
			row := enc[d.Enc+r*d.Width : d.Enc+(r+1)*d.Width]
			empty := true
			for _, v := range row {
				if v != 0 {
					empty = false
					break
				}
			}
			if empty {
				continue
			}
			x := row
			bufs := [2][]float32{s.setA, s.setB}
			for i, l := range n.Sets[k] {
				y := bufs[i%2][:l[0].Shape[1]]
				dense(x, l[0], l[1], y)
				for j, v := range y {
					y[j] = float32(math.Tanh(float64(v)))
				}
				x = y
			}
			for j, v := range x {
				mean[j] += v
				if count == 0 || v > mx[j] {
					mx[j] = v
				}
			}
			count++
		}
		if count == 0 {
			clear(mx)
		} else {
			for j := range mean {
				mean[j] /= float32(count)
			}
		}
		off += d.Out
	}
	for k, d := range n.Desc.Convs {
		forwardConv(d, n.Convs[k], n.convT[k], enc[d.Enc:d.Enc+d.Shape[0]*d.Shape[1]*d.Shape[2]], out[off:off+d.Out], s)
		off += d.Out
	}
}

// forwardConv runs the convolutions of d on planes x ([C, H, W]) and writes
// the pooled, flattened result into out. Activations are kept [y, x, c]; each
// layer scatters every non-zero input cell into the outputs it touches, so
// empty cells (most of a board) cost nothing.
func forwardConv(d ConvDesc, ls [][2]*Param, ts [][]float32, x, out []float32, s *Scratch) {
	H, W := d.Shape[1], d.Shape[2]
	in := x
	sc, sy, sx := H*W, W, 1 // strides of the input: [c, y, x] for the planes
	bufs := [2][]float32{s.convA, s.convB}
	var act []float32
	for k, l := range d.Layers {
		C, O, K, P := l.In, l.Out, l.Kernel, l.Pad
		act = bufs[k%2][:H*W*O]
		bias := ls[k][1].Data
		for p := 0; p < H*W; p++ {
			copy(act[p*O:(p+1)*O], bias)
		}
		t := ts[k]
		for c := 0; c < C; c++ {
			for y := 0; y < H; y++ {
				for xx := 0; xx < W; xx++ {
					v := in[c*sc+y*sy+xx*sx]
					if v == 0 {
						continue
					}
					// output (oy, ox) reads input (oy+ky-P, ox+kx-P)
					for ky := 0; ky < K; ky++ {
						oy := y - ky + P
						if oy < 0 || oy >= H {
							continue
						}
						for kx := 0; kx < K; kx++ {
							ox := xx - kx + P
							if ox < 0 || ox >= W {
								continue
							}
							o := act[(oy*W+ox)*O : (oy*W+ox+1)*O]
							f := t[((c*K+ky)*K+kx)*O : ((c*K+ky)*K+kx+1)*O]
							for j, fj := range f {
								o[j] += fj * v
							}
						}
					}
				}
			}
		}
		for j, v := range act {
			if v < 0 {
				act[j] = 0
			}
		}
		in = act
		sc, sy, sx = 1, W*O, O
	}
	O, P := d.Layers[len(d.Layers)-1].Out, d.Pool
	H2, W2 := H/P, W/P
	for c := 0; c < O; c++ {
		for y := 0; y < H2; y++ {
			for xx := 0; xx < W2; xx++ {
				m := float32(math.Inf(-1))
				for dy := 0; dy < P; dy++ {
					for dx := 0; dx < P; dx++ {
						m = max(m, act[((y*P+dy)*W+xx*P+dx)*O+c])
					}
				}
				out[(c*H2+y)*W2+xx] = m
			}
		}
	}
}
