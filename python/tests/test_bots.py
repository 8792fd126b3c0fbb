"""Server-side bots: seats named in ``bots=`` are played by the server."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import mythos
from mythos import MythosError

from conftest import CIPHER, GATHERING

TWO = "01001,01002"


def test_gathering_with_a_heuristic_partner(address: str) -> None:
    """Seat 1 is the heuristic bot: the client only ever decides for seat 0,
    and episodes end."""
    env = mythos.make(GATHERING, address, bots={1: "heuristic"}, investigators=TWO)
    rng = np.random.default_rng(0)
    bot_decisions = 0
    try:
        for episode in range(2):
            _, info = env.reset(seed=episode)
            assert info["agent"] == 0
            done, steps = False, 0
            while not done:
                steps += 1
                assert steps < 5000, "episode did not end"
                a = int(rng.choice(np.flatnonzero(info["action_mask"])))
                before = info["episode_length"]
                _, _, terminated, truncated, info = env.step(a)
                bot_decisions += info["episode_length"] - before - 1
                done = terminated or truncated
                if not done:
                    assert info["agent"] == 0
            assert info["episode_length"] >= steps
    finally:
        env.close()
    assert bot_decisions > 0, "the heuristic bot never decided"


def test_same_seed_same_game(address: str) -> None:
    """Bots are seeded from the episode seed: same seed and actions, same game."""

    def play() -> list[tuple[float, int, bool]]:
        env = mythos.make(CIPHER, address, bots={1: "random", 2: "heuristic"}, seats=3)
        out = []
        try:
            _, info = env.reset(seed=5)
            for _ in range(60):
                a = int(np.flatnonzero(info["action_mask"])[-1])
                _, r, term, trunc, info = env.step(a)
                out.append((r, info["agent"], term or trunc))
                if term or trunc:
                    _, info = env.reset()
        finally:
            env.close()
        return out

    first = play()
    assert first == play()
    assert all(agent == 0 for _, agent, done in first if not done)


def test_vector_env_with_bots(address: str) -> None:
    env = mythos.make_vec(CIPHER, 4, address, bots={0: "random"}, seats=2)
    try:
        _, info = env.reset(seed=1)
        for _ in range(40):
            assert (info["agent"] == 1).all()
            actions = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
            _, _, _, _, info = env.step(actions)
    finally:
        env.close()


def test_aec_env_agents_are_the_client_seats(address: str) -> None:
    env = mythos.aec_env(GATHERING, address, bots={1: "heuristic"}, investigators=TWO)
    try:
        env.reset(seed=3)
        assert len(env.possible_agents) == 1 and env.agents == env.possible_agents
        assert env.bot_seats == {1: "heuristic"}
        for _ in range(30):
            agent = env.agent_selection
            assert agent == env.possible_agents[0]
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                break
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    finally:
        env.close()


@pytest.mark.parametrize(
    "bots, message",
    [
        ({1: "no-such-agent"}, "unknown agent"),
        ({5: "random"}, "out of range"),
        ({0: "random", 1: "random"}, "every seat"),
    ],
)
def test_bad_bots_are_refused(address: str, bots: dict[int, str], message: str) -> None:
    with pytest.raises(MythosError) as e:
        mythos.make(CIPHER, address, bots=bots, seats=2)
    assert e.value.code == "INVALID_ARGUMENT"
    assert message in str(e.value)


def test_aec_env_with_bots_passes_the_api_test(address: str) -> None:
    env = mythos.aec_env(CIPHER, address, bots={1: "random"}, seats=3)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the same warnings as without bots
            api_test(env, num_cycles=100)
    finally:
        env.close()
