"""Client promises: clear errors for pickling, sessions of envs dropped in a
reference cycle are freed when the server's budget runs out, a restart is
reported as such at once, on both transports."""

from __future__ import annotations

import copy
import gc
import pickle

import numpy as np
import pytest

import mythos.server

from mythos import Client, LocalServer, MythosError
from mythos.errors import ServerRestartedError
from mythos.gym_env import MythosEnv

from conftest import CIPHER, MAX_ENVS


def first_legal(mask: np.ndarray) -> np.ndarray:
    return mask.argmax(axis=1).astype(np.int32)


def test_pickling_or_copying_says_why_not(client: Client) -> None:
    s = client.open(CIPHER, 1, seed=1)
    env = MythosEnv(CIPHER, client=client)
    try:
        for obj, name in ((client, "Client"), (s, "Session"), (env, "MythosEnv")):
            for how in (pickle.dumps, copy.deepcopy):
                with pytest.raises(TypeError, match=f"{name} cannot be pickled or .*copied.*server"):
                    how(obj)
    finally:
        env.close()
        s.close()


def test_envs_in_a_reference_cycle_free_their_sessions(address: str) -> None:
    # More envs than the server's budget (MAX_ENVS in all), each kept alive
    # only by a reference cycle: the opens that hit the limit collect them.
    gc.collect()
    gc.disable()
    try:
        with Client(address) as c:
            for _ in range(MAX_ENVS + 20):
                env = MythosEnv(CIPHER, client=c)
                env.me = env  # a cycle: only the cycle collector frees it
                env.reset(seed=1)
                del env
    finally:
        gc.enable()
        gc.collect()


@pytest.mark.parametrize("transport", ["grpc", "shm"])
def test_restart_is_reported_at_once(binary: str, transport: str) -> None:
    srv = LocalServer(binary, ["--fixture-envs"])
    again = None
    try:
        with Client(srv.address, transport=transport) as c:
            s = c.open(CIPHER, 1, seed=5)
            assert s.transport == transport
            r = s.reset()
            assert srv.stop() == 0
            again = LocalServer(binary, ["--fixture-envs", "--addr", srv.address])
            # No wait for the connection: the first call says what happened.
            with pytest.raises(ServerRestartedError, match="restarted"):
                s.step(first_legal(r.action_mask))
            r = s.reset()
            s.step(first_legal(r.action_mask))
            s.close()
    finally:
        srv.stop()
        if again is not None:
            assert again.stop() == 0, again.logs


def test_shutdown_is_reported_to_shm_clients(binary: str) -> None:
    srv = LocalServer(binary, ["--fixture-envs"])
    try:
        with Client(srv.address, transport="shm") as c:
            s = c.open(CIPHER, 1, seed=5)
            r = s.reset()
            assert srv.stop() == 0
            with pytest.raises(MythosError, match="shutting down"):
                s.step(first_legal(r.action_mask))
    finally:
        srv.stop()


@pytest.mark.parametrize("transport", ["grpc", "shm"])
def test_auto_started_server_is_restarted_for_envs_that_exist(transport: str) -> None:
    """A client given no address starts its own server; when that server
    dies, the next call starts another and says so (ServerRestartedError),
    and reset() opens the session there (issue 23)."""
    with Client(transport=transport) as c:
        s = c.open("ArkhamLCG/TheGathering-v0", 1, seed=5)
        r = s.reset()
        dead = mythos.server.shared_server()
        first = c.address
        dead._proc.kill()
        dead._proc.wait(10)
        with pytest.raises(ServerRestartedError, match="local server this client started died"):
            s.step(first_legal(r.action_mask))
        assert c.address != first or mythos.server.shared_server() is not dead
        r = s.reset(seed=5)
        s.step(first_legal(r.action_mask))
        s.close()
