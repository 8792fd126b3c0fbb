"""Gymnasium, vector and PettingZoo wrappers against a live server."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import mythos
from mythos import IllegalActionError

from conftest import CIPHER, GATHERING

ENVS = [CIPHER, GATHERING]


@pytest.mark.parametrize("env_id", ENVS)
def test_check_env(address: str, env_id: str) -> None:
    # Default settings (see test_gymnasium.py for check_env on many seeds).
    env = mythos.make(env_id, address)
    assert isinstance(env.observation_space, gym.spaces.Dict)
    assert isinstance(env.action_space, gym.spaces.Discrete)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
    env.close()


@pytest.mark.parametrize("env_id", ENVS)
def test_random_masked_episodes(address: str, env_id: str) -> None:
    env = mythos.make(env_id, address, render_mode="ansi")
    obs, info = env.reset(seed=7)
    first = {k: v.copy() for k, v in obs.items()}
    episodes, steps = 0, 0
    while episodes < 2 and steps < 20000:
        assert env.observation_space.contains(obs)
        a = env.action_space.sample()  # MaskedDiscrete: legal by default
        assert info["action_mask"][a] == 1
        obs, reward, terminated, truncated, info = env.step(a)
        assert isinstance(reward, float)
        steps += 1
        if terminated or truncated:
            episodes += 1
            obs, info = env.reset()
    assert episodes == 2
    assert "must decide" in env.render()
    obs, _ = env.reset(seed=7)
    for k in obs:
        np.testing.assert_array_equal(obs[k], first[k])
    env.close()


def test_illegal_action_raises_and_changes_nothing(address: str) -> None:
    env = mythos.make(CIPHER, address)
    obs, info = env.reset(seed=3)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(bad)
    with pytest.raises(IllegalActionError, match="out of range"):
        env.step(env.action_space.n)
    obs2, _, _, _, _ = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    ref = mythos.make(CIPHER, address)
    ref.reset(seed=3)
    obs3, _, _, _, _ = ref.step(int(np.flatnonzero(info["action_mask"])[0]))
    for k in obs2:
        np.testing.assert_array_equal(obs2[k], obs3[k])
    env.close()
    ref.close()


def test_truncation_option(address: str) -> None:
    env = mythos.make(CIPHER, address, max_steps=2)
    env.reset(seed=1)
    done = False
    for _ in range(2):
        _, _, terminated, truncated, _ = env.step(env.action_space.sample())
        done = terminated or truncated
    assert done
    env.close()


@pytest.mark.parametrize("stream", [False, True])
def test_vector_env_auto_resets(address: str, stream: bool) -> None:
    n = 16
    venv = mythos.make_vec(CIPHER, n, address, final_observations=True, stream=stream, seats=3)
    assert venv.num_envs == n and isinstance(venv.single_action_space, gym.spaces.Discrete)
    obs, infos = venv.reset(seed=11)
    assert venv.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(100):
        mask = infos["action_mask"]
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, rew, term, trunc, infos = venv.step(acts)
        assert rew.shape == (n,) and term.shape == (n,)
        if term.any():
            ended += int(term.sum())
            assert (infos["_final_score"] == (term | trunc)).all()
            assert infos["final_obs"]["hand"].shape == (n, 4)
            assert (infos["episode_length"][term] > 0).all()
        assert (mask.sum(axis=1) > 0).all()
    assert ended > 0
    obs2, _ = venv.reset(seed=11)
    obs3, _ = venv.reset(seed=11)
    for k in obs2:
        np.testing.assert_array_equal(obs2[k], obs3[k])
    venv.close()


@pytest.mark.parametrize(
    "env_id,options",
    [(CIPHER, {"seats": 3}), (CIPHER, {"seats": 1}), (CIPHER, {"seats": 2, "flat": True}), (GATHERING, {})],
)
def test_pettingzoo_api(address: str, env_id: str, options: dict) -> None:
    env = mythos.aec_env(env_id, address, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=300)
    env.close()


def test_pettingzoo_views_are_per_agent(address: str) -> None:
    env = mythos.aec_env(CIPHER, address, seats=2)
    env.reset(seed=5)
    acting = env.agent_selection
    other = next(a for a in env.agents if a != acting)
    mine, theirs = env.observe(acting), env.observe(other)
    assert mine["action_mask"].sum() > 0 and theirs["action_mask"].sum() == 0
    assert not np.array_equal(mine["observation"]["hand"], theirs["observation"]["hand"])
    env.close()


@pytest.mark.parametrize("make", [mythos.make, mythos.aec_env, lambda env_id, address: mythos.make_vec(env_id, 2, address)])
def test_failed_open_closes_the_client_it_made(address: str, monkeypatch: pytest.MonkeyPatch, make) -> None:
    closed: list[mythos.Client] = []
    real_close = mythos.Client.close

    def close(self: mythos.Client) -> None:
        closed.append(self)
        real_close(self)

    monkeypatch.setattr(mythos.Client, "close", close)
    with pytest.raises(mythos.MythosError) as e:
        make("NoSuch/Env-v0", address)
    assert e.value.code == "NOT_FOUND"
    assert len(closed) == 1


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.parametrize("script,args", [("random_agent.py", ["--episodes", "2"])])
def test_examples_run(address: str, script: str, args: list[str]) -> None:
    p = subprocess.run(
        [sys.executable, str(EXAMPLES / script), "--address", address, "--env", CIPHER, *args],
        capture_output=True, text=True, timeout=300,
    )
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip()
