"""Fixtures: a real ``mythos serve`` binary, started once per test session.

The binary is $MYTHOS_BIN if set, else a ``go build`` of ./cmd/mythos (see
mythos.find_binary). The server also serves the test fixture env
Fixture/Cipher-v0 (hidden flag --fixture-envs): small, fast, several seats.
"""

from __future__ import annotations

from typing import Iterator

import pytest

from mythos import Client, LocalServer, find_binary

CIPHER = "Fixture/Cipher-v0"
GATHERING = "ArkhamLCG/TheGathering-v0"
MAX_ENVS = 64


@pytest.fixture(scope="session")
def binary() -> str:
    """Path of the mythos binary under test."""
    return find_binary()


@pytest.fixture(scope="session")
def server(binary: str) -> Iterator[LocalServer]:
    """A server with small limits, so the limit cases are cheap to hit."""
    srv = LocalServer(binary, ["--fixture-envs", "--max-envs", str(MAX_ENVS), "--max-message-mb", "1"])
    yield srv
    code = srv.stop()
    assert code == 0, f"server exited with {code}:\n{srv.logs}"


@pytest.fixture(scope="session")
def address(server: LocalServer) -> str:
    """host:port of the session's server."""
    return server.address


@pytest.fixture()
def client(address: str) -> Iterator[Client]:
    """A connection to the session's server."""
    with Client(address) as c:
        yield c
