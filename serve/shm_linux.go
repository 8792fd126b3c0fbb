//go:build linux

package serve

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// sharedMemorySupported reports whether this build serves shared memory.
const sharedMemorySupported = true

// sharedServer is the server's shared-memory listener: one SOCK_SEQPACKET
// Unix socket in the abstract namespace ("@mythos-INSTANCE"), made at the
// first shared Open. Abstract names vanish with the process that holds them,
// so a server that dies leaves nothing in the file system.
type sharedServer struct {
	once sync.Once
	fd   int
	name string
	err  error
	done chan struct{}
}

// newSharedMem makes the memory file of a session of n envs whose backing
// arrays hold nf float32, ni int32 and nb int8 elements, and maps it. The
// file is a memfd: it has no name anywhere, so nothing can leak in
// /dev/shm, and it lives exactly as long as a mapping or a descriptor of it.
// It is sealed against shrinking and growing, so a client cannot truncate
// it under the server (which would fault the server's next access).
func newSharedMem(n, nf, ni, nb int) (*sharedMem, error) {
	m := &sharedMem{fd: -1, conn: -1}
	size := m.sharedLayout(n, nf, ni, nb)
	fd, err := unix.MemfdCreate("mythos-session", unix.MFD_CLOEXEC|unix.MFD_ALLOW_SEALING)
	if err != nil {
		return nil, fmt.Errorf("memfd_create: %w", err)
	}
	if err := syscall.Ftruncate(fd, int64(size)); err != nil {
		syscall.Close(fd)
		return nil, fmt.Errorf("ftruncate memfd to %d bytes: %w", size, err)
	}
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_ADD_SEALS, unix.F_SEAL_SEAL|unix.F_SEAL_SHRINK|unix.F_SEAL_GROW); err != nil {
		syscall.Close(fd)
		return nil, fmt.Errorf("seal memfd: %w", err)
	}
	mem, err := syscall.Mmap(fd, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		syscall.Close(fd)
		return nil, fmt.Errorf("mmap %d bytes: %w", size, err)
	}
	m.mem, m.fd = mem, fd
	m.refs.Store(1) // the session's
	m.initHeader()
	return m, nil
}

// unmap unmaps the memory and closes the file if it was never sent.
func (m *sharedMem) unmap() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.mem != nil {
		_ = syscall.Munmap(m.mem)
		m.mem = nil
	}
	if m.fd >= 0 {
		syscall.Close(m.fd)
		m.fd = -1
	}
}

// shutdownConn wakes the goroutine blocked on the client's socket (it then
// ends); called with m.mu held.
func (m *sharedMem) shutdownConn() {
	if m.conn >= 0 {
		_ = syscall.Shutdown(m.conn, syscall.SHUT_RDWR)
	}
}

// sharedListen starts the shared-memory listener once and returns its
// address ("@" and the abstract name).
func (s *Server) sharedListen() (string, error) {
	ss := &s.shared
	ss.once.Do(func() {
		ss.name = "@mythos-" + s.instance
		fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
		if err != nil {
			ss.err = fmt.Errorf("unix socket: %w", err)
			return
		}
		if err := syscall.Bind(fd, &syscall.SockaddrUnix{Name: ss.name}); err != nil {
			syscall.Close(fd)
			ss.err = fmt.Errorf("bind %s: %w", ss.name, err)
			return
		}
		if err := syscall.Listen(fd, 64); err != nil {
			syscall.Close(fd)
			ss.err = fmt.Errorf("listen %s: %w", ss.name, err)
			return
		}
		ss.fd, ss.done = fd, make(chan struct{})
		go s.acceptShared(fd, ss.done)
	})
	return ss.name, ss.err
}

// stopShared stops the listener (if it was started) and waits for its
// accept loop to end.
func (s *Server) stopShared() {
	ss := &s.shared
	ss.once.Do(func() { ss.err = errors.New("the server is shutting down") })
	if ss.done == nil {
		return
	}
	_ = syscall.Shutdown(ss.fd, syscall.SHUT_RDWR) // wakes the blocked accept
	<-ss.done
	syscall.Close(ss.fd)
	ss.done = nil
}

