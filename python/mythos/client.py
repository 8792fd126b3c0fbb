"""The low-level client: sessions of N envs stepped in one call."""

from __future__ import annotations

import gc
import os
import queue
import secrets
import sys
import threading
import zlib
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

# A process that forks with live channels (Gymnasium's AsyncVectorEnv, whose
# workers call mythos.make; a DataLoader) needs gRPC's fork support, which
# since grpcio 1.74 is on in gRPC's core but off in its Python layer unless
# asked for: without it a child's first channel can hang on a lock a parent
# thread held at the fork. It must be set before grpc is first imported; a
# program that imports grpc earlier sets it itself (python/README.md).
os.environ.setdefault("GRPC_ENABLE_FORK_SUPPORT", "1")

import grpc  # noqa: E402
import numpy as np

from ._proto import mythos_pb2 as pb
from ._proto import mythos_pb2_grpc as pb_grpc
from .errors import MythosError, ServerRestartedError, from_rpc_error, server_gone
from . import _shm
from .server import shared_server
from .spec import DTYPES, Field, Spec

MAX_MESSAGE_BYTES = 96 << 20

# Seconds a call that found the connection down waits for the server to
# answer again (a restart) before it says UNAVAILABLE.
_RECONNECT_WAIT = 5.0


def to_numpy(t: pb.Tensor) -> np.ndarray:
    """Decodes a wire tensor: a read-only view of a dense one's bytes (no
    copy), or a new array filled from a sparse one's positions and values."""
    dtype = DTYPES[t.dtype]
    shape = tuple(t.shape)
    if not t.sparse:
        return np.frombuffer(t.data, dtype=dtype).reshape(shape)
    out = np.zeros(shape, dtype=dtype)
    if t.indices:
        out.reshape(-1)[np.frombuffer(t.indices, dtype="<i4")] = np.frombuffer(t.data, dtype=dtype)
    return out


def from_numpy(a: np.ndarray) -> pb.Tensor:
    """Packs an int32 or int64 array as a wire tensor."""
    a = np.asarray(a)
    if a.dtype == np.int64:
        return pb.Tensor(dtype=pb.DTYPE_INT64, shape=a.shape, data=a.astype("<i8", copy=False).tobytes())
    if a.dtype.kind not in "iu":
        raise TypeError(f"actions must be integers, got dtype {a.dtype}")
    return pb.Tensor(dtype=pb.DTYPE_INT32, shape=a.shape, data=a.astype("<i4", copy=False).tobytes())


@dataclass
class StepResult:
    """Every env of a session after a reset or a step; row i is env i.

    Arrays are read-only views of the reply.
    """

    observation: dict[str, np.ndarray]
    action_mask: np.ndarray
    agent: np.ndarray
    reward: np.ndarray
    agent_rewards: np.ndarray
    terminated: np.ndarray
    truncated: np.ndarray
    episode_score: np.ndarray
    episode_length: np.ndarray
    seed: np.ndarray
    final_score: np.ndarray
    final_observation: dict[str, np.ndarray] | None

    @classmethod
    def from_proto(cls, r: pb.StepResult, packed: "PackedLayout | None" = None) -> "StepResult":
        """Decodes a wire StepResult: its packed form with ``packed`` (the
        session's layout) when the server sent one, else its tensors."""
        if packed is not None and r.HasField("packed"):
            return packed.decode(r.packed)
        return cls(
            observation={t.name: to_numpy(t) for t in r.observation},
            action_mask=to_numpy(r.action_mask),
            agent=to_numpy(r.agent),
            reward=to_numpy(r.reward),
            agent_rewards=to_numpy(r.agent_rewards),
            terminated=to_numpy(r.terminated),
            truncated=to_numpy(r.truncated),
            episode_score=to_numpy(r.episode_score),
            episode_length=to_numpy(r.episode_length),
            seed=to_numpy(r.seed),
            final_score=to_numpy(r.final_score),
            final_observation={t.name: to_numpy(t) for t in r.final_observation} or None,
        )


