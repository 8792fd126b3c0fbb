"""A single Mythos env as a Gymnasium env."""

from __future__ import annotations

from typing import Any, Mapping

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ._owner import SessionOwner, check_render_mode
from .client import Client, StepResult
from .errors import IllegalActionError


class MaskedDiscrete(spaces.Discrete):
    """A Discrete space whose ``sample()`` without a mask draws a legal action.

    It holds the env's current action mask, so ``env.action_space.sample()``
    plays legally; ``sample(mask)`` behaves as Discrete's.
    """

    def __init__(self, n: int, seed: int | np.random.Generator | None = None) -> None:
        super().__init__(n, seed=seed)
        self.current_mask: np.ndarray | None = None

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:  # type: ignore[override]
        if mask is None and probability is None and self.current_mask is not None and self.current_mask.any():
            mask = self.current_mask
        if probability is not None:
            return super().sample(probability=probability)
        return super().sample(mask=mask)


def row(obs: dict[str, np.ndarray], i: int) -> dict[str, np.ndarray]:
    """Row i of a batched observation."""
    return {k: v[i] for k, v in obs.items()}


def single_info(r: StepResult, i: int = 0) -> dict[str, Any]:
    """The info dict of env i of a result."""
    return {
        "action_mask": r.action_mask[i],
        "agent": int(r.agent[i]),
        "agent_rewards": r.agent_rewards[i],
        "episode_score": float(r.episode_score[i]),
        "episode_length": int(r.episode_length[i]),
        "seed": int(r.seed[i]),
    }


class MythosEnv(SessionOwner, gym.Env[dict, np.int64]):
    """One Mythos env served over gRPC, with Gymnasium semantics.

    The observation is a Dict of the spec's fields, from the acting seat's
    view; the action space is Discrete; ``info["action_mask"]`` has 1 for
    every legal action and ``info["agent"]`` names the acting seat. The reward
    is the team's (the games are cooperative).

    Args:
        env_id: a registered id, e.g. ``"ArkhamLCG/TheGathering-v0"``.
        address: ``host:port`` of a server; None starts a local one.
        client: an existing :class:`Client` to share (overrides address).
        render_mode: None or ``"ansi"`` (the board and prompt in words).
        illegal_action: ``"raise"`` (default) raises IllegalActionError and
            changes nothing; ``"resample"`` plays a uniformly random legal
            action instead (drawn from ``np_random``, so seeded runs repeat)
            and sets ``info["illegal_action"]``.
        stream: step over a bidirectional stream instead of unary calls.
        sparse: receive observations sparse (same arrays, smaller replies).
        packed: receive results in the packed encoding (the fast form; False:
            one tensor per field, as the first protocol did).
        bots: seats played on the server, seat -> agent spec (e.g.
            ``{1: "heuristic"}``); ``info["agent"]`` is then always one of the
            other seats and a step's reward includes the bots' steps after it
            (see :meth:`Client.open`).
        **options: env options, e.g. ``investigators=2``.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        env_id: str,
        address: str | None = None,
        *,
        client: Client | None = None,
        render_mode: str | None = None,
        illegal_action: str = "raise",
        stream: bool = False,
        sparse: bool = True,
        packed: bool = True,
        bots: Mapping[int, str] | None = None,
        **options: Any,
    ) -> None:
        check_render_mode(render_mode)
        if illegal_action not in ("raise", "resample"):
            raise ValueError(f"illegal_action={illegal_action!r}: want 'raise' or 'resample'")
        self._open_session(env_id, 1, address, client, options=options, stream=stream, sparse=sparse, packed=packed, bots=bots
        )
        self.spec_info = self.session.spec
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.observation_space = self.spec_info.observation_space()
        self.action_space = MaskedDiscrete(self.spec_info.num_actions)
        self._mask: np.ndarray | None = None
        self._started = False

    @property
    def agents(self) -> tuple[str, ...]:
        """The seats' names; ``info["agent"]`` indexes them."""
        return self.spec_info.agents

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        """Starts an episode; with a seed, the same seed gives the same episode."""
        super().reset(seed=seed)
        if seed is None and not self._started:
            seed = int(self.np_random.integers(0, 2**63 - 1))
        r = self.session.reset(seed=seed)
        self._started = True
        return self._observe(r)

    def _observe(self, r: StepResult) -> tuple[dict, dict]:
        info = single_info(r)
        self._mask = info["action_mask"]
        self.action_space.current_mask = self._mask
        return row(r.observation, 0), info

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        """Answers the current prompt with an action id."""
        a = int(action)
        illegal = False
        if self.illegal_action == "resample" and self._mask is not None:
            if not (0 <= a < self.spec_info.num_actions and self._mask[a]):
                legal = np.flatnonzero(self._mask)
                if len(legal) == 0:
                    raise IllegalActionError("FAILED_PRECONDITION", "no legal action: the episode is over, call reset")
                a, illegal = int(self.np_random.choice(legal)), True
        r = self.session.step(np.array([a], dtype=np.int32))
        obs, info = self._observe(r)
        if illegal:
            info["illegal_action"] = True
        return obs, float(r.reward[0]), bool(r.terminated[0]), bool(r.truncated[0]), info

    def action_masks(self) -> np.ndarray:
        """The current action mask (as sb3-contrib's MaskablePPO asks for it)."""
        if self._mask is None:
            raise RuntimeError("call reset() first")
        return self._mask.astype(bool)

    def render(self) -> str | None:
        """The board and the prompt in words (render_mode "ansi")."""
        return self._render_ansi()

    def close(self) -> None:
        """Frees the server-side env (and the connection, if this env made it)."""
        self._close_session()
        super().close()
