"""render_mode="rgb_array": every env id draws H×W×3 uint8 frames that change
as the game does, Gymnasium's RecordVideo records an episode of each (when
moviepy is installed), and the PettingZoo env draws the same way."""

from __future__ import annotations

import os
from typing import Iterator

import gymnasium as gym
import numpy as np
import pytest

import mythos
from mythos import LocalServer
from mythos.registration import ENV_IDS


@pytest.fixture(scope="module")
def address(binary: str) -> Iterator[str]:
    # Frames are ~3 MB: a server with the default message limit.
    srv = LocalServer(binary, [])
    yield srv.address
    srv.stop()


def episode_frames(env: gym.Env, steps: int) -> list[np.ndarray]:
    """Plays seeded random legal actions, collecting render() after each."""
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    frames = [env.render()]
    for _ in range(steps):
        legal = np.flatnonzero(env.action_masks())
        _, _, term, trunc, info = env.step(int(rng.choice(legal)))
        frames.append(env.render())
        if term or trunc:
            break
    return frames


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_rgb_array_frames_change_with_the_game(env_id: str, address: str) -> None:
    env = mythos.make(env_id, address, render_mode="rgb_array")
    try:
        frames = episode_frames(env, 30)
    finally:
        env.close()
    h, w = frames[0].shape[:2]
    for f in frames:
        assert f.dtype == np.uint8 and f.shape == (h, w, 3)
    assert h >= 480 and w >= 640
    assert not np.array_equal(frames[0], frames[-1]), "the frame never changed"


def test_ansi_stays(address: str) -> None:
    env = mythos.make(ENV_IDS[0], address, render_mode="ansi")
    try:
        env.reset(seed=1)
        assert isinstance(env.render(), str)
    finally:
        env.close()


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_record_video(env_id: str, address: str, tmp_path) -> None:
    pytest.importorskip("moviepy")
    env = mythos.make(env_id, address, render_mode="rgb_array", max_steps=25)
    env = gym.wrappers.RecordVideo(env, str(tmp_path / "video"), episode_trigger=lambda _: True, disable_logger=True)
    try:
        env.reset(seed=1)
        rng = np.random.default_rng(1)
        for _ in range(25):
            legal = np.flatnonzero(env.unwrapped.action_masks())
            _, _, term, trunc, _ = env.step(int(rng.choice(legal)))
            if term or trunc:
                break
    finally:
        env.close()
    videos = [f for f in os.listdir(tmp_path / "video") if f.endswith(".mp4")]
    assert videos, os.listdir(tmp_path / "video")
    assert os.path.getsize(tmp_path / "video" / videos[0]) > 1000


def test_pettingzoo_rgb_array(address: str) -> None:
    env = mythos.aec_env(ENV_IDS[-1], address, render_mode="rgb_array")
    try:
        env.reset(seed=2)
        a = env.render()
        agent = env.agent_selection
        legal = np.flatnonzero(env.observe(agent)["action_mask"])
        for _ in range(10):
            agent = env.agent_selection
            legal = np.flatnonzero(env.observe(agent)["action_mask"])
            env.step(int(legal[0]))
        b = env.render()
        assert a.dtype == np.uint8 and a.ndim == 3 and a.shape == b.shape
        assert not np.array_equal(a, b)
    finally:
        env.close()


@pytest.mark.parametrize("transport", ["grpc", "shm"])
def test_render_with_either_transport(transport: str, address: str) -> None:
    import sys

    if transport == "shm" and not sys.platform.startswith("linux"):
        pytest.skip("shared memory is Linux-only")
    env = mythos.make(ENV_IDS[0], address, render_mode="rgb_array", transport=transport)
    try:
        if transport == "shm":
            assert env.session._shm is not None
        frames = episode_frames(env, 5)
        assert frames[0].shape == frames[-1].shape and frames[0].dtype == np.uint8
    finally:
        env.close()
