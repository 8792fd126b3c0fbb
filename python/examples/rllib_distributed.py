"""Distributed PPO on Ray: env runners on many processes or machines, each
stepping Mythos envs, and a measure of how sampling scales with them.

Where the runners' envs run (--server):
  runner  (default) every env runner process starts its own ``mythos serve``
          on a free localhost port; it stops when the runner does. Nothing to
          set up on the nodes but the binary (MYTHOS_BIN or ``mythos`` on PATH).
  node    every runner connects to --node-address (default 127.0.0.1:50051),
          which is node-local: start one ``mythos serve`` on each node and
          the runners of that node share it.

One machine:
    python python/examples/rllib_distributed.py --num-env-runners 2 --iterations 10
    python python/examples/rllib_distributed.py --scaling 1,2      # samples/s per runner count

A Ray cluster (the same Python env and mythos binary on every node):
    head$    MYTHOS_BIN=$PWD/bin/mythos ray start --head --port=6379
    worker$  MYTHOS_BIN=$PWD/bin/mythos ray start --address=HEAD_IP:6379
    head$    RAY_ADDRESS=HEAD_IP:6379 python python/examples/rllib_distributed.py --num-env-runners 16

With --server node, first run ``mythos serve --addr 127.0.0.1:50051`` on each node.
"""

from __future__ import annotations

import argparse
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

import ray

import mythos
import mythos.rllib


def build(args: argparse.Namespace, runners: int) -> "ray.rllib.algorithms.Algorithm":
    """A PPO algorithm with ``runners`` env runners."""
    env_config = {"address": args.node_address if args.server == "node" else None}
    config = mythos.rllib.ppo_config(
        args.env,
        num_env_runners=runners,
        num_envs_per_env_runner=args.num_envs_per_env_runner,
        train_batch_size=args.train_batch_size,
        minibatch_size=args.minibatch_size,
        num_epochs=args.num_epochs,
        env_config=env_config,
    ).debugging(seed=args.seed)
    return config.build_algo()


def sampling_rate(algo: "ray.rllib.algorithms.Algorithm", steps: int, rounds: int) -> float:
    """Env steps per second of every remote runner sampling ``steps`` steps
    at once (policy inference included), over ``rounds`` rounds after one
    warm-up round."""

    def sample(runner: object) -> int:
        return sum(len(e) for e in runner.sample(num_timesteps=steps))  # type: ignore[attr-defined]

    group = algo.env_runner_group
    group.foreach_env_runner(sample, local_env_runner=False)  # warm-up
    total = 0
    start = time.perf_counter()
    for _ in range(rounds):
        total += sum(group.foreach_env_runner(sample, local_env_runner=False))
    return total / (time.perf_counter() - start)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", default="ArkhamLCG/TheGathering-v0")
    p.add_argument("--server", choices=["runner", "node"], default="runner", help="a server per runner or per node")
    p.add_argument("--node-address", default="127.0.0.1:50051", help="the per-node server (with --server node)")
    p.add_argument("--num-env-runners", type=int, default=2)
    p.add_argument("--num-envs-per-env-runner", type=int, default=4)
    p.add_argument("--iterations", type=int, default=10)
    p.add_argument("--train-batch-size", type=int, default=4000)
    p.add_argument("--minibatch-size", type=int, default=256)
    p.add_argument("--num-epochs", type=int, default=5)
    p.add_argument("--scaling", default=None, metavar="N,N,...", help="only measure sampling with these runner counts")
    p.add_argument("--steps", type=int, default=2000, help="env steps per runner per round (--scaling)")
    p.add_argument("--rounds", type=int, default=3, help="timed rounds (--scaling)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    if not os.environ.get("RAY_ADDRESS"):
        # A local cluster: its runners inherit this process's environment.
        os.environ.setdefault("MYTHOS_BIN", mythos.find_binary())
    ray.init(include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    print(f"ray: {ray.cluster_resources().get('CPU', 0):.0f} CPUs on {len(ray.nodes())} node(s); "
          f"load average {os.getloadavg()[0]:.1f}", flush=True)
    try:
        if args.scaling:
            counts = [int(x) for x in args.scaling.split(",")]
            base = None
            print(f"{'runners':>7} {'samples/s':>10} {'speed-up':>9}", flush=True)
            for n in counts:
                algo = build(args, n)
                try:
                    rate = sampling_rate(algo, args.steps, args.rounds)
                finally:
                    algo.stop()
                base = base or rate
                print(f"{n:7d} {rate:10.0f} {rate / base:9.2f}", flush=True)
            return
        algo = build(args, args.num_env_runners)
        print(f"{'iter':>5} {'env steps':>10} {'episodes':>9} {'return':>8} {'win rate':>9} {'samples/s':>10}", flush=True)
        try:
            for it in range(1, args.iterations + 1):
                r = algo.train()
                er = r["env_runners"]
                # Sampling rate of this iteration: steps over the sampling phase.
                rate = er["num_env_steps_sampled"] / max(r["timers"]["env_runner_sampling_timer"], 1e-9)
                print(
                    f"{it:5d} {int(r['num_env_steps_sampled_lifetime']):10d} {int(er.get('num_episodes_lifetime', 0)):9d} "
                    f"{er.get('episode_return_mean', float('nan')):8.3f} {er.get('mythos_win_rate', float('nan')):9.3f} "
                    f"{rate:10.0f}",
                    flush=True,
                )
        finally:
            algo.stop()
    finally:
        ray.shutdown()


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        # Ctrl-C: the iterations so far are printed; no traceback
        print("interrupted (Ctrl-C)", file=sys.stderr)
        sys.exit(130)
