package serve

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// copyRows sends s back to the path before direct encoding: every env
// encodes into its own buffers and the session copies the rows and scans
// them whole.
func copyRows(t *testing.T, s *session) {
	t.Helper()
	for i, e := range s.envs {
		d := env.DirectEncoderOf(e)
		if d == nil || !s.direct[i] {
			t.Fatalf("env %d of %s does not encode into its row", i, s.spec.ID)
		}
		d.EncodeInto(encode.Obs{}, nil, nil)
		s.direct[i] = false
	}
}

// TestDirectRowsMatchCopiedRows steps two sessions of The Gathering with the
// same random legal actions, one whose envs encode into the session's rows
// (clearing only the blocks they wrote last, the sparse packing reading only
// the blocks they wrote) and one that copies and scans the rows as before,
// and checks that every reply is the same, byte for byte: packed (sparse and
// dense) and tensors, with final observations and auto-resets, stepped by
// several workers, and after resets of some envs.
func TestDirectRowsMatchCopiedRows(t *testing.T) {
	for _, c := range []struct {
		packed, sparse bool
	}{{true, true}, {true, false}, {false, true}} {
		t.Run(fmt.Sprintf("packed=%v,sparse=%v", c.packed, c.sparse), func(t *testing.T) {
			const n = 40 // at least parallelMin: several workers
			opts := env.Options{"investigators": "01001,01003", "max_steps": "50"}
			var ss [2]*session
			for k := range ss {
				s, err := newSession("t", "ArkhamLCG/TheGathering-v0", opts, n, 6, true, true, c.sparse, c.packed, 3, nil)
				if err != nil {
					t.Fatal(err)
				}
				ss[k] = s
			}
			copyRows(t, ss[1])
			answer := func(s *session) []byte { return answerBytes(t, s) }
			var last [2][]byte
			for k, s := range ss {
				if err := s.reset(nil, nil); err != nil {
					t.Fatal(err)
				}
				last[k] = answer(s)
			}
			for i := range ss[0].envs {
				if !ss[0].touched[i].Valid || ss[1].touched[i].Valid {
					t.Fatalf("env %d: records valid %v and %v: the two paths are not taken", i, ss[0].touched[i].Valid, ss[1].touched[i].Valid)
				}
			}
			rng := game.NewRNG(6)
			acts := make([]int32, n)
			A := ss[0].spec.Actions
			ends := 0
			for step := 0; step < 120; step++ {
				if !bytes.Equal(last[0], last[1]) {
					t.Fatalf("step %d: the replies differ (%d and %d bytes)", step, len(last[0]), len(last[1]))
				}
				if step == 60 { // a reset of some envs keeps the others' rows
					for k, s := range ss {
						if err := s.reset(nil, []int32{3, 17, n - 1}); err != nil {
							t.Fatal(err)
						}
						last[k] = answer(s)
					}
					continue
				}
				for i := range acts {
					acts[i] = int32(agents.Uniform(&rng, ss[0].mask[i*A:(i+1)*A]))
				}
				for k, s := range ss {
					if err := s.step(actionTensor(acts)); err != nil {
						t.Fatal(err)
					}
					last[k] = answer(s)
				}
				for i := range acts {
					if ss[0].terminated[i] || ss[0].truncated[i] {
						ends++
					}
				}
			}
			if ends < 20 {
				t.Fatalf("only %d episodes ended", ends)
			}
		})
	}
}

// TestAddBlocksMatchesAddNonzero checks the sparse packing of marked blocks
// against the scan of whole rows: random rows (short blocks at their ends,
// rows longer than a gap can span, runs of zero rows that need bridging),
// marks on every block that holds a non-zero and on random others.
func TestAddBlocksMatchesAddNonzero(t *testing.T) {
	rng := game.NewRNG(12)
	for trial := 0; trial < 300; trial++ {
		size := []int{1, 7, 8, 9, 100, 3226, maxGap + 100}[trial%7]
		var want, got sparseSeg
		base := uint32(0)
		for r := 0; r < 4; r++ {
			row := make([]uint32, size)
			words := make([]uint64, (size+64*encode.TouchBlock-1)/(64*encode.TouchBlock))
			density := []int{0, 2, 20, 100}[rng.IntN(4)]
			for j := range row {
				if rng.IntN(100) < density {
					row[j] = uint32(rng.IntN(5)) // zeros among the written ones too
				}
				b := j / encode.TouchBlock
				if row[j] != 0 || rng.IntN(40) == 0 {
					words[b/64] |= 1 << (b % 64)
				}
			}
			want.addNonzero(row, base)
			got.addBlocks(row, base, words)
			base += uint32(size) + uint32(rng.IntN(3))*maxGap // at times a long run of zeros between rows
		}
		if !slices.Equal(want.vals, got.vals) || !slices.Equal(want.gaps, got.gaps) || (len(want.vals) > 0 && (want.first != got.first || want.last != got.last)) {
			t.Fatalf("trial %d (rows of %d): blocks give %d values, %d gaps (first %d, last %d); the scan %d, %d (%d, %d)",
				trial, size, len(got.vals), len(got.gaps), got.first, got.last, len(want.vals), len(want.gaps), want.first, want.last)
		}
	}
}

// answerBytes is the wire form of s's current answer (a packed reply's bytes,
// or a StepResult marshalled deterministically), to compare replies byte for
// byte.
func answerBytes(t *testing.T, s *session) []byte {
	t.Helper()
	switch r := s.answer().(type) {
	case *reply:
		out := bytes.Clone(r.buf.ReadOnlyData())
		r.buf.Free()
		return out
	case *pb.StepResult:
		out, err := proto.MarshalOptions{Deterministic: true}.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	t.Fatal("unknown reply")
	return nil
}
