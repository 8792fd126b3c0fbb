//go:build linux

// Command notify is the server half of the notification measurement behind
// the shared-memory fast path's choice (serve/README.md): it echoes a Python
// client's wake-ups (client.py) by one of several mechanisms, so that the
// round trip of an empty call can be compared.
//
//	go build -o /tmp/notify ./benchmarks/python/notify
//	python benchmarks/python/notify/client.py /tmp/notify raw 20000
//
// Modes: raw (a SOCK_SEQPACKET byte each way, blocking reads), netpoll (the
// same through Go's net.Conn), eventfd (two eventfds), futex (a counter in
// shared memory, spin then FUTEX_WAIT/FUTEX_WAKE), spin (spin only).
package main

import (
	"fmt"
	"net"
	"os"
	"runtime"
	"sync/atomic"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

func main() {
	mode := os.Args[1]
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		panic(err)
	}
	if err := syscall.Bind(fd, &syscall.SockaddrUnix{Name: "@spike-" + mode}); err != nil {
		panic(err)
	}
	syscall.Listen(fd, 4)
	fmt.Println("ready")
	c, _, err := syscall.Accept4(fd, syscall.SOCK_CLOEXEC)
	if err != nil {
		panic(err)
	}
	b := make([]byte, 1)
	switch mode {
	case "raw":
		runtime.LockOSThread()
		for {
			n, err := syscall.Read(c, b)
			if n <= 0 || err != nil {
				return
			}
			syscall.Write(c, b)
		}
	case "netpoll":
		f := os.NewFile(uintptr(c), "c")
		conn, err := net.FileConn(f)
		if err != nil {
			panic(err)
		}
		for {
			n, err := conn.Read(b)
			if n <= 0 || err != nil {
				return
			}
			conn.Write(b)
		}
	case "eventfd":
		e1, _, _ := syscall.Syscall(syscall.SYS_EVENTFD2, 0, syscall.O_CLOEXEC, 0)
		e2, _, _ := syscall.Syscall(syscall.SYS_EVENTFD2, 0, syscall.O_CLOEXEC, 0)
		syscall.Sendmsg(c, []byte("x"), syscall.UnixRights(int(e1), int(e2)), nil, 0)
		runtime.LockOSThread()
		v := make([]byte, 8)
		one := []byte{1, 0, 0, 0, 0, 0, 0, 0}
		for {
			if _, err := syscall.Read(int(e1), v); err != nil {
				return
			}
			if v[0] == 2 {
				return
			}
			syscall.Write(int(e2), one)
		}
	case "spin", "futex":
		mfd, err := unix.MemfdCreate("notify", unix.MFD_CLOEXEC)
		if err != nil {
			panic(err)
		}
		syscall.Ftruncate(mfd, 4096)
		mem, _ := syscall.Mmap(mfd, 0, 4096, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
		syscall.Sendmsg(c, []byte("x"), syscall.UnixRights(mfd), nil, 0)
		req := (*uint32)(unsafe.Pointer(&mem[0]))
		rep := (*uint32)(unsafe.Pointer(&mem[64]))
		runtime.LockOSThread()
		var seq uint32
		for {
			seq++
			spins := 0
			for atomic.LoadUint32(req) != seq {
				spins++
				if mode == "futex" && spins > 2000 {
					// FUTEX_WAIT (not private: shared mapping)
					syscall.Syscall6(syscall.SYS_FUTEX, uintptr(unsafe.Pointer(req)), 0, uintptr(seq-1), 0, 0, 0)
				}
				if atomic.LoadUint32(req) == 0xffffffff {
					return
				}
			}
			atomic.StoreUint32(rep, seq)
			if mode == "futex" {
				syscall.Syscall6(syscall.SYS_FUTEX, uintptr(unsafe.Pointer(rep)), 1, 1, 0, 0, 0)
			}
		}
	}
}
