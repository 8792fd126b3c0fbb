"""ArkhamHorror3/DrownedLantern-v0 through the Python client against a real server:
Gymnasium's check_env, PettingZoo's api_test, a whole game with masked random
actions, the env options."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import mythos

AH3 = "ArkhamHorror3/DrownedLantern-v0"


def test_ah3_is_listed(address: str) -> None:
    assert AH3 in {s.id for s in mythos.list_envs(address)}
    assert AH3 in mythos.ENV_IDS


@pytest.mark.parametrize("options", [{}, {"investigators": 1}, {"investigators": "marie,rex,wendy", "flat": True}])
def test_check_env(address: str, options: dict) -> None:
    env = mythos.make(AH3, address, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(10):
            env.action_space.seed(seed)
            check_env(env, skip_render_check=True)
    env.close()


@pytest.mark.parametrize("options", [{}, {"investigators": 4}])
def test_pettingzoo_api(address: str, options: dict) -> None:
    env = mythos.aec_env(AH3, address, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=300)
    env.close()


def test_whole_game_with_masked_actions(address: str) -> None:
    env = mythos.make(AH3, address, investigators=2)
    obs, info = env.reset(seed=3)
    assert obs["space_adjacency"].shape == (32, 32)
    assert obs["investigators"].shape[0] == 6
    rng = np.random.default_rng(3)
    for _ in range(5000):
        legal = np.flatnonzero(info["action_mask"])
        assert len(legal) > 0
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            assert reward in (-1.0, 0.0, 1.0)
            break
    else:
        pytest.fail("the game did not end")
    env.close()


def test_bad_options_are_refused(address: str) -> None:
    with pytest.raises(Exception, match="investigators"):
        mythos.make(AH3, address, investigators=7).reset(seed=1)
    with pytest.raises(Exception, match="content"):
        mythos.make(AH3, address, content="/nonexistent/dir").reset(seed=1)
