"""A single Mythos env as a Gymnasium env."""

from __future__ import annotations

from typing import Any, Mapping

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ._human import render_human
from ._owner import SessionOwner, check_render_mode
from ._single import OneEnv, one_env
from .client import Client, StepResult
from .errors import IllegalActionError
from .spec import FLAT_FIELD


class MaskedDiscrete(spaces.Discrete):
    """A Discrete space whose ``sample()`` without a mask draws a legal action.

    It holds the env's current action mask (:attr:`current_mask`, int8 with 1
    for every legal action), so ``env.action_space.sample()`` plays legally;
    ``sample(mask)`` and ``sample(probability=...)`` behave as Discrete's.
    With no mask yet (before the first reset) or no legal action (the episode
    is over), ``sample()`` draws from the whole space.

    The space remembers its last draw without a mask (:attr:`last_draw`) and
    the version of the mask it was drawn under, so the env can tell an action
    sampled before a reset (see :class:`MythosEnv`, ``illegal_action``).
    """

    def __init__(self, n: int, seed: int | np.random.Generator | None = None) -> None:
        super().__init__(n, seed=seed)
        self._mask: np.ndarray | None = None
        #: bumped every time the env sets a new mask.
        self.version = 0
        #: (action, version) of the last ``sample()`` without a mask, or None.
        self.last_draw: tuple[int, int] | None = None

    @property
    def current_mask(self) -> np.ndarray | None:
        """The env's current action mask (int8 [n]), or None before a reset."""
        return self._mask

    @current_mask.setter
    def current_mask(self, mask: np.ndarray | None) -> None:
        self._mask = mask
        self.version += 1

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:  # type: ignore[override]
        """A legal action under the current mask (see the class doc), or a
        draw under ``mask`` / ``probability`` when one is given."""
        if probability is not None:
            return super().sample(probability=probability)
        if mask is not None:
            return super().sample(mask=mask)
        current = self._mask
        a = super().sample(mask=current if current is not None and current.any() else None)
        self.last_draw = (int(a), self.version)
        return a


def row(obs: dict[str, np.ndarray], i: int) -> dict[str, np.ndarray]:
    """Row i of a batched observation."""
    return {k: v[i] for k, v in obs.items()}


def single_obs(obs: dict[str, np.ndarray], i: int, flat: bool) -> Any:
    """Row i of a batched observation: the Dict of fields, or with ``flat``
    the one float32 vector."""
    return obs[FLAT_FIELD][i] if flat else row(obs, i)


def single_info(r: StepResult, i: int = 0) -> dict[str, Any]:
    """The info dict of env i of a result.

    ``seed`` (the seed the game of this episode was started with, derived
    from the reset seed; up to 2**64 - 1) is a ``numpy.uint64``, so that
    Gymnasium's vector envs, which stack infos into arrays of the values'
    type, hold it: a Python int makes them an int64 array, which overflows.
    """
    return {
        "action_mask": r.action_mask[i],
        "agent": int(r.agent[i]),
        "agent_rewards": r.agent_rewards[i],
        "episode_score": float(r.episode_score[i]),
        "episode_length": int(r.episode_length[i]),
        "seed": np.uint64(r.seed[i]),
    }


