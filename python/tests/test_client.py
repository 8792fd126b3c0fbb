"""The low-level client against a live server: results and every bad input."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import grpc
import numpy as np
import pytest

import mythos
import mythos.client
from mythos import Client, IllegalActionError, LocalServer, MythosError, Session
from mythos import StepResult as mythos_StepResult
from mythos._proto import mythos_pb2 as pb

from conftest import CIPHER, GATHERING, MAX_ENVS


def first_legal(mask: np.ndarray) -> np.ndarray:
    return mask.argmax(axis=1).astype(np.int32)


def snapshot(s: Session) -> list:
    """Everything a client can see of a session's envs."""
    out = []
    for agent in range(len(s.spec.agents)):
        out += [v.tobytes() for v in s.observe(agent).values()]
    for i in range(s.num_envs):
        d = s.describe(i)
        out.append((d.board, d.prompt, d.legal_actions, d.over))
    return out


def test_list_envs_has_the_product_and_the_fixture(client: Client) -> None:
    specs = {s.id: s for s in client.list_envs()}
    assert GATHERING in specs and CIPHER in specs
    g = specs[GATHERING]
    assert g.num_actions == len(g.action_names) > 1
    assert g.fields and all(f.dtype in (np.float32, np.int32) for f in g.fields)


@pytest.mark.parametrize("env_id", [CIPHER, GATHERING])
def test_reset_and_step_shapes_follow_the_spec(client: Client, env_id: str) -> None:
    s = client.open(env_id, 4, seed=3, auto_reset=True)
    r = s.reset()
    for f in s.spec.fields:
        assert r.observation[f.name].shape == (4, *f.shape)
        assert r.observation[f.name].dtype == f.dtype
    assert r.action_mask.shape == (4, s.spec.num_actions) and r.action_mask.dtype == np.int8
    assert (r.action_mask.sum(axis=1) > 0).all()
    for _ in range(20):
        r = s.step(first_legal(r.action_mask))
        assert r.reward.shape == (4,) and r.terminated.dtype == bool
        assert r.agent_rewards.shape == (4, len(s.spec.agents))
    s.close()


def test_same_seed_same_episodes_and_stream_matches_unary(client: Client) -> None:
    a = client.open(CIPHER, 8, seed=42, auto_reset=True)
    b = client.open(CIPHER, 8, seed=42, auto_reset=True, stream=True)
    ra, rb = a.reset(), b.reset()
    ended = 0
    for _ in range(60):
        for k in ra.observation:
            np.testing.assert_array_equal(ra.observation[k], rb.observation[k])
        np.testing.assert_array_equal(ra.action_mask, rb.action_mask)
        np.testing.assert_array_equal(ra.seed, rb.seed)
        acts = first_legal(ra.action_mask)
        ra, rb = a.step(acts), b.step(acts)
        np.testing.assert_array_equal(ra.reward, rb.reward)
        ended += int(ra.terminated.sum())
    assert ended > 0
    a.close()
    b.close()


def test_per_agent_views_hide_other_hands(client: Client) -> None:
    s = client.open(CIPHER, 1, seed=9, options={"seats": 2})
    s.reset()
    h0, h1 = s.observe(0)["hand"], s.observe(1)["hand"]
    assert not np.array_equal(h0, h1)
    d = s.describe(0, viewer=1)
    assert "(you)" in d.board and d.legal_actions and "must decide" in d.prompt


def expect(code: str, text: str):
    return pytest.raises(MythosError, match=f"{code}.*{text}")


def test_bad_opens(client: Client) -> None:
    with expect("NOT_FOUND", "unknown env id"):
        client.open("Nope/Nothing-v0")
    with expect("INVALID_ARGUMENT", "env_id is empty"):
        client.open("")
    with expect("INVALID_ARGUMENT", 'unknown option "colour"'):
        client.open(CIPHER, options={"colour": "red"})
    with expect("INVALID_ARGUMENT", "seats=9"):
        client.open(CIPHER, options={"seats": 9})
    with expect("INVALID_ARGUMENT", "not an integer"):
        client.open(CIPHER, options={"seats": "many"})
    with expect("INVALID_ARGUMENT", "num_envs=0"):
        client.open(CIPHER, 0)
    with expect("INVALID_ARGUMENT", f"num_envs={MAX_ENVS + 1}"):
        client.open(CIPHER, MAX_ENVS + 1)


