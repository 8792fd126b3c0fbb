"""What the Gymnasium, vector and PettingZoo wrappers share: one session on a
client that the wrapper either was given or made (and then owns)."""

from __future__ import annotations

from typing import Any

from .client import Client, Session


def check_render_mode(render_mode: str | None) -> None:
    """Raises ValueError unless ``render_mode`` is None or ``"ansi"``."""
    if render_mode not in (None, "ansi"):
        raise ValueError(f"render_mode={render_mode!r}: want None or 'ansi'")


class SessionOwner:
    """Mixin of the wrappers: opens ``self.session``, renders env 0 in words,
    and frees the session (and the client, if the wrapper made it) on close."""

    client: Client
    session: Session
    _own_client: bool = False

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
        self.client, self._own_client, self.session = c, own, session
        return session

    def _render_ansi(self) -> str | None:
        """Env 0's board and prompt in words, with render_mode "ansi"."""
        if getattr(self, "render_mode", None) != "ansi":
            return None
        return str(self.session.describe(0))

    def _close_session(self) -> None:
        """Frees the session and an owned client (idempotent; safe after a
        failed ``__init__``)."""
        session: Session | None = getattr(self, "session", None)
        if session is not None:
            session.close()
        if self._own_client:
            self._own_client = False
            self.client.close()
