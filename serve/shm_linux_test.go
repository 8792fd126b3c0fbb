//go:build linux

package serve

import (
	"encoding/binary"
	"fmt"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/mythos-rl/mythos/env"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// shmClient is a test client of a session's shared memory, as the Python
// client does it: it attaches, maps, and makes calls with one byte each way.
type shmClient struct {
	t    testing.TB
	sock int
	mem  []byte
	lay  *pb.SharedMemory
	n    int
	op   []byte

	notify bool   // calls go through the notification in memory
	seq    uint64 // the number of the last call (notify)
	spins  int    // polls of the answer before blocking (notify)
}

// startNotify switches the client to the notification in memory, as the
// Python client does when the header offers it.
func (c *shmClient) startNotify() {
	c.t.Helper()
	if binary.LittleEndian.Uint32(c.mem[shmFeatures:])&shmFeatureNotify == 0 {
		c.t.Fatal("the server does not offer the notification in memory")
	}
	c.mustOK(c.call(shmOpNotify))
	c.notify, c.seq, c.spins = true, atomic.LoadUint64(dword(c.mem, shmReqSeq)), 1000
}

// notifyCall is call over the notification in memory: the number, a wake-up
// byte if the server blocks, the answer's number polled c.spins times and
// then waited for on the socket.
func (c *shmClient) notifyCall(op byte) (code codes.Code, msg string, ended bool) {
	c.seq++
	atomic.StoreUint32(word(c.mem, shmReqOp), uint32(op))
	atomic.StoreUint64(dword(c.mem, shmReqSeq), c.seq)
	if atomic.LoadUint32(word(c.mem, shmServerParked)) != 0 {
		c.op[0] = 'W'
		if _, err := syscall.Write(c.sock, c.op); err != nil {
			return c.closedReason()
		}
	}
	reply, parked := dword(c.mem, shmReplySeq), word(c.mem, shmClientParked)
	for i := 0; atomic.LoadUint64(reply) != c.seq; i++ {
		if i < c.spins {
			continue
		}
		atomic.StoreUint32(parked, 1)
		if atomic.LoadUint64(reply) == c.seq {
			atomic.StoreUint32(parked, 0)
			break
		}
		k, err := syscall.Read(c.sock, c.op)
		atomic.StoreUint32(parked, 0)
		if (k <= 0 || err != nil) && atomic.LoadUint64(reply) != c.seq {
			return c.closedReason()
		}
	}
	if binary.LittleEndian.Uint32(c.mem[shmStatus:]) == 0 {
		return codes.OK, "", false
	}
	n := binary.LittleEndian.Uint32(c.mem[shmMsgLen:])
	return codes.Code(binary.LittleEndian.Uint32(c.mem[shmStatus:])), string(c.mem[shmMsg : shmMsg+int(n)]), false
}

// inBothModes runs test with calls announced on the socket and in memory.
func inBothModes(t *testing.T, test func(t *testing.T, notify bool)) {
	t.Run("socket", func(t *testing.T) { test(t, false) })
	t.Run("notify", func(t *testing.T) { test(t, true) })
}

// attachMode attaches as attachShared does and, with notify, switches to
// the notification in memory.
func attachMode(t testing.TB, o *pb.OpenResponse, notify bool) (*shmClient, string) {
	c, ans := attachShared(t, o)
	if c != nil && notify {
		c.startNotify()
	}
	return c, ans
}

// attachShared attaches to the shared memory of an opened session; an
// attach the server refuses returns its "ERR …" answer.
func attachShared(t testing.TB, o *pb.OpenResponse) (*shmClient, string) {
	t.Helper()
	lay := o.SharedMemory
	if lay == nil {
		t.Fatal("Open did not grant shared memory")
	}
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Connect(fd, &syscall.SockaddrUnix{Name: lay.Socket}); err != nil {
		t.Fatalf("connect %s: %v", lay.Socket, err)
	}
	if _, err := syscall.Write(fd, []byte(o.SessionId+"\n"+o.SessionSecret)); err != nil {
		t.Fatal(err)
	}
	buf, oob := make([]byte, 2048), make([]byte, syscall.CmsgSpace(4))
	k, oobn, _, _, err := syscall.Recvmsg(fd, buf, oob, 0)
	if err != nil {
		t.Fatal(err)
	}
	if string(buf[:k]) != "OK" {
		syscall.Close(fd)
		return nil, string(buf[:k])
	}
	msgs, err := syscall.ParseSocketControlMessage(oob[:oobn])
	if err != nil || len(msgs) != 1 {
		t.Fatalf("no descriptor with OK: %v", err)
	}
	fds, err := syscall.ParseUnixRights(&msgs[0])
	if err != nil || len(fds) != 1 {
		t.Fatalf("no descriptor with OK: %v", err)
	}
	mem, err := syscall.Mmap(fds[0], 0, int(lay.Size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	syscall.Close(fds[0])
	if err != nil {
		t.Fatal(err)
	}
	c := &shmClient{t: t, sock: fd, mem: mem, lay: lay, n: int(o.NumEnvs), op: make([]byte, 1)}
	t.Cleanup(c.close)
	return c, "OK"
}

func (c *shmClient) close() {
	if c.sock >= 0 {
		syscall.Close(c.sock)
		c.sock = -1
	}
	if c.mem != nil {
		_ = syscall.Munmap(c.mem)
		c.mem = nil
	}
}

// call sends op and waits for the answer: code OK, the call's code and
// message, or (ended) the session's closing code and message.
func (c *shmClient) call(op byte) (code codes.Code, msg string, ended bool) {
	if c.notify {
		return c.notifyCall(op)
	}
	c.op[0] = op
	if _, err := syscall.Write(c.sock, c.op); err != nil {
		return c.closedReason()
	}
	k, err := syscall.Read(c.sock, c.op)
	if k <= 0 || err != nil {
		return c.closedReason()
	}
	if c.op[0] == shmReplyOK {
		return codes.OK, "", false
	}
	n := binary.LittleEndian.Uint32(c.mem[shmMsgLen:])
	return codes.Code(binary.LittleEndian.Uint32(c.mem[shmStatus:])), string(c.mem[shmMsg : shmMsg+int(n)]), false
}

func (c *shmClient) closedReason() (codes.Code, string, bool) {
	n := binary.LittleEndian.Uint32(c.mem[shmClosedLen:])
	return codes.Code(binary.LittleEndian.Uint32(c.mem[shmClosed:])), string(c.mem[shmClosedMsg : shmClosedMsg+int(n)]), true
}

func (c *shmClient) step(actions []int32) (codes.Code, string, bool) {
	copy(sliceAt[int32](c.mem, int(c.lay.ActionsOffset), c.n), actions)
	return c.call(shmOpStep)
}

func (c *shmClient) reset(seed uint64) (codes.Code, string, bool) {
	binary.LittleEndian.PutUint32(c.mem[shmResetCount:], 0)
	binary.LittleEndian.PutUint32(c.mem[shmHasSeed:], 1)
	binary.LittleEndian.PutUint64(c.mem[shmSeed:], seed)
	return c.call(shmOpReset)
}

func (c *shmClient) mustOK(code codes.Code, msg string, ended bool) {
	c.t.Helper()
	if code != codes.OK || ended {
		c.t.Fatalf("shared call: %v %s (ended %v)", code, msg, ended)
	}
}

// rows are the client's views of the shared sections, for spec.
func (c *shmClient) rows(spec *env.Spec) (f32 []float32, i32 []int32, i8 []int8, seed []uint64) {
	nf, ni, nb, _ := bufferSizes(spec, c.n, false)
	return sliceAt[float32](c.mem, int(c.lay.F32Offset), nf), sliceAt[int32](c.mem, int(c.lay.I32Offset), ni),
		sliceAt[int8](c.mem, int(c.lay.I8Offset), nb), sliceAt[uint64](c.mem, int(c.lay.U64Offset), c.n)
}

// firstLegalIn picks the first legal action of each env of a mask.
func firstLegalIn(mask []int8, n int) []int32 {
	a := make([]int32, n)
	w := len(mask) / n
	for i := range a {
		for j := 0; j < w; j++ {
			if mask[i*w+j] != 0 {
				a[i] = int32(j)
				break
			}
		}
	}
	return a
}

// A session in shared memory gives the in-process vector env's results, on
// one goroutine and across workers; its gRPC calls still answer.
func TestSharedMemoryMatchesInProcessVector(t *testing.T) {
	inBothModes(t, testSharedMemoryMatchesInProcessVector)
}

func testSharedMemoryMatchesInProcessVector(t *testing.T, notify bool) {
	for _, n := range []int{1, 40} {
		h := start(t, Config{Workers: 3})
		o := h.open(&pb.OpenRequest{EnvId: cipher, Options: map[string]string{"seats": "3"}, NumEnvs: int32(n), Seed: 11, AutoReset: true, SparseObservations: true, Encoding: pb.Encoding_ENCODING_PACKED, SharedMemory: true})
		c, ok := attachMode(t, o, notify)
		if ok != "OK" {
			t.Fatal(ok)
		}
		v, err := env.NewVector(cipher, env.Options{"seats": "3"}, n, 1)
		if err != nil {
			t.Fatal(err)
		}
		defer v.Close()
		spec := v.Spec()
		b := v.NewBatch(false)
		if err := v.Reset(11, b); err != nil {
			t.Fatal(err)
		}
		c.mustOK(c.reset(11))
		f32, i32, i8, seed := c.rows(spec)
		l, a := spec.Layout, len(spec.Agents)
		ended := 0
		for step := 0; step < 120; step++ {
			for i := 0; i < n; i++ {
				if !slicesEqual(f32[i*l.F32:(i+1)*l.F32], b.F32[i*l.F32:(i+1)*l.F32]) || !slicesEqual(i32[i*l.I32:(i+1)*l.I32], b.I32[i*l.I32:(i+1)*l.I32]) {
					t.Fatalf("n=%d step %d env %d: observation differs from the vector", n, step, i)
				}
				off := n * l.F32
				if f32[off+i] != b.Reward[i] || i32[n*l.I32+i] != b.Agent[i] || seed[i] != b.Seed[i] ||
					(i8[n*spec.Actions+i] == 1) != b.Terminated[i] || (i8[n*spec.Actions+n+i] == 1) != b.Truncated[i] {
					t.Fatalf("n=%d step %d env %d: reward/agent/seed/ends differ from the vector", n, step, i)
				}
				if b.Terminated[i] || b.Truncated[i] {
					ended++
					if got := f32[off+n+n*a+n+i]; got != b.Score[i] {
						t.Fatalf("step %d env %d: final score %v, vector %v", step, i, got, b.Score[i])
					}
				}
			}
			if !slicesEqual(i8[:n*spec.Actions], b.Mask) {
				t.Fatalf("n=%d step %d: mask differs from the vector", n, step)
			}
			acts := firstLegalIn(b.Mask, n)
			if err := v.Step(acts, b); err != nil {
				t.Fatal(err)
			}
			c.mustOK(c.step(acts))
		}
		if ended == 0 {
			t.Fatalf("n=%d: no episode ended", n)
		}
		// gRPC calls on the session answer from the same rows (dense: the
		// shared session ignores sparse_observations).
		r := h.step(o.SessionId, firstLegalIn(b.Mask, n))
		if r.Packed == nil || r.Packed.Sparse {
			t.Fatalf("gRPC step of a shared session: packed %v", r.Packed)
		}
	}
}

func slicesEqual[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Bad input over shared memory gets the gRPC path's codes and changes
// nothing; the session's end reaches the client as the socket's end, with
// the reason in the header; the client's end closes the session.
func TestSharedMemoryErrorsAndEnds(t *testing.T) { inBothModes(t, testSharedMemoryErrorsAndEnds) }

func testSharedMemoryErrorsAndEnds(t *testing.T, notify bool) {
	h := start(t, Config{})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 2, Seed: 1, SharedMemory: true, Encoding: pb.Encoding_ENCODING_PACKED})
	c, _ := attachMode(t, o, notify)
	if code, msg, _ := c.step([]int32{0, 0}); code != codes.FailedPrecondition || !strings.Contains(msg, "has not been reset") {
		t.Fatalf("step before reset: %v %s", code, msg)
	}
	c.mustOK(c.reset(3))
	if code, msg, _ := c.step([]int32{0, 9999}); code != codes.InvalidArgument || !strings.Contains(msg, "env 1") {
		t.Fatalf("illegal action: %v %s", code, msg)
	}
	if code, msg, _ := c.call('X'); code != codes.InvalidArgument || !strings.Contains(msg, "unknown operation") {
		t.Fatalf("unknown op: %v %s", code, msg)
	}
	binary.LittleEndian.PutUint32(c.mem[shmResetCount:], 99)
	if code, _, _ := c.call(shmOpReset); code != codes.InvalidArgument {
		t.Fatalf("reset of 99 envs: %v", code)
	}
	// A second client, and a wrong secret, are refused.
	if _, ans := attachMode(t, o, notify); !strings.HasPrefix(ans, "ERR FAILED_PRECONDITION") || !strings.Contains(ans, "another client") {
		t.Fatalf("second attach: %q", ans)
	}
	bad := &pb.OpenResponse{SessionId: o.SessionId, SessionSecret: "nope", SharedMemory: o.SharedMemory}
	if _, ans := attachShared(t, bad); !strings.HasPrefix(ans, "ERR NOT_FOUND") {
		t.Fatalf("wrong secret: %q", ans)
	}
	// Close over gRPC: the client's next call sees the end and why.
	if _, err := h.client.Close(h.ctx, &pb.CloseRequest{SessionId: o.SessionId}); err != nil {
		t.Fatal(err)
	}
	code, msg, ended := c.step([]int32{0, 0})
	if !ended || code != codes.NotFound || !strings.Contains(msg, "closed") {
		t.Fatalf("step after Close: %v %q ended=%v", code, msg, ended)
	}
	waitFor(t, func() bool { return h.srv.LiveEnvs() == 0 }, "the closed session's envs freed")

	// The client going away closes its session.
	o2 := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 3, Seed: 1, SharedMemory: true})
	c2, _ := attachMode(t, o2, notify)
	c2.mustOK(c2.reset(1))
	c2.close()
	waitFor(t, func() bool { return h.srv.Sessions() == 0 && h.srv.LiveEnvs() == 0 }, "the session of a client that went away closed")
}

