package env

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
)

// FlatField is the name of the one field of a flat view.
const FlatField = "flat"

// flatEnv is the flat view of an env (see Flat).
type flatEnv struct {
	Wrapper
	spec  *Spec
	inner encode.Obs // the base observation, for Observe
	obs   encode.Obs // the flat observation Reset and Step return
	nf    int        // float32 elements of the base layout
	ni    int        // int32 elements of the base layout
}

// Flat wraps e so that every observation is one float32 vector, for simple
// MLP agents: its layout has the single field "flat" of F32+I32+U8 elements,
// holding the base layout's float32 buffer as it is, then its int32 buffer
// (card ids, seats, action ids) and its uint8 buffer (flags, small counts)
// converted to float32. The field's doc gives
// each base field's offset in the vector. The mask, rewards and the rest of
// Info are the base env's. Like the base env, the view writes into its own
// buffers and does not allocate per step.
func Flat(e Env) Env {
	base := e.Spec()
	l := base.Layout
	var flat encode.Layout
	flat.Add(FlatField, encode.Float32, flatDoc(l), l.F32+l.I32+l.U8)
	spec := *base
	spec.Layout = &flat
	return &flatEnv{
		Wrapper: Wrapper{e},
		spec:    &spec,
		inner:   l.NewObs(),
		obs:     flat.NewObs(),
		nf:      l.F32,
		ni:      l.I32,
	}
}

// flatDoc lists where each field of l lands in the flat vector.
func flatDoc(l *encode.Layout) string {
	var b strings.Builder
	b.WriteString("Every field of the base layout in one float32 vector: the float32 fields at their offsets, then the int32 fields (ids, as float32), then the uint8 fields (as float32) after them. Offsets:")
	for _, f := range l.Fields {
		at := f.Offset
		switch f.DType {
		case encode.Int32:
			at += l.F32
		case encode.Uint8:
			at += l.F32 + l.I32
		}
		fmt.Fprintf(&b, " %s [%d, %d)", f.Name, at, at+f.Size())
		b.WriteByte(';')
	}
	s := b.String()
	return s[:len(s)-1] + "."
}

// flatten writes the base observation o into dst.
func (f *flatEnv) flatten(o encode.Obs, dst []float32) {
	copy(dst[:f.nf], o.F32)
	ints := dst[f.nf : f.nf+f.ni]
	for i, v := range o.I32 {
		ints[i] = float32(v)
	}
	bytes := dst[f.nf+f.ni:]
	for i, v := range o.U8 {
		bytes[i] = float32(v)
	}
}

// Spec implements [Env]: the base spec with the one-field layout.
func (f *flatEnv) Spec() *Spec { return f.spec }

// Reset implements [Env].
func (f *flatEnv) Reset(seed uint64) (encode.Obs, Info) {
	o, info := f.Env.Reset(seed)
	f.flatten(o, f.obs.F32)
	return f.obs, info
}

// Step implements [Env].
func (f *flatEnv) Step(action int) (Transition, error) {
	tr, err := f.Env.Step(action)
	if err != nil {
		return tr, err
	}
	f.flatten(tr.Obs, f.obs.F32)
	tr.Obs = f.obs
	return tr, nil
}

// Observe implements [Env]: viewer's view, flattened into o (laid out by the
// flat spec).
func (f *flatEnv) Observe(viewer game.AgentID, o encode.Obs) {
	f.Env.Observe(viewer, f.inner)
	f.flatten(f.inner, o.F32)
}
