package train

import (
	"fmt"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// lossGraph is the PPO loss of one network over a minibatch of fixed size B,
// as a gorgonia graph whose weight nodes share memory with the network's
// Params (an optimiser step on the Params is seen by the next run).
//
// Inputs per row: the float part of the first layer's pre-activation and the
// embedding bags (both computed sparsely outside the graph, which returns
// their gradients), the mask as additive logits (0 or MaskedLogit), the
// taken action one-hot, the old log-probability, the advantage, the return and
// a row weight (1/n for the n real rows, 0 for padding).
type lossGraph struct {
	net *Net
	// params is net.Params(), in the order of the gradients.
	params []*Param
	B      int
	vm     G.VM

	// px and emb are nil when the observation has no float32 (int32) part.
	px, emb                                           *G.Node
	pxT, embT, maskT, actT, oldT, advT, retT, wT, bcT *tensor.Dense

	// wrt are the nodes differentiated; wrtAt[i] = {param index, offset}
	// says where gradient i goes in the grads of net.Params() ({-1, 0} for px,
	// {-2, 0} for the embedding bags).
	wrt   []*G.Node
	wrtAt [][2]int
	grads G.Nodes
	dpx   []float32
	demb  []float32
	// sets and convs are the encoders' inputs (graph_encoders.go).
	sets  []setInputs
	convs []*tensor.Dense
	// ptr are the pointer term's inputs (pointer.go).
	ptr pointerInputs
	// dconv[k] is the gradient of convs[k] (the first convolution's output
	// before its bias), convW[k] the index in params of that convolution's
	// weight (see backConv).
	dconv [][]float32
	convW []int
	c     []float32 // z0 W1[:f32], per minibatch
	// parts is how many goroutines share setPX and backPX (parts.go).
	parts int

	// The policy head's columns (head.go): the graph's logits are Width
	// columns, cols[j] the action of column j (len(cols) ≤ Width; the rest
	// are padding, masked), headW and headB the head's weights and bias
	// gathered for them, piW and piB the indices of the head in params.
	Width        int
	cols         []int32
	headW, headB *tensor.Dense
	piW, piB     int

	cost *G.Node
	// read copies of the outputs (the machine may reuse the nodes' memory)
	outLogits, outValue G.Value
	outStats            [7]G.Value
}

// bind wraps p's data (shaped as shape, default p.Shape) as a tensor, so that
// the graph reads the weights in place.
func bind(p *Param, shape ...int) *tensor.Dense {
	if len(shape) == 0 {
		shape = p.Shape
	}
	return tensor.New(tensor.WithShape(shape...), tensor.WithBacking(p.Data))
}

// input adds a float32 input node of shape to g, with its backing tensor.
func input(g *G.ExprGraph, name string, shape ...int) (*G.Node, *tensor.Dense) {
	n := 1
	for _, d := range shape {
		n *= d
	}
	t := tensor.New(tensor.WithShape(shape...), tensor.WithBacking(make([]float32, n)))
	var node *G.Node
	if len(shape) == 1 {
		node = G.NewVector(g, tensor.Float32, G.WithShape(shape...), G.WithName(name), G.WithValue(t))
	} else {
		node = G.NewMatrix(g, tensor.Float32, G.WithShape(shape...), G.WithName(name), G.WithValue(t))
	}
	return node, t
}

// data is t's backing slice.
func data(t *tensor.Dense) []float32 { return t.Data().([]float32) }

// newLossGraph builds the loss of net for minibatches of b rows, with
// every action a column of the policy head.
func newLossGraph(net *Net, f32, b int, cfg *Config) (*lossGraph, error) {
	return newHeadGraph(net, f32, b, net.Pi[0].Shape[1], cfg)
}

// newHeadGraph builds the loss of net for minibatches of b rows whose legal
// actions fit width columns of the policy head (head.go).
func newHeadGraph(net *Net, f32, b, width int, cfg *Config) (lg *lossGraph, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("building the loss graph: %v", r)
		}
	}()
	g := G.NewGraph()
	lg = &lossGraph{net: net, params: net.Params(), B: b, Width: width, parts: min(cfg.workers(), maxParts)}
	var maskBias, act, oldLogp, adv, ret, weight, bcw *G.Node
	var logits, value, policyLoss, valueLoss, entropy, approxKL, clipFrac, bcLoss *G.Node
	A := width
	index := map[*Param]int{}
	for i, p := range lg.params {
		index[p] = i
	}
	lg.piW, lg.piB = index[net.Pi[0]], index[net.Pi[1]]
	// param binds p (whose gradient goes to grads[at][off:]) as a node,
	// shaped as shape when given.
	param := func(at, off int, p *Param, shape ...int) *G.Node {
		var n *G.Node
		switch {
		case len(shape) > 0:
			n = G.NewTensor(g, tensor.Float32, len(shape), G.WithShape(shape...), G.WithName(p.Name), G.WithValue(bind(p, shape...)))
		case len(p.Shape) == 1: // a bias, used as a [1, out] row
			n = G.NewMatrix(g, tensor.Float32, G.WithShape(1, p.Shape[0]), G.WithName(p.Name), G.WithValue(bind(p, 1, p.Shape[0])))
		case len(p.Shape) > 2:
			n = G.NewTensor(g, tensor.Float32, len(p.Shape), G.WithShape(p.Shape...), G.WithName(p.Name), G.WithValue(bind(p)))
		default:
			n = G.NewMatrix(g, tensor.Float32, G.WithShape(p.Shape...), G.WithName(p.Name), G.WithValue(bind(p)))
		}
		lg.wrt = append(lg.wrt, n)
		lg.wrtAt = append(lg.wrtAt, [2]int{at, off})
		return n
	}
	affine := func(x *G.Node, l [2]*Param) *G.Node {
		w, bias := param(index[l[0]], 0, l[0]), param(index[l[1]], 0, l[1])
		return G.Must(G.BroadcastAdd(G.Must(G.Mul(x, w)), bias, nil, []byte{0}))
	}
	// The first layer's float rows are applied outside the graph (sparse,
	// see setPX): the graph gets px = x W1[:f32] as an input and returns its
	// gradient, from which backPX builds the gradient of W1[:f32].
	w1 := net.Hidden[0][0]
	h1 := w1.Shape[1]
	var pre *G.Node
	if f32 > 0 {
		lg.px, lg.pxT = input(g, "px", b, h1)
		pre = lg.px
	}
	if len(net.Embeds) > 0 {
		// the embedding bags are summed outside the graph too (setEmb); the
		// graph returns their gradient and backEmb scatters it to the tables
		var emb *G.Node
		emb, lg.embT = input(g, "embeddings", b, net.Desc.embedWidth())
		lg.emb = emb
		rows := net.Desc.embedWidth()
		w1e := G.NewMatrix(g, tensor.Float32, G.WithShape(rows, h1), G.WithName(w1.Name+".embed_rows"),
			G.WithValue(tensor.New(tensor.WithShape(rows, h1), tensor.WithBacking(w1.Data[f32*h1:(f32+rows)*h1]))))
		lg.wrt = append(lg.wrt, w1e)
		lg.wrtAt = append(lg.wrtAt, [2]int{len(net.Embeds), f32 * h1})
		ep := G.Must(G.Mul(emb, w1e))
		if pre == nil {
			pre = ep
		} else {
			pre = G.Must(G.Add(pre, ep))
		}
	}
	if enc := lg.buildEncoders(g, b, func(p *Param, shape ...int) *G.Node { return param(index[p], 0, p, shape...) }); enc != nil {
		// the encoders' outputs meet the first layer's last rows
		from, rows := f32+net.Desc.embedWidth(), net.Desc.encOutWidth()
		w1c := G.NewMatrix(g, tensor.Float32, G.WithShape(rows, h1), G.WithName(w1.Name+".encoder_rows"),
			G.WithValue(tensor.New(tensor.WithShape(rows, h1), tensor.WithBacking(w1.Data[from*h1:(from+rows)*h1]))))
		lg.wrt = append(lg.wrt, w1c)
		lg.wrtAt = append(lg.wrtAt, [2]int{index[w1], from * h1})
		ep := G.Must(G.Mul(enc, w1c))
		if pre == nil {
			pre = ep
		} else {
			pre = G.Must(G.Add(pre, ep))
		}
	}
	b1 := param(index[net.Hidden[0][1]], 0, net.Hidden[0][1])
	h := G.Must(G.Tanh(G.Must(G.BroadcastAdd(pre, b1, nil, []byte{0}))))
	for _, l := range net.Hidden[1:] {
		h = G.Must(G.Tanh(affine(h, l)))
	}
	// the head reads its gathered columns; run scatters their gradients
	hidden := net.Pi[0].Shape[0]
	lg.headW = tensor.New(tensor.WithShape(hidden, A), tensor.WithBacking(make([]float32, hidden*A)))
	lg.headB = tensor.New(tensor.WithShape(1, A), tensor.WithBacking(make([]float32, A)))
	hw := G.NewMatrix(g, tensor.Float32, G.WithShape(hidden, A), G.WithName(net.Pi[0].Name+".columns"), G.WithValue(lg.headW))
	hb := G.NewMatrix(g, tensor.Float32, G.WithShape(1, A), G.WithName(net.Pi[1].Name+".columns"), G.WithValue(lg.headB))
	lg.wrt = append(lg.wrt, hw, hb)
	lg.wrtAt = append(lg.wrtAt, [2]int{-4, 0}, [2]int{-5, 0})
	logits = G.Must(G.BroadcastAdd(G.Must(G.Mul(h, hw)), hb, nil, []byte{0}))
	if net.Ptr != nil {
		logits = lg.buildPointer(h, param(index[net.Ptr], 0, net.Ptr), logits, b, A)
	}
	value = G.Must(G.Reshape(affine(h, net.V), tensor.Shape{b}))

	G.Read(logits, &lg.outLogits)
	G.Read(value, &lg.outValue)
	maskBias, lg.maskT = input(g, "mask", b, A)
	act, lg.actT = input(g, "act", b, A)
	oldLogp, lg.oldT = input(g, "old_logp", b)
	adv, lg.advT = input(g, "adv", b)
	ret, lg.retT = input(g, "ret", b)
	weight, lg.wT = input(g, "weight", b)
	bcw, lg.bcT = input(g, "bc_weight", b)

	logp := G.Must(G.LogSoftMax(G.Must(G.Add(logits, maskBias)), 1))
	logpA := G.Must(G.Sum(G.Must(G.HadamardProd(logp, act)), 1))
	p := G.Must(G.Exp(logp))
	ent := G.Must(G.Neg(G.Must(G.Sum(G.Must(G.HadamardProd(p, logp)), 1))))
	diff := G.Must(G.Sub(logpA, oldLogp))
	ratio := G.Must(G.Exp(diff))
	lo, loT := input(g, "ratio_lo", b)
	hi, hiT := input(g, "ratio_hi", b)
	for i := 0; i < b; i++ {
		data(loT)[i] = float32(1 - cfg.ClipRange)
		data(hiT)[i] = float32(1 + cfg.ClipRange)
	}
	clipped := G.Must(G.MinBetween(G.Must(G.MaxBetween(ratio, lo)), hi))
	surr := G.Must(G.MinBetween(G.Must(G.HadamardProd(ratio, adv)), G.Must(G.HadamardProd(clipped, adv))))
	wsum := func(v *G.Node) *G.Node { return G.Must(G.Sum(G.Must(G.HadamardProd(weight, v)))) }
	policyLoss = G.Must(G.Neg(wsum(surr)))
	valueLoss = G.Must(G.Mul(wsum(G.Must(G.Square(G.Must(G.Sub(value, ret))))), G.NewConstant(float32(0.5))))
	entropy = wsum(ent)
	approxKL = G.Must(G.Neg(wsum(diff)))
	// clip fraction: rows whose ratio left [1-ε, 1+ε] (|ratio - clipped| > 0)
	clipFrac = wsum(G.Must(G.Gt(G.Must(G.Abs(G.Must(G.Sub(ratio, clipped)))), G.NewConstant(float32(1e-6)), true)))
	// behaviour cloning (teacher warm start): -Σ bc_weight · log p(a); the
	// bc weights are 0 in PPO minibatches, and PPO's advantages 0 in BC ones
	bcLoss = G.Must(G.Neg(G.Must(G.Sum(G.Must(G.HadamardProd(bcw, logpA))))))
	lg.cost = G.Must(G.Add(policyLoss, G.Must(G.Mul(valueLoss, G.NewConstant(float32(cfg.ValueCoef))))))
	lg.cost = G.Must(G.Add(lg.cost, bcLoss))
	lg.cost = G.Must(G.Sub(lg.cost, G.Must(G.Mul(entropy, G.NewConstant(float32(cfg.EntropyCoef))))))
	for i, n := range []*G.Node{lg.cost, policyLoss, valueLoss, entropy, approxKL, clipFrac, bcLoss} {
		G.Read(n, &lg.outStats[i])
	}
	if lg.px != nil {
		lg.wrt = append(lg.wrt, lg.px)
		lg.wrtAt = append(lg.wrtAt, [2]int{-1, 0})
		lg.dpx = make([]float32, b*h1)
		lg.c = make([]float32, h1)
	}
	if lg.emb != nil {
		lg.wrt = append(lg.wrt, lg.emb)
		lg.wrtAt = append(lg.wrtAt, [2]int{-2, 0})
		lg.demb = make([]float32, len(data(lg.embT)))
	}
	if lg.grads, err = G.Grad(lg.cost, lg.wrt...); err != nil {
		return nil, fmt.Errorf("differentiating the loss: %w", err)
	}
	lg.vm = G.NewTapeMachine(g)
	return lg, nil
}