// A shared session's client blocked in a call is woken when the server
// shuts down (the harness checks that no goroutine is left).
func TestSharedMemoryShutdownWakesClients(t *testing.T) {
	inBothModes(t, testSharedMemoryShutdownWakesClients)
}

func testSharedMemoryShutdownWakesClients(t *testing.T, notify bool) {
	h := start(t, Config{})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Seed: 1, SharedMemory: true})
	c, _ := attachMode(t, o, notify)
	c.mustOK(c.reset(1))
	h.srv.Shutdown()
	code, msg, ended := c.step([]int32{0})
	// The call is answered either by the connection's end or, when the
	// server's shared-memory loop takes it before the hang-up reaches the
	// client, by its reply (the session already closed): UNAVAILABLE with
	// the reason either way, never "closed or unknown" (Server.gone).
	if code != codes.Unavailable || !strings.Contains(msg, "shutting down") {
		t.Fatalf("step after shutdown: %v %q ended=%v", code, msg, ended)
	}
}

// The server refuses shared memory when configured so, and answers as
// before (the client then uses gRPC).
func TestSharedMemoryCanBeTurnedOff(t *testing.T) {
	h := start(t, Config{NoSharedMemory: true})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1, SharedMemory: true})
	if o.SharedMemory != nil {
		t.Fatal("shared memory granted by a server with NoSharedMemory")
	}
}

