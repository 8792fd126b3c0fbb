"""What the Gymnasium, vector and PettingZoo wrappers share: one session on a
client that the wrapper either was given or made (and then owns).

A wrapper dropped without ``close()`` still frees its server session: a
``weakref.finalize`` closes it when the wrapper is garbage-collected, or at
interpreter exit at the latest (before a local server started by this process
is stopped, as finalizers registered after it run first).
"""

from __future__ import annotations

import os
import weakref
from typing import Any

from .client import Client, Session


class _Held:
    """What a wrapper's finalizer frees: the session and, if the wrapper made
    it, the client. It holds no reference to the wrapper (so the wrapper can
    be collected), and only the process that opened the session frees it (a
    forked child, such as a worker of Gymnasium's AsyncVectorEnv, that
    collects its copy of a wrapper must not close the parent's session)."""

    __slots__ = ("session", "client", "pid", "released")

    def __init__(self, session: Session, client: Client | None) -> None:
        self.session = session
        self.client = client
        self.pid = os.getpid()
        self.released = False


def _release(held: _Held, quiet: bool) -> None:
    """Closes the held session and owned client, once. ``quiet`` (garbage
    collection, interpreter exit) swallows errors, as nobody can act on them
    there; an explicit ``close()`` raises them."""
    if held.released or held.pid != os.getpid():
        return
    held.released = True
    try:
        held.session.close()
    except Exception:
        if not quiet:
            raise
    finally:
        if held.client is not None:
            try:
                held.client.close()
            except Exception:
                if not quiet:
                    raise


def check_render_mode(render_mode: str | None) -> None:
    """Raises ValueError unless ``render_mode`` is None, ``"ansi"``,
    ``"rgb_array"`` or ``"human"``."""
    if render_mode not in (None, "ansi", "rgb_array", "human"):
        raise ValueError(f"render_mode={render_mode!r}: want None, 'ansi', 'rgb_array' or 'human'")


class SessionOwner:
    """Mixin of the wrappers: opens ``self.session``, renders env 0 in words,
    and frees the session (and the client, if the wrapper made it) on close."""

    client: Client
    _own_client: bool = False
    _held: _Held | None = None
    _finalizer: weakref.finalize | None = None

    @property
    def session(self) -> Session:
        """The wrapper's server session (assigning one, e.g. a reopened
        session, makes it the one that close() and the finalizer free)."""
        if self._held is None:
            raise AttributeError("session: the env was never opened")
        return self._held.session

    @session.setter
    def session(self, session: Session) -> None:
        if self._held is None:
            self._held = _Held(session, None)
        else:
            self._held.session = session

    def _open_session(
        self, env_id: str, num_envs: int, address: str | None, client: Client | None, **kwargs: Any
    ) -> Session:
        """Opens the session on ``client``, or on a new client of ``address``
        that is closed again if the open fails (unknown id, bad options)."""
        own = client is None
        c = client or Client(address)
        try:
            session = c.open(env_id, num_envs, **kwargs)
        except BaseException:
            if own:
                c.close()
            raise
        self.client, self._own_client = c, own
        self._held = _Held(session, c if own else None)
        self._finalizer = weakref.finalize(self, _release, self._held, True)
        return session

    def _render(self) -> Any:
        """Env 0 as the render mode asks: words ("ansi"), an H×W×3 uint8
        frame ("rgb_array", drawn by the server's Render call), or None."""
        if getattr(self, "render_mode", None) == "rgb_array":
            return self.session.render(0)
        return self._render_ansi()

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise TypeError(
            f"{type(self).__name__} cannot be pickled or deep-copied: its envs live in a session on a Mythos server "
            "(their state is there, not in this object); make a new env in the other process instead, e.g. "
            "gymnasium.make(env_id, ...) (vector envs and subprocess workers take env constructors, not envs)"
        )

    def __deepcopy__(self, memo: Any) -> Any:
        self.__reduce_ex__(2)

    def _render_ansi(self) -> str | None:
        """Env 0's board and prompt in words, with render_mode "ansi"."""
        if getattr(self, "render_mode", None) != "ansi":
            return None
        return str(self.session.describe(0))

    def _close_session(self) -> None:
        """Frees the session and an owned client (idempotent; safe after a
        failed ``__init__``), raising what the server answers."""
        if self._finalizer is not None:
            self._finalizer.detach()
        if self._held is not None:
            self._own_client = False
            _release(self._held, quiet=False)
