package serve

import (
	"encoding/binary"
	"net"
	"sync"
	"sync/atomic"
	"unsafe"

	"google.golang.org/grpc/codes"

	"github.com/mythos-rl/mythos/env"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// The shared-memory fast path (OpenRequest.shared_memory, see pb.SharedMemory
// and serve/README.md): a session's row buffers live in one memory file that
// the server maps and hands, with the socket that carries its calls, to one
// client on the same host. The file's header holds a call's arguments and
// its status at these byte offsets (little-endian):
const (
	shmMagic       = 0    // [8]byte "MYTHSHM1"
	shmVersion     = 8    // uint32: 1
	shmNumEnvs     = 12   // uint32: N
	shmFeatures    = 16   // uint32, server: what it serves beyond version 1 (shmFeatureNotify)
	shmResetCount  = 20   // int32, client: env indices of a reset in the envs area (0: all)
	shmHasSeed     = 24   // uint32, client: 1 when a reset carries a seed
	shmSeed        = 32   // uint64, client: the reset's seed
	shmTimeout     = 40   // int64, client: the call's time limit in nanoseconds (0: none)
	shmStatus      = 48   // uint32, server: the gRPC code of the last call (0: OK)
	shmMsgLen      = 52   // uint32, server: length of the last call's message
	shmClosed      = 56   // uint32, server: the gRPC code why the session closed (0: open)
	shmClosedLen   = 60   // uint32, server: length of the closing message
	shmMsg         = 64   // [shmMsgMax]byte, server: the last call's error message
	shmClosedMsg   = 1088 // [shmMsgMax]byte, server: why the session closed
	shmMsgMax      = 1024
	shmHeaderBytes = 4096

	// The notification in memory (shmFeatureNotify, notify_linux.go):
	// each side's fields on a cache line of its own.
	shmReqSeq       = 2176 // uint64, client: the number of its last call (a change is a call)
	shmReqOp        = 2184 // uint32, client: that call's operation ('S' or 'R')
	shmClientParked = 2188 // uint32, client: 1 while it blocks on the socket for an answer
	shmReplySeq     = 2240 // uint64, server: the number of the last call it answered
	shmServerParked = 2248 // uint32, server: 1 while it blocks on the socket for a call
)

// shmFeatureNotify (a bit of shmFeatures): the server answers the
// operation shmOpNotify, after which calls are announced and answered by
// sequence numbers in the header (notify_linux.go), the socket only
// waking a side that blocks.
const shmFeatureNotify = 1

// shmVersionNumber is the header layout's version (shmVersion).
const shmVersionNumber = 1

// Operations, the byte a client sends, and the server's answers.
const (
	shmOpStep   = 'S'
	shmOpReset  = 'R'
	shmOpNotify = 'N' // switch this connection to the notification in memory
	shmReplyOK  = '0'
	shmReplyErr = '1'
)

// sharedMem is a session's shared memory: the mapping and its layout. It is
// unmapped when the last holder releases it: the session (when freed) and
// the goroutine serving its client (when it ends), so neither ever touches
// unmapped memory.
type sharedMem struct {
	mem  []byte
	fd   int // the memory file until it is sent to the client (or closed), else -1
	refs atomic.Int32

	f32, i32, i8, u64, actions, envs, u8 int // byte offsets of the sections
	n                                    int

	mu       sync.Mutex
	conn     *net.UnixConn // the attached client's socket, nil before and after
	attached bool          // a client attached (once: another is refused)
	hungUp   bool
	cancel   func() // ends the attached calls' context (nil before)
}

// align64 rounds x up to a multiple of 64 (a cache line).
func align64(x int) int { return (x + 63) &^ 63 }

// sharedLayout sets the sections' offsets for n envs and backing arrays of
// nf float32, ni int32, nb int8 and nu uint8 elements, and returns the
// file's size.
func (m *sharedMem) sharedLayout(n, nf, ni, nb, nu int) int {
	m.n = n
	off := shmHeaderBytes
	m.f32, off = off, align64(off+4*nf)
	m.i32, off = off, align64(off+4*ni)
	m.i8, off = off, align64(off+nb)
	m.u64, off = off, align64(off+8*n)
	m.actions, off = off, align64(off+4*n)
	m.envs, off = off, align64(off+4*n)
	m.u8, off = off, align64(off+nu)
	return off
}

// initHeader writes the header's constant fields.
func (m *sharedMem) initHeader() {
	copy(m.mem[shmMagic:], "MYTHSHM1")
	binary.LittleEndian.PutUint32(m.mem[shmVersion:], shmVersionNumber)
	binary.LittleEndian.PutUint32(m.mem[shmNumEnvs:], uint32(m.n))
	binary.LittleEndian.PutUint32(m.mem[shmFeatures:], shmFeatureNotify)
}

// buffers returns the session's backing arrays, in the mapping.
func (m *sharedMem) buffers(nf, ni, nb, nu, n int) ([]float32, []int32, []int8, []uint8, []uint64) {
	return sliceAt[float32](m.mem, m.f32, nf), sliceAt[int32](m.mem, m.i32, ni), sliceAt[int8](m.mem, m.i8, nb),
		sliceAt[uint8](m.mem, m.u8, nu), sliceAt[uint64](m.mem, m.u64, n)
}

// sliceAt views n elements of T at byte offset off of mem.
func sliceAt[T any](mem []byte, off, n int) []T {
	var zero T
	if off+n*int(unsafe.Sizeof(zero)) > len(mem) {
		panic("serve: shared memory section out of range")
	}
	if n == 0 {
		return []T{}
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&mem[off])), n)
}

