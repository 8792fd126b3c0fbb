"""Mythos: cooperative horror games as reinforcement-learning environments.

The envs run in a Go server (``mythos serve``); this package talks to it over
gRPC and wraps it for Gymnasium and PettingZoo::

    import mythos
    env = mythos.make("ArkhamLCG/TheGathering-v0")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

With no ``address``, a local server is started (see :func:`find_binary`).

Importing the package registers the env ids with Gymnasium (no server is
started for that; see :mod:`mythos.registration`), so the standard calls work
too::

    import gymnasium as gym
    import mythos  # noqa: F401  (or gym.register_envs(mythos))
    env = gym.make("ArkhamLCG/TheGathering-v0")
    envs = gym.make_vec("ArkhamLCG/TheGathering-v0", 8)  # MythosVectorEnv
    envs = gym.make_vec("ArkhamLCG/TheGathering-v0", 8, vectorization_mode="sync")

:func:`register_envs` registers what a given server serves.
"""

from __future__ import annotations

from typing import Any

from .client import Client, Description, Session, StepResult
from .errors import IllegalActionError, MythosError
from .gym_env import MaskedDiscrete, MythosEnv
from .pettingzoo_env import MythosAECEnv
from .registration import ENV_IDS, register_envs
from .server import LocalServer, find_binary
from .spec import Field, Spec
from .vector import MaskedMultiDiscrete, MythosVectorEnv

__all__ = [
    "Client",
    "Description",
    "ENV_IDS",
    "Field",
    "IllegalActionError",
    "LocalServer",
    "MaskedDiscrete",
    "MaskedMultiDiscrete",
    "MythosAECEnv",
    "MythosEnv",
    "MythosError",
    "MythosVectorEnv",
    "Session",
    "Spec",
    "StepResult",
    "aec_env",
    "find_binary",
    "list_envs",
    "make",
    "make_vec",
    "register_envs",
]

__version__ = "0.1.0"


def make(env_id: str, address: str | None = None, **options: Any) -> MythosEnv:
    """A Gymnasium env of ``env_id`` (see :class:`MythosEnv` for the keywords,
    e.g. ``bots={1: "heuristic"}`` to have seat 1 played on the server, or
    ``flat=True`` for one Box observation); the same as
    ``gymnasium.make(env_id, ...)`` without Gymnasium's checker wrappers."""
    return MythosEnv(env_id, address, **options)


def make_vec(env_id: str, num_envs: int, address: str | None = None, **options: Any) -> MythosVectorEnv:
    """A Gymnasium vector env of ``num_envs`` envs stepped server-side in one call
    (``bots={seat: spec}`` has those seats played on the server); the same as
    ``gymnasium.make_vec(env_id, num_envs, ...)`` in its default mode."""
    return MythosVectorEnv(env_id, num_envs, address, **options)


def aec_env(env_id: str, address: str | None = None, **options: Any) -> MythosAECEnv:
    """A PettingZoo AEC env of ``env_id``, one agent per seat (per seat that is
    not a server-side bot, with ``bots={seat: spec}``)."""
    return MythosAECEnv(env_id, address, **options)


def list_envs(address: str | None = None) -> list[Spec]:
    """Every env id the server knows, with its spec under default options."""
    with Client(address) as c:
        return c.list_envs()
