"""One env's results out of shared memory at the cost of a copy.

A one-env session over shared memory answers a step in a few microseconds;
what made ``MythosEnv.step`` cost several times that was the wrapper: four
copies of the session's blobs, a decode into record views, then a new dict
of per-field views and an info dict built from arrays. :class:`SingleReader`
copies env 0's observation row once per dtype and hands out a dict of views
of those copies. A dict that nothing outside refers to any more (the loop
``obs, ... = env.step(a)`` drops each one two steps later) is refilled in
place instead of built again, as ``_Scratch`` recycles sparse arrays: the
caller cannot tell, since it holds no reference to what is reused.
"""

from __future__ import annotations

import operator
import sys
from typing import Any

import numpy as np

from .spec import FLAT_FIELD, Spec

_getrefcount = getattr(sys, "getrefcount", None)


class _Slot:
    """One observation handed out: its row copies (one per dtype), the dict
    (or, for a flat observation, the vector), the dict's values, and byte
    views of the copies (what a refill writes through)."""

    __slots__ = ("bufs", "obs", "values", "dst")

    def __init__(self, bufs: list[np.ndarray], obs: Any, values: tuple[np.ndarray, ...]) -> None:
        self.bufs, self.obs, self.values = bufs, obs, values
        self.dst = [_bytes(b) for b in bufs]


def _bytes(a: np.ndarray) -> memoryview:
    """A contiguous array's bytes: a refill is ``dst[:] = src`` on these, a
    plain memcpy at half the call overhead of ``np.copyto``."""
    return memoryview(a).cast("B")


class SingleReader:
    """Env 0's observation, mask and scalars from a channel's views.

    Args:
        spec: the session's spec.
        groups: per dtype of the observation, ``(row, record)``: a 1-D view
            of env 0's row in the shared mapping, and the record dtype of
            that row (``PackedLayout`` makes both).
        flat: the observation is the one float32 ``flat`` field.
    """

    KEEP = 3  # slots kept: the caller's observation, the one before, a spare

    def __init__(self, spec: Spec, groups: list[tuple[np.ndarray, np.dtype]], flat: bool) -> None:
        self.rows = [row for row, _ in groups]
        self.src = [_bytes(row) for row in self.rows]
        self.records = [rec for _, rec in groups]
        # (name, group) in spec order; a group is a dtype's row.
        dtypes = [row.dtype for row in self.rows]
        self.order = [(f.name, dtypes.index(f.dtype.newbyteorder("<"))) for f in spec.fields]
        self.flat = flat
        self.pool: list[_Slot] = []
        self.recycle = _getrefcount is not None and sys.implementation.name == "cpython"
        self._counts: tuple[int, int, list[int]] | None = None

    def _new(self) -> _Slot:
        bufs = [row.copy() for row in self.rows]
        if self.flat:
            return _Slot(bufs, bufs[0], ())
        recs = [b.view(rec) for b, rec in zip(bufs, self.records)]
        obs = {name: recs[g][name][0] for name, g in self.order}
        return _Slot(bufs, obs, tuple(obs.values()))

    def _unused(self, slot: _Slot) -> bool:
        """Whether only this reader refers to the slot's arrays (counted
        once, when the first slot is made, as interpreters differ)."""
        obs_count, value_count, buf_counts = self._counts  # type: ignore[misc]
        if _getrefcount(slot.obs) != obs_count:  # type: ignore[misc]
            return False
        if self.flat:
            return True
        values = slot.values
        obs = slot.obs
        return (
            len(obs) == len(values)
            and all(map(operator.is_, obs.values(), values))
            and max(map(_getrefcount, values)) == value_count  # type: ignore[arg-type]
            and list(map(_getrefcount, slot.bufs)) == buf_counts  # type: ignore[arg-type]
        )

    def observation(self) -> Any:
        """A copy of env 0's observation: a dict of arrays, or the vector."""
        if self.recycle:
            for slot in self.pool:
                if self._unused(slot):
                    for dst, src in zip(slot.dst, self.src):
                        dst[:] = src
                    self.pool.remove(slot)
                    self.pool.append(slot)  # most recently handed out last
                    return slot.obs
        slot = self._new()
        if self.recycle:
            if len(self.pool) >= self.KEEP:
                self.pool.pop(0)
            self.pool.append(slot)
            if self._counts is None:
                self._counts = self._count(slot)
        return slot.obs

    def _count(self, slot: _Slot) -> tuple[int, int, list[int]]:
        """The reference counts of a slot that only the pool refers to."""
        g = _getrefcount
        assert g is not None
        value_count = max(map(g, slot.values)) if slot.values else 0
        return g(slot.obs), value_count, list(map(g, slot.bufs))