// A step over shared memory allocates nothing (client and server in this
// process: the client's calls allocate nothing either).
func TestSharedMemoryStepAllocatesNothing(t *testing.T) {
	inBothModes(t, testSharedMemoryStepAllocatesNothing)
}

func testSharedMemoryStepAllocatesNothing(t *testing.T, notify bool) {
	for _, n := range []int{1, 64} {
		h := start(t, Config{Workers: 2})
		o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: int32(n), Seed: 1, AutoReset: true, SharedMemory: true})
		c, _ := attachMode(t, o, notify)
		c.mustOK(c.reset(1))
		_, _, i8, _ := c.rows(mustSpec(t, cipher))
		acts := make([]int32, n)
		stepOnce := func() {
			w := len(i8[:len(i8)-2*n]) / n
			for i := range acts {
				for j := 0; j < w; j++ {
					if i8[i*w+j] != 0 {
						acts[i] = int32(j)
						break
					}
				}
			}
			c.mustOK(c.step(acts))
		}
		for range 50 {
			stepOnce()
		}
		if a := testing.AllocsPerRun(200, stepOnce); a != 0 {
			t.Errorf("n=%d: %v allocations per shared-memory step, want 0", n, a)
		}
	}
}

func mustSpec(t *testing.T, id string) *env.Spec {
	e, err := env.Make(id, nil)
	if err != nil {
		t.Fatal(err)
	}
	return e.Spec()
}

