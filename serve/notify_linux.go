//go:build linux

package serve

import (
	"io"
	"net"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The notification in memory (shmFeatureNotify): a client that sent the
// operation shmOpNotify (and got its '0') announces each later call by
// writing its operation at shmReqOp and then a new number at shmReqSeq;
// the server answers by writing the status fields and then that number at
// shmReplySeq. Each side polls the other's number for a short while
// (sharedSpin here, the Python client's MYTHOS_SHM_SPIN_US) and then blocks
// on the socket, after saying so in its "parked" word; the other side
// writes one byte on the socket only when it finds that word set. A tight
// loop is thus served with no system call at all, and an idle client or
// server costs no CPU.
//
// Losing no wake-up is Dekker's argument: a side that parks stores 1 in its
// word and then loads the other's number; a side that publishes stores its
// number and then loads the other's word. With a full barrier between each
// store and the load after it, one of the two sees the other's store: the
// parking side finds the number (and does not block), or the publishing
// side finds the word (and writes the byte that wakes it). Here the barrier
// is atomic.Store (XCHG on amd64); the Python client's is a mutex acquired
// between the two (_shm.py says why that is one). A byte can thus be sent
// to a side that did not block after all: it is a stale wake-up, read the
// next time that side blocks, which then looks at the number again and
// blocks again (at most one such byte waits per side, as a byte is only
// sent to a side whose word is set, and a side clears it before it reads).
//
// Numbers are 64-bit and 8-byte aligned (atomic loads and stores on both
// sides); a call is any change of shmReqSeq from the last number served, so
// a client that writes garbage there only gets an answer to a call it did
// not mean, never a server that waits forever.

// notifier serves the calls of a client that switched to the notification
// in memory. It allocates nothing.
type notifier struct {
	conn                    *net.UnixConn
	reqSeq, replySeq        *uint64
	reqOp, cParked, sParked *uint32
	last                    uint64        // the number of the last call served
	spin                    time.Duration // how long next polls before it blocks
	gap                     time.Duration // how long the last wait for a call took
	buf                     [16]byte
	wake                    [1]byte
}

// word is the uint32 at byte offset off of mem (4-byte aligned).
func word(mem []byte, off int) *uint32 { return (*uint32)(unsafe.Pointer(&mem[off])) }

// dword is the uint64 at byte offset off of mem (8-byte aligned).
func dword(mem []byte, off int) *uint64 { return (*uint64)(unsafe.Pointer(&mem[off])) }

// newNotifier serves c's calls announced in mem, from the number the
// client's header holds now (its calls are the next ones).
func newNotifier(c *net.UnixConn, mem []byte, spin time.Duration) *notifier {
	w := &notifier{
		conn: c, reqSeq: dword(mem, shmReqSeq), replySeq: dword(mem, shmReplySeq),
		reqOp: word(mem, shmReqOp), cParked: word(mem, shmClientParked), sParked: word(mem, shmServerParked),
		spin: spin,
	}
	w.last = atomic.LoadUint64(w.reqSeq)
	atomic.StoreUint64(w.replySeq, w.last)
	w.wake[0] = shmReplyOK
	return w
}

// arrived reports whether the client announced a call since the last one
// (and takes its number).
func (w *notifier) arrived() bool {
	if s := atomic.LoadUint64(w.reqSeq); s != w.last {
		w.last = s
		return true
	}
	return false
}

// poll polls the client's number for up to w.spin from start, giving the
// core away (sched_yield) between loads. On a 2-core machine shared with
// other work, the client (or whoever) often waits for this very core: a
// load-only spin then holds it from the client until the kernel preempts
// it. Measured on 2026-11-29's machine at load 9 (one DrownedLantern env
// stepped from Python, MythosEnv's step call): yielding from the first
// poll, 10 µs p50 a call and 25.6 µs a loop iteration; after 2 µs of
// loads, 12.6 and 43.7; after 10 µs, 20.4 and 51.2 (the client yielding
// from its first poll in all three). A yield that finds nothing else to
// run returns at once, so on an idle core it costs a system call's time
// per poll and no latency worth counting.
func (w *notifier) poll(start time.Time) bool {
	for {
		if w.arrived() {
			return true
		}
		if time.Since(start) > w.spin {
			return false
		}
		schedYield()
	}
}

// next waits for the client's next call and returns its operation, or an
// error at the socket's end. It polls first (poll), but only while the client
// calls back quickly (as opReader does: when the last wait was longer than
// four times w.spin it blocks at once), then blocks on the socket in Go's
// network poller, holding no OS thread.
func (w *notifier) next() (byte, error) {
	start := time.Now()
	if w.gap > 4*w.spin || !w.poll(start) {
		for {
			atomic.StoreUint32(w.sParked, 1)
			if w.arrived() {
				atomic.StoreUint32(w.sParked, 0)
				break
			}
			k, err := w.conn.Read(w.buf[:])
			atomic.StoreUint32(w.sParked, 0)
			if err != nil {
				return 0, err
			}
			if k <= 0 {
				return 0, io.EOF
			}
			if w.arrived() {
				break
			}
		}
	}
	w.gap = time.Since(start)
	return byte(atomic.LoadUint32(w.reqOp)), nil
}

// answer publishes the answer of the call taken last (the status fields
// are written already), and wakes the client if it blocks.
func (w *notifier) answer() error {
	atomic.StoreUint64(w.replySeq, w.last)
	if atomic.LoadUint32(w.cParked) == 0 {
		return nil
	}
	_, err := w.conn.Write(w.wake[:])
	return err
}

// schedYield gives the core to another runnable thread, if any (a short
// system call that never blocks, so it needs no word to the Go scheduler).
func schedYield() { _, _, _ = unix.RawSyscall(unix.SYS_SCHED_YIELD, 0, 0, 0) }
