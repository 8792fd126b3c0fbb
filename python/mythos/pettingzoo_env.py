"""A Mythos env as a PettingZoo AEC env: one agent per seat."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ._human import render_human
from ._owner import SessionOwner, check_render_mode
from ._single import OneEnv, one_env
from .client import Client, StepResult
from .gym_env import single_obs


class MythosAECEnv(SessionOwner, AECEnv):
    """Turn-based multi-agent play of one Mythos env.

    Agents are the seats; ``agent_selection`` is the seat the game asks to
    decide (not necessarily round-robin). ``observe(agent)`` returns
    ``{"observation": <Dict of fields from that seat's view>, "action_mask":
    int8 [actions]}``; the mask is zero for seats that are not acting. The
    view is a Dict of fields, or with the env option ``flat=True`` one float32
    vector. Rewards are each seat's own (the team score is in
    ``infos[agent]["score"]``). The env frees its server session on
    ``close()``, or when it is garbage collected or Python exits.

    Args:
        env_id: a registered id.
        address: ``host:port`` of a server; None starts a local one.
        client: an existing :class:`Client` to share.
        render_mode: None, ``"ansi"``, ``"rgb_array"`` or ``"human"``.
        bots: seats played on the server, seat -> agent spec (e.g.
            ``{1: "heuristic"}``): the env's agents are then only the other
            seats, and each step's rewards include the bots' steps after it.
        transport: ``"auto"`` (default), ``"shm"`` or ``"grpc"`` (see
            :class:`mythos.Client`).
        **options: env options.
    """

    metadata = {"render_modes": ["ansi", "rgb_array", "human"], "render_fps": 4, "name": "mythos", "is_parallelizable": False}

    def __init__(
        self,
        env_id: str,
        address: str | None = None,
        *,
        client: Client | None = None,
        render_mode: str | None = None,
        bots: Mapping[int, str] | None = None,
        transport: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        spec = self._open_session(env_id, 1, address, client, options=options, bots=bots, transport=transport).spec
        self.spec_info = spec
        self._flat = spec.flat
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": "mythos_" + env_id.replace("/", "_")}
        names: list[str] = []
        for i, a in enumerate(spec.agents):
            names.append(a if a and a not in names and spec.agents.count(a) == 1 else f"{a or 'seat'}_{i}")
        self._seat_names = names
        self.possible_agents = [a for i, a in enumerate(names) if i not in self.session.bots]
        self._index = {a: i for i, a in enumerate(names)}
        obs_space = spec.observation_space()
        self.observation_spaces = {
            a: spaces.Dict({"observation": obs_space, "action_mask": spec.mask_space()}) for a in names
        }
        self.action_spaces = {a: spaces.Discrete(spec.num_actions) for a in names}
        self._last: StepResult | None = None  # the last result over gRPC
        self._one: OneEnv | None = None  # env 0 read from shared memory (None over gRPC)
        self._started = False
        self._acting = -1  # the seat to act
        self._zero_mask = np.zeros(spec.num_actions, dtype=np.int8)

    @property
    def bot_seats(self) -> dict[int, str]:
        """The seats played on the server (seat -> agent spec)."""
        return dict(self.session.bots)

    def observation_space(self, agent: str) -> spaces.Space:
        """The Dict space of ``agent``'s observations."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The Discrete action space (the same for every seat)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts an episode; with a seed, the same seed gives the same episode."""
        if seed is None and not self._started:
            seed = int(np.random.default_rng().integers(0, 2**63 - 1))
        r = self.session.reset(seed=seed)
        self._started = True
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._apply(r)
        if self.render_mode == "human":
            render_human(self)

    def _apply(self, r: StepResult) -> None:
        """Takes a result: over shared memory read in place from the
        channel's views (``r`` is then not read), else ``r``."""
        self._one = one_env(self.session, self._one, self.spec_info, self._flat)
        if self._one is not None:
            self._last = None
            acting, score, steps = self._one.agent(), self._one.score(), self._one.length()
        else:
            self._last = r
            acting, score, steps = int(r.agent[0]), float(r.episode_score[0]), int(r.episode_length[0])
        self._acting = acting
        for a in self.agents:
            self.infos[a] = {"score": score, "steps": steps}
        if acting >= 0:
            self.agent_selection = self._seat_names[acting]

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s view and, for the acting seat, the action mask."""
        assert self._started, "call reset() first"
        i = self._index[agent]
        if i == self._acting:
            if self._one is not None:
                return {"observation": self._one.observation(), "action_mask": self._one.mask()}
            assert self._last is not None
            return {
                "observation": single_obs(self._last.observation, 0, self._flat),
                "action_mask": self._last.action_mask[0],
            }
        return {"observation": single_obs(self.session.observe(i), 0, self._flat), "action_mask": self._zero_mask}

    def step(self, action: Any) -> None:
        """The acting seat answers with an action id (None once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        a_id = int(action)
        one = one_env(self.session, self._one, self.spec_info, self._flat)
        if one is not None and -(2**31) <= a_id < 2**31:
            self.session._step_one(a_id)
            rewards, terminated, truncated = one.agent_rewards_view, one.terminated(), one.truncated()
            r = None
        else:
            r = self.session.step(np.array([a_id], dtype=np.int32))
            rewards, terminated, truncated = r.agent_rewards[0], bool(r.terminated[0]), bool(r.truncated[0])
        for a in self.agents:
            self.rewards[a] = float(rewards[self._index[a]])
        if terminated or truncated:
            for a in self.agents:
                self.terminations[a] = terminated
                self.truncations[a] = truncated
        self._apply(r)  # type: ignore[arg-type]
        if self.render_mode == "human":
            render_human(self)
        self._accumulate_rewards()

    def render(self) -> Any:
        """The board and prompt in words (render_mode "ansi"), or the drawn
        table as an H×W×3 uint8 array (render_mode "rgb_array"), or the table
        on a live browser page (render_mode "human", mythos._human)."""
        if self.render_mode == "human":
            return render_human(self)
        return self._render()

    def close(self) -> None:
        """Frees the server-side env (and the connection, if this env made it)."""
        self._close_session()
