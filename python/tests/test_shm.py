"""The shared-memory fast path against a real server: the same results as
gRPC, and its faults (a client killed mid-step, a server killed or
restarted, a stale mapping, two clients for one session, deadlines, forks,
garbage collection): clear errors, nothing wedged, nothing leaked."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

from mythos import Client, LocalServer, MythosError
from mythos import _shm
from mythos._proto import mythos_pb2 as pb

from conftest import CIPHER, GATHERING

pytestmark = pytest.mark.skipif(not _shm.supported(), reason="shared memory needs Linux")


@pytest.fixture(params=["notify", "socket"])
def both_modes(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Runs a test with calls over the notification in memory (where this
    machine has it) and over the socket byte each way (an older server's)."""
    if request.param == "socket":
        monkeypatch.setattr(_shm, "_NOTIFY", False)
    elif not _shm._NOTIFY:
        pytest.skip("the notification in memory is x86-64 only")
    return request.param


def first_legal(mask: np.ndarray) -> np.ndarray:
    return mask.argmax(axis=1).astype(np.int32)


def server_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def shm_files() -> set[str]:
    return set(os.listdir("/dev/shm")) if os.path.isdir("/dev/shm") else set()


def wait_for(cond, what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def test_auto_uses_shared_memory_on_a_local_server(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MYTHOS_TRANSPORT", raising=False)
    with Client(address) as c:
        assert c.transport == "auto"
        assert c.open(CIPHER, 2).transport == "shm"
        assert c.open(CIPHER, 2, transport="grpc").transport == "grpc"
        assert c.open(CIPHER, 2, transport="shm").transport == "shm"
    monkeypatch.setenv("MYTHOS_TRANSPORT", "grpc")
    with Client(address) as c:
        assert c.open(CIPHER, 1).transport == "grpc"
    monkeypatch.setenv("MYTHOS_TRANSPORT", "carrier-pigeon")
    with pytest.raises(ValueError, match="transport"):
        Client(address)


def test_a_remote_looking_address_is_not_shared() -> None:
    assert _shm.is_local("127.0.0.1:5") and _shm.is_local("localhost:5") and _shm.is_local("[::1]:5")
    assert not _shm.is_local("10.1.2.3:5") and not _shm.is_local("example.com:5")


@pytest.mark.parametrize("env_id,n", [(CIPHER, 5), (GATHERING, 3)])
@pytest.mark.usefixtures("both_modes")
def test_shared_memory_and_grpc_give_the_same_results(client: Client, env_id: str, n: int) -> None:
    kw = dict(seed=9, auto_reset=True, final_observations=True)
    g = client.open(env_id, n, transport="grpc", **kw)
    s = client.open(env_id, n, transport="shm", **kw)
    v = client.open(env_id, n, transport="shm", copy=False, **kw)
    results = [x.reset() for x in (g, s, v)]
    for step in range(150):
        for k, f in results[0].observation.items():
            for r in results[1:]:
                np.testing.assert_array_equal(r.observation[k], f, err_msg=f"step {step} field {k}")
        for name in ("action_mask", "agent", "reward", "agent_rewards", "terminated", "truncated", "episode_score",
                     "episode_length", "seed", "final_score"):
            for r in results[1:]:
                np.testing.assert_array_equal(getattr(r, name), getattr(results[0], name), err_msg=f"step {step} {name}")
        for k, f in results[0].final_observation.items():
            for r in results[1:]:
                np.testing.assert_array_equal(r.final_observation[k], f)
        a = first_legal(results[0].action_mask)
        results = [x.step(a) for x in (g, s, v)]
    for x in (g, s, v):
        x.close()


def test_copies_are_kept_and_views_are_read_only_and_overwritten(client: Client) -> None:
    s = client.open(CIPHER, 2, seed=1, auto_reset=True, transport="shm")
    v = client.open(CIPHER, 2, seed=1, auto_reset=True, transport="shm", copy=False)
    first, view = s.reset(), v.reset()
    kept = first.action_mask.copy()
    assert not view.action_mask.flags.writeable
    with pytest.raises(ValueError):
        view.reward[0] = 1
    after, view2 = s.step(first_legal(first.action_mask)), v.step(first_legal(view.action_mask))
    np.testing.assert_array_equal(first.action_mask, kept)  # a copy keeps its values
    assert view2.action_mask is view.action_mask  # views: the same arrays, new values
    np.testing.assert_array_equal(view2.action_mask, after.action_mask)
    s.close()
    v.close()


@pytest.mark.usefixtures("both_modes")
def test_errors_over_shared_memory_are_the_grpc_errors(client: Client) -> None:
    s = client.open(CIPHER, 2, seed=1, transport="shm")
    with pytest.raises(MythosError, match="has not been reset") as e:
        s.step([0, 0])
    assert e.value.code == "FAILED_PRECONDITION"
    r = s.reset()
    bad = first_legal(r.action_mask)
    bad[1] = 10_000
    with pytest.raises(MythosError, match="env 1") as e:
        s.step(bad)
    assert e.value.code == "INVALID_ARGUMENT"
    with pytest.raises(MythosError, match="one action per env"):
        s.step([0])
    with pytest.raises(TypeError):
        s.step(np.zeros(2, np.float32))
    with pytest.raises(MythosError, match="out of range"):
        s.reset(envs=[7])
    s.step(first_legal(r.action_mask))  # nothing changed: the legal step goes
    s.close()


def test_a_client_killed_mid_step_frees_its_session(binary: str) -> None:
    srv = LocalServer(binary, ["--fixture-envs", "--max-envs", "256", "--max-total-envs", "256"])
    before_shm = shm_files()
    try:
        with Client(srv.address) as c:
            s = c.open(GATHERING, 4, transport="shm")
            s.reset(seed=1)
            s.close()  # the server's fds with everything set up once
        baseline = server_fds(srv.pid)
        code = textwrap.dedent(
            f"""
            import sys
            from mythos import Client
            c = Client({srv.address!r})
            s = c.open({GATHERING!r}, 256, auto_reset=True, transport="shm", copy=False)
            r = s.reset(seed=1)
            print("stepping", flush=True)
            while True:
                r = s.step(r.action_mask.argmax(axis=1))
            """
        )
        child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "stepping"
        time.sleep(0.3)
        child.send_signal(signal.SIGKILL)
        child.wait()
        # The server frees the session (all 256 envs open again) and every
        # descriptor; /dev/shm never saw a file.
        with Client(srv.address) as c:
            def reopened() -> bool:
                try:
                    c.open(GATHERING, 256, transport="grpc").close()
                    return True
                except MythosError as e:
                    assert e.code == "RESOURCE_EXHAUSTED", e
                    return False

            wait_for(reopened, "the killed client's envs to be freed")
            s = c.open(CIPHER, 1, transport="shm")  # the server still serves
            s.reset(seed=2)
            s.close()
        wait_for(lambda: server_fds(srv.pid) <= baseline, f"the server's descriptors back to {baseline}")
        assert shm_files() == before_shm
        assert "its shared-memory client went away" in srv.logs or "its connection ended" in srv.logs
    finally:
        assert srv.stop() == 0, srv.logs


@pytest.mark.usefixtures("both_modes")
def test_a_killed_server_is_a_clear_error_not_a_hang(binary: str) -> None:
    srv = LocalServer(binary, [])
    try:
        with Client(srv.address) as c:
            s = c.open(GATHERING, 2, seed=1, transport="shm")
            r = s.reset()
            os.kill(srv.pid, signal.SIGKILL)
            t = time.monotonic()
            with pytest.raises(MythosError) as e:
                s.step(first_legal(r.action_mask))
            assert e.value.code in ("UNAVAILABLE", "NOT_FOUND") and time.monotonic() - t < 10
            with pytest.raises(MythosError):  # and again, at once
                s.step(first_legal(r.action_mask))
            # The stale mapping is still readable memory (no crash).
            assert r.action_mask.shape == (2, s.spec.num_actions)
            s.closed = True  # nothing to close on a dead server
    finally:
        srv.stop()


@pytest.mark.usefixtures("both_modes")
def test_a_stale_mapping_after_close_is_an_error_and_reset_reopens(client: Client) -> None:
    s = client.open(CIPHER, 2, seed=4, transport="shm", copy=False)
    first = s.reset()
    old_mask = first.action_mask
    # The server closes the session (as Close from elsewhere, or the idle reaper).
    client.call("Close", pb.CloseRequest(session_id=s.id, session_secret=s.secret))
    with pytest.raises(MythosError, match="closed or unknown") as e:
        s.step(first_legal(old_mask))
    assert e.value.code == "NOT_FOUND"
    old_id = s.id
    r = s.reset(seed=4)  # opens the session again, with new shared memory
    assert s.id != old_id and s.transport == "shm"
    assert old_mask.shape == r.action_mask.shape  # the old view is still memory
    s.step(first_legal(r.action_mask))
    s.close()


def test_two_clients_for_one_session_the_second_is_refused(client: Client, address: str) -> None:
    s = client.open(CIPHER, 1, seed=1, transport="shm")
    s.reset()
    # Another client that knows the id and the secret cannot attach.
    assert s._shm is not None
    info = s._shm.info
    from mythos.client import PackedLayout

    with pytest.raises(MythosError, match="another client") as e:
        _shm.SharedChannel(info, s.id, s.secret, PackedLayout(s.spec, 1, False))
    assert e.value.code == "FAILED_PRECONDITION"
    with pytest.raises(MythosError, match="closed or unknown"):
        _shm.SharedChannel(info, s.id, "wrong", PackedLayout(s.spec, 1, False))
    # gRPC calls on the session are served one at a time with its steps.
    r = s.step([s.describe(0).legal_actions[0][0]])
    assert r.action_mask.shape == (1, s.spec.num_actions)
    s.close()


@pytest.mark.usefixtures("both_modes")
def test_deadlines_are_honoured(client: Client) -> None:
    # A server-side bot that searches long: the step's deadline passes first.
    s = client.open(GATHERING, 1, seed=1, transport="shm", options={"investigators": 2}, bots={1: "ismcts:iters=20000"})
    r = s.reset()
    s.timeout = 0.005
    t = time.monotonic()
    with pytest.raises(MythosError) as e:
        for _ in range(50):
            r = s.step(first_legal(r.action_mask))
    assert e.value.code == "DEADLINE_EXCEEDED" and time.monotonic() - t < 30
    s.timeout = None
    # The session goes on: the late answer is read first; the call's envs
    # were stopped (as over gRPC) until reset.
    r = s.reset()
    s.step(first_legal(r.action_mask))
    s.close()


def test_a_forked_child_cannot_use_the_parents_shared_memory(client: Client) -> None:
    s = client.open(CIPHER, 1, seed=1, transport="shm")
    r = s.reset()
    assert s._shm is not None
    # As a forked child sees it (a real fork of this process, which runs
    # gRPC's threads, is not safe to test in): another process id.
    parent, s._shm.pid = s._shm.pid, os.getpid() + 1
    with pytest.raises(MythosError, match="forked process must open its own session") as e:
        s.step(first_legal(r.action_mask))
    assert e.value.code == "FAILED_PRECONDITION"
    s._shm.pid = parent
    s.step(first_legal(r.action_mask))  # the parent's session is fine
    s.close()


def test_garbage_collection_frees_shared_sessions(binary: str) -> None:
    srv = LocalServer(binary, ["--fixture-envs"])
    try:
        with Client(srv.address) as c:
            s = c.open(CIPHER, 1, transport="shm")
            s.reset(seed=1)
            s.close()
            baseline = server_fds(srv.pid)
            for _ in range(5):
                s = c.open(CIPHER, 8, transport="shm")
                s.reset(seed=1)
                del s
                gc.collect()
            wait_for(lambda: server_fds(srv.pid) <= baseline, "the dropped sessions' descriptors to close")
        assert srv.logs.count("its shared-memory client went away") >= 5
    finally:
        assert srv.stop() == 0, srv.logs


def test_a_server_without_shared_memory_is_served_over_grpc(binary: str) -> None:
    srv = LocalServer(binary, ["--fixture-envs", "--no-shared-memory"])
    try:
        with Client(srv.address) as c:
            s = c.open(CIPHER, 2, seed=1)  # auto: falls back
            assert s.transport == "grpc"
            s.step(first_legal(s.reset().action_mask))
            s.close()
            with pytest.raises(MythosError, match="does not serve shared memory") as e:
                c.open(CIPHER, 2, transport="shm")
            assert e.value.code == "UNIMPLEMENTED"
    finally:
        assert srv.stop() == 0, srv.logs


@pytest.mark.usefixtures("both_modes")
def test_a_call_past_its_deadline_raises_and_its_late_answer_is_dropped(client: Client) -> None:
    s = client.open(GATHERING, 32, seed=3, auto_reset=True, transport="shm")
    r = s.reset()
    late = 0
    for _ in range(20):
        s.timeout = 1e-6  # passes before the server answers (nearly always)
        try:
            s.step(first_legal(r.action_mask))
        except MythosError as e:
            assert e.code == "DEADLINE_EXCEEDED"
            late += 1
        s.timeout = None
        # Whether a late call was done is unknown (as over gRPC): reset.
        # Its answer is read first, then this call's.
        r = s.reset(envs=list(range(32)))
        r = s.step(first_legal(r.action_mask))
    assert late > 0
    s.close()


def test_the_notification_in_memory_is_used_when_offered(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    if not _shm._NOTIFY:
        pytest.skip("the notification in memory is x86-64 only")
    s = client.open(CIPHER, 1, seed=1, transport="shm")
    assert s._shm is not None and s._shm.notify
    s.close()
    # A server that does not offer it (an older one; here: a bit it does not
    # set) is served over the socket, and a client told not to ask too.
    monkeypatch.setattr(_shm, "_FEATURE_NOTIFY", 2)
    s = client.open(CIPHER, 1, seed=1, transport="shm")
    assert s._shm is not None and not s._shm.notify
    s.step(first_legal(s.reset().action_mask))
    s.close()


def test_notify_sides_that_block_are_woken(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server whose client thinks long blocks on the socket (its word in
    the header says so) and a call wakes it; a client that blocks at once for
    its answer (no polling) is woken by the server's byte. The results are
    those of gRPC throughout."""
    if not _shm._NOTIFY:
        pytest.skip("the notification in memory is x86-64 only")
    g = client.open(CIPHER, 2, seed=5, auto_reset=True, transport="grpc")
    s = client.open(CIPHER, 2, seed=5, auto_reset=True, transport="shm")
    ch = s._shm
    assert ch is not None and ch.notify
    rg, rs = g.reset(), s.reset()
    server_parked = np.frombuffer(ch.mm, "<u4", 1, _shm._SERVER_PARKED)
    for step in range(40):
        if step % 10 == 0:
            wait_for(lambda: server_parked[0] == 1, "the server blocked on the socket")
        if step == 20:
            monkeypatch.setattr(_shm, "_SPIN_NS", 0)  # the client blocks at once from here on
        a = first_legal(rg.action_mask)
        rg, rs = g.step(a), s.step(a)
        for k, f in rg.observation.items():
            np.testing.assert_array_equal(rs.observation[k], f, err_msg=f"step {step} field {k}")
        np.testing.assert_array_equal(rs.action_mask, rg.action_mask)
        np.testing.assert_array_equal(rs.reward, rg.reward)
    del server_parked
    g.close()
    s.close()
