"""The server's safety against a real binary: restarts, secrets, tokens, TLS."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import grpc
import numpy as np
import pytest

from mythos import Client, LocalServer, MythosError
from mythos._proto import mythos_pb2 as pb
from mythos.errors import ServerRestartedError

from conftest import CIPHER


def first_legal(mask: np.ndarray) -> np.ndarray:
    return mask.argmax(axis=1).astype(np.int32)


@pytest.mark.parametrize("stream", [False, True])
def test_restart_is_reported_and_reset_reopens(binary: str, stream: bool) -> None:
    srv = LocalServer(binary, ["--fixture-envs"])
    again = None
    try:
        with Client(srv.address) as c:
            s = c.open(CIPHER, 2, seed=5, stream=stream, options={"seats": 2})
            first = s.reset()
            s.step(first_legal(first.action_mask))
            old_id, old_instance = s.id, s.server_instance
            assert srv.stop() == 0
            again = LocalServer(binary, ["--fixture-envs", "--addr", srv.address])
            grpc.channel_ready_future(c._channel).result(timeout=20)
            with pytest.raises(ServerRestartedError, match="restarted") as e:
                s.step(first_legal(first.action_mask))
            assert isinstance(e.value, MythosError) and e.value.code == "NOT_FOUND"
            # reset() opens the session again, with the same options and seed.
            r = s.reset()
            assert s.id != old_id and s.server_instance not in ("", old_instance)
            for k, v in first.observation.items():
                np.testing.assert_array_equal(r.observation[k], v)
            np.testing.assert_array_equal(r.seed, first.seed)
            s.step(first_legal(r.action_mask))
            s.close()
    finally:
        srv.stop()
        if again is not None:
            assert again.stop() == 0, again.logs


def test_a_session_needs_its_secret(client: Client) -> None:
    s = client.open(CIPHER, 1, seed=1)
    s.reset()
    assert len(s.secret) >= 32
    for secret in ("", "wrong", s.secret[::-1]):
        with pytest.raises(MythosError, match="closed or unknown") as e:
            client.call("Reset", pb.ResetRequest(session_id=s.id, session_secret=secret))
        assert e.value.code == "NOT_FOUND"
        with pytest.raises(MythosError, match="closed or unknown"):
            client.call("Close", pb.CloseRequest(session_id=s.id, session_secret=secret))
    s.reset()  # still open
    s.close()


def test_token_is_required(binary: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MYTHOS_TOKEN", raising=False)
    srv = LocalServer(binary, ["--fixture-envs", "--token", "tok-42"])
    try:
        with Client(srv.address) as c:
            with pytest.raises(MythosError, match="token") as e:
                c.list_envs()
            assert e.value.code == "UNAUTHENTICATED"
        with Client(srv.address, token="nope") as c:
            with pytest.raises(MythosError, match="token"):
                c.open(CIPHER, 1)
        with Client(srv.address, token="tok-42") as c:
            s = c.open(CIPHER, 1, seed=1, stream=True)
            s.step(first_legal(s.reset().action_mask))
            s.close()
        monkeypatch.setenv("MYTHOS_TOKEN", "tok-42")
        with Client(srv.address) as c:
            c.open(CIPHER, 1).close()
    finally:
        assert srv.stop() == 0


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl to make a certificate")
def test_tls_with_token(binary: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MYTHOS_TOKEN", raising=False)
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )
    srv = LocalServer(binary, ["--fixture-envs", "--token", "t", "--tls-cert", str(cert), "--tls-key", str(key)])
    try:
        with Client(srv.address, token="t", root_certificates=str(cert)) as c:
            s = c.open(CIPHER, 1, seed=1)
            s.step(first_legal(s.reset().action_mask))
            s.close()
        with pytest.raises(MythosError, match="UNAVAILABLE"):
            Client(srv.address, timeout=2)  # plain text to a TLS server
    finally:
        assert srv.stop() == 0
