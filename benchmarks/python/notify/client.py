"""The client half of benchmarks/python/notify (see main.go): round trips
of an empty call by one notification mechanism, p50/p99 in microseconds.

    python client.py BINARY MODE [TRIPS]
"""
import ctypes, mmap, os, socket, subprocess, sys, time
import numpy as np
binary, mode = sys.argv[1], sys.argv[2]; N = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
p = subprocess.Popen([binary, mode], stdout=subprocess.PIPE, text=True)
p.stdout.readline()
s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
s.connect("\0spike-" + mode)
fd = s.fileno()
lat = np.empty(N)
b = b"x"
if mode in ("raw", "netpoll"):
    for i in range(N):
        t = time.perf_counter_ns(); os.write(fd, b); os.read(fd, 1); lat[i] = time.perf_counter_ns() - t
elif mode == "eventfd":
    msg, fds, _, _ = socket.recv_fds(s, 1, 2)
    e1, e2 = fds
    one = (1).to_bytes(8, "little")
    for i in range(N):
        t = time.perf_counter_ns(); os.write(e1, one); os.read(e2, 8); lat[i] = time.perf_counter_ns() - t
    os.write(e1, (2).to_bytes(8, "little"))
else:
    msg, fds, _, _ = socket.recv_fds(s, 1, 1)
    m = mmap.mmap(fds[0], 4096)
    a = np.frombuffer(m, np.uint32)
    libc = ctypes.CDLL(None, use_errno=True)
    addr = ctypes.addressof(ctypes.c_char.from_buffer(m))
    sysc = libc.syscall
    for i in range(N):
        seq = i + 1
        t = time.perf_counter_ns()
        a[0] = seq
        if mode == "futex":
            sysc(202, ctypes.c_void_p(addr), 1, 1, None, None, 0)
        spins = 0
        while a[16] != seq:
            spins += 1
            if mode == "futex" and spins > 200:
                sysc(202, ctypes.c_void_p(addr + 64), 0, seq - 1, None, None, 0)
        lat[i] = time.perf_counter_ns() - t
    a[0] = 0xffffffff
    if mode == "futex":
        sysc(202, ctypes.c_void_p(addr), 1, 1, None, None, 0)
lat = lat[1000:] / 1000
print(f"{mode:8s} p50 {np.percentile(lat,50):6.1f} us  p99 {np.percentile(lat,99):7.1f} us  mean {lat.mean():6.1f}  load {os.getloadavg()[0]:.2f}")
s.close(); p.kill()
