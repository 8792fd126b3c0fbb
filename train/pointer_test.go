package train

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// pointerConfig is tinyConfig with the pointer term on envID.
func pointerConfig(envID string) Config {
	cfg := encoderConfig(envID)
	cfg.Network = NetworkConfig{Pointer: true}
	return cfg
}

// pathsID names the pointer tests' case of Machina Arcana with its option
// paths joined to the option rows (pointerPathsConfig).
const pathsID = machinaID + "+option_paths"

// pointerPathsConfig is pointerConfig on Machina Arcana with the env's
// option_paths joined to its option rows.
func pointerPathsConfig() Config {
	cfg := pointerConfig(machinaID)
	cfg.EnvOptions["option_paths"] = "true"
	cfg.Network.PointerFields = []string{"option_paths"}
	return cfg
}

// pointerCase is the config and env id of a pointer test case: id itself,
// or pathsID.
func pointerCase(id string) (Config, string) {
	if id == pathsID {
		return pointerPathsConfig(), machinaID
	}
	return pointerConfig(id), id
}

// TestPointerGraphMatchesForward checks, on Machina Arcana (with and
// without its option paths joined) and The Gathering (both list their
// options as rows), that the pointer term
// changes the logits of the options' actions, that the gorgonia graph (the
// full head and a gathered one) gives the Go forward pass's logits, and
// that its gradient of the pointer weight agrees with finite differences.
func TestPointerGraphMatchesForward(t *testing.T) {
	for _, name := range []string{machinaID, lcg.TheGatheringID, pathsID} {
		t.Run(name, func(t *testing.T) {
			cfg, id := pointerCase(name)
			const B = 8
			r, m := encoderRows(t, id, &cfg, B)
			net := m.Nets[0]
			d := net.Desc.Pointer
			if d == nil || m.Arch.Format != FormatPointer || net.Ptr == nil || d.Rows < 2 || d.Width < 2 {
				t.Fatalf("pointer %+v, format %s", d, m.Arch.Format)
			}
			for j := range net.Ptr.Data { // a term of the head's scale
				net.Ptr.Data[j] *= 300
			}
			A, floats := m.Arch.Actions, m.Arch.Floats()
			s := m.NewScratch()
			forward := func(row int, logits []float32) float32 {
				return net.Forward(r.x[row*floats:(row+1)*floats], r.enc[row*r.encW:(row+1)*r.encW], r.ids[row*r.i32:(row+1)*r.i32], logits, s)
			}
			// the term moves the logits of the options' actions, no other
			with, without := make([]float32, A), make([]float32, A)
			ptr := net.Ptr
			moved := 0
			for row := 0; row < B; row++ {
				forward(row, with)
				net.Ptr = nil
				forward(row, without)
				net.Ptr = ptr
				opts := r.ids[row*r.i32+d.Offset : row*r.i32+d.Offset+d.Rows]
				for a := range with {
					switch {
					case with[a] != without[a] && !slices.Contains(opts, int32(a)):
						t.Fatalf("row %d: action %d is no option but its logit moved", row, a)
					case with[a] != without[a]:
						moved++
					}
				}
			}
			if moved < B {
				t.Fatalf("the pointer term moved %d logits in %d rows", moved, B)
			}
			rows := []int32{0, 1, 2, 3, 4, 5, 6} // the last graph row is padding
			tr := &Trainer{Config: cfg}
			n := len(tr.legalColumns(r, rows))
			for _, width := range []int{A, headWidth(n, A)} {
				lg, err := newHeadGraph(net, floats, B, width, &cfg)
				if err != nil {
					t.Fatal(err)
				}
				defer lg.close()
				tr.fill(lg, r, rows, false)
				if err := lg.vm.RunAll(); err != nil {
					t.Fatal(err)
				}
				gl := append([]float32(nil), lg.outLogits.Data().([]float32)...)
				lg.vm.Reset()
				logits := make([]float32, A)
				worst := 0.0
				for _, row := range rows {
					forward(int(row), logits)
					for a := range logits {
						c := a
						if width != A {
							if r.mask[int(row)*A+a] == 0 {
								continue
							}
							c = int(tr.colOf[a])
						}
						worst = max(worst, math.Abs(float64(logits[a]-gl[int(row)*width+c])))
					}
				}
				if worst > 1e-3 {
					t.Fatalf("head of %d columns: Go forward and graph differ by %v", width, worst)
				}
				grads := zerosLike(net.Params())
				if _, err := lg.run(grads); err != nil {
					t.Fatal(err)
				}
				g := grads[slices.Index(net.Params(), ptr)]
				cost := graphCost(t, tr, lg, r, rows)
				// the entries of largest gradient, and a fixed few
				big := 0
				for j := range g {
					if math.Abs(float64(g[j])) > math.Abs(float64(g[big])) {
						big = j
					}
				}
				if g[big] == 0 {
					t.Fatal("the pointer weight gets no gradient")
				}
				for _, j := range []int{big, 0, len(g) / 3, len(g) - 1} {
					if num := centralDiff(cost, ptr, j, 1e-2); math.Abs(num-float64(g[j])) > 2e-3+0.05*math.Abs(num) {
						t.Errorf("head of %d columns: d loss / d %s[%d]: graph %v, finite difference %v", width, ptr.Name, j, g[j], num)
					}
				}
			}
		})
	}
}

