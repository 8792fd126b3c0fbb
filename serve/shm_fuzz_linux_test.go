//go:build linux

package serve

import (
	"context"
	"encoding/binary"
	"io"
	"log/slog"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/internal/fixture"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// FuzzSharedMemoryProtocol writes arbitrary bytes where a shared-memory
// client writes (the header's call arguments, the action rows, the envs of
// a reset) and sends an arbitrary operation byte: the server answers every
// call (OK or an error), never dies or hangs up, and a well-formed reset
// then step afterwards succeed. The same input goes to a second session
// whose client switched to the notification in memory, with an arbitrary
// jump of its call number (any change is a call) and polls of the answer
// or none (it blocks on the socket at once). CI runs it briefly (make
// fuzz-shm).
func FuzzSharedMemoryProtocol(f *testing.F) {
	fixture.Register()
	srv := New(Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	f.Cleanup(srv.Shutdown)
	const n = 3
	o, err := srv.Open(context.Background(), &pb.OpenRequest{EnvId: cipher, NumEnvs: n, Seed: 1, SharedMemory: true})
	if err != nil {
		f.Fatal(err)
	}
	c, ok := attachShared(f, o)
	if c == nil {
		f.Fatal(ok)
	}
	c.mustOK(c.reset(1))
	o2, err := srv.Open(context.Background(), &pb.OpenRequest{EnvId: cipher, NumEnvs: n, Seed: 1, SharedMemory: true})
	if err != nil {
		f.Fatal(err)
	}
	cn, ok := attachShared(f, o2)
	if cn == nil {
		f.Fatal(ok)
	}
	cn.startNotify()
	cn.mustOK(cn.reset(1))
	e, err := env.Make(cipher, nil)
	if err != nil {
		f.Fatal(err)
	}
	spec := e.Spec()

	seedHeader := make([]byte, 32)
	f.Add(byte('S'), seedHeader, []byte{0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0}, []byte{}, uint64(0), false)
	f.Add(byte('R'), append([]byte{2, 0, 0, 0, 1, 0, 0, 0}, make([]byte, 24)...), []byte{}, []byte{0, 0, 0, 0, 2, 0, 0, 0}, uint64(1<<63), true)
	f.Add(byte('R'), []byte{0xff, 0xff, 0xff, 0x7f}, []byte{}, []byte{0xff, 0xff, 0xff, 0xff}, ^uint64(0), false)
	f.Add(byte('S'), append(make([]byte, 20), 1, 0, 0, 0, 0, 0, 0, 0), []byte{0xff, 0xff, 0xff, 0xff}, []byte{}, uint64(5), true)
	f.Add(byte('X'), []byte{}, []byte{}, []byte{}, uint64(0), false)
	f.Add(byte('N'), []byte{}, []byte{}, []byte{}, uint64(0), true)
	f.Fuzz(func(t *testing.T, op byte, header, actions, envs []byte, jump uint64, block bool) {
		for _, c := range []*shmClient{c, cn} {
			c.t = t
			if op == shmOpNotify && !c.notify {
				continue // switches the connection for good (startNotify tests it)
			}
			if c.notify {
				if jump != ^uint64(0) { // that one would leave the number as it was: no call
					c.seq += jump
				}
				c.spins = 1000
				if block {
					c.spins = 0
				}
			}
			// The client-written part of the header: [shmResetCount, shmStatus).
			copy(c.mem[shmResetCount:shmStatus], header)
			copy(c.mem[c.lay.ActionsOffset:c.lay.ActionsOffset+4*n], actions)
			copy(c.mem[c.lay.EnvsOffset:c.lay.EnvsOffset+4*n], envs)
			code, msg, ended := c.call(op)
			if ended {
				t.Fatalf("op %q (notify %v): the server hung up: %v %s", op, c.notify, code, msg)
			}
			if op != shmOpStep && op != shmOpReset && code != codes.InvalidArgument {
				t.Fatalf("op %q (notify %v): %v %q, want INVALID_ARGUMENT", op, c.notify, code, msg)
			}
			// A well-formed call goes through afterwards.
			binary.LittleEndian.PutUint64(c.mem[shmTimeout:], 0)
			c.mustOK(c.reset(7))
			_, _, i8, _ := c.rows(spec)
			c.mustOK(c.step(firstLegalIn(i8[:n*spec.Actions], n)))
		}
	})
}
