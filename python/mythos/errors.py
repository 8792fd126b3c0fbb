"""Errors raised by the Mythos client."""

from __future__ import annotations

import grpc


#: Trailing metadata key of failed calls: the answering server's instance id.
INSTANCE_METADATA = "mythos-server-instance"


class MythosError(RuntimeError):
    """A call to the Mythos server failed.

    Attributes:
        code: the gRPC status code name, e.g. ``"INVALID_ARGUMENT"``.
        details: the server's message.
        server_instance: the id of the server run that answered (from the
            call's trailing metadata), or None when unknown.
    """

    def __init__(self, code: str, details: str, server_instance: str | None = None) -> None:
        super().__init__(f"{code}: {details}")
        self.code = code
        self.details = details
        self.server_instance = server_instance


class ServerRestartedError(MythosError):
    """The server restarted since the session was opened, so the session is
    gone; :meth:`mythos.Session.reset` opens it again (same options)."""


class ServerGoneError(MythosError):
    """The server stopped or died: no server answers at its address any more,
    so the session is gone with it."""


def server_gone(probe: MythosError, err: MythosError, address: str) -> MythosError:
    """``err`` (a session's call failed: the server hung up), or a
    :class:`ServerGoneError` when ``probe`` (a call made to find out why) says
    that no server answers at ``address``."""
    if probe.code != "UNAVAILABLE":
        return err
    return ServerGoneError("UNAVAILABLE", f"the server at {address} went away (it stopped or died), and the "
                           f"session with it ({err.code}: {err.details})", probe.server_instance)


class IllegalActionError(MythosError, ValueError):
    """An action was out of range or masked out; no env changed."""


def from_rpc_error(err: grpc.RpcError) -> MythosError:
    """Turns a gRPC error into a :class:`MythosError` (or a subclass)."""
    code = err.code() if hasattr(err, "code") else grpc.StatusCode.UNKNOWN
    details = err.details() if hasattr(err, "details") else str(err)
    name = code.name if code is not None else "UNKNOWN"
    details = details or ""
    instance = None
    try:
        for key, value in (err.trailing_metadata() or ()) if hasattr(err, "trailing_metadata") else ():
            if key == INSTANCE_METADATA:
                instance = value if isinstance(value, str) else value.decode()
    except Exception:  # no metadata on some errors (e.g. before the call started)
        instance = None
    if name == "INVALID_ARGUMENT" and ": action " in details:
        return IllegalActionError(name, details, instance)
    return MythosError(name, details, instance)