class OneEnv:
    """Env 0 of a one-env shared-memory session, as the single-env wrappers
    read it after each step: copies of its observation and mask (handed to
    the caller) and its scalars, read from the channel's views in place.

    ``channel`` is the session's ``SharedChannel``; a wrapper makes a new
    OneEnv when the session was reopened (a new channel)."""

    def __init__(self, channel: Any, spec: Spec, flat: bool) -> None:
        self.channel = channel
        self.reader = SingleReader(spec, reader_groups(channel.layout, channel.blobs), flat)
        res = channel.result
        self.mask_view = res.action_mask[0]
        #: env 0's agent rewards, a view (copy what you keep).
        self.agent_rewards_view = res.agent_rewards[0]
        self._agent, self._reward, self._terminated, self._truncated = res.agent, res.reward, res.terminated, res.truncated
        self._score, self._length, self._seed = res.episode_score, res.episode_length, res.seed
        # env 0's scalars as one-element memoryviews: reading one gives a
        # Python int or float at a third of a numpy scalar's cost.
        self._agent0, self._reward0, self._score0, self._length0 = (
            _cell(res.agent, "i"), _cell(res.reward, "f"), _cell(res.episode_score, "f"), _cell(res.episode_length, "i"))
        self._terminated0, self._truncated0 = _cell(res.terminated, "b"), _cell(res.truncated, "b")

    def observation(self) -> Any:
        """A copy of the observation (see :class:`SingleReader`)."""
        return self.reader.observation()

    def mask(self) -> np.ndarray:
        """A copy of the action mask."""
        return self.mask_view.copy()

    def agent(self) -> int:
        return self._agent0[0]

    def reward(self) -> float:
        return self._reward0[0]

    def terminated(self) -> bool:
        return self._terminated0[0] != 0

    def truncated(self) -> bool:
        return self._truncated0[0] != 0

    def score(self) -> float:
        return self._score0[0]

    def length(self) -> int:
        return self._length0[0]

    def seed(self) -> np.uint64:
        return self._seed[0]


class _Item:
    """Element 0 of an array as ``_cell`` gives it, where memoryview's native
    formats would read the array's little-endian bytes wrong."""

    __slots__ = ("a",)

    def __init__(self, a: np.ndarray) -> None:
        self.a = a

    def __getitem__(self, i: int) -> Any:
        return self.a.item(i)


def _cell(a: np.ndarray, fmt: str) -> Any:
    """Element 0 of a little-endian array of the mapping, read with ``[0]``
    as a Python int or float: a memoryview of native format ``fmt`` on a
    little-endian host, else an :class:`_Item`."""
    if sys.byteorder != "little":
        return _Item(a[:1])
    return memoryview(a[:1]).cast("B").cast(fmt)


def one_env(session: Any, current: OneEnv | None, spec: Spec, flat: bool) -> OneEnv | None:
    """The :class:`OneEnv` of a one-env session's current shared-memory
    channel: ``current`` while the channel is the same, a new one after the
    session was reopened, None over gRPC."""
    channel = session._shm
    if channel is None:
        return None
    if current is not None and current.channel is channel:
        return current
    return OneEnv(channel, spec, flat)


def reader_groups(layout: Any, blobs: tuple[Any, ...]) -> list[tuple[np.ndarray, np.dtype]]:
    """Env 0's row of each observation dtype in a channel's blobs, with its
    record dtype, from the session's ``PackedLayout``."""
    groups = []
    if layout.f_row is not None:
        groups.append((np.frombuffer(blobs[0], "<f4", layout.f_size), layout.f_row))
    if layout.i_row is not None:
        groups.append((np.frombuffer(blobs[1], "<i4", layout.i_size), layout.i_row))
    if layout.u_row is not None:
        groups.append((np.frombuffer(blobs[4], "u1", layout.u_size), layout.u_row))
    return groups


def is_flat(spec: Spec) -> bool:
    """Whether the spec's observation is the one flat vector."""
    return len(spec.fields) == 1 and spec.fields[0].name == FLAT_FIELD
