package train

import (
	"fmt"
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

	scratch          *Scratch
	obs              encode.Obs
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
	e.Observe(info.Agent, p.obs)
	p.Model.Arch.FloatInput(p.raw, p.obs.F32, p.obs.U8, p.obs.I32)
	p.Model.Norm.Apply(p.raw, p.x, float32(p.Model.Arch.ObsClip))
	p.Model.Arch.EncInput(p.raw, p.scratch.enc)
	v := p.Model.NetFor(int(info.Agent)).ForwardLegal(p.x, p.scratch.enc, p.obs.I32, info.Mask, p.logits, p.scratch)
	MaskedSoftmax(p.logits, info.Mask, p.probs)
	return p.probs, v
}

// CheckEnv implements agents.EnvChecker: e must have the observation layout
// sizes and the action count the policy was trained with.
func (p *Policy) CheckEnv(e env.Env) error {
	spec := e.Spec()
	if spec.Layout.F32 != p.Model.Arch.F32 || spec.Layout.I32 != p.Model.Arch.I32 || spec.Layout.U8 != p.Model.Arch.U8 || spec.Actions != p.Model.Arch.Actions {
		return fmt.Errorf("policy: trained on %s (obs %d+%d+%d, %d actions), asked to play %s (obs %d+%d+%d, %d actions)",
			p.Model.Arch.Env, p.Model.Arch.F32, p.Model.Arch.I32, p.Model.Arch.U8, p.Model.Arch.Actions,
			spec.ID, spec.Layout.F32, spec.Layout.I32, spec.Layout.U8, spec.Actions)
	}
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