def test_bad_steps_change_nothing(client: Client) -> None:
    s = client.open(CIPHER, 3, seed=5, options={"seats": 2})
    with expect("FAILED_PRECONDITION", "has not been reset"):
        s.step([0, 0, 0])
    r = s.reset()
    legal = first_legal(r.action_mask)
    illegal = legal.copy()
    illegal[2] = int(np.flatnonzero(r.action_mask[2] == 0)[0])
    before = snapshot(s)
    bad = [
        (lambda: s.step(illegal), IllegalActionError, "env 2: action"),
        (lambda: s.step([legal[0], s.spec.num_actions, legal[2]]), IllegalActionError, "out of range"),
        (lambda: s.step([-1, legal[1], legal[2]]), IllegalActionError, "env 0: action -1"),
        (lambda: s.step(np.array([legal[0], legal[1], 2**40], dtype=np.int64)), IllegalActionError, "env 2: action 1099511627776 "),
        (lambda: s.step(legal[:2]), MythosError, "got 2 actions for a session of 3 envs"),
        (lambda: s.step(np.concatenate([legal, legal])), MythosError, "got 6 actions"),
        (lambda: s.reset(envs=[0, 3]), MythosError, "env index 3 is out of range"),
        (lambda: s.observe(2), MythosError, "agent 2 is out of range"),
        (lambda: s.observe(0, envs=[-1]), MythosError, "env index -1"),
        (lambda: s.observe(0, envs=[0] * 1000), MythosError, "1000 env indices for a session of 3 envs"),
        (lambda: s.describe(9), MythosError, "env index 9"),
        (lambda: s.describe(0, viewer=7), MythosError, "viewer 7"),
    ]
    for call, exc, text in bad:
        with pytest.raises(exc, match=text):
            call()
        assert snapshot(s) == before, text
    with pytest.raises(TypeError, match="integers"):
        s.step(np.array([0.0, 1.0, 2.0]))
    # Raw requests a well-behaved client never sends.
    raw = [
        (pb.StepRequest(session_id=s.id, session_secret=s.secret), "INVALID_ARGUMENT", "actions: missing"),
        (pb.StepRequest(session_id=s.id, session_secret=s.secret, actions=pb.Tensor(dtype=pb.DTYPE_FLOAT32, shape=[3], data=bytes(12))), "INVALID_ARGUMENT", "DTYPE_INT32 or DTYPE_INT64"),
        (pb.StepRequest(session_id=s.id, session_secret=s.secret, actions=pb.Tensor(dtype=pb.DTYPE_INT32, shape=[3], data=bytes(11))), "INVALID_ARGUMENT", "11 data bytes"),
        (pb.StepRequest(session_id=s.id, session_secret=s.secret, actions=pb.Tensor(dtype=pb.DTYPE_INT32, shape=[3, 1], data=bytes(12))), "INVALID_ARGUMENT", "2 dimensions"),
        (pb.StepRequest(session_id="", actions=pb.Tensor()), "INVALID_ARGUMENT", "session_id is empty"),
        (pb.StepRequest(session_id="nope", actions=pb.Tensor()), "NOT_FOUND", "unknown to this server"),
    ]
    for req, code, text in raw:
        with expect(code, text):
            client.call("Step", req)
        assert snapshot(s) == before, text
    s.step(legal)  # still usable
    s.close()
    with expect("NOT_FOUND", "closed or unknown"):
        s.step(legal)


