//go:build linux

package serve

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// pendingAttaches counts the connections to the attach socket that have not
// attached yet, in all and per user (SO_PEERCRED), so that a flood of idle
// connections is refused at once past its bound instead of piling up; it
// also holds them, so that stopShared can close them.
type pendingAttaches struct {
	mu    sync.Mutex
	total int
	byUID map[uint32]int
	conns map[*net.UnixConn]struct{}
	// lastWarn throttles the warning about refused connections.
	lastWarn time.Time
	refused  int
}

// take counts a new connection of user uid unless a bound is reached.
func (p *pendingAttaches) take(c *net.UnixConn, uid uint32, maxTotal, maxPerUser int) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.total >= maxTotal || p.byUID[uid] >= maxPerUser {
		p.refused++
		return false
	}
	if p.byUID == nil {
		p.byUID = map[uint32]int{}
		p.conns = map[*net.UnixConn]struct{}{}
	}
	p.total++
	p.byUID[uid]++
	p.conns[c] = struct{}{}
	return true
}

// give uncounts a connection that attached, was refused or went away.
func (p *pendingAttaches) give(c *net.UnixConn, uid uint32) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.total--
	if p.byUID[uid]--; p.byUID[uid] <= 0 {
		delete(p.byUID, uid)
	}
	delete(p.conns, c)
}

// count is the number of connections waiting to attach.
func (p *pendingAttaches) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.total
}

// closeAll closes every connection waiting to attach (at shutdown).
func (p *pendingAttaches) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		_ = c.Close()
	}
}

// sharedListen starts the shared-memory listener once and returns its
// address ("@" and the abstract name).
func (s *Server) sharedListen() (string, error) {
	ss := &s.shared
	ss.once.Do(func() {
		ss.name = "@mythos-" + s.instance
		ln, err := net.ListenUnix("unixpacket", &net.UnixAddr{Name: ss.name, Net: "unixpacket"})
		if err != nil {
			ss.err = fmt.Errorf("listen %s: %w", ss.name, err)
			return
		}
		ss.ln, ss.done = ln, make(chan struct{})
		go s.acceptShared(ln, ss.done)
	})
	return ss.name, ss.err
}

// stopShared stops the listener (if it was started), waits for its accept
// loop to end and closes the connections that have not attached.
func (s *Server) stopShared() {
	ss := &s.shared
	ss.once.Do(func() { ss.err = errors.New("the server is shutting down") })
	if ss.done == nil {
		return
	}
	_ = ss.ln.Close() // ends the accept loop
	<-ss.done
	ss.pending.closeAll()
	ss.done = nil
}

// PendingAttaches is the number of connections to the shared-memory socket
// that have not attached to a session yet (bounded by
// [Config.MaxPendingAttaches]).
func (s *Server) PendingAttaches() int { return s.shared.pending.count() }

// peerUID is the user id of the process at the other end of c.
func peerUID(c *net.UnixConn) (uint32, error) {
	raw, err := c.SyscallConn()
	if err != nil {
		return 0, err
	}
	var cred *unix.Ucred
	var cerr error
	if err := raw.Control(func(fd uintptr) {
		cred, cerr = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED)
	}); err != nil {
		return 0, err
	}
	if cerr != nil {
		return 0, cerr
	}
	return cred.Uid, nil
}

// acceptShared accepts clients until the listener is closed. Refusals
// (another user, too many connections waiting to attach) are answered here,
// at once, so that a flood costs no goroutine per connection.
func (s *Server) acceptShared(ln *net.UnixListener, done chan struct{}) {
	defer close(done)
	p := &s.shared.pending
	var backoff time.Duration
	for {
		c, err := ln.AcceptUnix()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			// EMFILE and the like: wait for descriptors to come back (as
			// net/http does) rather than spin.
			backoff = min(max(2*backoff, 5*time.Millisecond), time.Second)
			s.log.Warn("shared memory: accept failed", "error", err.Error(), "retry_in", backoff)
			time.Sleep(backoff)
			continue
		}
		backoff = 0
		uid, err := peerUID(c)
		if err != nil || uid != uint32(os.Geteuid()) {
			refuseShared(c, codes.PermissionDenied, "shared memory is served to processes of the server's own user only: use gRPC")
			continue
		}
		if !p.take(c, uid, s.cfg.MaxPendingAttaches, s.cfg.MaxPendingAttachesPerUser) {
			refuseShared(c, codes.ResourceExhausted, fmt.Sprintf("too many connections waiting to attach to shared memory (at most %d, %d per user): attach within %v of connecting, or use gRPC", s.cfg.MaxPendingAttaches, s.cfg.MaxPendingAttachesPerUser, s.cfg.AttachTimeout))
			s.warnRefused()
			continue
		}
		go s.serveShared(c, uid)
	}
}