class PackedLayout:
    """Where every tensor of a packed StepResult lies (``Packed`` in
    mythos.proto), for one session: its spec, N and final_observations.

    Decoding makes one numpy view per tensor of the reply's blobs, with no
    copy and no loop over envs; observation fields are views of a record
    array (one record per env row), so they are strided, not contiguous.
    Sparse observations are scattered into one zero array per dtype, taken
    from a :class:`_Scratch` (recycled once no array of an earlier result
    refers to it).
    """

    def __init__(self, spec: Spec, num_envs: int, final_observations: bool) -> None:
        n = num_envs
        self.n = n
        self.final = final_observations
        self.agents = len(spec.agents)
        self.actions = spec.num_actions
        f32 = [f for f in spec.fields if f.dtype == np.float32]
        i32 = [f for f in spec.fields if f.dtype == np.int32]
        u8 = [f for f in spec.fields if f.dtype == np.uint8]
        self.f_size = max((f.offset + f.size for f in f32), default=0)
        self.i_size = max((f.offset + f.size for f in i32), default=0)
        self.u_size = max((f.offset + f.size for f in u8), default=0)
        self.f_row = _record(f32, "<f4", self.f_size)
        self.i_row = _record(i32, "<i4", self.i_size)
        self.u_row = _record(u8, "u1", self.u_size)
        # (name, which rows: 0 float32, 1 int32, 2 uint8) in spec order.
        self.order = [(f.name, 0 if f.dtype == np.float32 else 2 if f.dtype == np.uint8 else 1) for f in spec.fields]
        rows = n * (2 if final_observations else 1)
        self.f_obs, self.i_obs, self.u_obs = rows * self.f_size, rows * self.i_size, rows * self.u_size  # elements
        self._f_scratch = _Scratch(self.f_obs, np.dtype("<f4"))
        self._i_scratch = _Scratch(self.i_obs, np.dtype("<i4"))

    def _fields(
        self, f_rows: np.ndarray | None, i_rows: np.ndarray | None, u_rows: np.ndarray | None
    ) -> dict[str, np.ndarray]:
        rows = (f_rows, i_rows, u_rows)
        return {name: rows[k][name] for name, k in self.order}  # type: ignore[index]

    def decode(self, p: pb.Packed) -> StepResult:
        """Decodes a Packed message of this session."""
        n, a = self.n, self.agents
        f32, i32, i8, u64 = p.f32, p.i32, p.i8, p.u64
        if p.sparse:
            f_all = self._f_scratch.scatter(p.sparse_f32_index, p.sparse_f32)
            i_all = self._i_scratch.scatter(p.sparse_i32_index, p.sparse_i32)
            f_rows = f_all.view(self.f_row) if self.f_row is not None else None
            i_rows = i_all.view(self.i_row) if self.i_row is not None else None
            fo = io = 0  # offsets (bytes) of the scalar sections
        else:
            rows = 2 * n if self.final else n
            f_rows = np.frombuffer(f32, self.f_row, rows) if self.f_row is not None else None
            i_rows = np.frombuffer(i32, self.i_row, rows) if self.i_row is not None else None
            fo, io = 4 * self.f_obs, 4 * self.i_obs
        # uint8 rows: always dense (sparse sessions too), in their own blob.
        u_rows = np.frombuffer(p.u8, self.u_row, 2 * n if self.final else n) if self.u_row is not None else None
        final = None
        if self.final:
            final = self._fields(_half(f_rows, n, 1), _half(i_rows, n, 1), _half(u_rows, n, 1))
        f = np.frombuffer(f32, "<f4", n * (3 + a), fo)
        i = np.frombuffer(i32, "<i4", 2 * n, io)
        m = np.frombuffer(i8, "i1", n * (self.actions + 2))
        done = m[n * self.actions :].view(np.bool_)
        return StepResult(
            observation=self._fields(_half(f_rows, n, 0), _half(i_rows, n, 0), _half(u_rows, n, 0)),
            action_mask=m[: n * self.actions].reshape(n, self.actions),
            agent=i[:n],
            reward=f[:n],
            agent_rewards=f[n : n + n * a].reshape(n, a),
            terminated=done[:n],
            truncated=done[n:],
            episode_score=f[n + n * a : 2 * n + n * a],
            episode_length=i[n:],
            seed=np.frombuffer(u64, "<u8", n),
            final_score=f[2 * n + n * a :],
            final_observation=final,
        )


