package train

import (
	"fmt"
	"slices"

	"github.com/mythos-rl/mythos/encode"
)

// network.drop: fields left out of the network's flat input. A float32 or
// uint8 field leaves the float input (a span of Arch.Dropped, as the planes
// of crop.only do), an int32 field gets no embedding bag; encoders and the
// pointer term still read a field left out (EncInput reads the observation
// itself). Machina Arcana's option rows are 1,152 values of which the
// pointer term needs nothing in the trunk: dropping them (and the
// embedding bag of their action ids) keeps the flat input of the configs
// written before the rows came in, bit for bit, and its cost.

// addDrops adds the spans of the float fields nc.Drop names to a.Dropped
// (a field crop.only already leaves out stays one span), keeping them in
// offset order and the windows after what is left of the raw input.
func addDrops(a *Arch, l *encode.Layout, nc *NetworkConfig) error {
	for _, name := range nc.Drop {
		f, ok := l.Field(name)
		if !ok {
			return fmt.Errorf("config network.drop: %s has no field %q", a.Env, name)
		}
		if f.DType == encode.Int32 || slices.ContainsFunc(a.Dropped, func(d DropDesc) bool { return d.Field == name }) {
			continue // an embedding bag left out (NewArch), or a span already
		}
		off := f.Offset
		if f.DType == encode.Uint8 {
			off += l.F32
		}
		a.Dropped = append(a.Dropped, DropDesc{Field: f.Name, Offset: off, Size: f.Size()})
	}
	slices.SortFunc(a.Dropped, func(x, y DropDesc) int { return x.Offset - y.Offset }) // FloatInput's order
	out := l.F32 + l.U8 - a.droppedWidth()
	for i := range a.Crops {
		a.Crops[i].Out = out
		out += a.Crops[i].Shape[0] * a.Crops[i].Size * a.Crops[i].Size
	}
	if len(a.Dropped) > 0 && (a.Format == Format || a.Format == FormatCrop) {
		a.Format = FormatCropOnly // a loader must know the spans left out
	}
	return nil
}