// An env without option rows refuses the pointer term with a clear error.
func TestPointerNeedsOptionRows(t *testing.T) {
	cfg := tinyConfig()
	e, _ := tinyEnv(t, &cfg)
	cfg.Network.Pointer = true
	_, err := NewArch(e.Spec(), cfg.EnvOptions, &cfg)
	if err == nil || !strings.Contains(err.Error(), `"options"`) {
		t.Fatalf("NewArch on an env without option rows: %v", err)
	}
}

// TestPointerJoinsOptionPaths: with pointer_fields, row i of the pointer's
// input is option i's row then its option_paths row, through symlog; a
// field that is not one of option rows is refused by name.
func TestPointerJoinsOptionPaths(t *testing.T) {
	cfg := pointerPathsConfig()
	e, arch := envArch(t, machinaID, &cfg)
	d := arch.Nets[0].Pointer
	l := e.Spec().Layout
	rows, _ := l.Field("options")
	paths, _ := l.Field("option_paths")
	if d == nil || d.Width != rows.Shape[1]+paths.Shape[1] || !slices.Equal(d.More, []string{"option_paths"}) {
		t.Fatalf("pointer %+v", d)
	}
	obs, info := e.Reset(3)
	rng := game.NewRNG(5)
	joined := 0
	for step := 0; step < 200 && joined < 20; step++ {
		enc := make([]float32, arch.EncWidth)
		arch.EncInput(obs.F32, obs.U8, enc)
		for i := 0; i < d.Rows; i++ {
			got := enc[d.Enc+i*d.Width : d.Enc+(i+1)*d.Width]
			want := append(slices.Clone(obs.U8[rows.Offset+i*rows.Shape[1]:rows.Offset+(i+1)*rows.Shape[1]]),
				obs.U8[paths.Offset+i*paths.Shape[1]:paths.Offset+(i+1)*paths.Shape[1]]...)
			for k := range want {
				if got[k] != Symlog(float32(want[k])) {
					t.Fatalf("step %d row %d column %d: %v, want symlog(%d)", step, i, k, got[k], want[k])
				}
			}
			if want[rows.Shape[1]] != 0 {
				joined++
			}
		}
		tr, err := e.Step(agents.Uniform(&rng, info.Mask))
		if err != nil {
			t.Fatal(err)
		}
		obs, info = tr.Obs, tr.Info
		if tr.Done() {
			obs, info = e.Reset(uint64(step))
		}
	}
	if joined == 0 {
		t.Fatal("no option row with a path: the join went unchecked")
	}
	cfg.Network.PointerFields = []string{"board"}
	if _, err := NewArch(e.Spec(), cfg.EnvOptions, &cfg); err == nil || !strings.Contains(err.Error(), `"board"`) {
		t.Fatalf("pointer_fields [board]: %v", err)
	}
}