class _Scratch:
    """Zeroed arrays for sparse observations, recycled.

    A new zero array costs page faults and clearing; an array from an earlier
    result is reused instead once nothing else refers to it (every array a
    result hands out is a view that keeps its base alive, so a reference
    count of just the pool's means no one can see it any more), after
    zeroing only the elements that result set. Without reference counts
    (not CPython) every result gets a new array.
    """

    KEEP = 3  # arrays kept: the result in use, the one before, a spare

    def __init__(self, size: int, dtype: np.dtype) -> None:
        self.size, self.dtype = size, dtype
        self.pool: list[list[Any]] = []  # [array, positions it holds (intp)]
        self.recycle = sys.implementation.name == "cpython" and hasattr(sys, "getrefcount")
        self.unshared = _unshared_refcount() if self.recycle else -1

    def scatter(self, index: bytes, values: bytes) -> np.ndarray:
        """A zero array with ``values`` at the positions that ``index`` (uint16
        gaps, see ``Packed`` in mythos.proto) gives."""
        pos = np.frombuffer(index, "<u2").astype(np.intp).cumsum()
        for slot in self.pool:
            if sys.getrefcount(slot[0]) == self.unshared:  # the pool's reference only
                out = slot[0]
                out[slot[1]] = 0
                break
        else:
            out = np.zeros(self.size, self.dtype)
            if not self.recycle:
                out[pos] = np.frombuffer(values, self.dtype)
                return out
            slot = [out, pos]
            if len(self.pool) >= self.KEEP:
                self.pool.pop(0)
            self.pool.append(slot)
        slot[1] = pos
        out[pos] = np.frombuffer(values, self.dtype)
        return out


def _unshared_refcount() -> int:
    """What ``sys.getrefcount(slot[0])`` says of an array that only a pool
    slot refers to (measured, as interpreters count their own references
    differently)."""
    slot = [np.zeros(1)]
    return sys.getrefcount(slot[0])


def _record(fields: list[Field], dtype: str, size: int) -> np.dtype | None:
    """A record dtype for a packed observation row of one dtype: one
    sub-array per field at its offset."""
    if not fields or size == 0:
        return None
    width = np.dtype(dtype).itemsize
    return np.dtype(
        {
            "names": [f.name for f in fields],
            "formats": [(dtype, f.shape) for f in fields],
            "offsets": [width * f.offset for f in fields],
            "itemsize": width * size,
        }
    )


def _half(rows: np.ndarray | None, n: int, k: int) -> np.ndarray | None:
    """Rows k*n to (k+1)*n (observation rows, then final observation rows)."""
    return None if rows is None else rows[k * n : (k + 1) * n]


@dataclass
class Description:
    """One env in words: the board, the prompt and the legal actions."""

    board: str
    prompt: str
    legal_actions: list[tuple[int, str, str]]
    events: list[str]
    agent: int
    over: bool
    score: float

    def __str__(self) -> str:
        lines = [self.board.rstrip(), self.prompt]
        lines += [f"  [{a}] {name}: {desc}" for a, name, desc in self.legal_actions]
        return "\n".join(lines)