def test_malformed_and_oversize_messages(client: Client, address: str) -> None:
    s = client.open(CIPHER, 2, seed=1)
    s.reset()
    before = snapshot(s)
    with grpc.insecure_channel(address, options=[("grpc.max_send_message_length", 8 << 20)]) as ch:
        raw = ch.unary_unary("/mythos.v1.EnvService/Step", request_serializer=None, response_deserializer=None)
        with pytest.raises(grpc.RpcError) as e:
            raw(b"\x0a\xff\xff\xff")
        assert e.value.code() == grpc.StatusCode.INTERNAL and "unmarshal" in e.value.details()
        big = pb.StepRequest(session_id=s.id, actions=pb.Tensor(dtype=pb.DTYPE_INT32, shape=[2], data=bytes(2 << 20)))
        with pytest.raises(grpc.RpcError) as e:
            raw(big.SerializeToString())
        assert e.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert snapshot(s) == before


def test_message_limit_refuses_huge_batches_at_open(binary: str) -> None:
    srv = LocalServer(binary, ["--fixture-envs", "--max-message-mb", "1", "--max-envs", "100000"])
    try:
        with Client(srv.address) as c:
            with expect("RESOURCE_EXHAUSTED", "over the server's message limit"):
                c.open(CIPHER, 50000)
    finally:
        assert srv.stop() == 0


def test_episode_over_without_auto_reset(client: Client) -> None:
    s = client.open(CIPHER, 1, seed=2)
    r = s.reset()
    for _ in range(500):
        r = s.step(first_legal(r.action_mask))
        if r.terminated[0]:
            break
    assert r.terminated[0] and r.agent[0] == -1 and r.action_mask.sum() == 0
    with expect("FAILED_PRECONDITION", "the episode is over"):
        s.step([0])
    r = s.reset()
    assert not r.terminated[0] and r.action_mask.sum() > 0


def test_stream_error_keeps_session(client: Client) -> None:
    s = client.open(CIPHER, 2, seed=4, stream=True)
    r = s.reset()
    with pytest.raises(IllegalActionError):
        s.step([99, 99])
    s.step(first_legal(r.action_mask))  # a new stream, same session


def test_idle_sessions_are_freed_and_vanished_clients_lose_only_their_session(binary: str) -> None:
    srv = LocalServer(binary, ["--fixture-envs", "--idle-timeout", "300ms"])
    try:
        # A client process that dies mid-episode.
        script = textwrap.dedent(f"""
            import os, signal, numpy as np
            from mythos import Client
            c = Client({srv.address!r})
            s = c.open({CIPHER!r}, 4, seed=1)
            r = s.reset()
            s.step(r.action_mask.argmax(axis=1))
            print(s.id, flush=True)
            os.kill(os.getpid(), signal.SIGKILL)
        """)
        p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
        assert p.returncode == -signal.SIGKILL, p.stderr
        dead_id = p.stdout.strip()
        with Client(srv.address) as c:
            mine = c.open(CIPHER, 2, seed=1)
            r = mine.reset()
            for _ in range(8):  # stay busy past the idle timeout
                time.sleep(0.1)
                r = mine.reset()
            with expect("NOT_FOUND", "closed or unknown"):
                c.call("Reset", pb.ResetRequest(session_id=dead_id))
            mine.step(first_legal(r.action_mask))
        assert srv.running()
    finally:
        assert srv.stop() == 0
    # Closed when its connection ended (at once), or else as idle.
    assert "session closed: its connection ended" in srv.logs or "session closed for idleness" in srv.logs


def test_server_stops_gracefully_on_sigterm(binary: str) -> None:
    srv = LocalServer(binary, ["--fixture-envs"])
    with Client(srv.address) as c:
        c.open(CIPHER, 2).reset()
    assert srv.stop() == 0
    # The session was closed with its client's connection, or by the shutdown.
    assert "shutting down" in srv.logs
    # (Over shared memory the dropped session's socket closes it first.)
    assert any(
        m in srv.logs
        for m in ("sessions_freed=1", "session closed: its connection ended", "its shared-memory client went away")
    )


