package train

import (
	"fmt"
	"slices"

	G "gorgonia.org/gorgonia"

	"github.com/mythos-rl/mythos/encode"
)

// The pointer term of the policy head (network: {pointer: true}). The head
// scores each action id with weights of its own, so what it learns of one
// id teaches nothing about another: an attack on the monster at Cell 3:4 and
// one at Cell 9:2 are unrelated columns. An env whose observation lists its
// options as feature rows (a float field "options" of rows, and an int32
// field "option_action" with each row's action id, -1 past the last) gets a
// second term shared by every option: the logit of option i's action gains
// (h U) · row_i, with h the trunk's last hidden layer, U one weight matrix
// [hidden, row width] and row_i the option's row through the encoders'
// symlog transform. What makes a good target then carries over to every
// target with the same features.

// FormatPointer is the network.json format of a network with a pointer
// term (NetDesc.Pointer), or with encoders beside spans left out of the
// float input (EncInput reads the observation, not the float input).
const FormatPointer = "mythos-ppo-v5"

// The fields a pointer term reads.
const (
	PointerRowsField   = "options"
	PointerActionField = "option_action"
)

// PointerDesc describes a network's pointer term: Rows option rows of
// Width features in the encoder input at Enc; the int32 observation holds
// row i's action id at Offset+i (-1: no option). The logit of row i's
// action (when legal) gains (h W) · row_i, W [In, Width].
type PointerDesc struct {
	Field   string `json:"field"`
	Enc     int    `json:"enc"`
	Rows    int    `json:"rows"`
	Width   int    `json:"width"`
	Actions string `json:"actions"`
	Offset  int    `json:"offset"`
	W       string `json:"w"`
	In      int    `json:"in"`
	// More names the fields joined to Field's rows (Width is their widths
	// together); the encoder input holds the joined rows.
	More []string `json:"more,omitempty"`
}

// addPointer describes the pointer term of the network prefixed p, on the
// last hidden layer of width in: it finds the option fields in l (the
// options field, then the fields of more names, joined row by row) and
// adds the rows to the encoders' input if they are not there yet.
func addPointer(a *Arch, l *encode.Layout, p string, d *NetDesc, in int, more []string) error {
	rows, ok := l.Field(PointerRowsField)
	if !ok || rows.DType == encode.Int32 || len(rows.Shape) != 2 {
		return fmt.Errorf("config network.pointer: %s has no float field %q of option rows [rows, features]", a.Env, PointerRowsField)
	}
	acts, ok := l.Field(PointerActionField)
	if !ok || acts.DType != encode.Int32 || acts.Size() != rows.Shape[0] {
		return fmt.Errorf("config network.pointer: %s has no int32 field %q of %d action ids", a.Env, PointerActionField, rows.Shape[0])
	}
	fields := []*encode.Field{rows}
	width := rows.Shape[1]
	for _, name := range more {
		f, ok := l.Field(name)
		if !ok || f.DType == encode.Int32 || len(f.Shape) != 2 || f.Shape[0] != rows.Shape[0] || slices.Contains(fields, f) {
			return fmt.Errorf("config network.pointer_fields: %s has no float field %q of %d option rows [rows, features] (besides %s)", a.Env, name, rows.Shape[0], PointerRowsField)
		}
		fields = append(fields, f)
		width += f.Shape[1]
	}
	joined := len(fields) > 1
	enc := -1
	for _, e := range a.EncInputs {
		if e.Field == rows.Name && (e.Rows > 0) == joined {
			enc = e.Enc
			break
		}
	}
	if enc < 0 {
		enc = a.EncWidth
		col := 0
		for _, f := range fields {
			off := f.Offset
			if f.DType == encode.Uint8 {
				off += l.F32
			}
			e := EncInput{Field: f.Name, Offset: off, Size: f.Size(), Enc: enc + col}
			if joined {
				e.Rows, e.Stride = f.Shape[0], width
			}
			a.EncInputs = append(a.EncInputs, e)
			col += f.Shape[1]
		}
		a.EncTransform = EncTransform
		a.EncWidth += rows.Shape[0] * width
	}
	d.Pointer = &PointerDesc{Field: rows.Name, Enc: enc, Rows: rows.Shape[0], Width: width,
		Actions: acts.Name, Offset: acts.Offset, W: p + "pointer.w", In: in, More: more}
	a.Format = FormatPointer
	return nil
}

// forwardPointer adds the pointer term to the logits of the legal actions
// of mask (every action when mask is nil), h being the last hidden layer.
func (n *Net) forwardPointer(h, enc []float32, i32 []int32, mask []int8, logits []float32, s *Scratch) {
	d := n.Desc.Pointer
	u := s.ptr[:d.Width]
	clear(u)
	for i, hi := range h {
		if hi != 0 {
			axpy(hi, n.Ptr.Data[i*d.Width:(i+1)*d.Width], u)
		}
	}
	for r := 0; r < d.Rows; r++ {
		a := int(i32[d.Offset+r])
		if a < 0 || a >= len(logits) || (mask != nil && mask[a] == 0) {
			continue
		}
		var dot float32
		for j, x := range enc[d.Enc+r*d.Width : d.Enc+(r+1)*d.Width] {
			dot += u[j] * x
		}
		logits[a] += dot
	}
}

// pointerInputs are the loss graph's pointer inputs for one minibatch
// (setPointer): each option of each row, as its minibatch row, its head
// column and its features (feats, Width each, in the entries' order).
type pointerInputs struct {
	entries []pointerEntry
	feats   []float32
}

// pointerEntry is one option of a minibatch row: the row and its action's
// head column.
type pointerEntry struct{ row, col int32 }

// buildPointer adds the pointer term to logits ([b, width] head columns),
// from the last hidden layer h, with u the pointer weight's node: the
// scores of (h U) against the option rows (pointer_op.go) land in their
// actions' columns.
func (lg *lossGraph) buildPointer(h, u, logits *G.Node, b, width int) *G.Node {
	d := lg.net.Desc.Pointer
	hu := G.Must(G.Mul(h, u))
	q := G.Must(G.ApplyOp(optionScores{in: &lg.ptr, rows: b, width: width, feats: d.Width}, hu))
	return G.Must(G.Add(logits, q))
}

// setPointer lists the options of the minibatch rows of r with their head
// columns (colOf[a] for action a when the head is gathered, a itself when
// cols is nil) and their features; options whose action is illegal in the
// row (none in an env's own observation) are left out, as the forward pass
// leaves them out.
func (lg *lossGraph) setPointer(r *rollout, rows []int32, colOf []int32) {
	d := lg.net.Desc.Pointer
	if d == nil {
		return
	}
	in := &lg.ptr
	in.entries, in.feats = in.entries[:0], in.feats[:0]
	A := r.actions
	for j, row := range rows {
		ids := r.ids[int(row)*r.i32+d.Offset:]
		mask := r.mask[int(row)*A : (int(row)+1)*A]
		enc := r.enc[int(row)*r.encW:]
		for i := 0; i < d.Rows; i++ {
			a := int(ids[i])
			if a < 0 || a >= A || mask[a] == 0 {
				continue
			}
			c := a
			if lg.cols != nil {
				c = int(colOf[a])
			}
			in.entries = append(in.entries, pointerEntry{int32(j), int32(c)})
			in.feats = append(in.feats, enc[d.Enc+i*d.Width:d.Enc+(i+1)*d.Width]...)
		}
	}
}