// acceptShared accepts clients until the listener is shut down.
func (s *Server) acceptShared(fd int, done chan struct{}) {
	defer close(done)
	for {
		c, _, err := syscall.Accept4(fd, syscall.SOCK_CLOEXEC)
		if err == syscall.EINTR || err == syscall.ECONNABORTED {
			continue
		}
		if err != nil {
			return
		}
		go s.serveShared(c)
	}
}

// sharedCall is the state of one attached client: its calls' context and
// the requests its operations are turned into (made once, so that a call
// allocates nothing).
type sharedCall struct {
	ctx   context.Context
	step  pb.StepRequest
	reset pb.ResetRequest
	envs  []int32
	seed  uint64
}

// refuseShared answers an attach with "ERR CODE MESSAGE" and closes c.
func refuseShared(c int, code codes.Code, msg string) {
	_ = syscall.Sendto(c, []byte("ERR "+strings.ToUpper(codeName(code))+" "+msg), syscall.MSG_NOSIGNAL, nil)
	syscall.Close(c)
}

// codeName is a gRPC code's name as the Python client spells it
// (INVALID_ARGUMENT).
func codeName(c codes.Code) string {
	var b strings.Builder
	for i, r := range c.String() {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// readRetry is syscall.Read that retries on EINTR (signals interrupt reads
// that have a receive timeout).
func readRetry(fd int, b []byte) (int, error) {
	for {
		n, err := syscall.Read(fd, b)
		if err != syscall.EINTR {
			return n, err
		}
	}
}

// sharedSpin is how long a served connection polls for the client's next
// call before it blocks in read. A client in a tight loop (a vector of
// random or batched agents) calls again within it, and is then served
// without the wake-up of a sleeping thread, which costs 20-40 µs on an idle
// core; a client that thinks longer costs the server this much CPU per call.
const sharedSpin = 50 * time.Microsecond

// spinRead reads from fd like readRetry, polling without blocking for up to
// spin first, but only while the client calls back quickly: when the last
// wait (*last) was longer than twice spin it blocks at once, so a client that
// thinks between calls costs no spinning. It updates *last.
func spinRead(fd int, b []byte, spin time.Duration, last *time.Duration) (int, error) {
	start := time.Now()
	defer func() { *last = time.Since(start) }()
	if *last <= 2*spin {
		deadline := start.Add(spin)
		for {
			n, _, err := syscall.Recvfrom(fd, b, syscall.MSG_DONTWAIT)
			if err != syscall.EAGAIN && err != syscall.EINTR {
				return n, err
			}
			if time.Now().After(deadline) {
				break
			}
		}
	}
	return readRetry(fd, b)
}

// serveShared attaches a client to its session and then serves its calls
// until either side hangs up; the session is closed then.
func (s *Server) serveShared(c int) {
	// The attach message must come soon.
	tv := syscall.NsecToTimeval(int64(5 * time.Second))
	_ = syscall.SetsockoptTimeval(c, syscall.SOL_SOCKET, syscall.SO_RCVTIMEO, &tv)
	if cred, err := syscall.GetsockoptUcred(c, syscall.SOL_SOCKET, syscall.SO_PEERCRED); err != nil || cred.Uid != uint32(os.Geteuid()) {
		refuseShared(c, codes.PermissionDenied, "shared memory is served to processes of the server's own user only: use gRPC")
		return
	}
	buf := make([]byte, 512)
	k, err := readRetry(c, buf)
	if err != nil || k <= 0 {
		syscall.Close(c)
		return
	}
	id, secret, _ := strings.Cut(string(buf[:k]), "\n")
	ss, err := s.lookup(id, secret)
	if err != nil {
		st := status.Convert(err)
		refuseShared(c, st.Code(), st.Message())
		return
	}
	m := ss.shm
	if m == nil {
		refuseShared(c, codes.FailedPrecondition, "session "+clip(id)+" was not opened with shared_memory")
		return
	}
	if !m.ref() {
		refuseShared(c, codes.NotFound, status.Convert(s.unknown(id)).Message())
		return
	}
	defer m.release()
	m.mu.Lock()
	switch {
	case m.attached:
		m.mu.Unlock()
		refuseShared(c, codes.FailedPrecondition, "session "+clip(id)+" is attached to another client already: a session's shared memory serves one client (open another session)")
		return
	case m.hungUp || m.fd < 0:
		m.mu.Unlock()
		refuseShared(c, codes.NotFound, status.Convert(s.unknown(id)).Message())
		return
	}
	if err := syscall.Sendmsg(c, []byte("OK"), syscall.UnixRights(m.fd), nil, syscall.MSG_NOSIGNAL); err != nil {
		m.mu.Unlock()
		syscall.Close(c)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	syscall.Close(m.fd) // the client holds it now; the mappings keep the memory
	m.fd, m.attached, m.conn, m.cancel = -1, true, c, cancel
	m.mu.Unlock()
	tv = syscall.Timeval{}
	_ = syscall.SetsockoptTimeval(c, syscall.SOL_SOCKET, syscall.SO_RCVTIMEO, &tv)
	s.log.Info("shared memory attached", "session", ss.id)

	n := m.n
	a := &sharedCall{ctx: ctx, envs: make([]int32, n)}
	a.step.Actions = &pb.Tensor{Dtype: pb.DType_DTYPE_INT32, Shape: []int64{int64(n)}, Data: m.mem[m.actions : m.actions+4*n : m.actions+4*n]}
	op := make([]byte, 1)
	reply := make([]byte, 1)
	var wait time.Duration
	for {
		k, err := spinRead(c, op, sharedSpin, &wait)
		if k <= 0 || err != nil {
			break
		}
		reply[0] = shmReplyOK
		if err := s.sharedOp(ss, m, a, op[0]); err != nil {
			st, _ := status.FromError(err)
			m.putMessage(shmStatus, shmMsgLen, shmMsg, st.Code(), st.Message())
			reply[0] = shmReplyErr
		} else {
			binary.LittleEndian.PutUint32(m.mem[shmStatus:], 0)
			binary.LittleEndian.PutUint32(m.mem[shmMsgLen:], 0)
		}
		if err := syscall.Sendto(c, reply, syscall.MSG_NOSIGNAL, nil); err != nil {
			break
		}
	}
	if s.closeSession(ss) {
		s.log.Info("session closed: its shared-memory client went away", "session", ss.id, "env", ss.spec.ID, "envs", len(ss.envs))
	}
	m.mu.Lock()
	syscall.Close(c)
	m.conn = -1
	m.mu.Unlock()
}

// sharedOp runs one operation of an attached client on its session: a step
// with the actions in the shared memory or a reset with the header's
// arguments. Its results are in the shared rows; it returns the call's
// status. It allocates nothing unless the call has a time limit, fails or
// has bots.
func (s *Server) sharedOp(ss *session, m *sharedMem, a *sharedCall, op byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			stack := debug.Stack()
			if p, ok := r.(*envPanic); ok {
				stack = p.stack
			}
			s.log.Error("shared-memory call panicked", "session", ss.id, "panic", fmt.Sprint(r), "stack", string(stack))
			err = status.Errorf(codes.Internal, "shared-memory call: internal error: %v", r)
		}
	}()
	ctx := a.ctx
	if t := int64(binary.LittleEndian.Uint64(m.mem[shmTimeout:])); t > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(t))
		defer cancel()
	}
	switch op {
	case shmOpStep:
		if err := s.take(ctx, ss); err != nil {
			return err
		}
		_, err = s.run(ctx, ss, nil, &a.step, false)
		return err
	case shmOpReset:
		cnt := int32(binary.LittleEndian.Uint32(m.mem[shmResetCount:]))
		if cnt < 0 || int(cnt) > m.n {
			return status.Errorf(codes.InvalidArgument, "reset: %d env indices for a session of %d envs", cnt, m.n)
		}
		copy(a.envs, sliceAt[int32](m.mem, m.envs, int(cnt)))
		a.reset.Envs = a.envs[:cnt]
		a.reset.Seed = nil
		if binary.LittleEndian.Uint32(m.mem[shmHasSeed:]) != 0 {
			a.seed = binary.LittleEndian.Uint64(m.mem[shmSeed:])
			a.reset.Seed = &a.seed
		}
		if err := s.take(ctx, ss); err != nil {
			return err
		}
		_, err = s.run(ctx, ss, &a.reset, nil, false)
		return err
	}
	return status.Errorf(codes.InvalidArgument, "shared memory: unknown operation %q (want 'S' or 'R')", op)
}
