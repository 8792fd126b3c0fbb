"""Machina Arcana through the Python client against a live server:
Gymnasium's check_env, masked random episodes with the spatial board planes,
and PettingZoo's api_test with both teams (the pioneers and the monster
side)."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import mythos
from mythos import Client

MACHINA = "MachinaArcana/TheFrozenEngine-v0"


def test_check_env(address: str) -> None:
    env = mythos.make(MACHINA, address)
    assert isinstance(env.observation_space, gym.spaces.Dict)
    assert env.action_space.n == 1927
    board = env.observation_space["board"]
    assert board.shape == (25, 20, 20) and board.dtype == np.uint8
    assert board.low.min() == 0 and board.high.max() == 255
    for name in ("monsters", "item_cards", "events"):
        assert env.observation_space[name].dtype == np.uint8
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
    env.close()


def test_random_masked_episodes(address: str) -> None:
    env = mythos.make(MACHINA, address, render_mode="ansi", pioneers="lorre,kim", variant="easy,quick", round_cap=20)
    obs, info = env.reset(seed=7)
    first = {k: v.copy() for k, v in obs.items()}
    episodes, steps = 0, 0
    while episodes < 2 and steps < 20000:
        assert env.observation_space.contains(obs)
        assert obs["board"][0].sum() > 0  # cell_kind: the placed tiles' cells
        a = env.action_space.sample()
        assert info["action_mask"][a] == 1
        obs, reward, terminated, truncated, info = env.step(a)
        steps += 1
        if terminated or truncated:
            assert reward in (-1.0, 0.0, 1.0)
            episodes += 1
            obs, info = env.reset()
    assert episodes == 2
    assert "must decide" in env.render() or "+-+" in env.render()
    obs, _ = env.reset(seed=7)
    for k in obs:
        np.testing.assert_array_equal(obs[k], first[k])
    env.close()


def test_pettingzoo_api_test_with_both_teams(address: str) -> None:
    env = mythos.aec_env(MACHINA, address, pioneers=2)
    assert env.possible_agents == ["Lorre Jerrard", "Hank Horden", "monsters"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=300)
    env.close()


def test_pettingzoo_cooperative(address: str) -> None:
    env = mythos.aec_env(MACHINA, address, pioneers=1, cooperative=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=100)
    env.close()


def test_uint8_rows_are_the_same_on_every_transport_and_encoding(client: Client) -> None:
    """The uint8 fields (the board planes, the card tables) arrive as uint8
    arrays with the same values over shared memory, packed gRPC (sparse or
    dense) and gRPC tensors, final observations included."""
    kw = dict(seed=3, auto_reset=True, final_observations=True, options={"round_cap": 8})
    sessions = [
        client.open(MACHINA, 3, transport="shm", **kw),
        client.open(MACHINA, 3, transport="grpc", **kw),
        client.open(MACHINA, 3, transport="grpc", sparse=False, **kw),
        client.open(MACHINA, 3, transport="grpc", packed=False, **kw),
    ]
    results = [x.reset() for x in sessions]
    ends = 0
    for step in range(300):
        ref = results[0]
        assert ref.observation["board"].dtype == np.uint8 and ref.observation["board"].shape == (3, 25, 20, 20)
        for r in results[1:]:
            for k, f in ref.observation.items():
                assert r.observation[k].dtype == f.dtype, k
                np.testing.assert_array_equal(r.observation[k], f, err_msg=f"step {step} field {k}")
            np.testing.assert_array_equal(r.action_mask, ref.action_mask)
            for k, f in ref.final_observation.items():
                np.testing.assert_array_equal(r.final_observation[k], f, err_msg=f"step {step} final {k}")
        ends += int(ref.terminated.sum() + ref.truncated.sum())
        a = np.array([np.flatnonzero(m)[0] for m in ref.action_mask], dtype=np.int32)
        results = [x.step(a) for x in sessions]
    assert ends > 0
    for x in sessions:
        x.close()
