"""The Night of the Zealot campaign (ArkhamLCG/NightOfTheZealot-v0) through
the Python client against a live server: the same spaces as The Gathering,
masked random episodes that play the three scenarios with the upgrade step
between them, the campaign fields of the observation, and rewards that add
up per scenario."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
from gymnasium.utils.env_checker import check_env

import mythos

from conftest import GATHERING

CAMPAIGN = "ArkhamLCG/NightOfTheZealot-v0"


def test_same_spaces_as_the_gathering(address: str) -> None:
    env = mythos.make(CAMPAIGN, address)
    ref = mythos.make(GATHERING, address)
    assert isinstance(env.action_space, gym.spaces.Discrete)
    assert env.action_space.n == ref.action_space.n
    assert set(env.observation_space.spaces) == set(ref.observation_space.spaces)
    for k, space in env.observation_space.spaces.items():
        assert space.shape == ref.observation_space[k].shape, k
    assert "campaign" in env.observation_space.spaces and "campaign_seats" in env.observation_space.spaces
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
    env.close()
    ref.close()


def test_random_campaigns_reach_their_end(address: str) -> None:
    env = mythos.make(CAMPAIGN, address, render_mode="ansi", investigators=2, mulligan=False, campaign_xp=4)
    obs, info = env.reset(seed=3)
    scenarios_seen: set[int] = set()
    episodes, steps, total, nonzero = 0, 0, 0.0, 0
    while episodes < 2 and steps < 60000:
        assert env.observation_space.contains(obs)
        camp = obs["campaign"]
        assert camp[0] == 1.0  # in_campaign
        scenarios_seen.add(int(np.argmax(camp[1:4])))
        a = env.action_space.sample()
        assert info["action_mask"][a] == 1
        obs, reward, terminated, truncated, info = env.step(a)
        total += reward
        nonzero += reward != 0.0
        steps += 1
        if terminated or truncated:
            assert terminated
            assert nonzero >= 1  # each scenario is rewarded as it resolves
            episodes += 1
            total, nonzero = 0.0, 0
            obs, info = env.reset()
    assert episodes == 2
    assert scenarios_seen >= {0, 1}
    assert "Campaign Night of the Zealot" in env.render()
    env.close()
