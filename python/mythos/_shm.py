"""The shared-memory fast path: a session's results and actions in memory
shared with a server on the same host (``SharedMemory`` in mythos.proto,
serve/README.md).

The server makes the session's buffers in a sealed memfd and hands its
descriptor over a Unix socket (SCM_RIGHTS); this module maps it and exposes
numpy views. A call is one byte each way on that socket: the client writes
the actions (or a reset's arguments) into the mapping, sends ``S`` (``R``),
and reads the server's one-byte answer; the results are in the mapping by
then. The socket's end tells either side that the other is gone.

A server that offers it (the header's features word) is then asked for the
notification in memory (``N``, once): a call is announced by a new number in
the header, answered by the server writing that number back, each side
polling the other's for a short while before it blocks on the socket, which
is then only a doorbell for a side that blocks (see ``SharedChannel._notify``
for the memory-ordering argument, serve/notify_linux.go for the server's).
"""

from __future__ import annotations

import mmap
import os
import platform
import select
import socket
import sys
import threading
import time
from typing import Any, Sequence

import grpc
import numpy as np

from .errors import IllegalActionError, MythosError

# Header offsets (serve/shm.go).
_RESET_COUNT, _HAS_SEED, _SEED, _TIMEOUT = 20, 24, 32, 40
_STATUS, _MSG_LEN, _CLOSED, _CLOSED_LEN, _MSG, _CLOSED_MSG = 48, 52, 56, 60, 64, 1088
_MAGIC = b"MYTHSHM1"
_VERSION = 1
# The notification in memory (serve/shm.go): the features word and its bit,
# the client's call number, operation and "parked" word, the server's
# answer number and "parked" word.
_FEATURES, _FEATURE_NOTIFY = 16, 1
_REQ_SEQ, _REQ_OP, _CLIENT_PARKED, _REPLY_SEQ, _SERVER_PARKED = 2176, 2184, 2188, 2240, 2248
#: Whether to ask for the notification in memory (MYTHOS_SHM_NOTIFY=0: the
#: socket byte each way, as with older servers). Only on x86-64, whose
#: memory order the argument in SharedChannel._notify rests on.
_NOTIFY = os.environ.get("MYTHOS_SHM_NOTIFY", "1") != "0" and platform.machine().lower() in ("x86_64", "amd64")
#: How long a call polls for the server's answer before it blocks (see
#: SharedChannel._spin_read), from MYTHOS_SHM_SPIN_US.
_SPIN_NS = int(float(os.environ.get("MYTHOS_SHM_SPIN_US", "200")) * 1000)

# This process's id, kept by a fork hook: a call checks that its channel is
# this process's without a getpid system call.
_pid = os.getpid()


def _forked() -> None:
    global _pid
    _pid = os.getpid()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)

#: What a transport may be: ``"auto"`` (shared memory when the server is on
#: this host and serves it, else gRPC), ``"shm"`` (shared memory or an
#: error) or ``"grpc"``.
TRANSPORTS = ("auto", "shm", "grpc")


def resolve_transport(transport: str | None) -> str:
    """``transport``, or ``$MYTHOS_TRANSPORT``, or ``"auto"``; checked."""
    t = transport or os.environ.get("MYTHOS_TRANSPORT") or "auto"
    if t not in TRANSPORTS:
        raise ValueError(f"transport={t!r}: want 'auto', 'shm' or 'grpc' (argument or $MYTHOS_TRANSPORT)")
    return t


def supported() -> bool:
    """Whether this platform can use shared memory (Linux)."""
    return sys.platform.startswith("linux") and hasattr(socket, "recv_fds")


def is_local(address: str) -> bool:
    """Whether ``host:port`` names this host by a loopback address (the
    server is then on this host, where shared memory reaches it)."""
    host = address.rsplit(":", 1)[0] if ":" in address else address
    host = host.strip("[]").lower()
    if host.startswith("unix:"):
        return True
    return host in ("localhost", "::1", "ip6-localhost") or host.startswith("127.")


def _code(name: str) -> str:
    return name if name in grpc.StatusCode.__members__ else "UNKNOWN"


def _code_name(number: int) -> str:
    for c in grpc.StatusCode:
        if c.value[0] == number:
            return c.name
    return "UNKNOWN"


