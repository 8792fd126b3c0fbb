package train

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// Policy is a trained model as an agents.Agent: it observes the env from the
// acting seat's view, runs the network and plays the most probable legal
// action (or samples from the masked policy when Sample is set).
type Policy struct {
	Model *Model
	// Sample draws actions from the policy instead of taking the argmax.
	Sample bool
	name   string
	rng    game.RNG

	scratch *Scratch
	obs     encode.Obs // in the layout the model was trained on
	// layout is the env layout CheckEnv last accepted (or refused, with
	// layoutErr); when it is not the model's, the policy observes into
	// envObs and copies the model's fields out of it (remap).
	layout           *encode.Layout
	layoutErr        error
	envObs           encode.Obs
	remap            []fieldCopy
	raw              []float32 // the float input before normalisation (float32 then uint8 elements)
	x, logits, probs []float32
}

// NewPolicy makes an agent of model. The model is only read, so several
// agents (one per goroutine) may share it.
func NewPolicy(model *Model, sample bool) *Policy {
	return &Policy{
		Model: model, Sample: sample, name: "policy",
		scratch: model.NewScratch(),
		obs:     encode.Obs{F32: make([]float32, model.Arch.F32), I32: make([]int32, model.Arch.I32), U8: make([]uint8, model.Arch.U8)},
		raw:     make([]float32, model.Arch.Floats()),
		x:       make([]float32, model.Arch.Floats()),
		logits:  make([]float32, model.Arch.Actions),
		probs:   make([]float32, model.Arch.Actions),
	}
}

// Name implements agents.Agent.
func (p *Policy) Name() string { return p.name }

// Reset implements agents.Agent.
func (p *Policy) Reset(seed uint64) { p.rng.Seed(seed) }

// Probabilities runs the network for the env's current decision and returns
// the masked action probabilities (a view valid until the next call) and the
// value estimate.
// It panics on an env the policy does not fit; callers check first with
// CheckEnv (agents.Play and mythos play do).
func (p *Policy) Probabilities(e env.Env, info *env.Info) ([]float32, float32) {
	if err := p.CheckEnv(e); err != nil {
		panic(err)
	}
	if p.remap == nil {
		e.Observe(info.Agent, p.obs)
	} else {
		e.Observe(info.Agent, p.envObs)
		for _, c := range p.remap {
			c.copy(p.obs, p.envObs)
		}
	}
	p.Model.Arch.FloatInput(p.raw, p.obs.F32, p.obs.U8, p.obs.I32)
	p.Model.Norm.Apply(p.raw, p.x, float32(p.Model.Arch.ObsClip))
	p.Model.Arch.EncInput(p.obs.F32, p.obs.U8, p.scratch.enc)
	v := p.Model.NetFor(int(info.Agent)).ForwardLegal(p.x, p.scratch.enc, p.obs.I32, info.Mask, p.logits, p.scratch)
	MaskedSoftmax(p.logits, info.Mask, p.probs)
	return p.probs, v
}

// CheckEnv implements agents.EnvChecker: e must have the action count the
// policy was trained with, and every observation field it was trained on
// (by name, dtype and shape). An env whose observation gained fields since
// (or moved them) is played by copying the model's fields out of it.
func (p *Policy) CheckEnv(e env.Env) error {
	spec := e.Spec()
	if spec.Layout == p.layout {
		return p.layoutErr
	}
	p.layout, p.remap, p.layoutErr = spec.Layout, nil, nil
	a, l := &p.Model.Arch, spec.Layout
	if l.F32 == a.F32 && l.I32 == a.I32 && l.U8 == a.U8 && spec.Actions == a.Actions && sameFields(a.Fields, l) {
		return nil
	}
	refuse := func(why string) error {
		p.layoutErr = fmt.Errorf("policy: trained on %s (obs %d+%d+%d, %d actions), asked to play %s (obs %d+%d+%d, %d actions): %s",
			a.Env, a.F32, a.I32, a.U8, a.Actions, spec.ID, l.F32, l.I32, l.U8, spec.Actions, why)
		return p.layoutErr
	}
	if spec.Actions != a.Actions {
		return refuse("another action space")
	}
	remap, err := fieldCopies(a.Fields, l)
	if err != nil {
		return refuse(err.Error())
	}
	p.remap, p.envObs = remap, l.NewObs()
	return nil
}

// Act implements agents.Agent.
func (p *Policy) Act(e env.Env, info *env.Info) int {
	probs, _ := p.Probabilities(e, info)
	if p.Sample {
		return sample(&p.rng, probs, info.Mask)
	}
	return argmax(probs, info.Mask)
}

func init() { agents.RegisterPolicyLoader(LoadPolicyAgent) }

// LoadPolicyAgent is the loader of the "policy" agent (installed with
// agents.RegisterPolicyLoader): it loads the model in the checkpoint
// directory ckpt. Options: sample=true samples from the masked policy
// (greedy=false says the same); the default plays the most probable action.
func LoadPolicyAgent(ckpt string, opts env.Options) (agents.Agent, error) {
	sampleFlag := false
	for _, k := range opts.Keys() {
		b, err := strconv.ParseBool(opts[k])
		switch k {
		case "sample", "greedy":
			if err != nil {
				return nil, fmt.Errorf("option %s=%q: want true or false", k, opts[k])
			}
			sampleFlag = b == (k == "sample")
		default:
			return nil, fmt.Errorf("unknown option %q (known: ckpt, sample, greedy)", k)
		}
	}
	m, err := LoadModel(ckpt)
	if err != nil {
		return nil, err
	}
	p := NewPolicy(m, sampleFlag)
	p.name = "policy:ckpt=" + ckpt
	if len(opts) > 0 {
		p.name += "," + opts.String()
	}
	return p, nil
}

// fieldCopy copies one observation field from an env's observation to the
// model's.
type fieldCopy struct {
	dtype       encode.DType
	from, to, n int
}

// copy copies the field from src (the env's layout) to dst (the model's).
func (c fieldCopy) copy(dst, src encode.Obs) {
	switch c.dtype {
	case encode.Float32:
		copy(dst.F32[c.to:c.to+c.n], src.F32[c.from:])
	case encode.Int32:
		copy(dst.I32[c.to:c.to+c.n], src.I32[c.from:])
	default:
		copy(dst.U8[c.to:c.to+c.n], src.U8[c.from:])
	}
}

// sameFields reports whether fields (a model's) are l's, offsets included.
func sameFields(fields []FieldDesc, l *encode.Layout) bool {
	if len(fields) != len(l.Fields) {
		return false
	}
	for i, f := range fields {
		g := &l.Fields[i]
		if f.Name != g.Name || f.DType != g.DType.String() || f.Offset != g.Offset || !slices.Equal(f.Shape, g.Shape) {
			return false
		}
	}
	return true
}

// fieldCopies maps each of a model's fields to the field of l with its
// name, which must have its dtype and shape.
func fieldCopies(fields []FieldDesc, l *encode.Layout) ([]fieldCopy, error) {
	var out []fieldCopy
	for _, f := range fields {
		g, ok := l.Field(f.Name)
		switch {
		case !ok:
			return nil, fmt.Errorf("the observation has no field %q", f.Name)
		case g.DType.String() != f.DType || !slices.Equal(g.Shape, f.Shape):
			return nil, fmt.Errorf("field %q is %s %v, the policy's %s %v", f.Name, g.DType, g.Shape, f.DType, f.Shape)
		}
		out = append(out, fieldCopy{dtype: g.DType, from: g.Offset, to: f.Offset, n: g.Size()})
	}
	return out, nil
}
