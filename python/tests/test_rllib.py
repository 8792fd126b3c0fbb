"""mythos.rllib against the real RLlib (the ``rllib`` extra) and a real server."""

from __future__ import annotations

import math
import signal
import subprocess
import sys
import time
import os
from typing import Any, Iterator

import numpy as np
import pytest

pytest.importorskip("ray.rllib")
pytest.importorskip("torch")

import ray  # noqa: E402
import torch  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from ray.rllib.core.columns import Columns  # noqa: E402

import mythos  # noqa: E402
import mythos.rllib  # noqa: E402

from conftest import CIPHER, GATHERING  # noqa: E402


def test_env_observation_holds_the_mask(address: str) -> None:
    env = mythos.rllib.MythosRLlibEnv({"env_id": GATHERING, "address": address})
    plain = mythos.make(GATHERING, address)
    try:
        obs, info = env.reset(seed=3)
        want, want_info = plain.reset(seed=3)
        assert env.observation_space.contains(obs)
        np.testing.assert_array_equal(obs["action_mask"], want_info["action_mask"].astype(np.float32))
        flat = np.concatenate([want[f.name].reshape(-1).astype(np.float32) for f in plain.spec_info.fields])
        np.testing.assert_array_equal(obs["observations"], flat)
        assert set(info) == {"agent", "score"}  # no uint64 seed: RLlib's batching would overflow
        a = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, terminated, truncated, info = env.step(a)
        assert env.observation_space.contains(obs) and isinstance(reward, float)
    finally:
        env.close()
        plain.close()


@pytest.mark.filterwarnings("ignore:.*infinity:UserWarning")  # the spec's fields are unbounded
def test_gymnasium_check_env(address: str) -> None:
    # check_env steps plain Discrete samples, so illegal ones are resampled.
    env = mythos.rllib.MythosRLlibEnv({"env_id": CIPHER, "address": address, "illegal_action": "resample"})
    try:
        check_env(env, skip_render_check=True)
    finally:
        env.close()


def test_env_config_errors(address: str) -> None:
    with pytest.raises(mythos.MythosError):
        mythos.rllib.MythosRLlibEnv({"env_id": "No/Such-v0", "address": address})


def test_masking_module_never_picks_an_illegal_action(address: str) -> None:
    env = mythos.rllib.MythosRLlibEnv({"env_id": GATHERING, "address": address})
    try:
        rows, masks = [], []
        obs, _ = env.reset(seed=5)
        for _ in range(8):
            rows.append(obs["observations"])
            masks.append(obs["action_mask"])
            obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
            if term or trunc:
                obs, _ = env.reset()
        spec = mythos.rllib.action_masking_module_spec((16,))
        spec.observation_space, spec.action_space = env.observation_space, env.action_space
        module = spec.build()
        mask = torch.tensor(np.stack(masks))
        batch = {Columns.OBS: {"observations": torch.tensor(np.stack(rows)), "action_mask": mask}}
        with torch.no_grad():
            outs = [module.forward_exploration(batch), module.forward_inference(batch), module.forward_train(batch)]
            values = module.compute_values(batch)
        for out in outs:
            probs = torch.softmax(out[Columns.ACTION_DIST_INPUTS], dim=-1)
            assert probs.shape == mask.shape
            assert float(probs[mask == 0].max()) < 1e-6
            assert torch.allclose((probs * mask).sum(-1), torch.ones(len(rows)), atol=1e-5)
        assert values.shape == (len(rows),)
        assert isinstance(batch[Columns.OBS], dict), "the caller's batch is left as it was"
    finally:
        env.close()


