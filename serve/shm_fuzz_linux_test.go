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
// then step afterwards succeed. CI runs it briefly (make fuzz-shm).
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
	e, err := env.Make(cipher, nil)
	if err != nil {
		f.Fatal(err)
	}
	spec := e.Spec()

	seedHeader := make([]byte, 32)
	f.Add(byte('S'), seedHeader, []byte{0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0}, []byte{})
	f.Add(byte('R'), append([]byte{2, 0, 0, 0, 1, 0, 0, 0}, make([]byte, 24)...), []byte{}, []byte{0, 0, 0, 0, 2, 0, 0, 0})
	f.Add(byte('R'), []byte{0xff, 0xff, 0xff, 0x7f}, []byte{}, []byte{0xff, 0xff, 0xff, 0xff})
	f.Add(byte('S'), append(make([]byte, 20), 1, 0, 0, 0, 0, 0, 0, 0), []byte{0xff, 0xff, 0xff, 0xff}, []byte{})
	f.Add(byte('X'), []byte{}, []byte{}, []byte{})
	f.Fuzz(func(t *testing.T, op byte, header, actions, envs []byte) {
		c.t = t
		// The client-written part of the header: [shmResetCount, shmStatus).
		copy(c.mem[shmResetCount:shmStatus], header)
		copy(c.mem[c.lay.ActionsOffset:c.lay.ActionsOffset+4*n], actions)
		copy(c.mem[c.lay.EnvsOffset:c.lay.EnvsOffset+4*n], envs)
		code, msg, ended := c.call(op)
		if ended {
			t.Fatalf("op %q: the server hung up: %v %s", op, code, msg)
		}
		if op != shmOpStep && op != shmOpReset && code != codes.InvalidArgument {
			t.Fatalf("op %q: %v %q, want INVALID_ARGUMENT", op, code, msg)
		}
		// A well-formed call goes through afterwards.
		binary.LittleEndian.PutUint64(c.mem[shmTimeout:], 0)
		c.mustOK(c.reset(7))
		_, _, i8, _ := c.rows(spec)
		c.mustOK(c.step(firstLegalIn(i8[:n*spec.Actions], n)))
	})
}