// stats are the loss terms of one minibatch.
type stats struct {
	Loss, PolicyLoss, ValueLoss, Entropy, ApproxKL, ClipFrac, BCLoss float64
}

// add sums o's terms into s.
func (s *stats) add(o stats) {
	s.Loss += o.Loss
	s.PolicyLoss += o.PolicyLoss
	s.ValueLoss += o.ValueLoss
	s.Entropy += o.Entropy
	s.ApproxKL += o.ApproxKL
	s.ClipFrac += o.ClipFrac
	s.BCLoss += o.BCLoss
}

// mean is s summed over n minibatches divided by n.
func (s stats) mean(n int) stats {
	c := float64(n)
	return stats{s.Loss / c, s.PolicyLoss / c, s.ValueLoss / c, s.Entropy / c, s.ApproxKL / c, s.ClipFrac / c, s.BCLoss / c}
}

// scalarValue reads a scalar (or the first element) of a float32 value.
func scalarValue(v G.Value) float64 {
	switch v := v.Data().(type) {
	case float32:
		return float64(v)
	case []float32:
		return float64(v[0])
	}
	return 0
}

// run computes the loss and the gradients of the inputs set in the tensors,
// and copies each gradient into grads (parallel to net.Params()).
func (lg *lossGraph) run(grads [][]float32) (stats, error) {
	defer lg.vm.Reset()
	if err := lg.vm.RunAll(); err != nil {
		return stats{}, fmt.Errorf("loss graph: %w", err)
	}
	for i, gn := range lg.grads {
		at := lg.wrtAt[i]
		switch at[0] {
		case -1:
			copy(lg.dpx, gn.Value().Data().([]float32))
		case -2:
			copy(lg.demb, gn.Value().Data().([]float32))
		case -3:
			copy(lg.dconv[at[1]], gn.Value().Data().([]float32))
		case -4:
			lg.scatterHead(grads[lg.piW], gn.Value().Data().([]float32))
		case -5:
			lg.scatterHead(grads[lg.piB], gn.Value().Data().([]float32))
		default:
			copy(grads[at[0]][at[1]:], gn.Value().Data().([]float32))
		}
	}
	return stats{
		Loss: scalarValue(lg.outStats[0]), PolicyLoss: scalarValue(lg.outStats[1]), ValueLoss: scalarValue(lg.outStats[2]),
		Entropy: scalarValue(lg.outStats[3]), ApproxKL: scalarValue(lg.outStats[4]), ClipFrac: scalarValue(lg.outStats[5]),
		BCLoss: scalarValue(lg.outStats[6]),
	}, nil
}

