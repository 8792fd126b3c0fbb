"""One env over shared memory (``MythosEnv``'s fast path, mythos._single):
the same episodes as over gRPC; what a caller holds never changes under it,
although dropped observations are refilled in place; reopening after the
server closed the session reads the new channel."""

from __future__ import annotations

import copy

import numpy as np
import pytest

import mythos
from mythos import _shm
from mythos._proto import mythos_pb2 as pb

from conftest import CIPHER, GATHERING

pytestmark = pytest.mark.skipif(not _shm.supported(), reason="shared memory needs Linux")


def play(env: mythos.MythosEnv, steps: int, seed: int) -> list[tuple]:
    """(obs copy, reward, terminated, truncated, info copy) of a seeded game
    whose moves are the first legal action, resetting at the end."""
    obs, info = env.reset(seed=seed)
    out = [(copy.deepcopy(obs), 0.0, False, False, copy.deepcopy(info))]
    for _ in range(steps):
        obs, r, term, trunc, info = env.step(int(np.argmax(info["action_mask"])))
        out.append((copy.deepcopy(obs), r, term, trunc, copy.deepcopy(info)))
        if term or trunc:
            obs, info = env.reset()
    return out


def same(a, b) -> None:
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        for k in a:
            same(a[k], b[k])
    elif isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and a.shape == b.shape
        np.testing.assert_array_equal(a, b)
    else:
        assert a == b and type(a) is type(b)


@pytest.mark.parametrize("env_id", [CIPHER, GATHERING, "MachinaArcana/TheFrozenEngine-v0"])
@pytest.mark.parametrize("flat", [False, True])
def test_shared_memory_and_grpc_play_the_same_episodes(address: str, env_id: str, flat: bool) -> None:
    runs = []
    for transport in ("shm", "grpc"):
        env = mythos.make(env_id, address=address, transport=transport, flat=flat)
        assert env.session.transport == transport
        runs.append(play(env, 150, seed=11))
        env.close()
    for a, b in zip(*runs):
        for x, y in zip(a, b):
            same(x, y)


def test_held_observations_never_change_and_dropped_ones_are_reused(address: str) -> None:
    env = mythos.make(GATHERING, address=address, transport="shm")
    obs, info = env.reset(seed=3)
    held = obs
    held_copy = copy.deepcopy(obs)
    held_view = None
    ids = []
    for i in range(40):
        obs, _, term, trunc, info = env.step(int(np.argmax(info["action_mask"])))
        if i == 5:
            held_view = obs["hand"][0]  # a view of a field keeps the field's copy
            held_view_copy = held_view.copy()
        ids.append(id(obs))
        assert obs is not held
        if term or trunc:
            obs, info = env.reset()
    same(held, held_copy)
    np.testing.assert_array_equal(held_view, held_view_copy)
    # The loop dropped its observations: a few dicts went round.
    assert len(set(ids)) < len(ids) // 2
    env.close()


def test_a_recycled_observation_is_fully_rewritten(address: str) -> None:
    """Observations from the reused buffers equal the gRPC ones even where a
    field went back to zero (nothing stale survives a refill)."""
    shm = mythos.make(GATHERING, address=address, transport="shm")
    grpc = mythos.make(GATHERING, address=address, transport="grpc")
    a, ia = shm.reset(seed=5)
    b, ib = grpc.reset(seed=5)
    for _ in range(200):
        same(a, b)
        act = int(np.argmax(ia["action_mask"]))
        a, _, term, trunc, ia = shm.step(act)
        b, _, _, _, ib = grpc.step(act)
        if term or trunc:
            break
    shm.close()
    grpc.close()


def test_after_the_server_closes_the_session_reset_reads_the_new_channel(client: mythos.Client) -> None:
    env = mythos.make(CIPHER, client=client, transport="shm")
    obs, info = env.reset(seed=2)
    s = env.session
    client.call("Close", pb.CloseRequest(session_id=s.id, session_secret=s.secret))
    with pytest.raises(mythos.MythosError):
        env.step(int(np.argmax(info["action_mask"])))
    obs2, info2 = env.reset(seed=2)  # reopens the session: new shared memory
    same(obs2, obs)
    same(info2["action_mask"], info["action_mask"])
    obs3, _, _, _, info3 = env.step(int(np.argmax(info2["action_mask"])))
    assert info3["action_mask"].shape == info["action_mask"].shape
    env.close()


@pytest.mark.parametrize("env_id,options", [(CIPHER, {"seats": 3}), ("MachinaArcana/TheFrozenEngine-v0", {"pioneers": 2})])
def test_aec_over_shared_memory_and_grpc_plays_the_same_game(address: str, env_id: str, options: dict) -> None:
    """PettingZoo's AEC env reads shared memory in place too (mythos._single.OneEnv)."""
    games = []
    for transport in ("shm", "grpc"):
        env = mythos.aec_env(env_id, address=address, transport=transport, **options)
        assert env.session.transport == transport
        env.reset(seed=7)
        seen = []
        for agent in env.agent_iter(max_iter=120):
            obs, reward, term, trunc, info = env.last()
            seen.append((agent, copy.deepcopy(obs), reward, term, trunc, copy.deepcopy(info)))
            env.step(None if term or trunc else int(np.argmax(obs["action_mask"])))
        games.append(seen)
        env.close()
    assert len(games[0]) == len(games[1]) > 3
    for a, b in zip(*games):
        assert a[0] == b[0]
        for x, y in zip(a[1:], b[1:]):
            same(x, y)
