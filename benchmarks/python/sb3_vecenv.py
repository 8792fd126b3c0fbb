"""SB3 through mythos.sb3 (N envs stepped server-side in one call) against
SB3's DummyVecEnv of N ``mythos.make`` envs (N calls per step).

Two figures per form, each the median of --repeats runs on one server:
  * env steps/s of plain stepping with masks: ``get_action_masks`` (as
    MaskablePPO asks) and one uniformly drawn legal action per env;
  * env steps/s of MaskablePPO's rollout collection (``collect_rollouts``:
    policy forward on CPU, masking, buffer writes; no gradient step).

    pip install -e 'python[sb3]'
    python benchmarks/python/sb3_vecenv.py --num-envs 8 --seconds 5
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Callable

import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks
from stable_baselines3.common.vec_env import DummyVecEnv, VecEnv

import mythos
import mythos.sb3


def stepping(env: VecEnv, seconds: float, rng: np.random.Generator) -> float:
    """Env steps/s of masked random play for about ``seconds``."""
    env.reset()
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        masks = get_action_masks(env)
        u = rng.random(masks.shape) * masks  # argmax of uniform noise on legal actions
        env.step(u.argmax(axis=1))
        steps += env.num_envs
    return steps / (time.perf_counter() - start)


def collection(env: VecEnv, n_steps: int) -> float:
    """Env steps/s of one MaskablePPO rollout of ``n_steps`` per env (after a
    warm-up rollout)."""
    model = MaskablePPO("MultiInputPolicy", env, n_steps=n_steps, batch_size=n_steps, device="cpu", seed=1)
    _, callback = model._setup_learn(10**9, None)
    callback.on_training_start(locals(), globals())
    model.collect_rollouts(env, callback, model.rollout_buffer, n_steps)
    start = time.perf_counter()
    model.collect_rollouts(env, callback, model.rollout_buffer, n_steps)
    return n_steps * env.num_envs / (time.perf_counter() - start)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", default="ArkhamLCG/TheGathering-v0")
    p.add_argument("--num-envs", type=int, default=8)
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--n-steps", type=int, default=256, help="rollout length per env (collection)")
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()

    server = mythos.LocalServer()
    forms: dict[str, Callable[[], VecEnv]] = {
        "mythos.sb3 (one call per step)": lambda: mythos.sb3.make(args.env, args.num_envs, server.address),
        f"DummyVecEnv of {args.num_envs} mythos.make": lambda: DummyVecEnv(
            [lambda: mythos.make(args.env, server.address) for _ in range(args.num_envs)]
        ),
    }
    rng = np.random.default_rng(1)
    print(f"{args.env}, {args.num_envs} envs, median of {args.repeats}; load average {os.getloadavg()[0]:.1f}")
    print("| form | masked stepping, env steps/s | MaskablePPO collection, env steps/s |")
    print("|---|---:|---:|")
    try:
        for name, make in forms.items():
            step_rates, collect_rates = [], []
            for _ in range(args.repeats):
                env = make()
                try:
                    step_rates.append(stepping(env, args.seconds, rng))
                    collect_rates.append(collection(env, args.n_steps))
                finally:
                    env.close()
            print(f"| {name} | {statistics.median(step_rates):.0f} | {statistics.median(collect_rates):.0f} |", flush=True)
    finally:
        server.stop()
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
