//go:build linux

package serve

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// procStatus reads a number field (Threads, VmRSS in kB) of
// /proc/self/status.
func procStatus(t testing.TB, field string) int {
	t.Helper()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			n, err := strconv.Atoi(strings.Fields(v)[0])
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("no %s in /proc/self/status", field)
	return 0
}

// dialAttach connects to the attach socket and sends nothing.
func dialAttach(t testing.TB, socket string) int {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Connect(fd, &syscall.SockaddrUnix{Name: socket}); err != nil {
		t.Fatalf("connect %s: %v", socket, err)
	}
	return fd
}

// readAnswer waits (up to 5 s) for the server's answer on an attach
// connection: its text, "" at the connection's end.
func readAnswer(t testing.TB, fd int) string {
	t.Helper()
	tv := syscall.NsecToTimeval(int64(5 * time.Second))
	_ = syscall.SetsockoptTimeval(fd, syscall.SOL_SOCKET, syscall.SO_RCVTIMEO, &tv)
	buf := make([]byte, 2048)
	k, err := syscall.Read(fd, buf)
	if err != nil {
		t.Fatalf("no answer on the attach socket: %v", err)
	}
	return string(buf[:max(k, 0)])
}

// raiseFiles raises the descriptor limit to want if it can, and returns the
// limit in force.
func raiseFiles(want uint64) uint64 {
	var r syscall.Rlimit
	_ = syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r)
	if r.Cur >= want {
		return r.Cur
	}
	n := syscall.Rlimit{Cur: want, Max: max(want, r.Max)}
	if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &n) != nil {
		n = syscall.Rlimit{Cur: r.Max, Max: r.Max}
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &n)
	}
	_ = syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r)
	return r.Cur
}

// scale is the test's size: -short for the race run, the default for CI,
// MYTHOS_SHM_SCALE=long for the figures (20,000 idle connections,
// 10,000 sessions).
func scale(short, normal, long int) int {
	switch {
	case os.Getenv("MYTHOS_SHM_SCALE") == "long":
		return long
	case testing.Short():
		return short
	}
	return normal
}

// Idle connections to the attach socket and many attached sessions hold no
// OS thread each (they wait in Go's network poller): a flood of idle
// connections up to the bound, then many shared-memory sessions, leave the
// server up, a healthy session stepping and the thread count near where it
// started; past the bound connections are refused at once. Before the
// poller, each connection held a thread in a blocking read and ~10,000 of
// them ended the process ("program exceeds 10000-thread limit").
func TestSharedMemoryScalesByDescriptorsNotThreads(t *testing.T) {
	idle, sessions := scale(300, 3000, 20000), scale(200, 1000, 10000)
	// Both ends of every connection are in this process (the idle ones are
	// closed before the sessions open).
	if lim := int(raiseFiles(uint64(2*max(idle, sessions) + 1000))); lim < 2*max(idle, sessions)+1000 {
		idle, sessions = min(idle, (lim-1000)/2), min(sessions, (lim-1000)/2)
		t.Logf("descriptor limit %d: scaled to %d idle connections and %d sessions", lim, idle, sessions)
	}
	h := start(t, Config{MaxSessions: sessions + 10, MaxTotalEnvs: sessions + 10, MaxPendingAttaches: idle, MaxPendingAttachesPerUser: idle, AttachTimeout: time.Minute})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Seed: 1, AutoReset: true, SharedMemory: true})
	healthy, _ := attachShared(t, o)
	healthy.mustOK(healthy.reset(1))
	spec := mustSpec(t, cipher)
	stepHealthy := func() {
		t.Helper()
		_, _, i8, _ := healthy.rows(spec)
		healthy.mustOK(healthy.step(firstLegalIn(i8, 1)))
	}
	stepHealthy()
	base := procStatus(t, "Threads")
	rss0 := procStatus(t, "VmRSS")

	// The flood: idle connections up to the bound.
	start := time.Now()
	fds := make([]int, 0, idle)
	for range idle {
		fds = append(fds, dialAttach(t, o.SharedMemory.Socket))
	}
	waitFor(t, func() bool { return h.srv.PendingAttaches() == idle }, "the idle connections to be accepted")
	threads := procStatus(t, "Threads")
	t.Logf("%d idle attach connections in %v: %d threads (baseline %d), RSS %d MiB (from %d)", idle, time.Since(start).Round(time.Millisecond), threads, base, procStatus(t, "VmRSS")>>10, rss0>>10)
	if threads > base+32 {
		t.Errorf("%d idle connections: %d threads, baseline %d", idle, threads, base)
	}
	stepHealthy()
	// Past the bound: refused at once.
	extra := dialAttach(t, o.SharedMemory.Socket)
	if got := readAnswer(t, extra); !strings.HasPrefix(got, "ERR RESOURCE_EXHAUSTED too many connections waiting to attach") {
		t.Errorf("a connection past the bound got %q", got)
	}
	syscall.Close(extra)
	for _, fd := range fds {
		syscall.Close(fd)
	}
	waitFor(t, func() bool { return h.srv.PendingAttaches() == 0 }, "the idle connections to be dropped")
	stepHealthy()

	// Many attached sessions, each reset and stepped.
	start = time.Now()
	clients := make([]*shmClient, 0, sessions)
	for i := range sessions {
		r := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Seed: uint64(i), AutoReset: true, SharedMemory: true})
		c, ok := attachShared(t, r)
		if c == nil {
			t.Fatalf("session %d: attach refused: %s", i, ok)
		}
		c.mustOK(c.reset(uint64(i)))
		clients = append(clients, c)
	}
	for _, c := range clients {
		_, _, i8, _ := c.rows(spec)
		c.mustOK(c.step(firstLegalIn(i8, 1)))
	}
	stepHealthy()
	threads = procStatus(t, "Threads")
	t.Logf("%d shared-memory sessions in %v: %d threads (baseline %d), RSS %d MiB", sessions, time.Since(start).Round(time.Millisecond), threads, base, procStatus(t, "VmRSS")>>10)
	if threads > base+32 {
		t.Errorf("%d sessions: %d threads, baseline %d", sessions, threads, base)
	}
	for _, c := range clients {
		c.close()
	}
	waitFor(t, func() bool { return h.srv.Sessions() == 1 }, "the sessions to close")
	stepHealthy()
	threads = procStatus(t, "Threads")
	t.Logf("after: %d threads (baseline %d), RSS %d MiB", threads, base, procStatus(t, "VmRSS")>>10)
	if threads > base+32 {
		t.Errorf("after the load: %d threads, baseline %d", threads, base)
	}
}

// A connection that does not attach within the attach timeout is closed,
// and gives its place back.
func TestSharedMemoryAttachTimeout(t *testing.T) {
	h := start(t, Config{AttachTimeout: 100 * time.Millisecond, MaxPendingAttaches: 1})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Seed: 1, SharedMemory: true})
	began := time.Now()
	fd := dialAttach(t, o.SharedMemory.Socket)
	defer syscall.Close(fd)
	if got := readAnswer(t, fd); got != "" {
		t.Fatalf("an idle connection got %q, want its end", got)
	}
	if d := time.Since(began); d > 2*time.Second {
		t.Fatalf("an idle connection was closed after %v, timeout 100ms", d)
	}
	waitFor(t, func() bool { return h.srv.PendingAttaches() == 0 }, "the place to be given back")
	c, ok := attachShared(t, o)
	if c == nil {
		t.Fatalf("attach after the timeout of another: %s", ok)
	}
	c.mustOK(c.reset(1))
}
