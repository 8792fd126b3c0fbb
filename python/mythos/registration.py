"""The Mythos env ids in Gymnasium's registry.

``import mythos`` registers the ids the ``mythos`` binary serves
(:data:`ENV_IDS`) without starting or asking a server, so
``gymnasium.make(id)`` and ``gymnasium.make_vec(id, n)`` work at once: each env
then connects to ``address`` if given, else to the local server that the
package starts on first use (see :func:`mythos.find_binary`).
:func:`register_envs` registers what a given server serves (ids that are
not in the static list, such as a newer server's, or a test server's
``Fixture/Cipher-v0``), with that server's address as the default.

Every id gets an :class:`gymnasium.envs.registration.EnvSpec` with
``entry_point`` :class:`mythos.MythosEnv`, ``vector_entry_point``
:class:`mythos.MythosVectorEnv` (N envs stepped server-side in one call;
``make_vec``'s default mode for these ids), kwargs ``{"env_id": id}`` (plus
``"address"`` from :func:`register_envs`), and the env's episode limit as
``max_episode_steps`` where it has one (none of the served envs does by
default: the ``max_steps`` option sets one server-side).
"""

from __future__ import annotations

from typing import Any

import gymnasium

from .vector import MythosVectorEnv

#: The env ids of the ``mythos`` binary (``mythos list``), registered with
#: Gymnasium on import. A test checks it against a real server's list.
ENV_IDS: tuple[str, ...] = (
    "ArkhamLCG/TheGathering-v0",
    "ArkhamLCG/TheMidnightMasks-v0",
    "ArkhamLCG/TheDevourerBelow-v0",
    "ArkhamLCG/NightOfTheZealot-v0",
    "ArkhamHorror3/DrownedLantern-v0",
    "MachinaArcana/TheFrozenEngine-v0",
)

ENTRY_POINT = "mythos.gym_env:MythosEnv"
VECTOR_ENTRY_POINT = "mythos.registration:make_vector_env"


def make_vector_env(num_envs: int, env_id: str, max_episode_steps: int | None = None, **kwargs: Any) -> MythosVectorEnv:
    """Gymnasium's ``vector_entry_point`` for the Mythos ids: a
    :class:`MythosVectorEnv` of ``num_envs`` envs. ``max_episode_steps``
    (which Gymnasium passes to vector entry points) becomes the server-side
    ``max_steps`` option, so episodes truncate after that many decisions, as a
    TimeLimit wrapper would."""
    if max_episode_steps is not None:
        kwargs.setdefault("max_steps", int(max_episode_steps))
    return MythosVectorEnv(env_id, num_envs, **kwargs)


def register(env_id: str, address: str | None = None, max_episode_steps: int | None = None) -> None:
    """Registers (or re-registers) one Mythos id with Gymnasium.

    Args:
        env_id: a served id, ``Game/Name-vN``.
        address: the default ``host:port`` of its envs (None: the local
            server); ``gymnasium.make(id, address=...)`` overrides it.
        max_episode_steps: Gymnasium's episode limit of the id, if any.
    """
    kwargs: dict[str, Any] = {"env_id": env_id}
    if address is not None:
        kwargs["address"] = address
    # Re-registering replaces the spec; dropping it first spares Gymnasium's
    # "overriding environment" warning.
    gymnasium.registry.pop(env_id, None)
    gymnasium.register(
        id=env_id,
        entry_point=ENTRY_POINT,
        vector_entry_point=VECTOR_ENTRY_POINT,
        max_episode_steps=max_episode_steps,
        nondeterministic=False,
        kwargs=kwargs,
    )


def register_envs(address: str | None = None) -> list[str]:
    """Registers with Gymnasium every env id that the server at ``address``
    serves (None: the local server, started if need be), with that address as
    its envs' default, and returns the ids.

    The episode limit of an id is its ``max_steps`` option's default, where
    that is positive.
    """
    from .client import Client

    with Client(address) as c:
        specs = c.list_envs()
        where = c.address if address is not None else None
    for s in specs:
        limit = _int(s.options.get("max_steps", "0"))
        register(s.id, where, limit if limit > 0 else None)
    return [s.id for s in specs]


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0


for _id in ENV_IDS:
    register(_id)
