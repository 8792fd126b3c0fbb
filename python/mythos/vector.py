"""N Mythos envs as a Gymnasium vector env, stepped server-side in one call."""

from __future__ import annotations

from typing import Any, Mapping

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from ._owner import SessionOwner
from .client import Client, StepResult

try:
    from gymnasium.vector import AutoresetMode

    _SAME_STEP: Any = AutoresetMode.SAME_STEP
except ImportError:  # gymnasium 1.0
    _SAME_STEP = "SameStep"


class MythosVectorEnv(SessionOwner, gym.vector.VectorEnv):
    """``num_envs`` envs of one id, reset and stepped in one server call each.

    Episodes auto-reset in the same step (``metadata["autoreset_mode"]`` is
    SAME_STEP): when env i ends, row i already holds the next episode's first
    observation; ``infos["final_score"]`` (masked by ``infos["_final_score"]``)
    has the outcome and, with ``final_observations=True``,
    ``infos["final_obs"]`` the last observation. ``infos["action_mask"]`` is
    int8 [N, actions] and ``infos["agent"]`` the acting seat of each env.

    Args:
        env_id: a registered id.
        num_envs: the batch size.
        address: ``host:port`` of a server; None starts a local one.
        client: an existing :class:`Client` to share.
        final_observations: also return the last observation of ended episodes.
        stream: step over a bidirectional stream instead of unary calls.
        sparse: receive observations sparse (same arrays, smaller replies).
        packed: receive results in the packed encoding (the fast form; False:
            one tensor per field, as the first protocol did).
        bots: seats played on the server, seat -> agent spec (e.g.
            ``{1: "heuristic"}``; see :meth:`Client.open`).
        **options: env options.
    """

    metadata = {"autoreset_mode": _SAME_STEP, "render_modes": []}

    def __init__(
        self,
        env_id: str,
        num_envs: int,
        address: str | None = None,
        *,
        client: Client | None = None,
        final_observations: bool = False,
        stream: bool = False,
        sparse: bool = True,
        packed: bool = True,
        bots: Mapping[int, str] | None = None,
        **options: Any,
    ) -> None:
        spec = self._open_session(
            env_id,
            num_envs,
            address,
            client,
            options=options,
            auto_reset=True,
            final_observations=final_observations,
            stream=stream,
            sparse=sparse,
            packed=packed,
            bots=bots,
        ).spec
        self.spec_info = spec
        self.num_envs = num_envs
        self.single_observation_space = spec.observation_space()
        self.single_action_space = spaces.Discrete(spec.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, spec.num_actions))
        self._started = False

    def reset(self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        """Resets every env; with a seed (an int: the base seed) episodes repeat."""
        if isinstance(seed, (list, tuple)):
            seed = seed[0]
        if seed is None and not self._started:
            seed = int(np.random.default_rng().integers(0, 2**63 - 1))
        self._started = True
        r = self.session.reset(seed=seed)
        return r.observation, self._infos(r)

    def step(self, actions: Any) -> tuple[dict, np.ndarray, np.ndarray, np.ndarray, dict]:
        """Steps every env with one action each."""
        r = self.session.step(np.asarray(actions))
        return r.observation, r.reward.astype(np.float64), r.terminated, r.truncated, self._infos(r)

    def _infos(self, r: StepResult) -> dict[str, Any]:
        ended = r.terminated | r.truncated
        infos: dict[str, Any] = {
            "action_mask": r.action_mask,
            "agent": r.agent,
            "agent_rewards": r.agent_rewards,
            "episode_score": r.episode_score,
            "episode_length": r.episode_length,
            "seed": r.seed,
            "final_score": r.final_score,
            "_final_score": ended,
        }
        if r.final_observation is not None:
            infos["final_obs"] = r.final_observation
            infos["_final_obs"] = ended
        return infos

    def close_extras(self, **kwargs: Any) -> None:
        """Frees the server-side envs."""
        self._close_session()