func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// BenchmarkSharedMemoryStep measures a step over shared memory end to end,
// client in this process (one byte each way on the socket), against the
// session's step alone (BenchmarkSessionStep's work without the reply).
func BenchmarkSharedMemoryStep(b *testing.B) {
	const id = "ArkhamLCG/TheGathering-v0"
	// Batch 1 only: with the client in this process, its blocking read holds
	// one of the server's Ps, so larger batches step on fewer cores than a
	// real (separate) client leaves them.
	for _, n := range []int{1} {
		b.Run(fmt.Sprintf("n=%d/shm", n), func(b *testing.B) {
			h := start(&testing.T{}, Config{})
			defer h.srv.Shutdown()
			o, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: id, NumEnvs: int32(n), Seed: 1, AutoReset: true, SharedMemory: true})
			if err != nil {
				b.Fatal(err)
			}
			c, _ := attachShared(b, o)
			c.mustOK(c.reset(1))
			_, _, i8, _ := c.rows(mustSpecB(b, id))
			acts := make([]int32, n)
			w := (len(i8) - 2*n) / n
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				for i := range acts {
					acts[i] = firstLegalOf(i8[i*w : (i+1)*w])
				}
				c.mustOK(c.step(acts))
			}
		})
		b.Run(fmt.Sprintf("n=%d/session", n), func(b *testing.B) {
			s, err := newSession("bench", id, nil, n, 1, true, false, false, true, 0, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer s.stopWorkers()
			if err := s.reset(nil, nil); err != nil {
				b.Fatal(err)
			}
			acts := make([]int32, n)
			t := actionTensor(acts)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				for i := range acts {
					acts[i] = firstLegalOf(s.mask[i*s.spec.Actions : (i+1)*s.spec.Actions])
					binary.LittleEndian.PutUint32(t.Data[4*i:], uint32(acts[i]))
				}
				if err := s.step(t); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func mustSpecB(b *testing.B, id string) *env.Spec {
	e, err := env.Make(id, nil)
	if err != nil {
		b.Fatal(err)
	}
	return e.Spec()
}

// Over the notification in memory, a server whose client thinks longer than
// its spin blocks on the socket (it says so in the header) and costs no CPU,
// and a client's call wakes it; a client that blocks at once for its answer
// is woken too; the answers are right either way (the socket's wake-ups,
// the fallback of the notification, carry the whole session).
func TestSharedMemoryNotifyParksAndWakes(t *testing.T) {
	h := start(t, Config{})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 2, Seed: 1, SharedMemory: true, AutoReset: true})
	c, _ := attachMode(t, o, true)
	c.spins = 0 // the client always blocks for its answer
	c.mustOK(c.reset(1))
	_, _, i8, _ := c.rows(mustSpec(t, cipher))
	parked := word(c.mem, shmServerParked)
	for i := range 6 {
		// Long enough for the server to stop polling and block.
		waitFor(t, func() bool { return atomic.LoadUint32(parked) == 1 }, "the server blocked on the socket")
		if i%2 == 1 {
			time.Sleep(time.Duration(i) * time.Millisecond)
		}
		c.mustOK(c.step(firstLegalIn(i8[:len(i8)-4], 2)))
		if got := atomic.LoadUint64(dword(c.mem, shmReplySeq)); got != c.seq {
			t.Fatalf("call %d: answer number %d, want %d", c.seq, got, c.seq)
		}
	}
	// An illegal action's error comes back through the notification.
	if code, msg, _ := c.step([]int32{0, 9999}); code != codes.InvalidArgument || !strings.Contains(msg, "env 1") {
		t.Fatalf("illegal action: %v %s", code, msg)
	}
	// A tight loop, answers polled.
	c.spins = 1 << 20
	for range 200 {
		c.mustOK(c.step(firstLegalIn(i8[:len(i8)-4], 2)))
	}
}

// A client that never asks for the notification in memory (an older one)
// is served over the socket as before, on a server that offers it.
func TestSharedMemoryOldClientUsesSocket(t *testing.T) {
	h := start(t, Config{})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Seed: 1, SharedMemory: true, AutoReset: true})
	c, _ := attachShared(t, o)
	if binary.LittleEndian.Uint32(c.mem[shmFeatures:])&shmFeatureNotify == 0 {
		t.Fatal("the header does not offer the notification in memory")
	}
	c.mustOK(c.reset(1))
	_, _, i8, _ := c.rows(mustSpec(t, cipher))
	for range 20 {
		c.mustOK(c.step(firstLegalIn(i8[:len(i8)-2], 1)))
	}
	if s := atomic.LoadUint64(dword(c.mem, shmReplySeq)); s != 0 {
		t.Fatalf("an old client's calls moved the answer number to %d", s)
	}
}