def _error(code: str, details: str) -> MythosError:
    if code == "INVALID_ARGUMENT" and ": action " in details:
        return IllegalActionError(code, details)
    return MythosError(code, details)


class SharedChannel:
    """One attached session's shared memory and its socket.

    ``result`` is a :class:`~mythos.client.StepResult` of read-only views of
    the mapping, made once: every call rewrites what they show. Calls are
    serialised by a lock; the channel belongs to the process that attached
    (a forked child gets an error, not a corrupted session).
    """

    def __init__(self, info: Any, session_id: str, secret: str, layout: Any, timeout: float = 10.0) -> None:
        if not supported():
            raise MythosError("UNIMPLEMENTED", "shared memory needs Linux (use transport='grpc')")
        name = info.socket
        if not name.startswith("@"):
            raise MythosError("FAILED_PRECONDITION", f"shared memory socket {name!r} is not an abstract name")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            sock.settimeout(timeout)
            sock.connect("\0" + name[1:])
            sock.sendall(f"{session_id}\n{secret}".encode())
            msg, fds, _, _ = socket.recv_fds(sock, 4096, 1)
            if msg != b"OK" or len(fds) != 1:
                for fd in fds:
                    os.close(fd)
                text = msg.decode(errors="replace")
                if text.startswith("ERR "):
                    code, _, details = text[4:].partition(" ")
                    raise MythosError(_code(code), details)
                raise MythosError("UNAVAILABLE", f"shared memory attach failed: {text!r}")
            try:
                self.mm = mmap.mmap(fds[0], int(info.size))
            finally:
                os.close(fds[0])
            sock.settimeout(None)
        except OSError as e:
            sock.close()
            raise MythosError("UNAVAILABLE", f"shared memory attach failed: {e}") from None
        except BaseException:
            sock.close()
            raise
        mm = self.mm
        if mm[:8] != _MAGIC or int.from_bytes(mm[8:12], "little") != _VERSION:
            sock.close()
            mm.close()
            raise MythosError("FAILED_PRECONDITION", "shared memory: unknown header (server and client versions differ)")
        #: the server's SharedMemory message (socket name, layout).
        self.info = info
        self.sock = sock
        self.fd = sock.fileno()
        self.pid = os.getpid()
        self.lock = threading.Lock()
        self.pending = False  # a call whose answer was not read (timeout, interrupt)
        self._last_wait_ns = 0  # how long the last answer took (_spin_read)
        self.dead: MythosError | None = None
        #: whether calls go through the notification in memory.
        self.notify = False
        self._seq = 0  # the number of the last call (notify)
        n = layout.n
        self.n = n
        self.layout = layout
        self._reset_count = np.frombuffer(mm, "<i4", 1, _RESET_COUNT)
        self._has_seed = np.frombuffer(mm, "<u4", 1, _HAS_SEED)
        self._seed = np.frombuffer(mm, "<u8", 1, _SEED)
        self._timeout = np.frombuffer(mm, "<i8", 1, _TIMEOUT)
        self.actions = np.frombuffer(mm, "<i4", n, int(info.actions_offset))
        self.envs = np.frombuffer(mm, "<i4", n, int(info.envs_offset))
        ro = memoryview(mm).toreadonly()
        f_len = 4 * (layout.f_obs + n * (3 + layout.agents))
        i_len = 4 * (layout.i_obs + 2 * n)
        b_len = n * (layout.actions + 2)
        self.blobs = (
            ro[int(info.f32_offset) : int(info.f32_offset) + f_len],
            ro[int(info.i32_offset) : int(info.i32_offset) + i_len],
            ro[int(info.i8_offset) : int(info.i8_offset) + b_len],
            ro[int(info.u64_offset) : int(info.u64_offset) + 8 * n],
            ro[int(info.u8_offset) : int(info.u8_offset) + layout.u_obs],
        )
        #: views of the mapping (valid while the channel is open).
        self.result = layout.decode(_Blobs(*self.blobs))
        if _NOTIFY and int.from_bytes(mm[_FEATURES : _FEATURES + 4], "little") & _FEATURE_NOTIFY:
            self._start_notify()

    def _start_notify(self) -> None:
        """Asks the server for the notification in memory (the ``N``
        operation, over the socket) and makes the views it polls: memoryview
        casts, whose element reads and writes are single aligned loads and
        stores (``memoryview`` unpacks and packs a ``Q``/``I`` element with
        one ``memcpy`` of its size, which compilers emit as one move)."""
        try:
            os.write(self.fd, b"N")
            b = os.read(self.fd, 1)
        except OSError:
            b = b""
        if b != b"0":
            try:
                self._hung_up()
            finally:
                self.close()
        mv = memoryview(self.mm)
        self._req = mv[_REQ_SEQ : _REQ_SEQ + 8].cast("Q")
        self._op = mv[_REQ_OP : _REQ_OP + 4].cast("I")
        self._cpark = mv[_CLIENT_PARKED : _CLIENT_PARKED + 4].cast("I")
        self._reply = mv[_REPLY_SEQ : _REPLY_SEQ + 8].cast("Q")
        self._spark = mv[_SERVER_PARKED : _SERVER_PARKED + 4].cast("I")
        self._status = mv[_STATUS : _STATUS + 4].cast("I")
        self._fence_lock = threading.Lock()
        self._seq = self._req[0]
        self.notify = True

    def copy_result(self) -> Any:
        """The current results as arrays of their own (five copies)."""
        return self.layout.decode(_Blobs(*(bytes(b) for b in self.blobs)))

    def step(self, actions: Any, timeout: float | None) -> None:
        """Steps every env with ``actions`` (one int per env)."""
        a = np.asarray(actions).reshape(-1)
        if a.dtype.kind not in "iu":
            raise TypeError(f"actions must be integers, got dtype {a.dtype}")
        if a.shape[0] != self.n:
            raise MythosError(
                "INVALID_ARGUMENT",
                f"actions: got {a.shape[0]} actions for a session of {self.n} envs (one action per env)",
            )
        with self.lock:
            self._check()
            if a.dtype.itemsize > 4 or a.dtype == np.uint32:
                big = (a < -(2**31)) | (a > 2**31 - 1)
                if big.any():  # refused as out of range, quoted as sent, as the gRPC path does
                    i = int(np.flatnonzero(big)[0])
                    raise IllegalActionError(
                        "INVALID_ARGUMENT",
                        f"env {i}: action {int(a[i])} is out of range: the action space is "
                        f"Discrete({self.layout.actions})",
                    )
            self.actions[:] = a
            self._call(b"S", timeout)

    def step_one(self, action: int, timeout: float | None) -> None:
        """Steps a one-env session with ``action`` (an int in int32 range):
        :meth:`step` without the array checks, for ``MythosEnv.step``."""
        with self.lock:
            self._check()
            self.actions[0] = action
            self._call(b"S", timeout)

    def reset(self, seed: int | None, envs: Sequence[int] | None, timeout: float | None) -> None:
        """Resets ``envs`` (all when None or empty), with a base ``seed``."""
        idx = list(envs or [])
        if len(idx) > self.n:
            raise MythosError(
                "INVALID_ARGUMENT",
                f"reset: {len(idx)} env indices for a session of {self.n} envs: list each env at most once",
            )
        with self.lock:
            self._check()
            if idx:
                self.envs[: len(idx)] = np.asarray(idx, dtype=np.int64).clip(-(2**31), 2**31 - 1)
            self._reset_count[0] = len(idx)
            self._has_seed[0] = 0 if seed is None else 1
            self._seed[0] = 0 if seed is None else int(seed) & 0xFFFFFFFFFFFFFFFF
            self._call(b"R", timeout)

    def _check(self) -> None:
        if self.pid != _pid:
            raise MythosError(
                "FAILED_PRECONDITION",
                f"this session's shared memory belongs to process {self.pid}: a forked process must open its own session",
            )
        if self.dead is not None:
            raise self.dead
        if self.pending:
            # The late answer of a call that timed out or was interrupted:
            # read and dropped (its error, if any, was the caller's already).
            self.pending = False
            if self.notify:
                self._wait(self._seq, None)
                return
            try:
                b = os.read(self.fd, 1)
            except OSError:
                b = b""
            if b not in (b"0", b"1"):
                self._hung_up()

    def _call(self, op: bytes, timeout: float | None) -> None:
        self._timeout[0] = 0 if timeout is None else max(1, int(timeout * 1e9))
        if self.notify:
            self._notify(op[0], timeout)
            return
        try:
            os.write(self.fd, op)
        except OSError:
            self._hung_up()
        self._read(timeout)

    def _read(self, timeout: float | None) -> None:
        try:
            if timeout is not None:
                p = select.poll()
                p.register(self.fd, select.POLLIN)
                if not p.poll(max(0, int(timeout * 1000))):
                    self.pending = True
                    raise MythosError("DEADLINE_EXCEEDED", f"the call's deadline ({timeout}s) passed: the server is still working on it")
            b = self._spin_read() if timeout is None else os.read(self.fd, 1)
        except OSError:
            b = b""
        except BaseException:
            self.pending = True  # an interrupt: the answer comes later
            raise
        if b == b"0":
            return
        if b == b"1":
            mm = self.mm
            code = int.from_bytes(mm[_STATUS : _STATUS + 4], "little")
            k = int.from_bytes(mm[_MSG_LEN : _MSG_LEN + 4], "little")
            raise _error(_code_name(code), mm[_MSG : _MSG + k].decode(errors="replace"))
        self._hung_up()

    def _spin_read(self) -> bytes:
        """The answer's byte: polled without blocking for up to
        ``MYTHOS_SHM_SPIN_US`` microseconds (200 by default, 0 turns it off),
        then a blocking read. A server that answers within it (a batch of
        simple envs) is heard without the wake-up of a sleeping thread, which
        costs 20-40 µs on an idle core (over 100 µs on some virtual machines).
        Polling stops while answers take more than four times as long (large
        batches), so they cost no spinning."""
        start = time.perf_counter_ns()
        try:
            if _SPIN_NS > 0 and self._last_wait_ns <= 4 * _SPIN_NS:
                recv, end = self.sock.recv, start + _SPIN_NS
                while True:
                    try:
                        return recv(1, socket.MSG_DONTWAIT)
                    except BlockingIOError:
                        if time.perf_counter_ns() > end:
                            break
            return os.read(self.fd, 1)
        finally:
            self._last_wait_ns = time.perf_counter_ns() - start

    def _fence(self) -> None:
        """A full memory barrier: acquiring a mutex. On x86-64 a mutex is
        taken with a LOCK-prefixed read-modify-write (CPython's locks: a
        semaphore's ``cmpxchg`` in glibc, or ``PyMutex``'s), and no load or
        store is reordered across a locked instruction (Intel SDM vol. 3,
        8.2.2), which is what the store-then-load below needs."""
        f = self._fence_lock
        f.acquire()
        f.release()

    def _notify(self, op: int, timeout: float | None) -> None:
        """A call over the notification in memory.

        The memory-ordering argument (x86-64 only, see ``_NOTIFY``): x86 is
        TSO, stores become visible in program order and loads are not
        reordered with older loads, so writing the actions and arguments,
        then the operation, then the call number publishes them all to a
        server that loads the number first (its Go atomics are plain moves
        on x86), and loading the answer's number, then the results, reads
        the results the server wrote before its number. Every access here
        is a real load or store: each goes through a separate C call of the
        interpreter, which no compiler can cache across. TSO's one
        reordering, a load passing an older store, matters where a side
        stores its word and then loads the other's (Dekker's pattern: the
        client publishing its number then loading the server's "parked"
        word, and storing its own "parked" word then loading the answer's
        number): a full barrier (``_fence``) sits between each pair, as an
        XCHG does on the server's side, so that one side always sees the
        other and no wake-up is lost."""
        seq = (self._seq + 1) & 0xFFFFFFFFFFFFFFFF
        self._seq = seq
        self._op[0] = op
        self._req[0] = seq
        self._fence()
        if self._spark[0]:
            try:
                os.write(self.fd, b"W")  # the server blocks: wake it
            except OSError:
                self._hung_up()
        self._wait(seq, timeout)
        if self._status[0]:
            mm = self.mm
            code = int.from_bytes(mm[_STATUS : _STATUS + 4], "little")
            k = int.from_bytes(mm[_MSG_LEN : _MSG_LEN + 4], "little")
            raise _error(_code_name(code), mm[_MSG : _MSG + k].decode(errors="replace"))

    def _wait(self, seq: int, timeout: float | None) -> None:
        """Waits for the server's answer to call ``seq``: polls its number
        for up to ``MYTHOS_SHM_SPIN_US`` while answers come within four
        times that, and then blocks on the socket (after saying so in its
        "parked" word), woken by the server's byte or the socket's end. A
        timeout or an interrupt leaves the call pending.

        Between polls it gives its core away (``os.sched_yield``): on a
        2-core machine with other work the server often needs this very
        core to make the answer, and a load-only spin would hold it until
        the kernel preempts us (at load 9, one DrownedLantern step: 10 µs
        p50 yielding from the first poll, 20 µs after 10 µs of loads, 234 µs
        spinning with loads only). A yield with nothing else to run returns
        at once: on idle cores it costs a system call per poll."""
        reply = self._reply
        if reply[0] == seq:
            self._last_wait_ns = 0
            return
        clock = time.perf_counter_ns
        start = clock()
        limit = None if timeout is None else start + max(0, int(timeout * 1e9))
        try:
            if _SPIN_NS > 0 and self._last_wait_ns <= 4 * _SPIN_NS:
                end = start + _SPIN_NS
                if limit is not None and limit < end:
                    end = limit
                yield_ = os.sched_yield
                while reply[0] != seq:
                    if clock() > end:
                        break
                    yield_()
                else:
                    return
            cpark = self._cpark
            while True:
                cpark[0] = 1
                self._fence()
                if reply[0] == seq:
                    cpark[0] = 0
                    return
                if limit is not None:
                    p = select.poll()
                    p.register(self.fd, select.POLLIN)
                    if not p.poll(max(0, (limit - clock()) // 1_000_000)):
                        cpark[0] = 0
                        if reply[0] == seq:
                            return
                        self.pending = True
                        raise MythosError("DEADLINE_EXCEEDED", f"the call's deadline ({timeout}s) passed: the server is still working on it")
                try:
                    b = os.read(self.fd, 1)
                except OSError:
                    b = b""
                cpark[0] = 0
                if reply[0] == seq:
                    return
                if not b:
                    self._hung_up()
        except MythosError:
            raise
        except BaseException:
            self.pending = True  # an interrupt: the answer comes later
            raise
        finally:
            self._last_wait_ns = clock() - start

    def _hung_up(self) -> None:
        """The socket ended: the session is closed, or the server is gone."""
        mm = self.mm
        code = int.from_bytes(mm[_CLOSED : _CLOSED + 4], "little")
        k = int.from_bytes(mm[_CLOSED_LEN : _CLOSED_LEN + 4], "little")
        if code:
            self.dead = MythosError(_code_name(code), mm[_CLOSED_MSG : _CLOSED_MSG + k].decode(errors="replace"))
        else:
            self.dead = MythosError("UNAVAILABLE", "the server's shared-memory connection ended (the server stopped or died)")
        raise self.dead

    def close(self) -> None:
        """Hangs up (the server closes the session) and unmaps, unless
        arrays still look at the mapping (it is then unmapped when they go)."""
        try:
            self.sock.close()
        except OSError:
            pass
        if self.dead is None:
            self.dead = MythosError("NOT_FOUND", "the session is closed")
        self.result = None
        self.blobs = ()
        self._reset_count = self._has_seed = self._seed = self._timeout = None  # type: ignore[assignment]
        self.actions = self.envs = None  # type: ignore[assignment]
        if self.notify:
            for v in (self._req, self._op, self._cpark, self._reply, self._spark, self._status):
                v.release()
            self.notify = False
        try:
            self.mm.close()
        except BufferError:
            pass  # views are alive: the mapping goes with the last of them


class _Blobs:
    """What PackedLayout.decode reads of a dense Packed message."""

    __slots__ = ("f32", "i32", "i8", "u64", "u8", "sparse")

    def __init__(self, f32: Any, i32: Any, i8: Any, u64: Any, u8: Any) -> None:
        self.f32, self.i32, self.i8, self.u64, self.u8 = f32, i32, i8, u64, u8
        self.sparse = False