// close releases the machine.
func (lg *lossGraph) close() { lg.vm.Close() }

// setPX writes px = x W1[:f32] for the minibatch rows of r, visiting only
// the features that differ from z0: x W = z0 W + (x - z0) W. Padding rows get 0.
// The rows are shared among lg.parts goroutines (each output row is one
// row's alone).
func (lg *lossGraph) setPX(r *rollout, rows []int32) {
	if lg.px == nil {
		return
	}
	w := lg.net.Hidden[0][0]
	h1 := w.Shape[1]
	clear(lg.c)
	for i, z := range r.z0 {
		if z != 0 {
			axpy(z, w.Data[i*h1:(i+1)*h1], lg.c)
		}
	}
	px := data(lg.pxT)
	inParts(lg.parts, func(p int) {
		lo, hi := share(lg.B, p, lg.parts)
		for j := lo; j < hi; j++ {
			out := px[j*h1 : (j+1)*h1]
			if j >= len(rows) {
				clear(out)
				continue
			}
			copy(out, lg.c)
			row := rows[j]
			for k := r.spStart[row]; k < r.spStart[row+1]; k++ {
				i, d := int(r.spIdx[k]), r.spVal[k]
				axpy(d, w.Data[i*h1:(i+1)*h1], out)
			}
		}
	})
}

