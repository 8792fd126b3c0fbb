package train

import (
	"slices"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// setInputs are the graph inputs of one set encoder over a minibatch of B
// rows of N entities: the entities' features x [B·N, D]; keep [B·N, H] (1 for
// a non-empty entity, 0 for an empty one, for every unit of the last layer);
// drop [B·N, H] (-2 for an empty entity: below any tanh, so that empty
// entities never win the max; -tieBreak·e for entity e: see tieBreak);
// inv [B, H] (1 / the number of non-empty entities, 1 when none);
// any [B, H] (1 when some entity is non-empty, else 0: the max is then 0).
type setInputs struct {
	x, keep, drop, inv, any *tensor.Dense
}

// tieBreak parts entities whose rows are equal (Machina Arcana's option rows
// of options that name no cell; any table may hold two equal rows) in the
// graph's max pooling: gorgonia gives the max's whole gradient to every
// entity that holds it, so k equal rows got k times the gradient that moving
// the max gives (a finite difference caught it). Entity e's unit is lowered
// by e·tieBreak, so the first of equal rows holds the max alone. The pooled
// value is lower by at most N·tieBreak (1e-5 over 96 rows) than the Go
// forward pass's exact max, below what the old and new log-probabilities
// of a PPO ratio can tell apart.
const tieBreak = 1e-7

// buildEncoders adds the set and convolution encoders of lg.net to g for
// minibatches of b rows and returns their outputs concatenated, [b, out]
// (nil without encoders). param binds a parameter as a node of the given
// shape (default its own) whose gradient the graph returns.
func (lg *lossGraph) buildEncoders(g *G.ExprGraph, b int, param func(p *Param, shape ...int) *G.Node) *G.Node {
	net := lg.net
	var outs []*G.Node
	for k, d := range net.Desc.Sets {
		n, h := d.Rows, d.Out/2
		var in setInputs
		var x, keep, drop, inv, any *G.Node
		x, in.x = input(g, "set."+d.Field+".x", b*n, d.Width)
		keep, in.keep = input(g, "set."+d.Field+".keep", b*n, h)
		drop, in.drop = input(g, "set."+d.Field+".drop", b*n, h)
		inv, in.inv = input(g, "set."+d.Field+".inv", b, h)
		any, in.any = input(g, "set."+d.Field+".any", b, h)
		lg.sets = append(lg.sets, in)
		for _, l := range net.Sets[k] {
			w, bias := param(l[0]), param(l[1])
			x = G.Must(G.Tanh(G.Must(G.BroadcastAdd(G.Must(G.Mul(x, w)), bias, nil, []byte{0}))))
		}
		kept := G.Must(G.HadamardProd(x, keep))
		sum := G.Must(G.Sum(G.Must(G.Reshape(kept, tensor.Shape{b, n, h})), 1))
		mean := G.Must(G.HadamardProd(sum, inv))
		mx := G.Must(G.Max(G.Must(G.Reshape(G.Must(G.Add(kept, drop)), tensor.Shape{b, n, h})), 1))
		outs = append(outs, mean, G.Must(G.HadamardProd(mx, any)))
	}
	for k, d := range net.Desc.Convs {
		// The first convolution runs outside the graph, sparsely, over the
		// non-zero cells of the planes (setEnc); the graph takes its output
		// (before the bias) as an input and returns its gradient, from which
		// backConv builds the gradient of its weight.
		H, W := d.Shape[1], d.Shape[2]
		c0 := d.Layers[0].Out
		t := tensor.New(tensor.WithShape(b, c0, H, W), tensor.WithBacking(make([]float32, b*c0*H*W)))
		y := G.NewTensor(g, tensor.Float32, 4, G.WithShape(b, c0, H, W), G.WithName("conv."+d.Field+".pre0"), G.WithValue(t))
		lg.convs = append(lg.convs, t)
		lg.dconv = append(lg.dconv, make([]float32, b*c0*H*W))
		lg.convW = append(lg.convW, slices.Index(lg.params, net.Convs[k][0][0]))
		lg.wrt = append(lg.wrt, y)
		lg.wrtAt = append(lg.wrtAt, [2]int{-3, k})
		var x *G.Node
		for i, l := range net.Convs[k] {
			ld := d.Layers[i]
			bias := param(l[1], 1, ld.Out, 1, 1)
			if i > 0 {
				y = G.Must(G.Conv2d(x, param(l[0]), tensor.Shape{ld.Kernel, ld.Kernel}, []int{ld.Pad, ld.Pad}, []int{1, 1}, []int{1, 1}))
			}
			x = G.Must(G.Rectify(G.Must(G.BroadcastAdd(y, bias, nil, []byte{0, 2, 3}))))
		}
		p := G.Must(G.MaxPool2D(x, tensor.Shape{d.Pool, d.Pool}, []int{0, 0}, []int{d.Pool, d.Pool}))
		outs = append(outs, G.Must(G.Reshape(p, tensor.Shape{b, d.Out})))
	}
	switch len(outs) {
	case 0:
		return nil
	case 1:
		return outs[0]
	}
	return G.Must(G.Concat(1, outs...))
}

// setEnc writes the encoder inputs of the minibatch rows of r (padding rows:
// empty sets and blank planes).
func (lg *lossGraph) setEnc(r *rollout, rows []int32) {
	for k, d := range lg.net.Desc.Sets {
		in := lg.sets[k]
		x, keep, drop, inv, any := data(in.x), data(in.keep), data(in.drop), data(in.inv), data(in.any)
		h := d.Out / 2
		for j := 0; j < lg.B; j++ {
			count := 0
			for e := 0; e < d.Rows; e++ {
				at := j*d.Rows + e
				xs := x[at*d.Width : (at+1)*d.Width]
				if j < len(rows) {
					copy(xs, r.enc[int(rows[j])*r.encW+d.Enc+e*d.Width:])
				} else {
					clear(xs)
				}
				empty := true
				for _, v := range xs {
					if v != 0 {
						empty = false
						break
					}
				}
				kv, dv := float32(1), -tieBreak*float32(e)
				if empty {
					kv, dv = 0, -2
				} else {
					count++
				}
				for c := 0; c < h; c++ {
					keep[at*h+c], drop[at*h+c] = kv, dv
				}
			}
			iv, av := float32(1), float32(0)
			if count > 0 {
				iv, av = 1/float32(count), 1
			}
			for c := 0; c < h; c++ {
				inv[j*h+c], any[j*h+c] = iv, av
			}
		}
	}
	for k, d := range lg.net.Desc.Convs {
		l, w := d.Layers[0], lg.net.Convs[k][0][0].Data
		out := data(lg.convs[k])
		HW := d.Shape[1] * d.Shape[2]
		size := l.Out * HW
		clear(out)
		for j, row := range rows {
			pre := out[j*size : (j+1)*size]
			lg.eachTap(d, r, row, func(v float32, wi, oi int) {
				for o := 0; o < l.Out; o++ {
					pre[o*HW+oi] += v * w[o*l.In*l.Kernel*l.Kernel+wi]
				}
			})
		}
	}
}

// eachTap calls f for every (non-zero input cell, kernel tap) pair of the
// first convolution of d on row of r: v is the cell's value, wi the tap's
// index in one output channel's weights [in, ky, kx], oi the output cell
// (y·W + x) it reaches.
func (lg *lossGraph) eachTap(d ConvDesc, r *rollout, row int32, f func(v float32, wi, oi int)) {
	l := d.Layers[0]
	C, H, W, K, P := d.Shape[0], d.Shape[1], d.Shape[2], l.Kernel, l.Pad
	x := r.enc[int(row)*r.encW+d.Enc : int(row)*r.encW+d.Enc+C*H*W]
	for i, v := range x {
		if v == 0 {
			continue
		}
		c, y, xx := i/(H*W), (i/W)%H, i%W
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
				f(v, (c*K+ky)*K+kx, oy*W+ox)
			}
		}
	}
}

// backConv writes the gradient of each first convolution's weight into
// grads from the gradient of its output: dW[o, c, ky, kx] = Σ_rows Σ_cells
// x[c, y, x] · dout[o, y-ky+P, x-kx+P] over the non-zero cells.
func (lg *lossGraph) backConv(r *rollout, rows []int32, grads [][]float32) {
	for k, d := range lg.net.Desc.Convs {
		l := d.Layers[0]
		g := grads[lg.convW[k]]
		clear(g)
		HW := d.Shape[1] * d.Shape[2]
		size := l.Out * HW
		per := l.In * l.Kernel * l.Kernel
		for j, row := range rows {
			dout := lg.dconv[k][j*size : (j+1)*size]
			lg.eachTap(d, r, row, func(v float32, wi, oi int) {
				for o := 0; o < l.Out; o++ {
					g[o*per+wi] += v * dout[o*HW+oi]
				}
			})
		}
	}
}
