"""Mythos in the standard Gymnasium stack: registration, gymnasium.make and
make_vec (every vectorization mode), Gymnasium's own vector envs over
mythos.make, masked sampling, flat observations, check_env with default
settings, and sessions freed by garbage collection."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import warnings
from typing import Iterator

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import mythos
from mythos import LocalServer
from mythos.registration import ENTRY_POINT, VECTOR_ENTRY_POINT

from conftest import CIPHER, GATHERING

# AsyncVectorEnv's workers start from a fork server, as the README advises:
# a plain fork of this process (which has used gRPC for a hundred tests) can
# hang in gRPC's fork handlers (grpc/grpc#22624), and did once in CI.
FORK_CONTEXT = "forkserver"


@pytest.fixture()
def registry() -> Iterator[None]:
    """Restores Gymnasium's registry after a test that registers ids."""
    saved = dict(gym.registry)
    yield
    gym.registry.clear()
    gym.registry.update(saved)


def test_import_registers_the_ids_without_a_server() -> None:
    # A fresh interpreter with no usable binary: importing must not need one.
    code = textwrap.dedent(
        """
        import gymnasium as gym
        import mythos, mythos.server
        for env_id in mythos.ENV_IDS:
            spec = gym.spec(env_id)
            print(spec.namespace, spec.name, spec.version, spec.entry_point, spec.vector_entry_point, spec.kwargs)
        assert mythos.server._shared is None, "a server was started at import"
        """
    )
    env = {**os.environ, "MYTHOS_BIN": "/nonexistent/mythos"}
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split("\n")[0].split(" ", 5) == [
        "ArkhamLCG", "TheGathering", "0", ENTRY_POINT, VECTOR_ENTRY_POINT, "{'env_id': 'ArkhamLCG/TheGathering-v0'}"
    ]


def test_static_ids_are_the_servers(address: str) -> None:
    served = {s.id for s in mythos.list_envs(address) if not s.id.startswith("Fixture/")}
    assert served == set(mythos.ENV_IDS)


def test_gymnasium_make(address: str) -> None:
    env = gym.make(GATHERING, address=address, investigators="01001,01002")
    assert env.spec is not None and env.spec.id == GATHERING
    assert isinstance(env.unwrapped, mythos.MythosEnv)
    assert isinstance(env.action_space, mythos.MaskedDiscrete)
    obs, info = env.reset(seed=4)
    assert len(env.unwrapped.agents) == 2
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
    assert env.observation_space.contains(obs) and isinstance(reward, float)
    env.close()
    # The "module:id" form imports the package itself.
    env = gym.make("mythos:" + GATHERING, address=address)
    env.reset(seed=1)
    env.close()


def test_register_envs_adds_a_servers_ids_with_its_address(address: str, registry: None) -> None:
    with pytest.raises(gym.error.UnregisteredEnv):
        gym.spec(CIPHER)
    ids = mythos.register_envs(address)
    assert set(ids) == {CIPHER, *mythos.ENV_IDS}
    assert gym.spec(CIPHER).kwargs == {"env_id": CIPHER, "address": address}
    env = gym.make(CIPHER, seats=3)  # no address: the registered one
    assert env.unwrapped.client.address == address
    env.reset(seed=2)
    env.close()


def test_make_vec_vector_entry_point(address: str) -> None:
    venv = gym.make_vec(GATHERING, 3, address=address, max_episode_steps=2)
    assert isinstance(venv, mythos.MythosVectorEnv)
    assert venv.spec is not None and venv.spec.id == GATHERING
    obs, infos = venv.reset(seed=3)
    assert infos["seed"].dtype == np.uint64
    for _ in range(2):
        obs, rew, term, trunc, infos = venv.step(venv.action_space.sample())
    # max_episode_steps is the server-side step limit.
    assert trunc.all() and (infos["episode_length"] == 2).all()
    venv.close()


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_gymnasium_vector_envs_over_make(address: str, mode: str) -> None:
    # Gymnasium's own vector envs stack infos into arrays of the values'
    # type: info["seed"] (up to 2**64 - 1) must not make them int64.
    n = 3
    kw = {} if mode == "sync" else {"vector_kwargs": {"context": FORK_CONTEXT}}
    venv = gym.make_vec(GATHERING, n, vectorization_mode=mode, address=address, max_episode_steps=3, **kw)
    assert isinstance(venv, gym.vector.SyncVectorEnv if mode == "sync" else gym.vector.AsyncVectorEnv)
    obs, infos = venv.reset(seed=3)
    assert infos["seed"].dtype == np.uint64
    assert (infos["seed"] >= 2**63).any(), "no seed above int64's range: the case the test is for is not covered"
    single = mythos.make(GATHERING, address)
    _, info0 = single.reset(seed=3)  # SyncVectorEnv seeds env i with seed + i
    assert infos["seed"][0] == info0["seed"]
    single.close()
    truncated = np.zeros(n, dtype=bool)
    for _ in range(4):
        acts = np.array([venv.single_action_space.sample(mask=m) for m in infos["action_mask"]])
        obs, rew, term, trunc, infos = venv.step(acts)
        assert venv.observation_space.contains(obs) and rew.shape == (n,)
        truncated |= trunc
    assert truncated.all()  # max_episode_steps=3: Gymnasium's TimeLimit
    venv.close()