// warnRefused logs, at most once a second, how many connections were
// refused for the bound on connections waiting to attach.
func (s *Server) warnRefused() {
	p := &s.shared.pending
	p.mu.Lock()
	now := time.Now()
	if now.Sub(p.lastWarn) < time.Second {
		p.mu.Unlock()
		return
	}
	n := p.refused
	p.lastWarn, p.refused = now, 0
	p.mu.Unlock()
	s.log.Warn("shared memory: refusing connections, too many waiting to attach", "max_pending", s.cfg.MaxPendingAttaches, "max_pending_per_user", s.cfg.MaxPendingAttachesPerUser, "refused_since_last_warning", n)
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

// refuseShared answers an attach with "ERR CODE MESSAGE" and closes c. The
// answer is one datagram on a socket nobody has written to: it never waits
// long (the deadline is for a socket whose peer stopped reading).
func refuseShared(c *net.UnixConn, code codes.Code, msg string) {
	_ = c.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
	_, _ = c.Write([]byte("ERR " + strings.ToUpper(codeName(code)) + " " + msg))
	_ = c.Close()
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

// sharedSpin is how long a served connection polls for the client's next
// call before it waits in the network poller. A client in a tight loop (a
// vector of random or batched agents, a Python env.step loop) calls again
// within it, and is then served without the wake-up of a parked goroutine,
// which costs 20-40 µs on an idle core and, on some virtual machines, over
// 100 µs; a client that thinks longer costs the server this much CPU per
// call, and one whose last call came after more than four times it none.
// (2026-11-29, one Gathering env from Python: 50 µs, and stopping after a
// wait of twice it, left every step paying two slow wake-ups, 144 µs; 200
// µs and four times: 56 µs.)
const sharedSpin = 200 * time.Microsecond

// opReader reads the one-byte operations of an attached client: it polls
// without blocking for up to spin first, but only while the client calls
// back quickly (when the last wait was longer than twice spin it waits at
// once, so a client that thinks between calls costs no spinning), and then
// waits in Go's network poller, holding no OS thread. It allocates nothing
// per read.
type opReader struct {
	raw      syscall.RawConn
	buf      [1]byte
	n        int
	err      error
	spin     time.Duration
	last     time.Duration
	spinning bool
	until    time.Time
	try      func(fd uintptr) bool
}

// newOpReader reads c's operations.
func newOpReader(c *net.UnixConn, spin time.Duration) (*opReader, error) {
	raw, err := c.SyscallConn()
	if err != nil {
		return nil, err
	}
	r := &opReader{raw: raw, spin: spin}
	r.try = r.tryRead
	return r, nil
}

// tryRead is RawConn.Read's function: it reads the socket (which the net
// package made non-blocking) and reports whether it is done.
func (r *opReader) tryRead(fd uintptr) bool {
	for {
		n, err := syscall.Read(int(fd), r.buf[:])
		switch {
		case err == syscall.EINTR:
			continue
		case err == syscall.EAGAIN:
			if r.spinning && time.Now().Before(r.until) {
				continue
			}
			r.spinning = false
			return false // the poller waits for the socket
		}
		r.n, r.err = n, err
		return true
	}
}

// read returns the next operation byte, or an error at the socket's end.
func (r *opReader) read() (byte, error) {
	start := time.Now()
	r.spinning, r.until = r.last <= 4*r.spin, start.Add(r.spin)
	r.n, r.err = 0, nil
	err := r.raw.Read(r.try)
	r.last = time.Since(start)
	switch {
	case err != nil:
		return 0, err
	case r.err != nil:
		return 0, r.err
	case r.n <= 0:
		return 0, io.EOF
	}
	return r.buf[0], nil
}

// serveShared attaches a client (of user uid, counted as waiting to attach)
// to its session and then serves its calls until either side hangs up; the
// session is closed then.
func (s *Server) serveShared(c *net.UnixConn, uid uint32) {
	pending := &s.shared.pending
	counted := true
	defer func() {
		if counted {
			pending.give(c, uid)
		}
	}()
	// The attach message must come soon.
	_ = c.SetReadDeadline(time.Now().Add(s.cfg.AttachTimeout))
	buf := make([]byte, 512)
	k, err := c.Read(buf)
	pending.give(c, uid)
	counted = false
	if err != nil || k <= 0 {
		_ = c.Close()
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
	_ = c.SetWriteDeadline(time.Now().Add(s.cfg.AttachTimeout))
	if _, _, err := c.WriteMsgUnix([]byte("OK"), syscall.UnixRights(m.fd), nil); err != nil {
		m.mu.Unlock()
		_ = c.Close()
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	syscall.Close(m.fd) // the client holds it now; the mappings keep the memory
	m.fd, m.attached, m.conn, m.cancel = -1, true, c, cancel
	m.mu.Unlock()
	_ = c.SetDeadline(time.Time{})
	s.log.Info("shared memory attached", "session", ss.id)

	n := m.n
	a := &sharedCall{ctx: ctx, envs: make([]int32, n)}
	a.step.Actions = &pb.Tensor{Dtype: pb.DType_DTYPE_INT32, Shape: []int64{int64(n)}, Data: m.mem[m.actions : m.actions+4*n : m.actions+4*n]}
	reply := make([]byte, 1)
	ops, err := newOpReader(c, sharedSpin)
	var notify *notifier // set once the client switched to the notification in memory
	for err == nil {
		var op byte
		if notify != nil {
			op, err = notify.next()
		} else {
			op, err = ops.read()
		}
		if err != nil {
			break
		}
		if op == shmOpNotify && notify == nil {
			notify = newNotifier(c, m.mem, sharedSpin)
			reply[0] = shmReplyOK
			_, err = c.Write(reply)
			continue
		}
		reply[0] = shmReplyOK
		if err := s.sharedOp(ss, m, a, op); err != nil {
			st, _ := status.FromError(err)
			m.putMessage(shmStatus, shmMsgLen, shmMsg, st.Code(), st.Message())
			reply[0] = shmReplyErr
		} else {
			binary.LittleEndian.PutUint32(m.mem[shmStatus:], 0)
			binary.LittleEndian.PutUint32(m.mem[shmMsgLen:], 0)
		}
		if notify != nil {
			err = notify.answer()
		} else {
			_, err = c.Write(reply)
		}
	}
	if s.closeSession(ss) {
		s.log.Info("session closed: its shared-memory client went away", "session", ss.id, "env", ss.spec.ID, "envs", len(ss.envs))
	}
	m.mu.Lock()
	_ = c.Close()
	m.conn = nil
	m.mu.Unlock()
}
