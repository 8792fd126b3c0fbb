package train

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// TestCropWindow checks the egocentric window against the board read cell by
// cell, over random Machina Arcana play (actors at the edges of the grid
// included), and that no centre gives a zero window.
func TestCropWindow(t *testing.T) {
	cfg := encoderConfig(machinaID)
	cfg.Network = NetworkConfig{Crop: CropConfig{Size: 7, Center: "actor_cell"}}
	e, arch := envArch(t, machinaID, &cfg)
	l := e.Spec().Layout
	board, _ := l.Field("board")
	centre, _ := l.Field("actor_cell")
	ch, h, w := board.Shape[0], board.Shape[1], board.Shape[2]
	if arch.Floats() != l.F32+l.U8+ch*49 {
		t.Fatalf("floats %d, want %d", arch.Floats(), l.F32+l.U8+ch*49)
	}
	x := make([]float32, arch.Floats())
	rng := game.NewRNG(9)
	obs, info := e.Reset(3)
	seen, none, edge := 0, 0, 0
	for k := 0; k < 3000; k++ {
		for i := range x {
			x[i] = -7 // every element must be written
		}
		arch.FloatInput(x, obs.F32, obs.U8, obs.I32)
		planes, cell := obs.Bytes(board), int(obs.Int(centre)[0])
		win := x[l.F32+l.U8:]
		for c := 0; c < ch; c++ {
			for dy := -3; dy <= 3; dy++ {
				for dx := -3; dx <= 3; dx++ {
					var want float32
					y, xx := cell/w+dy, cell%w+dx
					if cell >= 0 && y >= 0 && y < h && xx >= 0 && xx < w {
						want = float32(planes[c*h*w+y*w+xx])
					}
					if got := win[c*49+(dy+3)*7+dx+3]; got != want {
						t.Fatalf("decision %d, cell %d, channel %d, offset (%d,%d): %v, want %v", k, cell, c, dx, dy, got, want)
					}
				}
			}
		}
		switch {
		case cell < 0:
			none++
		case cell%w < 3 || cell%w >= w-3 || cell/w < 3 || cell/w >= h-3:
			edge++
		default:
			seen++
		}
		a := agents.Uniform(&rng, info.Mask)
		tr, err := e.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		obs, info = tr.Obs, tr.Info
		if tr.Terminated || tr.Truncated {
			obs, info = e.Reset(uint64(k))
		}
	}
	if seen == 0 || none == 0 || edge == 0 {
		t.Fatalf("centres: %d inside, %d near an edge, %d none: the play did not cover every case", seen, edge, none)
	}
}

// TestCropConfigErrors: a window needs an odd size and an int32 field of one
// element to centre on, and an env with spatial planes; network.drop names
// fields of the layout.
func TestCropConfigErrors(t *testing.T) {
	for _, c := range []struct {
		crop CropConfig
		id   string
		want string
	}{
		{CropConfig{Size: 4, Center: "actor_cell"}, machinaID, "odd size"},
		{CropConfig{Size: 1, Center: "actor_cell"}, machinaID, "odd size"},
		{CropConfig{Size: 5}, machinaID, "name the int32 field"},
		{CropConfig{Size: 5, Center: "global"}, machinaID, `no int32 field "global"`},
		{CropConfig{Size: 5, Center: "pioneer_seat"}, machinaID, `no int32 field "pioneer_seat" of one element`},
		{CropConfig{Only: true}, machinaID, "odd size"},
		{CropConfig{Size: 5, Center: "actor_cell", Only: true}, "drop", `config network.drop: ` + machinaID + ` has no field "nope"`},
	} {
		cfg := encoderConfig(machinaID)
		cfg.Network = NetworkConfig{Crop: c.crop}
		if c.id == "drop" {
			cfg.Network.Drop = []string{"options", "nope"}
			c.id = machinaID
		}
		err := cfg.Validate()
		if err == nil {
			e, merr := env.Make(c.id, cfg.EnvOptions)
			if merr != nil {
				t.Fatal(merr)
			}
			_, err = NewArch(e.Spec(), cfg.EnvOptions, &cfg)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.crop, err, c.want)
		}
	}
}