// message is the layout as OpenResponse.shared_memory.
func (m *sharedMem) message(socket string) *pb.SharedMemory {
	return &pb.SharedMemory{
		Socket: socket, Size: int64(len(m.mem)), HeaderBytes: shmHeaderBytes,
		F32Offset: int64(m.f32), I32Offset: int64(m.i32), I8Offset: int64(m.i8), U64Offset: int64(m.u64),
		ActionsOffset: int64(m.actions), EnvsOffset: int64(m.envs), U8Offset: int64(m.u8),
	}
}

// ref takes a hold on the mapping unless it is released already.
func (m *sharedMem) ref() bool {
	for {
		r := m.refs.Load()
		if r <= 0 {
			return false
		}
		if m.refs.CompareAndSwap(r, r+1) {
			return true
		}
	}
}

// release drops a hold; the last one unmaps.
func (m *sharedMem) release() {
	if m.refs.Add(-1) == 0 {
		m.unmap()
	}
}

// putMessage writes a status code and a message (cut to shmMsgMax bytes)
// at the header's code and message offsets.
func (m *sharedMem) putMessage(codeAt, lenAt, msgAt int, code codes.Code, msg string) {
	k := copy(m.mem[msgAt:msgAt+shmMsgMax], msg)
	binary.LittleEndian.PutUint32(m.mem[lenAt:], uint32(k))
	binary.LittleEndian.PutUint32(m.mem[codeAt:], uint32(code))
}

// hangUp ends a shared-memory session's client connection (the session was
// closed): the header says why (code, msg) and the client's pending or next
// call sees the socket's end. Safe to call on sessions without shared
// memory, and more than once.
func (s *session) hangUp(code codes.Code, msg string) {
	m := s.shm
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.hungUp {
		return
	}
	m.hungUp = true
	if m.mem != nil {
		m.putMessage(shmClosed, shmClosedLen, shmClosedMsg, code, msg)
	}
	if m.cancel != nil {
		m.cancel()
	}
	m.shutdownConn()
}

// grantShared makes the shared memory of a session of n envs of spec when
// req asks for it and the server can (nil, "" otherwise: the session is
// served over gRPC only), with the socket address its client attaches to.
func (s *Server) grantShared(req *pb.OpenRequest, spec *env.Spec, n int) (*sharedMem, string) {
	if !req.SharedMemory || s.cfg.NoSharedMemory || !sharedMemorySupported {
		return nil, ""
	}
	socket, err := s.sharedListen()
	if err != nil {
		s.log.Warn("shared memory refused: no socket", "error", err.Error())
		return nil, ""
	}
	nf, ni, nb, nu := bufferSizes(spec, n, req.FinalObservations && req.AutoReset)
	m, err := newSharedMem(n, nf, ni, nb, nu)
	if err != nil {
		s.log.Warn("shared memory refused", "error", err.Error())
		return nil, ""
	}
	return m, socket
}
