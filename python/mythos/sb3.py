"""Stable-Baselines3 adapter: a ``VecEnv`` whose N envs step server-side in
one call, with ``action_masks()`` for sb3-contrib's ``MaskablePPO``::

    from sb3_contrib import MaskablePPO
    import mythos.sb3

    env = mythos.sb3.make("ArkhamLCG/TheGathering-v0", num_envs=8)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=256).learn(100_000)

Needs the ``sb3`` extra (``pip install -e 'python[sb3]'``).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

try:
    from stable_baselines3.common.vec_env import VecEnv
    from stable_baselines3.common.vec_env.base_vec_env import VecEnvIndices, VecEnvObs, VecEnvStepReturn
except ImportError as e:  # pragma: no cover - depends on the extra
    raise ImportError("mythos.sb3 needs stable-baselines3: pip install -e 'python[sb3]'") from e

from gymnasium import spaces

from ._adapters import Flattener
from .vector import MythosVectorEnv

__all__ = ["MythosVecEnv", "make"]


class MythosVecEnv(VecEnv):
    """``num_envs`` Mythos envs as an SB3 ``VecEnv``, stepped in one server call.

    Observations are a Dict of one Box per spec field (use
    ``"MultiInputPolicy"``), or with ``flat=True`` one float32 Box of every
    field concatenated in spec order (use ``"MlpPolicy"``). Arrays returned
    are the caller's (fresh each step), as SB3's buffers expect.

    Episodes auto-reset as SB3 expects: when env i ends, row i of the
    observation already starts the next episode, and ``infos[i]`` holds
    ``terminal_observation`` (the last observation of the ended one),
    ``TimeLimit.truncated``, ``final_score`` (the game's outcome),
    ``is_success`` (the outcome is positive: a win in the LCG, scored +1 for
    a win and -1 otherwise) and ``episode`` (``r`` the return, ``l`` the
    length in steps, ``t`` seconds since the env was made), so SB3 logs
    ``ep_rew_mean`` and ``success_rate`` without a ``VecMonitor``.

    :meth:`action_masks` is the [N, actions] bool mask of the current
    observations; sb3-contrib's ``MaskablePPO`` finds it through
    ``env_method("action_masks")``.

    The reward is the team's (the games are cooperative). In multi-seat
    envs the observation is always from the acting seat's view, so one
    policy plays every seat; ``bots={seat: spec}`` has seats played on
    the server instead.

    ``seed(s)`` then ``reset()`` makes ``s`` the session's base seed
    (episodes then repeat); SB3's per-env seeds ``s + i`` are not used
    one by one, since the server derives every env's episodes from the base.

    Args:
        env_id: a registered id, e.g. ``"ArkhamLCG/TheGathering-v0"``.
        num_envs: the batch size.
        address: ``host:port`` of a server; None starts a local one.
        flat: one float32 Box observation instead of a Dict.
        **kwargs: passed to :class:`mythos.MythosVectorEnv` (``client``,
            ``stream``, ``bots``, env options such as ``investigators``).
    """

    def __init__(
        self,
        env_id: str,
        num_envs: int,
        address: str | None = None,
        *,
        flat: bool = False,
        **kwargs: Any,
    ) -> None:
        if kwargs.pop("final_observations", True) is not True:
            raise ValueError("final_observations must stay True: SB3 needs terminal_observation")
        self.venv = MythosVectorEnv(env_id, num_envs, address, final_observations=True, **kwargs)
        self.spec_info = self.venv.spec_info
        self.flat = flat
        self._flattener = Flattener(self.spec_info) if flat else None
        space = self._flattener.space if self._flattener else self.spec_info.observation_space()
        self.render_mode = None
        super().__init__(num_envs, space, spaces.Discrete(self.spec_info.num_actions))
        self._actions: np.ndarray | None = None
        self._mask = np.ones((num_envs, self.spec_info.num_actions), dtype=bool)
        self._returns = np.zeros(num_envs, dtype=np.float64)
        self._lengths = np.zeros(num_envs, dtype=np.int64)
        self._t0 = time.perf_counter()

    def _obs(self, obs: dict[str, np.ndarray]) -> VecEnvObs:
        if self._flattener is not None:
            return self._flattener.batch(obs)
        return {k: np.array(v) for k, v in obs.items()}

    def _final_obs(self, final: dict[str, np.ndarray], i: int) -> Any:
        if self._flattener is not None:
            return self._flattener.single({k: v[i] for k, v in final.items()})
        return {k: np.array(v[i]) for k, v in final.items()}

    def reset(self) -> VecEnvObs:
        """Resets every env (with the base seed set by :meth:`seed`, if any)."""
        seed = self._seeds[0]
        obs, infos = self.venv.reset(seed=seed)
        self._reset_seeds()
        self._reset_options()
        self._mask = infos["action_mask"].astype(bool)
        self._returns[:] = 0
        self._lengths[:] = 0
        self.reset_infos = [{} for _ in range(self.num_envs)]
        return self._obs(obs)

    def step_async(self, actions: np.ndarray) -> None:
        """Stores one action per env for :meth:`step_wait`."""
        self._actions = np.asarray(actions).reshape(self.num_envs)

    def step_wait(self) -> VecEnvStepReturn:
        """Steps every env with the stored actions."""
        if self._actions is None:
            raise RuntimeError("step_wait() without step_async()")
        actions, self._actions = self._actions, None
        obs, reward, terminated, truncated, infos = self.venv.step(actions)
        reward = reward.astype(np.float32)
        dones = terminated | truncated
        self._mask = infos["action_mask"].astype(bool)
        self._returns += reward
        self._lengths += 1
        out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        ended = np.flatnonzero(dones)
        if len(ended):
            final = infos["final_obs"]
            elapsed = round(time.perf_counter() - self._t0, 6)
            for i in ended:
                score = float(infos["final_score"][i])
                out[i] = {
                    "terminal_observation": self._final_obs(final, i),
                    "TimeLimit.truncated": bool(truncated[i] and not terminated[i]),
                    "final_score": score,
                    "is_success": score > 0,
                    "episode": {"r": float(self._returns[i]), "l": int(self._lengths[i]), "t": elapsed},
                }
            self._returns[ended] = 0
            self._lengths[ended] = 0
        return self._obs(obs), reward, dones, out

    def action_masks(self) -> np.ndarray:
        """The legal actions of the current observations, bool [N, actions]."""
        return self._mask.copy()

    def close(self) -> None:
        """Frees the server-side envs."""
        self.venv.close()

    def _indices(self, indices: VecEnvIndices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """The attribute of this batch (or of its :class:`MythosVectorEnv`),
        once per index: the envs are one server session, not N objects."""
        target = self if attr_name in ("render_mode", "action_masks", "spec_info") else self.venv
        value = getattr(target, attr_name)
        return [value for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        """Sets an attribute of the underlying :class:`MythosVectorEnv`."""
        setattr(self.venv, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None, **method_kwargs: Any) -> list[Any]:
        """``action_masks`` gives one mask row per index; any other method is
        called once on the underlying :class:`MythosVectorEnv` and its result
        repeated per index."""
        idx = self._indices(indices)
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in idx]
        result = getattr(self.venv, method_name)(*method_args, **method_kwargs)
        return [result for _ in idx]

    def env_is_wrapped(self, wrapper_class: type, indices: VecEnvIndices = None) -> list[bool]:
        """No env of the batch is wrapped (they run on the server)."""
        return [False for _ in self._indices(indices)]


def make(env_id: str, num_envs: int = 8, address: str | None = None, **kwargs: Any) -> MythosVecEnv:
    """An SB3 ``VecEnv`` of ``num_envs`` envs of ``env_id`` (see :class:`MythosVecEnv`)."""
    return MythosVecEnv(env_id, num_envs, address, **kwargs)
