"""One env from Python: ``mythos.make`` over shared memory against
OpenSpiel's in-process Hanabi loop, measured side by side in one run.

A third row per env, the floor, steps the same session with nothing copied
or built (the mask read in place): env.step's own cost is the difference.

Both loops play random legal moves and take what a learner takes every
decision: Mythos ``env.step`` returns the observation (a dict of arrays) and
``info["action_mask"]``; OpenSpiel's loop calls ``observation_tensor()`` and
``legal_actions_mask()`` and makes numpy arrays of them (chance nodes are
applied without counting as decisions). Legal moves are drawn the same way in
both (``np.flatnonzero`` of the mask, one uniform index). Rounds are
interleaved (one run of every loop, then the next round) and each figure is
the median of its runs, so a change in the machine's load hits them alike.

OpenSpiel need not share this interpreter: ``--pyspiel-python`` names one that
can ``import pyspiel`` (``pip install open_spiel``), run as a subprocess.

    python benchmarks/python/single_env.py --seconds 2 --repeats 5 \\
        --pyspiel-python /tmp/ospenv/bin/python
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

import mythos

PYSPIEL_LOOP = r"""
import json, sys, time, numpy as np, pyspiel
seconds = float(sys.argv[1])
game = pyspiel.load_game("hanabi")
rng = np.random.default_rng(1)
state = game.new_initial_state()
n, start = 0, time.perf_counter()
while time.perf_counter() - start < seconds:
    if state.is_terminal():
        state = game.new_initial_state()
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        continue
    obs = np.asarray(state.observation_tensor(), dtype=np.float32)
    mask = np.asarray(state.legal_actions_mask(), dtype=np.int8)
    legal = np.flatnonzero(mask)
    state.apply_action(int(legal[rng.integers(len(legal))]))
    n += 1
print(json.dumps({"steps_per_s": n / (time.perf_counter() - start)}))
"""


def pyspiel_rate(python: str, seconds: float) -> float:
    """Decisions/s of OpenSpiel's Hanabi loop in a subprocess."""
    p = subprocess.run([python, "-c", PYSPIEL_LOOP, str(seconds)], capture_output=True, text=True, check=True)
    return float(json.loads(p.stdout)["steps_per_s"])


def mythos_rate(env: mythos.MythosEnv, seconds: float, rng: np.random.Generator) -> float:
    """Decisions/s of random legal play of one env through ``env.step``."""
    obs, info = env.reset(seed=int(rng.integers(2**31)))
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = np.flatnonzero(info["action_mask"])
        obs, _, terminated, truncated, info = env.step(legal[rng.integers(len(legal))])
        n += 1
        if terminated or truncated:
            obs, info = env.reset()
    return n / (time.perf_counter() - start)


def floor_rate(env: mythos.MythosEnv, seconds: float, rng: np.random.Generator) -> float:
    """Decisions/s of the same play with nothing copied or built: the shared
    memory's mask read in place and the one-byte step call alone (the engine,
    the encoding and the notification: what ``env.step`` cannot go below)."""
    env.reset(seed=int(rng.integers(2**31)))
    one = env._one  # env 0's views of the shared memory (mythos._single.OneEnv)
    mask, terminated, truncated = one.mask_view, one._terminated, one._truncated
    step = env.session._step_one
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = np.flatnonzero(mask)
        step(int(legal[rng.integers(len(legal))]))
        n += 1
        if terminated[0] or truncated[0]:
            env.reset()
    return n / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    ap.add_argument("--repeats", type=int, default=5, help="interleaved rounds (the figure is their median)")
    ap.add_argument("--pyspiel-python", default=sys.executable, help="a Python that can import pyspiel")
    ap.add_argument("--env", action="append", help="env ids (default: one of each game)")
    args = ap.parse_args()
    ids = args.env or ["ArkhamLCG/TheGathering-v0", "ArkhamHorror3/DrownedLantern-v0", "MachinaArcana/TheFrozenEngine-v0"]
    envs = {i: mythos.make(i, transport="shm") for i in ids}
    rng = np.random.default_rng(1)
    floor = {i: f"{i}, floor (step call alone)" for i in ids}
    runs: dict[str, list[float]] = {"OpenSpiel hanabi (pyspiel)": []}
    for i in ids:
        runs[i], runs[floor[i]] = [], []
    load = [os.getloadavg()[0]]
    for _ in range(args.repeats):
        runs["OpenSpiel hanabi (pyspiel)"].append(pyspiel_rate(args.pyspiel_python, args.seconds))
        for i, env in envs.items():
            runs[i].append(mythos_rate(env, args.seconds, rng))
            runs[floor[i]].append(floor_rate(env, args.seconds, rng))
        load.append(os.getloadavg()[0])
    base = statistics.median(runs["OpenSpiel hanabi (pyspiel)"])
    print(f"load (1 min) {min(load):.2f}-{max(load):.2f}; median of {args.repeats} interleaved runs of {args.seconds:g} s")
    print("| loop | decisions/s | µs/decision | × pyspiel |")
    print("|---|---:|---:|---:|")
    for name, rates in runs.items():
        m = statistics.median(rates)
        print(f"| {name} | {m:,.0f} | {1e6 / m:.1f} | {m / base:.2f} |")
    print()
    print("What env.step adds to the step call (µs/decision, medians):")
    for i in ids:
        print(f"- {i}: {1e6 / statistics.median(runs[i]) - 1e6 / statistics.median(runs[floor[i]]):.1f}")
    for env in envs.values():
        env.close()


if __name__ == "__main__":
    main()