@pytest.mark.parametrize("cls", [gym.vector.SyncVectorEnv, gym.vector.AsyncVectorEnv])
def test_gymnasium_vector_envs_of_mythos_make(address: str, cls: type) -> None:
    # The same, built by hand over mythos.make, with episodes that end (and
    # auto-reset, Gymnasium's next-step way) along the way.
    n = 3
    kw = {"context": FORK_CONTEXT} if cls is gym.vector.AsyncVectorEnv else {}
    venv = cls([lambda: mythos.make(CIPHER, address, seats=2, max_steps=4)] * n, **kw)
    obs, infos = venv.reset(seed=3)
    assert infos["seed"].dtype == np.uint64
    ended = 0
    for _ in range(12):
        acts = np.array([venv.single_action_space.sample(mask=m) if m.any() else 0 for m in infos["action_mask"]])
        obs, rew, term, trunc, infos = venv.step(acts)
        assert venv.observation_space.contains(obs)
        ended += int((term | trunc).sum())
    assert ended >= n
    venv.close()


@pytest.mark.parametrize("env_id,options", [(CIPHER, {"seats": 3}), (GATHERING, {})])
def test_vector_action_space_samples_legal_actions(address: str, env_id: str, options: dict) -> None:
    n = 8
    venv = mythos.make_vec(env_id, n, address, **options)
    assert isinstance(venv.action_space, mythos.MaskedMultiDiscrete)
    venv.action_space.seed(0)
    obs, infos = venv.reset(seed=5)
    drawn: set[int] = set()
    for _ in range(60):
        mask = infos["action_mask"]
        acts = venv.action_space.sample()
        assert acts.shape == (n,) and venv.action_space.contains(acts)
        assert (mask[np.arange(n), acts] == 1).all()
        drawn.update(int(a) for a in acts)
        obs, rew, term, trunc, infos = venv.step(acts)  # raises if any is illegal
    assert len(drawn) > 2  # draws spread over the legal actions
    # An explicit mask is still honoured.
    only = np.zeros((n, venv.single_action_space.n), dtype=np.int8)
    only[:, 1] = 1
    assert (venv.action_space.sample(mask=tuple(only)) == 1).all()
    venv.close()


def test_masked_multidiscrete_draws_uniformly_and_falls_back() -> None:
    space = mythos.MaskedMultiDiscrete(3, 4, seed=0)
    space.current_mask = np.array([[0, 1, 0, 1], [0, 0, 1, 0], [0, 0, 0, 0]], dtype=np.int8)
    draws = np.array([space.sample() for _ in range(2000)])
    assert set(draws[:, 0]) == {1, 3} and abs((draws[:, 0] == 1).mean() - 0.5) < 0.05
    assert (draws[:, 1] == 2).all()
    assert set(draws[:, 2]) == {0, 1, 2, 3}  # no legal action: the whole space


def test_masked_discrete_samples_legal_actions(address: str) -> None:
    env = mythos.make(GATHERING, address)
    env.action_space.seed(1)
    obs, info = env.reset(seed=9)
    for _ in range(50):
        a = env.action_space.sample()
        assert info["action_mask"][a] == 1
        obs, reward, terminated, truncated, info = env.step(a)
        assert "illegal_action" not in info
        if terminated or truncated:
            obs, info = env.reset()
    env.close()


