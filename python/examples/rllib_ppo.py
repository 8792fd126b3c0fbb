"""PPO (RLlib, new API stack) with action masking on a Mythos env, printing
a learning curve: one row per training iteration with the env steps so far,
the episodes, the mean return and the win rate of the runners' recent
episodes.

    pip install -e 'python[rllib]'
    python python/examples/rllib_ppo.py --iterations 20

Each of the --num-env-runners runner processes starts its own local Mythos
server (or connects to --address). Env options go with --option KEY=VALUE.
For many machines see rllib_distributed.py.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
import warnings

# Quiet Ray: no deduplication notes, no accelerator FutureWarning, no
# deprecation warnings from its own modules (the runners inherit these).
os.environ.setdefault("RAY_DEDUP_LOGS", "0")
os.environ.setdefault("RAY_ACCEL_ENV_VAR_OVERRIDE_ON_ZERO", "0")
os.environ.setdefault("PYTHONWARNINGS", "ignore::DeprecationWarning,ignore::FutureWarning")
warnings.filterwarnings("ignore", category=DeprecationWarning)
warnings.filterwarnings("ignore", category=FutureWarning)
from typing import Any

import ray

import mythos
import mythos.rllib


def parse_options(items: list[str]) -> dict[str, Any]:
    """KEY=VALUE pairs as a dict (values stay text; the server parses them)."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise SystemExit(f"--option {item!r}: want KEY=VALUE")
        out[key] = value
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", default="ArkhamLCG/TheGathering-v0")
    p.add_argument("--address", default=None, help="host:port of a server (default: one per env runner)")
    p.add_argument("--iterations", type=int, default=20)
    p.add_argument("--num-env-runners", type=int, default=2)
    p.add_argument("--num-envs-per-env-runner", type=int, default=4)
    p.add_argument("--train-batch-size", type=int, default=4000)
    p.add_argument("--minibatch-size", type=int, default=256)
    p.add_argument("--num-epochs", type=int, default=5)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="env option")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    # The runners inherit this process's environment: resolve the server
    # binary once here rather than in every runner.
    os.environ.setdefault("MYTHOS_BIN", mythos.find_binary())
    ray.init(include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    # RLlib's own notes ("You are running PPO on the new API stack!") are
    # warnings of its Python loggers: keep errors only.
    logging.getLogger("ray.rllib").setLevel(logging.ERROR)
    env_config = {"address": args.address, **parse_options(args.option)}
    config = mythos.rllib.ppo_config(
        args.env,
        num_env_runners=args.num_env_runners,
        num_envs_per_env_runner=args.num_envs_per_env_runner,
        train_batch_size=args.train_batch_size,
        minibatch_size=args.minibatch_size,
        num_epochs=args.num_epochs,
        env_config=env_config,
    ).debugging(seed=args.seed)
    # A runner that dies is not restarted: a restartable runner whose
    # constructor arguments sit in the object store makes Ray's core worker
    # log an error line at start, and an example should stop on a failure.
    config = config.fault_tolerance(restart_failed_env_runners=False)
    algo = config.build_algo()
    start = time.perf_counter()
    print(f"{'iter':>5} {'env steps':>10} {'episodes':>9} {'return':>8} {'win rate':>9} {'length':>7} {'seconds':>8}", flush=True)
    try:
        for it in range(1, args.iterations + 1):
            r = algo.train()
            er = r["env_runners"]
            ret = er.get("episode_return_mean", float("nan"))
            win = er.get("mythos_win_rate", float("nan"))
            steps = int(r["num_env_steps_sampled_lifetime"])
            episodes = int(er.get("num_episodes_lifetime", 0))
            length = er.get("episode_len_mean", float("nan"))
            seconds = time.perf_counter() - start
            print(f"{it:5d} {steps:10d} {episodes:9d} {ret:8.3f} {win:9.3f} {length:7.1f} {seconds:8.0f}", flush=True)
    finally:
        algo.stop()
        ray.shutdown()


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        # Ctrl-C: the iterations so far are printed; no traceback
        print("interrupted (Ctrl-C)", file=sys.stderr)
        sys.exit(130)
