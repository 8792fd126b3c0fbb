"""MaskablePPO (sb3-contrib) on a Mythos env through mythos.sb3, printing a
learning curve: one row per rollout with the episodes finished so far, and
the mean return and win rate of the last --window episodes.

    pip install -e 'python[sb3]'
    python python/examples/sb3_maskable_ppo.py --timesteps 50000

The --num-envs envs step server-side in one call per step; the policy only
ever samples legal actions (MaskablePPO reads env.action_masks()). Env
options go with --option (repeatable), e.g. --option difficulty=easy.
"""

from __future__ import annotations

import argparse
import time
from collections import deque
from typing import Any

import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import mythos.sb3


class LearningCurve(BaseCallback):
    """Prints one row per rollout: timesteps, episodes, and the mean return,
    win rate and length (steps) of the last ``window`` episodes."""

    def __init__(self, window: int) -> None:
        super().__init__()
        self.returns: deque[float] = deque(maxlen=window)
        self.wins: deque[bool] = deque(maxlen=window)
        self.lengths: deque[int] = deque(maxlen=window)
        self.episodes = 0
        self.iteration = 0
        self.start = time.perf_counter()

    def _on_training_start(self) -> None:
        header = f"{'iter':>5} {'timesteps':>10} {'episodes':>9} {'return':>8} {'win rate':>9} {'length':>7} {'steps/s':>8}"
        print(header, flush=True)

    def _on_step(self) -> bool:
        for done, info in zip(self.locals["dones"], self.locals["infos"], strict=True):
            if done:
                self.episodes += 1
                self.returns.append(info["episode"]["r"])
                self.wins.append(bool(info["is_success"]))
                self.lengths.append(info["episode"]["l"])
        return True

    def _on_rollout_end(self) -> None:
        self.iteration += 1
        ret = f"{np.mean(self.returns):8.3f}" if self.returns else f"{'-':>8}"
        win = f"{np.mean(self.wins):9.3f}" if self.wins else f"{'-':>9}"
        length = f"{np.mean(self.lengths):7.1f}" if self.lengths else f"{'-':>7}"
        rate = self.num_timesteps / (time.perf_counter() - self.start)
        print(f"{self.iteration:5d} {self.num_timesteps:10d} {self.episodes:9d} {ret} {win} {length} {rate:8.0f}", flush=True)


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
    p.add_argument("--address", default=None, help="host:port of a server (default: start a local one)")
    p.add_argument("--num-envs", type=int, default=8)
    p.add_argument("--timesteps", type=int, default=50_000)
    p.add_argument("--n-steps", type=int, default=256, help="rollout length per env")
    p.add_argument("--batch-size", type=int, default=256)
    p.add_argument("--window", type=int, default=200, help="episodes in the running means")
    p.add_argument("--flat", action="store_true", help="one Box observation and MlpPolicy")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="env option")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--save", default=None, help="save the trained model to this path")
    args = p.parse_args()

    env = mythos.sb3.make(args.env, args.num_envs, args.address, flat=args.flat, **parse_options(args.option))
    try:
        env.seed(args.seed)
        model = MaskablePPO(
            "MlpPolicy" if args.flat else "MultiInputPolicy",
            env,
            n_steps=args.n_steps,
            batch_size=args.batch_size,
            seed=args.seed,
            device="cpu",
            verbose=0,
        )
        curve = LearningCurve(args.window)
        model.learn(args.timesteps, callback=curve)
        print(f"done: {model.num_timesteps} timesteps, {curve.episodes} episodes in {time.perf_counter() - curve.start:.0f} s")
        if args.save:
            model.save(args.save)
    finally:
        env.close()


if __name__ == "__main__":
    main()
