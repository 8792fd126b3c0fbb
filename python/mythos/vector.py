"""N Mythos envs as a Gymnasium vector env, stepped server-side in one call."""

from __future__ import annotations

from typing import Any, Mapping

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from ._owner import SessionOwner
from .client import Client, StepResult
from .spec import FLAT_FIELD

try:
    from gymnasium.vector import AutoresetMode

    _SAME_STEP: Any = AutoresetMode.SAME_STEP
except ImportError:  # gymnasium 1.0
    _SAME_STEP = "SameStep"


class MaskedMultiDiscrete(spaces.MultiDiscrete):
    """The action space of N envs of ``n`` actions each, whose ``sample()``
    without a mask draws a legal action for every env.

    It holds the current action masks (:attr:`current_mask`, int8 [N, n]);
    each row's action is uniform over that row's legal actions (over all
    actions where a row has none). ``sample(mask)`` and
    ``sample(probability=...)`` behave as MultiDiscrete's.
    """

    def __init__(self, num_envs: int, n: int, seed: int | np.random.Generator | None = None) -> None:
        super().__init__(np.full(num_envs, n, dtype=np.int64), seed=seed)
        #: the envs' current action masks (int8 [N, n]), or None before a reset.
        self.current_mask: np.ndarray | None = None

    def sample(self, mask: Any = None, probability: Any = None) -> np.ndarray:  # type: ignore[override]
        """Legal actions under the current masks (see the class doc), or a
        draw under ``mask`` / ``probability`` when one is given."""
        if probability is not None:
            return super().sample(probability=probability)
        if mask is not None or self.current_mask is None:
            return super().sample(mask=mask)
        legal = self.current_mask != 0
        # The argmax of i.i.d. uniforms over a row's legal entries is uniform
        # over them; a row without legal actions draws from all of them.
        u = self.np_random.random(legal.shape)
        u[~legal & legal.any(axis=1, keepdims=True)] = -1.0
        return u.argmax(axis=1).astype(self.dtype)


class MythosVectorEnv(SessionOwner, gym.vector.VectorEnv):
    """``num_envs`` envs of one id, reset and stepped in one server call each.

    Episodes auto-reset in the same step (``metadata["autoreset_mode"]`` is
    SAME_STEP): when env i ends, row i already holds the next episode's first
    observation; ``infos["final_score"]`` (masked by ``infos["_final_score"]``)
    has the outcome and, with ``final_observations=True``,
    ``infos["final_obs"]`` the last observation. ``infos["action_mask"]`` is
    int8 [N, actions] and ``infos["agent"]`` the acting seat of each env;
    ``action_space`` is a :class:`MaskedMultiDiscrete`, so
    ``action_space.sample()`` draws a legal action for every env.
    Observations are a Dict of [N, ...] arrays, or with the env option
    ``flat=True`` one float32 [N, F] array. ``infos["seed"]`` (uint64 [N]) is
    each episode's game seed.

    ``import mythos`` registers the ids with Gymnasium, so
    ``gymnasium.make_vec(env_id, N, vectorization_mode="vector_entry_point")``
    (the default mode for these ids) builds this class too. The envs are
    freed on ``close()``, or when the vector env is garbage collected or
    Python exits.

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
        transport: ``"auto"`` (default, or ``$MYTHOS_TRANSPORT``): the
            shared-memory fast path when the server is on this host, else
            gRPC; ``"shm"`` or ``"grpc"`` force one (see :class:`Client`).
        copy: with shared memory, hand out arrays of their own (True, as
            Gymnasium's vector envs do by default); False hands out
            read-only views of the shared memory (no copy at all) that the
            next step overwrites.
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
        transport: str | None = None,
        copy: bool = True,
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
            transport=transport,
            copy=copy,
        ).spec
        self.spec_info = spec
        self.num_envs = num_envs
        self._flat = spec.flat
        self.single_observation_space = spec.observation_space()
        self.single_action_space = spaces.Discrete(spec.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self._space = MaskedMultiDiscrete(num_envs, spec.num_actions)
        self.action_space = self._space
        self._started = False

    def reset(self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        """Resets every env; with a seed (an int: the base seed) episodes repeat."""
        if isinstance(seed, (list, tuple)):
            seed = seed[0]
        if seed is None and not self._started:
            seed = int(np.random.default_rng().integers(0, 2**63 - 1))
        self._started = True
        r = self.session.reset(seed=None if seed is None else int(seed))
        return self._obs(r.observation), self._infos(r)

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict]:
        """Steps every env with one action each."""
        r = self.session.step(np.asarray(actions))
        return self._obs(r.observation), r.reward.astype(np.float64), r.terminated, r.truncated, self._infos(r)

    def _obs(self, obs: dict[str, np.ndarray]) -> Any:
        return obs[FLAT_FIELD] if self._flat else obs

    def _infos(self, r: StepResult) -> dict[str, Any]:
        self._space.current_mask = r.action_mask
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
            infos["final_obs"] = self._obs(r.final_observation)
            infos["_final_obs"] = ended
        return infos

    def close_extras(self, **kwargs: Any) -> None:
        """Frees the server-side envs."""
        self._close_session()
