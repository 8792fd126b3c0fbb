//go:build linux

package serve

import (
	"bytes"
	"testing"

	"github.com/mythos-rl/mythos/env"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// rowBytes are the bytes of a shared session's result sections (every row
// the client reads: observations, final observations, masks, rewards,
// agents, scores, lengths, ends, seeds), without the padding between them.
func (c *shmClient) rowBytes(spec *env.Spec) []byte {
	nf, ni, nb, nu := bufferSizes(spec, c.n, true)
	var out []byte
	for _, sec := range [][2]int{{int(c.lay.F32Offset), 4 * nf}, {int(c.lay.I32Offset), 4 * ni}, {int(c.lay.I8Offset), nb}, {int(c.lay.U64Offset), 8 * c.n}, {int(c.lay.U8Offset), nu}} {
		out = append(out, c.mem[sec[0]:sec[0]+sec[1]]...)
	}
	return out
}

// A client that writes garbage over every byte of its session's rows gets,
// from its next reset on, exactly the bytes a fresh session gets: a reset
// rewrites every row it touches whole, and the steps after it match too.
// Before, encoders that write only the blocks they touch left the garbage
// (3.4e38 values) in the observations after reset.
func TestResetRewritesCorruptedRowsWhole(t *testing.T) {
	ids := env.IDs()
	if testing.Short() {
		ids = ids[:min(len(ids), 4)]
	}
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			h := start(t, Config{})
			open := func() *shmClient {
				o := h.open(&pb.OpenRequest{EnvId: id, NumEnvs: 3, Seed: 9, AutoReset: true, FinalObservations: true, SharedMemory: true})
				c, ok := attachShared(t, o)
				if c == nil {
					t.Fatal(ok)
				}
				return c
			}
			spec := mustSpec(t, id)
			dirty, fresh := open(), open()
			dirty.mustOK(dirty.reset(1))
			for range 5 {
				_, _, i8, _ := dirty.rows(spec)
				dirty.mustOK(dirty.step(firstLegalIn(i8[:3*spec.Actions], 3)))
			}
			for _, fill := range []byte{0xff, 0x7f, 0x01} {
				_, _, _, nu := bufferSizes(spec, dirty.n, true)
				for _, rows := range [][]byte{dirty.mem[dirty.lay.F32Offset:dirty.lay.ActionsOffset], dirty.mem[dirty.lay.U8Offset : dirty.lay.U8Offset+int64(nu)]} {
					for k := range rows {
						rows[k] = fill
					}
				}
				dirty.mustOK(dirty.reset(5))
				fresh.mustOK(fresh.reset(5))
				for step := 0; ; step++ {
					if !bytes.Equal(dirty.rowBytes(spec), fresh.rowBytes(spec)) {
						a, b := dirty.rowBytes(spec), fresh.rowBytes(spec)
						k := 0
						for a[k] == b[k] {
							k++
						}
						t.Fatalf("fill %#x, step %d after reset: rows differ from a fresh session's at byte %d of %d", fill, step, k, len(a))
					}
					if step == 12 {
						break
					}
					_, _, i8, _ := fresh.rows(spec)
					acts := firstLegalIn(i8[:3*spec.Actions], 3)
					dirty.mustOK(dirty.step(acts))
					fresh.mustOK(fresh.step(acts))
				}
			}
		})
	}
}
