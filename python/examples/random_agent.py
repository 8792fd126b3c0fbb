"""Plays a few episodes with a uniformly random legal action.

    python examples/random_agent.py --episodes 5
    python examples/random_agent.py --address 127.0.0.1:50051 --env ArkhamLCG/TheGathering-v0
"""

from __future__ import annotations

import argparse

import numpy as np

import mythos


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", default="ArkhamLCG/TheGathering-v0", help="env id")
    p.add_argument("--address", default=None, help="host:port of mythos serve (default: start one)")
    p.add_argument("--episodes", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    env = mythos.make(args.env, args.address)
    rng = np.random.default_rng(args.seed)
    obs, info = env.reset(seed=args.seed)
    for episode in range(args.episodes):
        steps, total = 0, 0.0
        while True:
            action = rng.choice(np.flatnonzero(info["action_mask"]))  # a legal action
            obs, reward, terminated, truncated, info = env.step(action)
            steps, total = steps + 1, total + reward
            if terminated or truncated:
                break
        print(f"episode {episode}: {steps} decisions, return {total:+.2f}, score {info['episode_score']:+.2f}")
        obs, info = env.reset()
    env.close()


if __name__ == "__main__":
    main()