@pytest.mark.parametrize("env_id", [CIPHER, GATHERING])
def test_sparse_and_dense_observations_agree(client: Client, env_id: str) -> None:
    a = client.open(env_id, 8, seed=6, auto_reset=True, final_observations=True, sparse=False)
    b = client.open(env_id, 8, seed=6, auto_reset=True, final_observations=True, sparse=True)
    ra, rb = a.reset(), b.reset()
    rng = np.random.default_rng(1)
    for _ in range(40):
        for k in ra.observation:
            np.testing.assert_array_equal(ra.observation[k], rb.observation[k])
            assert ra.observation[k].dtype == rb.observation[k].dtype
            np.testing.assert_array_equal(ra.final_observation[k], rb.final_observation[k])
        acts = (rng.random(ra.action_mask.shape) * ra.action_mask).argmax(axis=1)
        ra, rb = a.step(acts), b.step(acts)
    for agent in range(len(a.spec.agents)):
        va, vb = a.observe(agent), b.observe(agent)
        for k in va:
            np.testing.assert_array_equal(va[k], vb[k])


@pytest.mark.parametrize("env_id", [CIPHER, GATHERING])
@pytest.mark.parametrize("sparse", [False, True])
@pytest.mark.parametrize("stream", [False, True])
def test_packed_results_equal_the_tensors_ones(client: Client, env_id: str, sparse: bool, stream: bool) -> None:
    """The packed encoding decodes to exactly the dense tensors of the first
    protocol: every array, dtype and shape, resets of some envs included."""
    a = client.open(env_id, 5, seed=8, auto_reset=True, final_observations=True, sparse=False, packed=False)
    b = client.open(env_id, 5, seed=8, auto_reset=True, final_observations=True, sparse=sparse, packed=True, stream=stream)
    assert a.layout is None and b.layout is not None
    ra, rb = a.reset(seed=3), b.reset(seed=3)
    rng = np.random.default_rng(2)
    for step in range(50):
        for name in ("action_mask", "agent", "reward", "agent_rewards", "terminated", "truncated",
                     "episode_score", "episode_length", "seed", "final_score"):
            va, vb = getattr(ra, name), getattr(rb, name)
            assert va.dtype == vb.dtype and va.shape == vb.shape, name
            np.testing.assert_array_equal(va, vb, err_msg=name)
        for obs_a, obs_b in ((ra.observation, rb.observation), (ra.final_observation, rb.final_observation)):
            assert obs_b is not None and list(obs_a) == list(obs_b)
            for k in obs_a:
                assert obs_a[k].dtype == obs_b[k].dtype and obs_a[k].shape == obs_b[k].shape, k
                np.testing.assert_array_equal(obs_a[k], obs_b[k], err_msg=k)
        if step == 20:
            ra, rb = a.reset(envs=[1, 3]), b.reset(envs=[1, 3])
            continue
        acts = (rng.random(ra.action_mask.shape) * ra.action_mask).argmax(axis=1)
        ra, rb = a.step(acts), b.step(acts)
    a.close()
    b.close()


def test_packed_results_stay_as_returned(client: Client) -> None:
    """Sparse packed observations reuse their arrays only once no earlier
    result refers to them: results kept by the caller never change."""
    s = client.open(GATHERING, 4, seed=1, auto_reset=True, sparse=True, packed=True)
    r = s.reset(seed=1)
    kept = []
    for step in range(12):
        r = s.step(first_legal(r.action_mask))
        if step % 3 == 0:
            kept.append((r, {k: v.copy() for k, v in r.observation.items()}))
        if step % 4 == 0:  # a lone field array also keeps its result's memory
            kept.append(({"hand": r.observation["hand"]}, {"hand": r.observation["hand"].copy()}))
    for held, copy in kept:
        obs = held.observation if isinstance(held, mythos_StepResult) else held
        for k, v in copy.items():
            np.testing.assert_array_equal(obs[k], v)
    s.close()


def test_packed_falls_back_to_tensors_replies(client: Client) -> None:
    """A reply without a packed part (an older server) decodes from its tensors."""
    s = client.open(CIPHER, 2, seed=1, packed=False)
    r = s.client.call("Reset", pb.ResetRequest(session_id=s.id, session_secret=s.secret))
    layout = mythos.client.PackedLayout(s.spec, 2, False)
    got = mythos.client.StepResult.from_proto(r, layout)
    want = mythos.client.StepResult.from_proto(r)
    for k in want.observation:
        np.testing.assert_array_equal(got.observation[k], want.observation[k])
    s.close()