class MythosEnv(SessionOwner, gym.Env[Any, np.int64]):
    """One Mythos env served over gRPC, with Gymnasium semantics.

    The observation is a Dict of the spec's fields, from the acting seat's
    view (with the env option ``flat=True``, one float32 Box vector instead);
    the action space is a :class:`MaskedDiscrete`; ``info["action_mask"]``
    has 1 for every legal action and ``info["agent"]`` names the acting seat.
    The reward is the team's (the games are cooperative). ``info["seed"]`` is
    the episode's game seed, a ``numpy.uint64``.

    ``import mythos`` registers the ids with Gymnasium, so
    ``gymnasium.make(env_id, **kwargs)`` builds this class too.

    An action that ``action_space.sample()`` drew *before* the last reset, and
    that is illegal after it, is replaced by a uniformly random legal action
    (from ``np_random``) with ``info["illegal_action"]`` set, whatever
    ``illegal_action`` says: the space cannot know the next episode's mask when
    it draws (Gymnasium's ``check_env`` samples before a seeded reset, for
    one). Any other illegal action is ``illegal_action``'s to handle.

    Args:
        env_id: a registered id, e.g. ``"ArkhamLCG/TheGathering-v0"``.
        address: ``host:port`` of a server; None starts a local one.
        client: an existing :class:`Client` to share (overrides address).
        render_mode: None, ``"ansi"`` (the board and prompt in words),
            ``"rgb_array"`` (the drawn table, H×W×3 uint8) or ``"human"``
            (the table on a live page in the browser, drawn after every reset
            and step).
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
        transport: ``"auto"`` (default, or ``$MYTHOS_TRANSPORT``): the
            shared-memory fast path when the server is on this host, else
            gRPC; ``"shm"`` or ``"grpc"`` force one (see :class:`Client`).
        **options: env options, e.g. ``investigators="01001,01002"``,
            ``difficulty="easy"``, ``max_steps=500``, ``flat=True``.

    The env frees its server session on ``close()``, or when it is garbage
    collected or Python exits, whichever comes first.
    """

    metadata = {"render_modes": ["ansi", "rgb_array", "human"], "render_fps": 4}

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
        transport: str | None = None,
        **options: Any,
    ) -> None:
        check_render_mode(render_mode)
        if illegal_action not in ("raise", "resample"):
            raise ValueError(f"illegal_action={illegal_action!r}: want 'raise' or 'resample'")
        self._open_session(
            env_id,
            1,
            address,
            client,
            options=options,
            stream=stream,
            sparse=sparse,
            packed=packed,
            bots=bots,
            transport=transport,
        )
        self.spec_info = self.session.spec
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self._flat = self.spec_info.flat
        self.observation_space = self.spec_info.observation_space()
        self._space = MaskedDiscrete(self.spec_info.num_actions)
        self.action_space = self._space
        self._mask: np.ndarray | None = None
        self._reset_version = 0  # the action space's mask version at the last reset
        self._started = False
        self._one: OneEnv | None = None  # env 0 read from shared memory (None over gRPC)

    @property
    def agents(self) -> tuple[str, ...]:
        """The seats' names; ``info["agent"]`` indexes them."""
        return self.spec_info.agents

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict]:
        """Starts an episode; with a seed, the same seed gives the same episode.

        Without one, the first reset draws a random seed and later resets
        start the next episode of the last seed's sequence (so a seeded reset
        followed by unseeded ones repeats as a whole)."""
        if seed is not None:
            seed = int(seed)
        super().reset(seed=seed)
        if seed is None and not self._started:
            seed = int(self.np_random.integers(0, 2**63 - 1))
        r = self.session.reset(seed=seed)
        self._started = True
        obs, info = self._observe_shm() if self._fast() else self._observe(r)
        self._reset_version = self._space.version
        if self.render_mode == "human":
            render_human(self)  # Gymnasium's "human" mode draws as the env runs
        return obs, info

    def _observe(self, r: StepResult) -> tuple[Any, dict]:
        info = single_info(r)
        self._mask = info["action_mask"]
        self._space.current_mask = self._mask
        return single_obs(r.observation, 0, self._flat), info

    def _fast(self) -> bool:
        """Whether the session steps over shared memory (then ``self._one``
        reads its current channel, made anew after a reopen)."""
        self._one = one_env(self.session, self._one, self.spec_info, self._flat)
        return self._one is not None

    def _observe_shm(self) -> tuple[Any, dict]:
        """What :meth:`_observe` makes of a result, read from the shared
        memory's views: the observation and mask copied, the rest as scalars."""
        one = self._one
        assert one is not None
        mask = one.mask_view.copy()
        info = {
            "action_mask": mask,
            "agent": one._agent0[0],
            "agent_rewards": one.agent_rewards_view.copy(),
            "episode_score": one._score0[0],
            "episode_length": one._length0[0],
            "seed": one._seed[0],
        }
        self._mask = mask
        self._space.current_mask = mask
        return one.observation(), info

    def _sampled_before_reset(self, a: int) -> bool:
        """Whether ``a`` is the action space's last draw, made under a mask
        from before the last reset."""
        drawn = self._space.last_draw
        return drawn is not None and drawn[0] == a and drawn[1] < self._reset_version

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict]:
        """Answers the current prompt with an action id."""
        a = int(action)
        illegal = False
        mask = self._mask
        if mask is not None and not (0 <= a < len(mask) and mask[a]):
            if self.illegal_action == "resample" or self._sampled_before_reset(a):
                legal = np.flatnonzero(mask)
                if len(legal) == 0:
                    raise IllegalActionError("FAILED_PRECONDITION", "no legal action: the episode is over, call reset")
                a, illegal = int(self.np_random.choice(legal)), True
        one = self._one
        if -(2**31) <= a < 2**31 and ((one is not None and one.channel is self.session._shm) or self._fast()):
            self.session._step_one(a)
            obs, info = self._observe_shm()
            if illegal:
                info["illegal_action"] = True
            one = self._one
            assert one is not None
            result = obs, one._reward0[0], one._terminated0[0] != 0, one._truncated0[0] != 0, info
        else:
            r = self.session.step(np.array([a], dtype=np.int32))
            obs, info = self._observe(r)
            if illegal:
                info["illegal_action"] = True
            result = obs, float(r.reward[0]), bool(r.terminated[0]), bool(r.truncated[0]), info
        if self.render_mode == "human":
            render_human(self)
        return result

    def action_masks(self) -> np.ndarray:
        """The current action mask (as sb3-contrib's MaskablePPO asks for it)."""
        if self._mask is None:
            raise RuntimeError("call reset() first")
        return self._mask.astype(bool)

    def render(self) -> Any:
        """The board and the prompt in words (render_mode "ansi"), or the
        drawn table as an H×W×3 uint8 array (render_mode "rgb_array"), or
        (render_mode "human", which also draws after every reset and step)
        the table on a live browser page (mythos._human)."""
        if self.render_mode == "human":
            return render_human(self)
        return self._render()

    def close(self) -> None:
        """Frees the server-side env (and the connection, if this env made it)."""
        self._close_session()
        super().close()