// backPX writes the gradient of W1[:f32] into g from the gradient of px:
// dW = z0ᵀ Σ_rows dpx + Σ_rows (x - z0)ᵀ dpx (padding rows have dpx = 0).
// Feature i's gradient row belongs to part i mod lg.parts, which adds the
// rows' terms to it in the minibatch's order, as one part would.
func (lg *lossGraph) backPX(r *rollout, rows []int32, g []float32) {
	if lg.px == nil {
		return
	}
	h1 := lg.net.Hidden[0][0].Shape[1]
	g = g[:len(r.z0)*h1]
	clear(lg.c)
	for j := 0; j < lg.B; j++ {
		for c, v := range lg.dpx[j*h1 : (j+1)*h1] {
			lg.c[c] += v
		}
	}
	parts := lg.parts
	inParts(parts, func(p int) {
		for i := p; i < len(r.z0); i += parts {
			gi := g[i*h1 : (i+1)*h1]
			if z := r.z0[i]; z != 0 {
				for c, v := range lg.c {
					gi[c] = z * v
				}
			} else {
				clear(gi)
			}
		}
		for j, row := range rows {
			d := lg.dpx[j*h1 : (j+1)*h1]
			for k := r.spStart[row]; k < r.spStart[row+1]; k++ {
				if i, x := int(r.spIdx[k]), r.spVal[k]; i%parts == p {
					axpy(x, d, g[i*h1:(i+1)*h1])
				}
			}
		}
	})
}

