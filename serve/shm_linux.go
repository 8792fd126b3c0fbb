//go:build linux

package serve

import (
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"runtime/debug"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// sharedMemorySupported reports whether this build serves shared memory.
const sharedMemorySupported = true

// sharedServer is the server's shared-memory listener: one SOCK_SEQPACKET
// Unix socket in the abstract namespace ("@mythos-INSTANCE"), made at the
// first shared Open. Abstract names vanish with the process that holds them,
// so a server that dies leaves nothing in the file system. Its connections
// are served through Go's network poller: a connection that waits (to
// attach, or for its client's next call) holds a goroutine and a descriptor,
// never an OS thread (see attach_linux.go for the bounds on connections).
type sharedServer struct {
	once sync.Once
	ln   *net.UnixListener
	name string
	err  error
	done chan struct{}

	pending pendingAttaches
}

// newSharedMem makes the memory file of a session of n envs whose backing
// arrays hold nf float32, ni int32 and nb int8 elements, and maps it. The
// file is a memfd: it has no name anywhere, so nothing can leak in
// /dev/shm, and it lives exactly as long as a mapping or a descriptor of it.
// It is sealed against shrinking and growing, so a client cannot truncate
// it under the server (which would fault the server's next access).
func newSharedMem(n, nf, ni, nb, nu int) (*sharedMem, error) {
	m := &sharedMem{fd: -1}
	size := m.sharedLayout(n, nf, ni, nb, nu)
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
	if m.conn != nil {
		_ = m.conn.CloseRead()
		_ = m.conn.CloseWrite()
	}
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