def test_every_env_builds_the_masking_module(address: str, client: mythos.Client) -> None:
    """Every registered env's space builds RLlib's masked PPO module and runs
    a forward pass (issue 23: field names and spaces safe for the frameworks)."""
    built = 0
    for spec_info in client.list_envs():
        env = mythos.rllib.MythosRLlibEnv({"env_id": spec_info.id, "address": address})
        try:
            obs, _ = env.reset(seed=1)
            spec = mythos.rllib.action_masking_module_spec((8,))
            spec.observation_space, spec.action_space = env.observation_space, env.action_space
            module = spec.build()
            mask = torch.tensor(obs["action_mask"][None])
            batch = {Columns.OBS: {"observations": torch.tensor(obs["observations"][None]), "action_mask": mask}}
            with torch.no_grad():
                out = module.forward_inference(batch)
            probs = torch.softmax(out[Columns.ACTION_DIST_INPUTS], dim=-1)
            if bool((mask == 0).any()):
                assert float(probs[mask == 0].max()) < 1e-6, spec_info.id
            built += 1
        finally:
            env.close()
    assert built >= 6


@pytest.fixture(scope="module")
def ray_local() -> Iterator[None]:
    """A new local Ray instance for this module's tests (address="local":
    not a cluster that ``ray start`` may have left running on the machine)."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no report to Ray's usage server
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield
    ray.shutdown()


def test_one_training_iteration_with_two_env_runners(address: str, ray_local: None) -> None:
    """One PPO iteration whose samples come from two env runner processes
    stepping the test server; an illegal action would fail the step."""
    config = mythos.rllib.ppo_config(
        GATHERING,
        num_env_runners=2,
        train_batch_size=200,
        minibatch_size=50,
        num_epochs=1,
        hiddens=(32,),
        env_config={"address": address},
    ).debugging(seed=1)
    # A failing runner (an illegal action raises in its env) fails the test
    # instead of being restarted.
    config = config.fault_tolerance(restart_failed_env_runners=False, ignore_env_runner_failures=False)
    algo = config.build_algo()
    try:
        assert algo.env_runner_group.num_healthy_remote_workers() == 2
        result = algo.train()
        assert algo.env_runner_group.num_healthy_remote_workers() == 2
        runners = result["env_runners"]
        assert runners["num_env_steps_sampled"] >= 200
        assert runners.get("num_env_step_failures_lifetime", 0) == 0
        learner = result["learners"]["default_policy"]
        assert math.isfinite(float(learner["policy_loss"]))
        if runners.get("num_episodes", 0) > 0:  # random play ends games in ~40 decisions
            assert 0.0 <= float(runners["mythos_win_rate"]) <= 1.0
            assert -1.0 <= float(runners["episode_return_mean"]) <= 1.0
    finally:
        algo.stop()


EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "examples", "rllib_ppo.py")
TINY = ["--num-env-runners", "1", "--train-batch-size", "200", "--minibatch-size", "50", "--num-epochs", "1"]


def test_example_is_quiet(tmp_path: Any) -> None:
    """The RLlib example prints its table and nothing on stderr: no Ray
    warnings, no core_worker error line (issue 27)."""
    r = subprocess.run([sys.executable, EXAMPLE, "--iterations", "1", *TINY], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "iter" in r.stdout and r.stdout.strip().splitlines()[-1].split()[0] == "1", r.stdout
    assert r.stderr.strip() == "", r.stderr


def default_sigint() -> None:
    """Gives the child SIGINT's default action, as a shell's foreground job
    has. A process started with SIGINT ignored keeps it ignored, and Python
    then raises no KeyboardInterrupt: a CI runner or a shell's background job
    (`make test &`) starts the tests so, and the example would never see the
    Ctrl-C the test sends."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_example_stops_on_ctrl_c_without_a_traceback() -> None:
    """Ctrl-C during training ends with one line and exit status 130: the
    example is run as a terminal's foreground job, SIGINT is sent to it (the
    driver) once its table header is out, and it must exit within 120 s."""
    p = subprocess.Popen([sys.executable, EXAMPLE, "--iterations", "1000", *TINY],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True, preexec_fn=default_sigint)
    try:
        assert p.stdout is not None
        header = p.stdout.readline()  # printed once the algorithm is built
        assert "iter" in header, header
        time.sleep(1)
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=120)
    finally:
        if p.poll() is None:  # the Ray workers and Mythos servers it started go too
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
    assert p.returncode == 130, err
    assert "Traceback" not in err and err.strip().splitlines()[-1] == "interrupted (Ctrl-C)", err