// setEmb writes the embedding bags of the minibatch rows (padding rows 0),
// the rows shared among lg.parts goroutines (each writes its own rows).
func (lg *lossGraph) setEmb(r *rollout, rows []int32) {
	if lg.emb == nil {
		return
	}
	out := data(lg.embT)
	width := len(out) / lg.B
	clear(out)
	inParts(lg.parts, func(p int) {
		lo, hi := share(len(rows), p, lg.parts)
		for j := lo; j < hi; j++ {
			off := j * width
			ids := r.ids[int(rows[j])*r.i32:]
			for k, e := range lg.net.Desc.Embeddings {
				o := out[off : off+e.Dim]
				tab := lg.net.Embeds[k].Data
				for _, v := range ids[e.Offset : e.Offset+e.Size] {
					t := EmbedIndex(v, e.Vocab) * e.Dim
					axpy(1, tab[t:t+e.Dim], o) // o += the row: 1·x is x exactly
				}
				off += e.Dim
			}
		}
	})
}

// backEmb scatters the gradient of the embedding bags into the tables'
// gradients (grads[k] for embedding k). Table k belongs to part k mod
// lg.parts, which adds the rows' terms to it in the minibatch's order, as
// one part would.
func (lg *lossGraph) backEmb(r *rollout, rows []int32, grads [][]float32) {
	if lg.emb == nil {
		return
	}
	width := len(lg.demb) / lg.B
	parts := max(1, min(lg.parts, len(lg.net.Embeds)))
	inParts(parts, func(p int) {
		for k := p; k < len(lg.net.Embeds); k += parts {
			clear(grads[k])
		}
		for j, row := range rows {
			off := j * width
			ids := r.ids[int(row)*r.i32:]
			for k, e := range lg.net.Desc.Embeddings {
				if k%parts == p {
					d, g := lg.demb[off:off+e.Dim], grads[k]
					for _, v := range ids[e.Offset : e.Offset+e.Size] {
						axpy(1, d, g[EmbedIndex(v, e.Vocab)*e.Dim:])
					}
				}
				off += e.Dim
			}
		}
	})
}
