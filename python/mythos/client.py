"""The low-level client: sessions of N envs stepped in one call."""

from __future__ import annotations

import queue
import secrets
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

import grpc
import numpy as np

from ._proto import mythos_pb2 as pb
from ._proto import mythos_pb2_grpc as pb_grpc
from .errors import MythosError, from_rpc_error
from .server import shared_server
from .spec import DTYPES, Spec

MAX_MESSAGE_BYTES = 64 << 20


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
    def from_proto(cls, r: pb.StepResult) -> "StepResult":
        """Decodes a wire StepResult."""
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
    """

    def __init__(self, address: str | None = None, timeout: float = 30.0) -> None:
        self.address = address or shared_server().address
        self._channel = grpc.insecure_channel(
            self.address,
            options=[
                ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
                ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
            ],
        )
        try:
            grpc.channel_ready_future(self._channel).result(timeout=timeout)
        except grpc.FutureTimeoutError as e:
            self._channel.close()
            raise MythosError("UNAVAILABLE", f"no Mythos server answers at {self.address}") from e
        self.stub = pb_grpc.EnvServiceStub(self._channel)

    def call(self, method: str, request: Any) -> Any:
        """Calls a unary method, turning gRPC errors into MythosError."""
        try:
            return getattr(self.stub, method)(request)
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
        options: Mapping[str, Any] | None = None,
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
            options: env options, e.g. ``{"investigators": 2}`` (sent as text).
        """
        if seed is None:
            seed = secrets.randbits(63)
        opts = {str(k): _option_text(v) for k, v in (options or {}).items()}
        r = self.call(
            "Open",
            pb.OpenRequest(
                env_id=env_id,
                options=opts,
                num_envs=num_envs,
                seed=int(seed) & 0xFFFFFFFFFFFFFFFF,
                auto_reset=auto_reset,
                final_observations=final_observations,
                sparse_observations=sparse,
            ),
        )
        return Session(self, r.session_id, Spec.from_proto(r.spec), int(r.num_envs), stream=stream)

    def close(self) -> None:
        """Closes the connection (the server keeps running)."""
        self._channel.close()

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


class Session:
    """A batch of N envs of one id on the server (see :meth:`Client.open`)."""

    def __init__(self, client: Client, session_id: str, spec: Spec, num_envs: int, stream: bool = False) -> None:
        self.client = client
        self.id = session_id
        self.spec = spec
        self.num_envs = num_envs
        self.closed = False
        self._use_stream = stream
        self._requests: "queue.SimpleQueue[pb.StreamRequest | None] | None" = None
        self._responses: Iterator[pb.StepResult] | None = None

    def _stream_call(self, req: pb.StreamRequest) -> pb.StepResult:
        if self._responses is None:
            self._requests = queue.SimpleQueue()
            self._responses = self.client.stub.Stream(iter(self._requests.get, None))
        assert self._requests is not None
        self._requests.put(req)
        try:
            return next(self._responses)
        except grpc.RpcError as e:
            self._responses = None  # the stream ended with this error; the next call opens another
            raise from_rpc_error(e) from None

    def reset(self, seed: int | None = None, envs: Sequence[int] | None = None) -> StepResult:
        """Starts new episodes in ``envs`` (all when None).

        With a seed, the seed becomes the session's base seed; without one,
        each env starts its next episode.
        """
        req = pb.ResetRequest(session_id=self.id, envs=list(envs or []))
        if seed is not None:
            req.seed = int(seed) & 0xFFFFFFFFFFFFFFFF
        if self._use_stream:
            return StepResult.from_proto(self._stream_call(pb.StreamRequest(reset=req)))
        return StepResult.from_proto(self.client.call("Reset", req))

    def step(self, actions: Sequence[int] | np.ndarray) -> StepResult:
        """Applies one action per env. If any is illegal nothing changes and
        :class:`mythos.IllegalActionError` is raised."""
        req = pb.StepRequest(session_id=self.id, actions=from_numpy(np.asarray(actions).reshape(-1)))
        if self._use_stream:
            return StepResult.from_proto(self._stream_call(pb.StreamRequest(step=req)))
        return StepResult.from_proto(self.client.call("Step", req))

    def observe(self, agent: int, envs: Sequence[int] | None = None) -> dict[str, np.ndarray]:
        """What seat ``agent`` can see in ``envs`` (all when None), per field."""
        r = self.client.call("Observe", pb.ObserveRequest(session_id=self.id, agent=agent, envs=list(envs or [])))
        return {t.name: to_numpy(t) for t in r.observation}

    def describe(self, env: int = 0, viewer: int = -1) -> Description:
        """Env ``env`` in words, from seat ``viewer`` (-1: the acting seat)."""
        r = self.client.call("Describe", pb.DescribeRequest(session_id=self.id, env=env, viewer=viewer))
        return Description(
            board=r.board,
            prompt=r.prompt,
            legal_actions=[(a.action, a.name, a.description) for a in r.legal_actions],
            events=list(r.events),
            agent=r.agent,
            over=r.over,
            score=r.score,
        )

    def close(self) -> None:
        """Frees the session on the server (idempotent)."""
        if self.closed:
            return
        self.closed = True
        if self._requests is not None:
            self._requests.put(None)
        try:
            self.client.call("Close", pb.CloseRequest(session_id=self.id))
        except MythosError as e:
            if e.code not in ("NOT_FOUND", "UNAVAILABLE"):
                raise
