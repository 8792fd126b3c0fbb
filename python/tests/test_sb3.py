"""mythos.sb3 against the real Stable-Baselines3 and sb3-contrib (the ``sb3``
extra) and a real server."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("stable_baselines3")
pytest.importorskip("sb3_contrib")

from sb3_contrib import MaskablePPO  # noqa: E402
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported  # noqa: E402
from stable_baselines3.common.env_checker import check_env  # noqa: E402
from stable_baselines3.common.vec_env import VecMonitor  # noqa: E402

import mythos  # noqa: E402
import mythos.sb3  # noqa: E402

from conftest import CIPHER, GATHERING  # noqa: E402


def legal_actions(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """One uniformly drawn legal action per row of ``masks``."""
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


def test_spaces_and_masks(address: str) -> None:
    env = mythos.sb3.make(GATHERING, 3, address)
    try:
        spec = env.spec_info
        assert env.num_envs == 3
        assert env.action_space.n == spec.num_actions
        obs = env.reset()
        assert set(obs) == {f.name for f in spec.fields}
        for i in range(3):
            assert env.observation_space.contains({k: v[i] for k, v in obs.items()})
        masks = get_action_masks(env)
        assert is_masking_supported(env)
        assert masks.shape == (3, spec.num_actions) and masks.dtype == bool
        assert masks.any(axis=1).all()
        # Through SB3's own wrapper too (sb3-contrib asks the outermost VecEnv).
        assert np.array_equal(get_action_masks(VecMonitor(env)), masks)
        assert env.get_attr("render_mode") == [None, None, None]
        assert env.env_is_wrapped(VecMonitor) == [False] * 3
        assert len(env.env_method("action_masks", indices=[0, 2])) == 2
    finally:
        env.close()


def test_auto_reset_as_sb3_expects(address: str) -> None:
    """Episodes end with terminal_observation/episode infos, and the next row
    starts the next episode; the masks stay those of the returned rows."""
    n = 4
    env = mythos.sb3.make(CIPHER, n, address)
    rng = np.random.default_rng(3)
    try:
        env.seed(11)
        obs = env.reset()
        returns = np.zeros(n)
        lengths = np.zeros(n, dtype=int)
        ended = 0
        for _ in range(400):
            masks = env.action_masks()
            obs, reward, dones, infos = env.step(legal_actions(rng, masks))
            assert reward.dtype == np.float32 and dones.dtype == bool and len(infos) == n
            returns += reward
            lengths += 1
            for i in range(n):
                if not dones[i]:
                    assert "terminal_observation" not in infos[i]
                    continue
                ended += 1
                info = infos[i]
                term = info["terminal_observation"]
                assert env.observation_space.contains(term)
                assert info["episode"]["l"] == lengths[i]
                assert info["episode"]["r"] == pytest.approx(returns[i])
                assert info["is_success"] == (info["final_score"] > 0)
                assert info["TimeLimit.truncated"] is False
                # The returned row is the next episode's first observation.
                assert any(not np.array_equal(term[k], obs[k][i]) for k in term)
                returns[i], lengths[i] = 0, 0
            if ended >= 2 * n:
                break
        assert ended >= 2 * n, "episodes did not end"
    finally:
        env.close()


def test_terminal_observation_is_the_last_one(address: str) -> None:
    """terminal_observation is what a plain env shows at the end of the same
    episode (env 0 of a session plays the episodes of the base seed)."""
    env = mythos.sb3.make(CIPHER, 2, address)
    single = mythos.make(CIPHER, address)
    rng = np.random.default_rng(5)
    try:
        env.seed(21)
        first = env.reset()
        obs0, _ = single.reset(seed=21)
        for k in obs0:
            np.testing.assert_array_equal(first[k][0], obs0[k])
        for _ in range(200):
            actions = legal_actions(rng, env.action_masks())
            _, _, dones, infos = env.step(actions)
            obs0, _, terminated, truncated, _ = single.step(int(actions[0]))
            assert dones[0] == (terminated or truncated)
            if dones[0]:
                for k in obs0:
                    np.testing.assert_array_equal(infos[0]["terminal_observation"][k], obs0[k])
                break
        else:
            pytest.fail("env 0's episode did not end")
    finally:
        env.close()
        single.close()


def test_seed_repeats_and_flat_matches_dict(address: str) -> None:
    a = mythos.sb3.make(GATHERING, 2, address)
    b = mythos.sb3.make(GATHERING, 2, address, flat=True)
    try:
        a.seed(7)
        b.seed(7)
        da, fb = a.reset(), b.reset()
        assert fb.shape == (2, b.observation_space.shape[0]) and fb.dtype == np.float32
        assert b.observation_space.contains(fb[0])
        flat = np.concatenate([da[f.name].reshape(2, -1).astype(np.float32) for f in a.spec_info.fields], axis=1)
        np.testing.assert_array_equal(fb, flat)
        a.seed(7)
        again = a.reset()
        for k in da:
            np.testing.assert_array_equal(again[k], da[k])
        a.seed(8)
        other = a.reset()
        assert any(not np.array_equal(other[k], da[k]) for k in da)
    finally:
        a.close()
        b.close()


def test_sb3_check_env_on_make(address: str) -> None:
    """SB3's own checker on the single env the adapter's rows come from."""
    env = mythos.make(CIPHER, address, illegal_action="resample")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            check_env(env, warn=True)
    finally:
        env.close()


@pytest.mark.parametrize("flat", [False, True])
def test_maskable_ppo_learns_a_few_steps(address: str, flat: bool) -> None:
    """A short MaskablePPO run through the adapter: it never plays an
    illegal action (the server would raise) and logs finished episodes."""
    env = mythos.sb3.make(CIPHER, 4, address, flat=flat)
    try:
        model = MaskablePPO(
            "MlpPolicy" if flat else "MultiInputPolicy",
            env,
            n_steps=64,
            batch_size=64,
            n_epochs=2,
            seed=1,
            policy_kwargs={"net_arch": [32]},
            device="cpu",
        )
        model.learn(512)
        assert model.num_timesteps >= 512
        assert len(model.ep_info_buffer) > 0
        assert all("r" in e and "l" in e for e in model.ep_info_buffer)
        obs = env.reset()
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        assert env.action_masks()[np.arange(4), action].all()
    finally:
        env.close()


def test_bad_input(address: str) -> None:
    with pytest.raises(ValueError, match="final_observations"):
        mythos.sb3.make(CIPHER, 2, address, final_observations=False)
    with pytest.raises(mythos.MythosError):
        mythos.sb3.make("No/Such-v0", 2, address)