class Client:
    """A connection to a Mythos server.

    Args:
        address: ``host:port`` of a running ``mythos serve``; None starts a
            local server (see :func:`mythos.server.find_binary`).
        timeout: seconds to wait for the connection.
        token: the server's bearer token (``mythos serve --token``); None
            takes ``$MYTHOS_TOKEN`` if set. Sent with every call.
        root_certificates: PEM certificates (bytes, or a file path) to
            trust for a TLS server (``mythos serve --tls-cert``); None with
            ``tls=False`` connects in plain text.
        tls: connect with TLS; with no ``root_certificates`` the system's
            trusted roots are used.
        transport: how sessions step: ``"auto"`` (the default, or
            ``$MYTHOS_TRANSPORT``) uses the shared-memory fast path when the
            server is on this host (a loopback address) and serves it, and
            gRPC otherwise; ``"shm"`` insists on shared memory (an error
            where it cannot be had); ``"grpc"`` never uses it. Each
            :meth:`open` may override it.
    """

    def __init__(
        self,
        address: str | None = None,
        timeout: float = 30.0,
        *,
        token: str | None = None,
        root_certificates: bytes | str | os.PathLike[str] | None = None,
        tls: bool = False,
        transport: str | None = None,
    ) -> None:
        #: the sessions' default transport (see the class doc).
        self.transport = _shm.resolve_transport(transport)
        # The local server this client started (no address given): when it
        # dies, revive() starts another rather than leave the envs stranded.
        self._local = shared_server() if address is None else None
        self.address = address or self._local.address
        if token is None:
            token = os.environ.get("MYTHOS_TOKEN") or None
        #: metadata sent with every call (the bearer token), or None.
        self.metadata: tuple[tuple[str, str], ...] | None = (("authorization", f"Bearer {token}"),) if token else None
        options = [
            ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
            ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
            # The server closes a connection's sessions when it ends: keep it
            # open while the client lives, however long it pauses.
            ("grpc.client_idle_timeout_ms", 2**31 - 1),
        ]
        self._options = options
        if root_certificates is not None or tls:
            roots = root_certificates
            if roots is not None and not isinstance(roots, bytes):
                with open(roots, "rb") as f:
                    roots = f.read()
            self._channel = grpc.secure_channel(self.address, grpc.ssl_channel_credentials(roots), options=options)
        else:
            self._channel = grpc.insecure_channel(self.address, options=options)
        try:
            grpc.channel_ready_future(self._channel).result(timeout=timeout)
        except grpc.FutureTimeoutError as e:
            self._channel.close()
            raise MythosError("UNAVAILABLE", f"no Mythos server answers at {self.address}") from e
        self.stub = pb_grpc.EnvServiceStub(self._channel)

    def revive(self) -> bool:
        """When this client started its own local server (no address was
        given) and that server has died, starts a new one, connects to it and
        returns True; the sessions of the dead server are gone (their next
        reset opens them again). Otherwise returns False."""
        if self._local is None or self._local.running():
            return False
        self._local = shared_server()
        old, self.address = self._channel, self._local.address
        self._channel = grpc.insecure_channel(self.address, options=self._options)
        grpc.channel_ready_future(self._channel).result(timeout=60)
        self.stub = pb_grpc.EnvServiceStub(self._channel)
        old.close()
        return True

    def call(self, method: str, request: Any, timeout: float | None = None, wait_for_ready: bool | None = None) -> Any:
        """Calls a unary method, turning gRPC errors into MythosError.

        ``timeout`` (seconds, None: none) is the call's deadline, sent with
        it: the server stops the call's work (its bots' search) when it
        passes, and the call raises DEADLINE_EXCEEDED."""
        try:
            return getattr(self.stub, method)(
                request, metadata=self.metadata, timeout=timeout, wait_for_ready=wait_for_ready
            )
        except grpc.RpcError as e:
            raise from_rpc_error(e) from None

    def list_envs(self) -> list[Spec]:
        """Every env id the server knows, with its spec under default options."""
        return [Spec.from_proto(m) for m in self.call("ListEnvs", pb.ListEnvsRequest()).envs]

    def open(
        self,
        env_id: str,
        num_envs: int = 1,
        *,
        seed: int | None = None,
        auto_reset: bool = False,
        final_observations: bool = False,
        stream: bool = False,
        sparse: bool = True,
        packed: bool = True,
        options: Mapping[str, Any] | None = None,
        bots: Mapping[int, str] | None = None,
        transport: str | None = None,
        copy: bool = True,
        timeout: float | None = None,
    ) -> "Session":
        """Opens a session of ``num_envs`` envs of ``env_id``.

        Args:
            seed: base seed (episode k of env i is seeded from seed, i, k);
                None draws one at random.
            auto_reset: start a new episode in an env as soon as one ends.
            final_observations: with auto_reset, also return the last
                observation of each episode that ended.
            stream: step over one bidirectional stream instead of unary calls.
            sparse: have observations sent sparse (only non-zero elements);
                they decode to the same arrays, from much smaller replies.
            packed: have results sent in the packed encoding (one blob per
                dtype, decoded as array views: the fast form); False asks
                for one tensor per field (the first protocol's form).
            options: env options, e.g. ``{"investigators": 2}`` (sent as text).
            bots: seats played on the server, seat -> agent spec, e.g.
                ``{1: "heuristic"}`` or ``{1: "ismcts:iters=200"}``: after
                every reset and step the server plays those seats until one
                of the client's seats is to act, so results only ever ask the
                client's seats; a step's reward then sums the rewards of the
                client's step and of the bot steps after it. At least one seat
                must stay the client's (else InvalidArgumentError).
            transport: ``"auto"``, ``"shm"`` or ``"grpc"`` (None: the
                client's, see :class:`Client`). :attr:`Session.transport`
                says which one the session uses.
            copy: with shared memory, results are arrays of their own
                (True, the default, as over gRPC); False hands out read-only
                views of the shared memory, with no copy at all, that the
                next reset or step overwrites (copy what you keep).
            timeout: seconds a reset or step may take (None: no limit; the
                server's end is noticed at once either way). A call past it
                raises DEADLINE_EXCEEDED.
        """
        if seed is None:
            seed = secrets.randbits(63)
        opts = {str(k): _option_text(v) for k, v in (options or {}).items()}
        req = pb.OpenRequest(
            env_id=env_id,
            options=opts,
            num_envs=num_envs,
            seed=int(seed) & 0xFFFFFFFFFFFFFFFF,
            auto_reset=auto_reset,
            final_observations=final_observations,
            sparse_observations=sparse,
            encoding=pb.ENCODING_PACKED if packed else pb.ENCODING_TENSORS,
            bots={int(k): str(v) for k, v in (bots or {}).items()},
        )
        t = _shm.resolve_transport(transport or self.transport)
        if t == "shm" and not _shm.supported():
            raise MythosError("UNIMPLEMENTED", "transport='shm': shared memory needs Linux; use 'auto' or 'grpc'")
        if t == "shm" and not _shm.is_local(self.address):
            raise MythosError("FAILED_PRECONDITION", f"transport='shm': the server at {self.address} is not on this host (a loopback address); use 'auto' or 'grpc'")
        req.shared_memory = t == "shm" or (t == "auto" and _shm.supported() and _shm.is_local(self.address))
        try:
            r = self.call("Open", req, timeout=timeout)
        except MythosError as e:
            if e.code != "RESOURCE_EXHAUSTED" or "close unused sessions" not in e.details:
                raise
            # The server's session or env budget is spent: sessions of envs
            # dropped in a reference cycle are freed only when the cycle
            # collector runs (their finalizers close them). Run it once, then
            # ask again.
            if gc.collect() == 0:
                raise
            r = self.call("Open", req, timeout=timeout)
        spec = Spec.from_proto(r.spec)
        layout = PackedLayout(spec, int(r.num_envs), final_observations and auto_reset) if packed else None
        session = Session(
            self, r.session_id, spec, int(r.num_envs), stream=stream, layout=layout, bots=dict(bots or {})
        )
        session._required = t == "shm"
        session._copy = copy
        session.timeout = timeout
        try:
            session._opened(req, r)
        except BaseException:
            session.close()
            raise
        return session

    def close(self) -> None:
        """Closes the connection (the server keeps running)."""
        self._channel.close()

    def __reduce__(self) -> Any:
        raise TypeError(_NOT_COPYABLE.format(what="a mythos Client", how="make a Client(address) in the other process"))

    def __deepcopy__(self, memo: Any) -> Any:
        self.__reduce__()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _option_text(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return ",".join(str(x) for x in v)
    return str(v)


_NOT_COPYABLE = (
    "{what} cannot be pickled or copied: it holds a live connection to a Mythos server (and a session on it, "
    "with its envs' state, which lives on the server); {how}"
)


class Session:
    """A batch of N envs of one id on the server (see :meth:`Client.open`).

    A session cannot be pickled or deep-copied (it is a handle of state on
    the server): open another one with the same arguments instead."""

    def __reduce__(self) -> Any:
        raise TypeError(
            _NOT_COPYABLE.format(what="a mythos Session", how="open a new session with Client.open in the other process")
        )

    def __deepcopy__(self, memo: Any) -> Any:
        self.__reduce__()

    def __init__(
        self,
        client: Client,
        session_id: str,
        spec: Spec,
        num_envs: int,
        stream: bool = False,
        layout: PackedLayout | None = None,
        bots: Mapping[int, str] | None = None,
    ) -> None:
        self.client = client
        #: seats played on the server (seat -> agent spec); empty without bots.
        self.bots: dict[int, str] = {int(k): str(v) for k, v in (bots or {}).items()}
        self.layout = layout
        self.id = session_id
        self.spec = spec
        self.num_envs = num_envs
        self.closed = False
        #: the secret every call on the session carries (from Open).
        self.secret = ""
        #: the id of the server run that opened the session.
        self.server_instance = ""
        self._open_request: pb.OpenRequest | None = None
        self._use_stream = stream
        self._requests: "queue.SimpleQueue[pb.StreamRequest | None] | None" = None
        self._responses: Iterator[pb.StepResult] | None = None
        self._shm: _shm.SharedChannel | None = None
        self._required = False  # transport "shm": no gRPC fallback
        self._copy = True
        #: seconds a reset or step may take (None: no limit).
        self.timeout: float | None = None

    @property
    def transport(self) -> str:
        """``"shm"`` when the session steps over shared memory, else ``"grpc"``."""
        return "shm" if self._shm is not None else "grpc"

    def _opened(self, req: pb.OpenRequest, r: pb.OpenResponse) -> None:
        """Takes the id, secret and server instance of an Open reply (and
        keeps the request, to open the session again after a restart), and
        attaches its shared memory when the server granted it."""
        self._open_request = req
        self.id = r.session_id
        self.secret = r.session_secret
        self.server_instance = r.server_instance
        if self._shm is not None:
            self._shm.close()
            self._shm = None
        if not req.shared_memory:
            return
        if not r.HasField("shared_memory"):
            if self._required:
                raise MythosError("UNIMPLEMENTED", f"transport='shm': the server at {self.client.address} does not serve shared memory (another OS, an older server, or turned off); use 'auto' or 'grpc'")
            return
        layout = PackedLayout(self.spec, self.num_envs, req.final_observations and req.auto_reset)
        try:
            self._shm = _shm.SharedChannel(r.shared_memory, r.session_id, r.session_secret, layout)
        except MythosError:
            if self._required:
                raise
            # auto: the server is not reachable so (another network or mount
            # namespace, another user): this session steps over gRPC.

    def _gone(self, e: MythosError) -> MythosError:
        """``e``, or a :class:`ServerRestartedError` when it says that the
        server no longer has the session because it restarted (or because the
        local server this client started died and another now runs)."""
        revived = self._revived(e)
        if revived is not None:
            return revived
        if (
            e.code == "NOT_FOUND"
            and e.server_instance
            and self.server_instance
            and e.server_instance != self.server_instance
        ):
            return ServerRestartedError(
                e.code,
                f"the server at {self.client.address} restarted (instance {self.server_instance} is now "
                f"{e.server_instance}): session {self.id} is gone; reset() opens it again ({e.details})",
                e.server_instance,
            )
        return e

    def _revived(self, e: MythosError) -> ServerRestartedError | None:
        """A :class:`ServerRestartedError` when the local server this client
        started has died and :meth:`Client.revive` started another, else None."""
        if not self.client.revive():
            return None
        self._end_stream()
        return ServerRestartedError(
            "NOT_FOUND",
            f"the local server this client started died; a new one serves at {self.client.address}: "
            f"session {self.id} is gone; reset() opens it again ({e.code}: {e.details})",
        )

    def _call(self, method: str, req: Any) -> Any:
        try:
            try:
                return self.client.call(method, req, timeout=self.timeout)
            except MythosError as e:
                if e.code != "UNAVAILABLE":
                    raise
                revived = self._revived(e)
                if revived is not None:
                    raise revived from None
                # The connection dropped (the server restarted, or is
                # restarting): wait a little for it to come back and ask
                # once more, so that the answer says what happened
                # (ServerRestartedError) rather than a stale UNAVAILABLE. The
                # server closes a session whose connection ended, so nothing
                # is applied twice.
                wait = _RECONNECT_WAIT if self.timeout is None else min(self.timeout, _RECONNECT_WAIT)
                return self.client.call(method, req, timeout=wait, wait_for_ready=True)
        except MythosError as e:
            if e.code == "DEADLINE_EXCEEDED" and "the call's deadline passed" not in e.details and self.timeout is None:
                # Our reconnect wait ran out: the server is not back.
                raise MythosError("UNAVAILABLE", f"no Mythos server answers at {self.client.address}") from None
            raise self._gone(e) from None

    def _stream_call(self, req: pb.StreamRequest, retry: bool = True) -> pb.StepResult:
        if self._responses is None:
            self._requests = queue.SimpleQueue()
            self._responses = self.client.stub.Stream(iter(self._requests.get, None), metadata=self.client.metadata)
        assert self._requests is not None
        self._requests.put(req)
        # A stream has one deadline for its whole life: a call's own limit
        # cancels the stream when it passes (the server then stops the call's
        # work, as at a unary call's deadline).
        timer: threading.Timer | None = None
        expired = threading.Event()
        if self.timeout is not None:
            responses = self._responses

            def expire() -> None:
                expired.set()
                responses.cancel()  # type: ignore[attr-defined]

            timer = threading.Timer(self.timeout, expire)
            timer.daemon = True
            timer.start()
        try:
            return next(self._responses)
        except grpc.RpcError as e:
            self._end_stream()  # the stream ended with this error; the next call opens another
            if expired.is_set():
                raise MythosError(
                    "DEADLINE_EXCEEDED",
                    f"the call's deadline passed: no answer within timeout={self.timeout}s (the stream was cancelled; "
                    "the envs of the call may be stopped: reset them to go on)",
                ) from None
            if retry and e.code() == grpc.StatusCode.UNAVAILABLE:
                # The stream had ended before this request was read (the
                # server shut down, or the connection dropped): no env moved,
                # so send it once more on a new stream.
                return self._stream_call(req, retry=False)
            raise self._gone(from_rpc_error(e)) from None
        finally:
            if timer is not None:
                timer.cancel()

    def _end_stream(self) -> None:
        if self._requests is not None:
            self._requests.put(None)
        self._requests = None
        self._responses = None

    def _reopen(self) -> None:
        """Opens the session again on the server, with the same request
        (env, options, seed, bots…), after the server lost it."""
        assert self._open_request is not None
        self._end_stream()
        r = self.client.call("Open", self._open_request, timeout=self.timeout)
        if int(r.num_envs) != self.num_envs:
            raise MythosError("FAILED_PRECONDITION", f"the reopened session has {r.num_envs} envs, not {self.num_envs}")
        self._opened(self._open_request, r)

    def reset(self, seed: int | None = None, envs: Sequence[int] | None = None) -> StepResult:
        """Starts new episodes in ``envs`` (all when None).

        With a seed, the seed becomes the session's base seed; without one,
        each env starts its next episode.

        If the server no longer has the session (it restarted, or closed the
        session as idle or when this client's connection dropped), the
        session is opened again with the same options and then reset: the
        episodes restart from the session's seed when no seed is given.
        """
        try:
            return self._reset(seed, envs)
        except MythosError as e:
            if self.closed or e.code != "NOT_FOUND" or self._open_request is None:
                raise
        self._reopen()
        return self._reset(seed, envs)

    def _shm_result(self) -> StepResult:
        assert self._shm is not None
        return self._shm.copy_result() if self._copy else self._shm.result

    def _shm_failed(self, e: MythosError) -> MythosError:
        """The error of a shared-memory call: when the server hung up (the
        session was closed, or the server stopped or died), ask over gRPC
        whether a new server answers there now (ServerRestartedError then,
        as the gRPC path says)."""
        if self._shm is None or self._shm.dead is not e:
            return e
        revived = self._revived(e)
        if revived is not None:
            return revived
        req = pb.DescribeRequest(session_id=self.id, session_secret=self.secret)
        try:
            try:
                self.client.call("Describe", req)
            except MythosError as down:
                if down.code != "UNAVAILABLE":
                    raise
                # The server is down or restarting: give a restart a moment
                # to answer, so that the error says what happened.
                try:
                    self.client.call("Describe", req, timeout=_RECONNECT_WAIT, wait_for_ready=True)
                except MythosError as late:
                    if late.code != "DEADLINE_EXCEEDED":
                        raise
                    # Nothing came back within the wait: no server answers.
                    raise down from None
        except MythosError as probe:
            gone = self._gone(probe)
            return gone if isinstance(gone, ServerRestartedError) else server_gone(probe, e, self.client.address)
        return e

    def _reset(self, seed: int | None, envs: Sequence[int] | None) -> StepResult:
        if self._shm is not None:
            try:
                self._shm.reset(seed, envs, self.timeout)
            except MythosError as e:
                raise self._shm_failed(e) from None
            return self._shm_result()
        req = pb.ResetRequest(session_id=self.id, session_secret=self.secret, envs=list(envs or []))
        if seed is not None:
            req.seed = int(seed) & 0xFFFFFFFFFFFFFFFF
        if self._use_stream:
            return StepResult.from_proto(self._stream_call(pb.StreamRequest(reset=req)), self.layout)
        return StepResult.from_proto(self._call("Reset", req), self.layout)

    def step(self, actions: Sequence[int] | np.ndarray) -> StepResult:
        """Applies one action per env. If any is illegal nothing changes and
        :class:`mythos.IllegalActionError` is raised; if the server restarted
        since the session opened, :class:`mythos.errors.ServerRestartedError`
        (call :meth:`reset` to open the session again).

        Over shared memory with ``copy=False`` (see :meth:`Client.open`),
        the result's arrays are views that the next reset or step rewrites."""
        if self._shm is not None:
            try:
                self._shm.step(actions, self.timeout)
            except MythosError as e:
                raise self._shm_failed(e) from None
            return self._shm_result()
        req = pb.StepRequest(
            session_id=self.id, session_secret=self.secret, actions=from_numpy(np.asarray(actions).reshape(-1))
        )
        if self._use_stream:
            return StepResult.from_proto(self._stream_call(pb.StreamRequest(step=req)), self.layout)
        return StepResult.from_proto(self._call("Step", req), self.layout)

    def _step_one(self, action: int) -> None:
        """Steps a one-env shared-memory session in place: the results are
        then in the channel's views (``MythosEnv`` copies what it hands out)."""
        assert self._shm is not None
        try:
            self._shm.step_one(action, self.timeout)
        except MythosError as e:
            raise self._shm_failed(e) from None

    def observe(self, agent: int, envs: Sequence[int] | None = None) -> dict[str, np.ndarray]:
        """What seat ``agent`` can see in ``envs`` (all when None), per field."""
        r = self._call(
            "Observe",
            pb.ObserveRequest(session_id=self.id, session_secret=self.secret, agent=agent, envs=list(envs or [])),
        )
        return {t.name: to_numpy(t) for t in r.observation}

    def describe(self, env: int = 0, viewer: int = -1) -> Description:
        """Env ``env`` in words, from seat ``viewer`` (-1: the acting seat)."""
        r = self._call(
            "Describe", pb.DescribeRequest(session_id=self.id, session_secret=self.secret, env=env, viewer=viewer)
        )
        return Description(
            board=r.board,
            prompt=r.prompt,
            legal_actions=[(a.action, a.name, a.description) for a in r.legal_actions],
            events=list(r.events),
            agent=r.agent,
            over=r.over,
            score=r.score,
        )

    def render(self, env: int = 0, viewer: int = -1, format: str = "rgb") -> Any:
        """Env ``env`` drawn from seat ``viewer`` (-1: the acting seat; -2: a
        spectator, who sees every seat's cards but no deck's order, marked
        on the drawing): an H×W×3 uint8 array (``format="rgb"``), or PNG or
        SVG bytes. It goes over the gRPC channel with either transport."""
        # An rgb frame travels zlib-compressed (3 MB raw, a few percent of it
        # compressed: under any message limit).
        wire = "rgb_zlib" if format == "rgb" else format
        r = self._call(
            "Render",
            pb.RenderRequest(session_id=self.id, session_secret=self.secret, env=env, viewer=viewer, format=wire),
        )
        if r.format == "rgb_zlib":
            return np.frombuffer(zlib.decompress(r.data), dtype=np.uint8).reshape(r.height, r.width, 3)
        if r.format == "rgb":
            return np.frombuffer(r.data, dtype=np.uint8).reshape(r.height, r.width, 3)
        return r.data

    def close(self) -> None:
        """Frees the session on the server (idempotent)."""
        if self.closed:
            return
        self.closed = True
        self._end_stream()
        try:
            self.client.call("Close", pb.CloseRequest(session_id=self.id, session_secret=self.secret))
        except MythosError as e:
            if e.code not in ("NOT_FOUND", "UNAVAILABLE"):
                raise
        finally:
            if self._shm is not None:
                # Hanging up alone would close the session too (at once, but
                # after this returns); Close above has done it already.
                self._shm.close()
                self._shm = None
