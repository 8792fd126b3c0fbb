package train

import (
	"fmt"
	"math"
	"slices"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// Format names the network description format written to network.json.
const Format = "mythos-ppo-v1"

// MaskedLogit is added to the logit of every illegal action before the
// softmax, so that illegal actions get probability exactly zero in float32.
const MaskedLogit = -1e9

// Param is one named weight tensor, row-major. Dense weights are [in, out]
// (a row vector times the matrix), embedding tables are [vocab, dim].
type Param struct {
	// Name is the array's name in weights.npz (for example "net0.hidden0.w").
	Name  string
	Shape []int
	Data  []float32
}

func newParam(name string, shape ...int) *Param {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return &Param{Name: name, Shape: shape, Data: make([]float32, n)}
}

// FieldDesc describes one observation field in network.json.
type FieldDesc struct {
	Name   string `json:"name"`
	DType  string `json:"dtype"`
	Shape  []int  `json:"shape"`
	Offset int    `json:"offset"`
}

// EmbedDesc describes the embedding bag of one int32 field: the rows
// table[id mod vocab] of the field's ids are summed.
type EmbedDesc struct {
	Field  string `json:"field"`
	Offset int    `json:"offset"`
	Size   int    `json:"size"`
	Vocab  int    `json:"vocab"`
	Dim    int    `json:"dim"`
	Param  string `json:"param"`
}

// DenseDesc names the weight [in, out] and bias [out] of a dense layer.
type DenseDesc struct {
	W   string `json:"w"`
	B   string `json:"b"`
	In  int    `json:"in"`
	Out int    `json:"out"`
}

// NetDesc describes one policy network: the input is the normalised float
// observation followed by the embedding bags in order; each hidden layer is
// tanh(x W + b); the heads are linear.
type NetDesc struct {
	Embeddings []EmbedDesc `json:"embeddings"`
	Hidden     []DenseDesc `json:"hidden"`
	Policy     DenseDesc   `json:"policy"`
	Value      DenseDesc   `json:"value"`
	// Sets and Convs are the encoders (network: {sets, conv}); their
	// outputs, sets first, follow the embedding bags in the first layer's
	// input.
	Sets  []SetDesc  `json:"sets,omitempty"`
	Convs []ConvDesc `json:"convs,omitempty"`
	// Pointer is the pointer term of the policy head (network: {pointer:
	// true}, pointer.go); nil without one.
	Pointer *PointerDesc `json:"pointer,omitempty"`
}

// Arch is the whole network description (network.json): enough for numpy to
// rebuild the forward pass from weights.npz.
type Arch struct {
	Format      string            `json:"format"`
	Env         string            `json:"env"`
	Options     map[string]string `json:"options"`
	Actions     int               `json:"actions"`
	ActionNames []string          `json:"action_names"`
	Agents      []string          `json:"agents"`
	F32         int               `json:"obs_f32"`
	I32         int               `json:"obs_i32"`
	// U8 is the number of uint8 elements: the network's float input is the
	// F32 float32 elements then the U8 uint8 elements converted to float
	// (Floats in all), normalised together.
	U8         int         `json:"obs_u8,omitempty"`
	Fields     []FieldDesc `json:"fields"`
	Activation string      `json:"activation"`
	// ObsMean and ObsVar name the normalisation statistics in weights.npz;
	// x = clip((f32 - mean) / sqrt(var + ObsEps), -ObsClip, ObsClip).
	ObsMean string  `json:"obs_mean"`
	ObsVar  string  `json:"obs_var"`
	ObsEps  float64 `json:"obs_eps"`
	ObsClip float64 `json:"obs_clip"`
	// Shared is true when one network acts for every seat; otherwise Nets[i]
	// acts for seat i.
	Shared bool      `json:"shared"`
	Nets   []NetDesc `json:"nets"`
	// EncInputs are the fields the encoders read, EncTransform their
	// transform and EncWidth the length of the encoder input vector
	// (EncInput); empty without encoders.
	EncInputs    []EncInput `json:"enc_inputs,omitempty"`
	EncTransform string     `json:"enc_transform,omitempty"`
	EncWidth     int        `json:"enc_width,omitempty"`
	// Crops are the egocentric windows at the end of the float input
	// (crop.go); empty unless the config asks for them.
	Crops []CropDesc `json:"crops,omitempty"`
	// Dropped are the spans of the raw float input that the float input
	// leaves out (crop.go: crop.only), in offset order; empty unless the
	// config asks for it.
	Dropped []DropDesc `json:"dropped,omitempty"`
}

// ObsEps keeps the normalisation away from a division by zero.
const ObsEps = 1e-8

// Net is one actor-critic network with its parameters.
type Net struct {
	Desc NetDesc
	// Embeds are the embedding tables, in Desc.Embeddings order.
	Embeds []*Param
	// Hidden, Pi and V are {weight, bias} pairs of the tanh layers and the
	// policy and value heads.
	Hidden [][2]*Param
	Pi, V  [2]*Param
	// Sets[k] and Convs[k] are the layers of Desc.Sets[k] and Desc.Convs[k].
	Sets, Convs [][][2]*Param
	// Ptr is the pointer term's weight [hidden, row width] (nil without one).
	Ptr *Param
	// convT[k][l] is Convs[k][l]'s weight as [in, ky, kx, out] (Prepare).
	convT [][][]float32
	inDim int
	f32   int
	// z0 is the normalised value of a raw 0 for each float feature, and base
	// is b1 + z0 W1 (the float rows of the first layer): observations are
	// mostly zeros, so the first layer only visits features that differ
	// from z0. Model.Prepare refreshes them.
	z0, base []float32
}

// Params lists the network's parameters in a fixed order.
func (n *Net) Params() []*Param {
	ps := append([]*Param(nil), n.Embeds...)
	for _, l := range n.Hidden {
		ps = append(ps, l[0], l[1])
	}
	ps = append(ps, n.Pi[0], n.Pi[1], n.V[0], n.V[1])
	ps = append(ps, n.encoderParams()...)
	if n.Ptr != nil {
		ps = append(ps, n.Ptr)
	}
	return ps
}

// Model is the trained thing: the description, one or more networks and the
// observation normaliser.
type Model struct {
	Arch Arch
	// Nets holds one network (shared) or one per seat (Arch.Shared false).
	Nets []*Net
	Norm *Normalizer
	z0   []float32
}

// Floats is the width of the network's float input: the float32 elements,
// the uint8 ones, less the spans left out, then the egocentric windows (see
// Arch.FloatInput).
func (a *Arch) Floats() int { return a.F32 + a.U8 - a.droppedWidth() + a.cropWidth() }

// FirstLayerInputs returns the widths of network k's first-layer inputs:
// the float input (its egocentric windows counted apart as well), the
// embedding bags and the encoders' outputs.
func (a *Arch) FirstLayerInputs(k int) (floats, windows, embedded, encoded int) {
	d := a.Nets[k]
	return a.Floats(), a.cropWidth(), d.embedWidth(), d.encOutWidth()
}

// NewArch describes the network cfg builds for spec.
func NewArch(spec *env.Spec, opts env.Options, cfg *Config) (Arch, error) {
	l := spec.Layout
	a := Arch{
		Format: Format, Env: spec.ID, Options: map[string]string(opts), Actions: spec.Actions,
		ActionNames: spec.ActionNames, Agents: spec.Agents, F32: l.F32, I32: l.I32, U8: l.U8,
		Activation: "tanh", ObsMean: "obs_mean", ObsVar: "obs_var", ObsEps: ObsEps, ObsClip: cfg.ObsClip,
		Shared: !cfg.Independent,
	}
	if a.Options == nil {
		a.Options = map[string]string{}
	}
	if spec.Actions < 1 {
		return a, fmt.Errorf("%s: the action space is empty", spec.ID)
	}
	if l.F32 == 0 && l.I32 == 0 && l.U8 == 0 {
		return a, fmt.Errorf("%s: the observation has no fields", spec.ID)
	}
	for _, f := range l.Fields {
		a.Fields = append(a.Fields, FieldDesc{Name: f.Name, DType: f.DType.String(), Shape: f.Shape, Offset: f.Offset})
	}
	for _, name := range cfg.Network.Exclude {
		if _, ok := l.Field(name); !ok {
			return a, fmt.Errorf("config network.exclude: %s has no field %q", spec.ID, name)
		}
	}
	if err := addCrops(&a, l, &cfg.Network); err != nil {
		return a, err
	}
	if err := addDrops(&a, l, &cfg.Network); err != nil {
		return a, err
	}
	nets := 1
	if cfg.Independent {
		nets = len(spec.Agents)
	}
	for k := 0; k < nets; k++ {
		p := fmt.Sprintf("net%d.", k)
		var d NetDesc
		in := a.Floats()
		for _, f := range l.Fields {
			if f.DType != encode.Int32 || slices.Contains(cfg.Network.Drop, f.Name) {
				continue
			}
			d.Embeddings = append(d.Embeddings, EmbedDesc{Field: f.Name, Offset: f.Offset, Size: f.Size(),
				Vocab: cfg.Vocab, Dim: cfg.EmbedDim, Param: p + "embed." + f.Name})
			in += cfg.EmbedDim
		}
		in += addEncoders(&a, l, &cfg.Network, p, &d)
		for i, h := range cfg.Hidden {
			d.Hidden = append(d.Hidden, DenseDesc{W: fmt.Sprintf("%shidden%d.w", p, i), B: fmt.Sprintf("%shidden%d.b", p, i), In: in, Out: h})
			in = h
		}
		if cfg.Network.Pointer {
			if err := addPointer(&a, l, p, &d, in, cfg.Network.PointerFields); err != nil {
				return a, err
			}
		}
		d.Policy = DenseDesc{W: p + "policy.w", B: p + "policy.b", In: in, Out: spec.Actions}
		d.Value = DenseDesc{W: p + "value.w", B: p + "value.b", In: in, Out: 1}
		a.Nets = append(a.Nets, d)
	}
	if len(a.EncInputs) > 0 && len(a.Dropped) > 0 {
		// encoders read the observation, not the float input that leaves
		// spans out: loaders before v5 read it from the float input
		a.Format = FormatPointer
	}
	return a, nil
}

// NewModel allocates the model of arch, initialised from seed: embeddings
// N(0, 1)-like with scale 1/sqrt(fields), hidden layers LeCun-uniform, the
// policy head scaled by 0.01 (a near-uniform start) and zero biases.
func NewModel(arch Arch, seed uint64) *Model {
	m := &Model{Arch: arch, Norm: NewNormalizer(arch.Floats())}
	rng := game.NewRNG(seed)
	uniform := func(p *Param, scale float64) {
		for i := range p.Data {
			p.Data[i] = float32((2*rng.Float64() - 1) * scale)
		}
	}
	for _, d := range arch.Nets {
		n := &Net{Desc: d}
		for _, e := range d.Embeddings {
			p := newParam(e.Param, e.Vocab, e.Dim)
			uniform(p, math.Sqrt(3)/math.Sqrt(float64(max(1, e.Size))))
			n.Embeds = append(n.Embeds, p)
		}
		dense := func(dd DenseDesc, gain float64) [2]*Param {
			w, b := newParam(dd.W, dd.In, dd.Out), newParam(dd.B, dd.Out)
			uniform(w, gain*math.Sqrt(3/float64(dd.In)))
			return [2]*Param{w, b}
		}
		for _, h := range d.Hidden {
			n.Hidden = append(n.Hidden, dense(h, 1))
		}
		n.Pi = dense(d.Policy, 0.01)
		n.V = dense(d.Value, 1)
		n.initEncoders(uniform)
		if pd := d.Pointer; pd != nil {
			n.Ptr = newParam(pd.W, pd.In, pd.Width)
			uniform(n.Ptr, 0.01*math.Sqrt(3/float64(pd.In)))
		}
		n.inDim = arch.Floats() + d.embedWidth() + d.encOutWidth()
		n.f32 = arch.Floats()
		n.base = make([]float32, n.Hidden[0][0].Shape[1])
		m.Nets = append(m.Nets, n)
	}
	m.z0 = make([]float32, arch.Floats())
	m.Prepare()
	return m
}

// Prepare refreshes what the Go forward pass caches from the weights and the
// normalisation statistics. Call it after changing either, before Forward.
func (m *Model) Prepare() {
	zero := make([]float32, m.Arch.Floats())
	m.Norm.Apply(zero, m.z0, float32(m.Arch.ObsClip))
	for _, n := range m.Nets {
		n.z0 = m.z0
		n.prepareConvs()
		w, b := n.Hidden[0][0], n.Hidden[0][1]
		cols := w.Shape[1]
		copy(n.base, b.Data)
		for i, z := range m.z0 {
			if z == 0 {
				continue
			}
			for j, wij := range w.Data[i*cols : (i+1)*cols] {
				n.base[j] += z * wij
			}
		}
	}
}

// embedWidth is the width of the embedding bags together (the first
// layer's inputs after the float observation).
func (d NetDesc) embedWidth() int {
	w := 0
	for _, e := range d.Embeddings {
		w += e.Dim
	}
	return w
}

// Params lists every trainable parameter of the model in a fixed order.
func (m *Model) Params() []*Param {
	var ps []*Param
	for _, n := range m.Nets {
		ps = append(ps, n.Params()...)
	}
	return ps
}

// NetFor returns the network that acts for seat agent.
func (m *Model) NetFor(agent int) *Net {
	if m.Arch.Shared || agent < 0 || agent >= len(m.Nets) {
		return m.Nets[0]
	}
	return m.Nets[agent]
}

// EmbedIndex is the table row of id v in a table of vocab rows.
func EmbedIndex(v int32, vocab int) int {
	if vocab&(vocab-1) == 0 { // a power of two: the same residue, no division
		return int(v) & (vocab - 1)
	}
	r := int(v) % vocab
	if r < 0 {
		r += vocab
	}
	return r
}

// Scratch holds the activations of one forward pass, so that acting
// allocates nothing.
type Scratch struct {
	in, a, b []float32
	// enc is the encoder input (Arch.EncInput), setA/setB and convA/convB
	// the encoders' activations.
	enc, setA, setB, convA, convB []float32
	// ptr is h U, the pointer term's projection of the last hidden layer.
	ptr []float32
	// v holds the value head's output (axpy's slices escape: a local
	// array would be allocated every call).
	v [1]float32
}

// NewScratch sizes scratch buffers for the model.
func (m *Model) NewScratch() *Scratch {
	w, sw, cw, pw := 1, 0, 0, 0
	for _, n := range m.Nets {
		if n.Desc.Pointer != nil {
			pw = max(pw, n.Desc.Pointer.Width)
		}
		w = max(w, n.inDim)
		for _, h := range n.Hidden {
			w = max(w, h[0].Shape[1])
		}
		s, c := n.Desc.encScratch()
		sw, cw = max(sw, s), max(cw, c)
	}
	return &Scratch{in: make([]float32, w), a: make([]float32, w), b: make([]float32, w),
		enc: make([]float32, m.Arch.EncWidth), setA: make([]float32, sw), setB: make([]float32, sw),
		convA: make([]float32, cw), convB: make([]float32, cw), ptr: make([]float32, pw)}
}

// Forward runs the network on one observation: x is the normalised float
// part, enc the encoder input (Arch.EncInput; nil without encoders), i32 the
// int part. It writes the raw (unmasked) logits and returns the
// value estimate. It runs on the calling goroutine and allocates nothing; the
// model must be prepared (Model.Prepare) for its current weights.
func (n *Net) Forward(x, enc []float32, i32 []int32, logits []float32, s *Scratch) float32 {
	return n.ForwardLegal(x, enc, i32, nil, logits, s)
}

// ForwardLegal is Forward computing only the logits of the actions legal in
// mask (every action when mask is nil); the others get MaskedLogit. A legal
// logit is bit for bit Forward's (the same products and sums in the same
// order): a masked softmax or a sample over mask reads only those. On
// Machina Arcana's 1,927 action ids, a few dozen legal, the full head was
// about half of the forward pass.
func (n *Net) ForwardLegal(x, enc []float32, i32 []int32, mask []int8, logits []float32, s *Scratch) float32 {
	embW := n.Desc.embedWidth()
	emb := s.in[:n.inDim-n.f32]
	n.forwardEncoders(enc, emb[embW:], s)
	off := 0
	for k, e := range n.Desc.Embeddings {
		out := emb[off : off+e.Dim]
		clear(out)
		tab := n.Embeds[k].Data
		for _, v := range i32[e.Offset : e.Offset+e.Size] {
			row := tab[EmbedIndex(v, e.Vocab)*e.Dim:]
			for j := range out {
				out[j] += row[j]
			}
		}
		off += e.Dim
	}
	// first layer: base + (x - z0) W1[:f32] + emb W1[f32:]
	w1 := n.Hidden[0][0]
	cols := w1.Shape[1]
	h := s.a[:cols]
	copy(h, n.base)
	for i, xi := range x {
		d := xi - n.z0[i]
		if d == 0 {
			continue
		}
		axpy(d, w1.Data[i*cols:(i+1)*cols], h)
	}
	for i, ei := range emb {
		if ei == 0 {
			continue
		}
		axpy(ei, w1.Data[(n.f32+i)*cols:(n.f32+i+1)*cols], h)
	}
	for j, v := range h {
		h[j] = float32(math.Tanh(float64(v)))
	}
	bufs := [2][]float32{s.b, s.a}
	for i, l := range n.Hidden[1:] {
		out := bufs[i%2][:l[0].Shape[1]]
		dense(h, l[0], l[1], out)
		for j, v := range out {
			out[j] = float32(math.Tanh(float64(v)))
		}
		h = out
	}
	if mask == nil {
		dense(h, n.Pi[0], n.Pi[1], logits)
	} else {
		denseLegal(h, n.Pi[0], n.Pi[1], mask, logits)
	}
	if n.Ptr != nil {
		n.forwardPointer(h, enc, i32, mask, logits, s)
	}
	dense(h, n.V[0], n.V[1], s.v[:])
	return s.v[0]
}

// denseLegal writes out = x W + b in the columns where mask is not 0 and
// MaskedLogit elsewhere. Each column sums as dense does (the bias, then the
// products of the non-zero inputs in order, each rounded: the conversion
// keeps a compiler from fusing them), so it is bit for bit dense's there.
func denseLegal(x []float32, w, b *Param, mask []int8, out []float32) {
	cols := w.Shape[1]
	for a, m := range mask {
		if m == 0 {
			out[a] = MaskedLogit
			continue
		}
		acc := b.Data[a]
		for i, xi := range x {
			if xi == 0 {
				continue
			}
			acc += float32(xi * w.Data[i*cols+a])
		}
		out[a] = acc
	}
}

// dense writes out = x W + b.
func dense(x []float32, w, b *Param, out []float32) {
	cols := w.Shape[1]
	copy(out, b.Data)
	for i, xi := range x {
		if xi == 0 {
			continue
		}
		axpy(xi, w.Data[i*cols:(i+1)*cols], out)
	}
}

// MaskedSoftmax writes the action probabilities of logits restricted to the
// legal actions of mask (illegal ones get exactly 0) and returns the log-sum-exp
// over the legal actions (so log p(a) = logits[a] - lse).
func MaskedSoftmax(logits []float32, mask []int8, probs []float32) float64 {
	mx := math.Inf(-1)
	for a, m := range mask {
		if m != 0 && float64(logits[a]) > mx {
			mx = float64(logits[a])
		}
	}
	sum := 0.0
	for a, m := range mask {
		if m == 0 {
			probs[a] = 0
			continue
		}
		e := math.Exp(float64(logits[a]) - mx)
		probs[a] = float32(e)
		sum += e
	}
	for a := range probs {
		probs[a] = float32(float64(probs[a]) / sum)
	}
	return mx + math.Log(sum)
}
