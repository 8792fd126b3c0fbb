"""Errors raised by the Mythos client."""

from __future__ import annotations

import grpc


class MythosError(RuntimeError):
    """A call to the Mythos server failed.

    Attributes:
        code: the gRPC status code name, e.g. ``"INVALID_ARGUMENT"``.
        details: the server's message.
    """

    def __init__(self, code: str, details: str) -> None:
        super().__init__(f"{code}: {details}")
        self.code = code
        self.details = details


class IllegalActionError(MythosError, ValueError):
    """An action was out of range or masked out; no env changed."""


def from_rpc_error(err: grpc.RpcError) -> MythosError:
    """Turns a gRPC error into a :class:`MythosError` (or a subclass)."""
    code = err.code() if hasattr(err, "code") else grpc.StatusCode.UNKNOWN
    details = err.details() if hasattr(err, "details") else str(err)
    name = code.name if code is not None else "UNKNOWN"
    details = details or ""
    if name == "INVALID_ARGUMENT" and ": action " in details:
        return IllegalActionError(name, details)
    return MythosError(name, details)