// TestCropOnlyLeavesThePlanesOut: with crop.only the float input is the one
// without it, the board's span taken out, over random Machina Arcana play;
// the network is that much narrower.
func TestCropOnlyLeavesThePlanesOut(t *testing.T) {
	cfg := encoderConfig(machinaID)
	cfg.Network = NetworkConfig{Crop: CropConfig{Size: 5, Center: "actor_cell"}}
	e, full := envArch(t, machinaID, &cfg)
	cfg.Network.Crop.Only = true
	only, err := NewArch(e.Spec(), cfg.EnvOptions, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	l := e.Spec().Layout
	board, _ := l.Field("board")
	lo, hi := l.F32+board.Offset, l.F32+board.Offset+board.Size()
	if only.Format != FormatCropOnly || len(only.Dropped) != 1 || only.Dropped[0].Offset != lo || only.Floats() != full.Floats()-board.Size() {
		t.Fatalf("format %q, dropped %+v, floats %d (with the planes %d)", only.Format, only.Dropped, only.Floats(), full.Floats())
	}
	if m := NewModel(only, 1); m.Nets[0].Hidden[0][0].Shape[0] != NewModel(full, 1).Nets[0].Hidden[0][0].Shape[0]-board.Size() {
		t.Fatal("the first layer keeps rows for the planes left out")
	}
	inputIsCut(t, e, full, only, lo, hi)
}

// inputIsCut checks over random play of e that cut's float input is full's
// with the raw elements [lo, hi) left out.
func inputIsCut(t *testing.T, e env.Env, full, cut Arch, lo, hi int) {
	t.Helper()
	x, y := make([]float32, full.Floats()), make([]float32, cut.Floats())
	rng := game.NewRNG(4)
	obs, info := e.Reset(1)
	for k := 0; k < 500; k++ {
		for i := range y {
			y[i] = -7 // every element must be written
		}
		full.FloatInput(x, obs.F32, obs.U8, obs.I32)
		cut.FloatInput(y, obs.F32, obs.U8, obs.I32)
		want := append(append([]float32{}, x[:lo]...), x[hi:]...)
		if len(want) != len(y) {
			t.Fatalf("input of %d, want %d", len(y), len(want))
		}
		for i := range want {
			if y[i] != want[i] {
				t.Fatalf("decision %d: input %d is %v, want %v", k, i, y[i], want[i])
			}
		}
		tr, err := e.Step(agents.Uniform(&rng, info.Mask))
		if err != nil {
			t.Fatal(err)
		}
		obs, info = tr.Obs, tr.Info
		if tr.Terminated || tr.Truncated {
			obs, info = e.Reset(uint64(k))
		}
	}
}

// TestDropLeavesFieldsOut: network.drop takes Machina Arcana's option rows
// out of the float input (beside the planes of crop.only, the window still
// last) and their action ids' embedding bag out of the network, so a config
// written before the rows came in builds the network it built then.
func TestDropLeavesFieldsOut(t *testing.T) {
	cfg := encoderConfig(machinaID)
	cfg.Network = NetworkConfig{Crop: CropConfig{Size: 5, Center: "actor_cell", Only: true}}
	e, only := envArch(t, machinaID, &cfg)
	cfg.Network.Drop = []string{"options", "option_action"}
	dropped, err := NewArch(e.Spec(), cfg.EnvOptions, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	l := e.Spec().Layout
	rows, _ := l.Field("options")
	if len(dropped.Dropped) != 2 || dropped.Floats() != only.Floats()-rows.Size() ||
		len(dropped.Nets[0].Embeddings) != len(only.Nets[0].Embeddings)-1 || dropped.Crops[0].Out != dropped.Floats()-dropped.cropWidth() {
		t.Fatalf("dropped %+v, %d floats (%d without drop), %d embeddings (%d), window at %d",
			dropped.Dropped, dropped.Floats(), only.Floats(), len(dropped.Nets[0].Embeddings), len(only.Nets[0].Embeddings), dropped.Crops[0].Out)
	}
	for _, em := range dropped.Nets[0].Embeddings {
		if em.Field == "option_action" {
			t.Fatal("option_action keeps its embedding bag")
		}
	}
	// the option rows are the last uint8 field: their span in only's input
	// starts after the planes it leaves out
	board, _ := l.Field("board")
	lo := l.F32 + rows.Offset - board.Size()
	inputIsCut(t, e, only, dropped, lo, lo+rows.Size())
}