def test_flat_observations_are_one_box(address: str) -> None:
    env = mythos.make(CIPHER, address, seats=2, flat=True)
    assert isinstance(env.observation_space, gym.spaces.Box) and env.observation_space.dtype == np.float32
    (size,) = env.observation_space.shape
    obs, info = env.reset(seed=1)
    assert isinstance(obs, np.ndarray) and obs.shape == (size,) and env.observation_space.contains(obs)
    obs, *_ = env.step(env.action_space.sample())
    assert env.observation_space.contains(obs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
    env.close()

    venv = mythos.make_vec(CIPHER, 4, address, seats=2, flat=True, final_observations=True)
    assert venv.single_observation_space == env.observation_space
    obs, infos = venv.reset(seed=1)
    assert obs.shape == (4, size) and venv.observation_space.contains(obs)
    for _ in range(30):
        obs, _, term, trunc, infos = venv.step(venv.action_space.sample())
        if term.any():
            assert infos["final_obs"].shape == (4, size)
    assert venv.observation_space.contains(obs)
    venv.close()

    aec = mythos.aec_env(CIPHER, address, seats=2, flat=True)
    aec.reset(seed=1)
    for agent in aec.agents:
        o = aec.observe(agent)["observation"]
        assert o.shape == (size,) and aec.observation_space(agent)["observation"].contains(o)
    aec.close()


def test_seed_info_is_uint64_and_repeats(address: str) -> None:
    env = mythos.make(GATHERING, address)
    _, info = env.reset(seed=np.uint64(2**64 - 1))  # numpy seeds are fine too
    assert isinstance(info["seed"], np.uint64)
    _, again = env.reset(seed=2**64 - 1)
    assert again["seed"] == info["seed"]
    env.close()


@pytest.mark.parametrize("env_id,options,stale", [(GATHERING, {}, True), (CIPHER, {"seats": 2}, False)])
def test_check_env_default_settings_many_seeds(address: str, env_id: str, options: dict, stale: bool) -> None:
    # check_env samples its step action before a seeded reset; under the
    # previous state's mask that action is at times illegal after the reset
    # (in The Gathering, for about one action-space seed in four). The
    # action space's seed picks the state check_env samples in.
    env = mythos.make(env_id, address, **options)
    step = env.step
    replaced = 0

    def counting_step(action):  # type: ignore[no-untyped-def]
        nonlocal replaced
        result = step(action)
        replaced += "illegal_action" in result[4]
        return result

    env.step = counting_step  # type: ignore[method-assign]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(50):
            env.action_space.seed(seed)
            check_env(env, skip_render_check=True)
    if stale:
        assert replaced > 0  # the case the fix is for did come up
    env.close()


def test_check_env_resamples_only_actions_drawn_before_a_reset(address: str) -> None:
    env = mythos.make(GATHERING, address)
    _, info = env.reset(seed=0)
    # An action that was never sampled is the caller's: it is refused.
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(mythos.IllegalActionError):
        env.step(bad)
    # Sampled mid-episode, before a reset that makes it illegal: replaced,
    # and said so. Sampled after the reset and made illegal by a step: the
    # caller's again, so refused.
    replaced = refused = 0
    for seed in range(1, 200):
        env.step(env.action_space.sample())
        a = env.action_space.sample()
        _, info = env.reset(seed=seed)
        if info["action_mask"][a] == 0:
            _, _, _, _, info = env.step(a)
            assert info["illegal_action"] is True
            replaced += 1
        a2 = env.action_space.sample()
        _, _, _, _, info = env.step(a2)
        assert "illegal_action" not in info
        if info["action_mask"][a2] == 0:
            with pytest.raises(mythos.IllegalActionError):
                env.step(a2)
            refused += 1
    assert replaced > 0 and refused > 0, (replaced, refused)
    env.close()


def test_check_env_through_gymnasium_make(address: str) -> None:
    # With a spec, check_env also rebuilds the env (render modes, double close).
    env = gym.make(GATHERING, address=address)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped)
    env.close()


def test_dropped_envs_free_their_sessions(binary: str) -> None:
    # A server with room for 8 sessions: 300 wrappers dropped without
    # close() must not use it up (each frees its session when collected).
    # Most share one connection (a new one costs ~0.2 s); some make their
    # own, which they must close too.
    srv = LocalServer(binary, ["--fixture-envs", "--max-sessions", "8"])
    try:
        with mythos.Client(srv.address) as c:
            makers = [
                lambda: mythos.make(CIPHER, client=c, seats=2),
                lambda: mythos.make_vec(CIPHER, 2, client=c),
                lambda: mythos.aec_env(CIPHER, client=c, seats=2),
            ]
            for i in range(300):
                env = makers[i % 3]() if i % 30 else mythos.make(CIPHER, srv.address)
                env.reset(seed=i)
                del env
            held = [c.open(CIPHER) for _ in range(8)]  # every slot is free again
            for s in held:
                s.close()
    finally:
        assert srv.stop() == 0, srv.logs


def test_close_detaches_the_finalizer(address: str) -> None:
    env = mythos.make(CIPHER, address)
    fin = env._finalizer
    assert fin is not None and fin.alive
    env.close()
    assert not fin.alive and env.session.closed
    env.close()  # idempotent


def test_envs_left_open_at_exit_are_freed(binary: str) -> None:
    srv = LocalServer(binary, ["--fixture-envs", "--max-sessions", "3"])
    try:
        code = textwrap.dedent(
            f"""
            import mythos
            keep = [mythos.make({CIPHER!r}, {srv.address!r}) for _ in range(3)]
            for e in keep:
                e.reset(seed=1)
            """
        )
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        assert p.returncode == 0, p.stderr
        with mythos.Client(srv.address) as c:
            held = [c.open(CIPHER) for _ in range(3)]
            for s in held:
                s.close()
    finally:
        assert srv.stop() == 0, srv.logs
