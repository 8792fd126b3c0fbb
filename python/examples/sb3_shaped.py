"""MaskablePPO from scratch (no teacher) on easy The Gathering, with the
env's potential-based reward shaping and a starting-act curriculum.

    pip install -e 'python[sb3]' matplotlib
    python python/examples/sb3_shaped.py --minutes 24 --out runs/sb3-shaped

Every env plays easy The Gathering with one investigator (Roland Banks) and
``skip_trivial=true``. The batch mixes four curriculum levels at once, a
quarter of the envs each (``--levels``; see docs/shaping.md): act 3 with the
Ghoul Priest in play; act 2 with the 3 clues its objective asks for; act 2
with none; and the real scenario from act 1. Rewards are the game's outcome
(+1 win, -1 loss) plus the shaping term ``gamma*Phi(s') - Phi(s)`` computed
by the server (``shaping=...``, ``shaping_gamma`` equal to the learner's
gamma).

The learning curve (one row per PPO rollout) has, per curriculum level, the
share of the episodes that ended in that rollout that were wins by the game's
TRUE outcome (``final_score``, never shaped), and the mean shaped return. At
the end the policy plays fixed seeds of each level (the real game first) and
the script prints its win rate by true outcome with a Wilson 95% interval.
Files in ``--out``: ``curve.csv``, ``curve.png`` (with matplotlib),
``eval.json`` and the model ``model.zip`` with its ``vecnormalize.pkl``.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import pickle
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecEnv, VecNormalize

import mythos
import mythos.sb3

ENV_ID = "ArkhamLCG/TheGathering-v0"
BASE = {"investigators": 1, "difficulty": "easy", "skip_trivial": "true", "max_steps": 300}
SHAPING = "act:2,doom:0.3,damage:0.3"
LEVELS = "start_act=3;start_act=2,start_clues=3;start_act=2;start_act=1"


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


class MixVecEnv(VecEnv):
    """Several VecEnvs (here one per curriculum level) as one batch.

    Row ``i`` belongs to part ``level[i]``; ``action_masks`` and the infos
    are the parts' own, each info tagged with ``"level"``.
    """

    def __init__(self, parts: list[VecEnv], names: list[str]) -> None:
        self.parts, self.names = parts, names
        self.bounds = np.cumsum([0] + [p.num_envs for p in parts])
        self.level = np.concatenate([[k] * p.num_envs for k, p in enumerate(parts)])
        self.render_mode = None
        super().__init__(int(self.bounds[-1]), parts[0].observation_space, parts[0].action_space)

    def reset(self) -> np.ndarray:
        for k, p in enumerate(self.parts):
            if self._seeds[0] is not None:
                p.seed(self._seeds[0] + 1000 * k)
        self._reset_seeds()
        return np.concatenate([p.reset() for p in self.parts])

    def step_async(self, actions: np.ndarray) -> None:
        for k, p in enumerate(self.parts):
            p.step_async(actions[self.bounds[k] : self.bounds[k + 1]])

    def step_wait(self) -> Any:
        obs, rew, done, infos = [], [], [], []
        for k, p in enumerate(self.parts):
            o, r, d, inf = p.step_wait()
            for i in inf:
                i["level"] = k
            obs.append(o), rew.append(r), done.append(d), infos.extend(inf)
        return np.concatenate(obs), np.concatenate(rew), np.concatenate(done), infos

    def action_masks(self) -> np.ndarray:
        return np.concatenate([p.action_masks() for p in self.parts])

    def close(self) -> None:
        for p in self.parts:
            p.close()

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        return [getattr(self, attr_name)] * self.num_envs

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        setattr(self, attr_name, value)

    def env_method(self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list[Any]:
        if method_name == "action_masks":
            return list(self.action_masks())
        raise AttributeError(method_name)

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False] * self.num_envs


class Curve(BaseCallback):
    """One row per rollout: steps, seconds, and per level the true win share,
    mean shaped return and mean length (decisions) of the episodes that
    ended in it."""

    def __init__(self, names: list[str], path: str, minutes: float) -> None:
        super().__init__()
        self.names, self.path, self.deadline = names, path, time.time() + 60 * minutes
        self.t0 = time.time()
        self.rows: list[dict[str, Any]] = []
        self._reset_window()

    def _reset_window(self) -> None:
        self.wins = [0] * len(self.names)
        self.eps = [0] * len(self.names)
        self.ret = [0.0] * len(self.names)
        self.len = [0] * len(self.names)

    def _on_step(self) -> bool:
        for info in self.locals["infos"]:
            if "final_score" in info:
                k = info["level"]
                self.eps[k] += 1
                self.wins[k] += info["final_score"] > 0
                self.ret[k] += info["episode"]["r"]
                self.len[k] += info["episode"]["l"]
        return time.time() < self.deadline

    def _on_rollout_end(self) -> None:
        row: dict[str, Any] = {"steps": self.num_timesteps, "seconds": round(time.time() - self.t0, 1), "load1": os.getloadavg()[0]}
        for k, n in enumerate(self.names):
            row[f"{n}_episodes"] = self.eps[k]
            row[f"{n}_win_rate"] = self.wins[k] / self.eps[k] if self.eps[k] else float("nan")
            row[f"{n}_shaped_return"] = self.ret[k] / self.eps[k] if self.eps[k] else float("nan")
            row[f"{n}_length"] = self.len[k] / self.eps[k] if self.eps[k] else float("nan")
        self.rows.append(row)
        with open(self.path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(row))
            w.writeheader()
            w.writerows(self.rows)
        parts = "  ".join(f"{n}: win {row[f'{n}_win_rate']:.3f} ret {row[f'{n}_shaped_return']:+.2f} ({self.eps[k]} ep)" for k, n in enumerate(self.names))
        print(f"{row['steps']:>9} steps {row['seconds']:>7.0f}s  {parts}  load {row['load1']:.2f}", flush=True)
        self._reset_window()


def evaluate(model: MaskablePPO, norm: VecNormalize, opts: dict[str, Any], episodes: int, seed: int, address: str | None) -> dict[str, Any]:
    """Plays ``episodes`` fixed-seed episodes (first episodes of each env, so
    long games are not left out) and counts wins by the TRUE outcome."""
    n = min(20, episodes)
    per = -(-episodes // n)
    venv = mythos.sb3.make(ENV_ID, n, address, flat=True, **opts)
    stage = act_stage_index(venv.spec_info)
    venv.seed(seed)
    obs = venv.reset()
    done_count = np.zeros(n, dtype=int)
    scores: list[float] = []
    reached: list[int] = []
    while (done_count < per).any():
        act, _ = model.predict(norm.normalize_obs(obs), action_masks=venv.action_masks(), deterministic=False)
        obs, _, dones, infos = venv.step(act)
        for i in np.flatnonzero(dones):
            if done_count[i] < per:
                scores.append(infos[i]["final_score"])
                reached.append(int(infos[i]["terminal_observation"][stage]))
            done_count[i] += 1
    venv.close()
    scores, reached = scores[:episodes], reached[:episodes]
    wins = sum(s > 0 for s in scores)
    lo, hi = wilson(wins, len(scores))
    acts = {f"act{a}": reached.count(a) for a in (1, 2, 3)}
    return {"episodes": len(scores), "wins": int(wins), "win_rate": wins / len(scores), "wilson95": [lo, hi], "ended_on": acts}


def run_evals(model: MaskablePPO, norm: VecNormalize, levels: list[dict[str, str]], args: argparse.Namespace) -> dict[str, Any]:
    """The real game first, then each other level; no shaping: the true outcome only."""
    out: dict[str, Any] = {}
    for lv in [{}] + [lv for lv in levels if lv and lv != {"start_act": "1"}]:
        name = ",".join(f"{k}={v}" for k, v in lv.items()) or "real game"
        r = evaluate(model, norm, {**BASE, **lv}, args.eval_episodes, 20261125, args.address)
        out[name] = r
        lo, hi = r["wilson95"]
        print(f"eval {name}: {r['wins']}/{r['episodes']} wins, win rate {r['win_rate']:.3f} [{lo:.3f}, {hi:.3f}], ended on {r['ended_on']}", flush=True)
    return out


def act_stage_index(spec: Any) -> int:
    """Where the ``global`` field's ``act_stage`` column (the act, 1 to 3)
    lies in the flat observation (fields in spec order, as mythos.sb3 flattens)."""
    start = 0
    for f in spec.fields:
        if f.name == "global":
            cols = [c.strip(" .") for c in f.doc.split("Columns:")[1].split(",")]
            return start + cols.index("act_stage")
        start += f.size
    raise KeyError("global")


def parse_level(text: str) -> dict[str, str]:
    """``"start_act=2,start_clues=1"`` as env options."""
    level: dict[str, str] = {}
    for part in filter(None, text.split(",")):
        k, sep, v = part.partition("=")
        if not sep:
            raise SystemExit(f"--levels: {part!r}: want name=value")
        level[k.strip()] = v.strip()
    return level


def level_name(level: dict[str, str]) -> str:
    """A short column name: ``{"start_act": "2", "start_clues": "1"}`` → ``act2c1``."""
    short = {"start_act": "act", "start_clues": "c", "start_resources": "r"}
    return "".join(short.get(k, k) + v for k, v in level.items()) or "real"


def plot(rows: list[dict[str, Any]], names: list[str], path: str) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    steps = np.array([r["steps"] for r in rows]) / 1e6
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4))
    for n in names:
        win = np.array([r[f"{n}_win_rate"] for r in rows], dtype=float)
        ret = np.array([r[f"{n}_shaped_return"] for r in rows], dtype=float)
        k = 5  # moving average over 5 rollouts
        if len(win) >= k:
            win = np.convolve(np.nan_to_num(win), np.ones(k) / k, mode="valid")
            ret = np.convolve(np.nan_to_num(ret), np.ones(k) / k, mode="valid")
            x = steps[k - 1 :]
        else:
            x = steps
        a.plot(x, win, label=n)
        b.plot(x, ret, label=n)
    a.set(xlabel="env steps (M)", ylabel="win rate (true outcome)", title="training episodes, 5-rollout mean")
    b.set(xlabel="env steps (M)", ylabel="shaped return", title="shaped return per episode")
    a.legend(), b.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=24.0, help="training wall-clock budget")
    ap.add_argument("--out", default="runs/sb3-shaped")
    ap.add_argument("--envs", type=int, default=9, help="envs per curriculum level")
    ap.add_argument(
        "--levels",
        default=LEVELS,
        help="curriculum levels, ';'-separated, each the env options of one part of the batch (docs/shaping.md)",
    )
    ap.add_argument("--shaping", default=SHAPING, help="the env's shaping option ('' for none)")
    ap.add_argument("--gamma", type=float, default=0.999, help="PPO's gamma, also the shaping_gamma")
    ap.add_argument("--eval-episodes", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--address", default=None, help="a running server (default: start one)")
    ap.add_argument("--eval-only", action="store_true", help="evaluate the model saved in --out, no training")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    torch.set_num_threads(1)  # leave the other core to the server
    torch.manual_seed(args.seed)

    if args.eval_only:
        model = MaskablePPO.load(os.path.join(args.out, "model.zip"))
        with open(os.path.join(args.out, "vecnormalize.pkl"), "rb") as f:
            norm = pickle.load(f)
        levels = [parse_level(t) for t in args.levels.split(";")]
        report = {"eval": run_evals(model, norm, levels, args)}
        with open(os.path.join(args.out, "eval_only.json"), "w") as f:
            json.dump(report, f, indent=1)
        return

    shaping = {"shaping": args.shaping, "shaping_gamma": args.gamma} if args.shaping else {}
    levels = [parse_level(t) for t in args.levels.split(";")]
    names = [level_name(lv) for lv in levels]
    parts = [mythos.sb3.make(ENV_ID, args.envs, args.address, flat=True, **{**BASE, **lv, **shaping}) for lv in levels]
    env = VecNormalize(MixVecEnv(parts, names), norm_obs=True, norm_reward=False, clip_obs=10.0, gamma=args.gamma)
    env.seed(args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=128,
        batch_size=512,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=args.gamma,
        gae_lambda=0.95,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        verbose=0,
    )
    curve = Curve(names, os.path.join(args.out, "curve.csv"), args.minutes)
    t0 = time.time()
    model.learn(total_timesteps=10**9, callback=curve)
    train_s = time.time() - t0
    model.save(os.path.join(args.out, "model.zip"))
    env.save(os.path.join(args.out, "vecnormalize.pkl"))
    env.close()
    plotted = plot(curve.rows, names, os.path.join(args.out, "curve.png"))

    report: dict[str, Any] = {
        "train_seconds": round(train_s), "env_steps": model.num_timesteps,
        "steps_per_second": round(model.num_timesteps / train_s), "shaping": args.shaping,
        "gamma": args.gamma, "levels": args.levels, "envs_per_level": args.envs,
        "load1_end": os.getloadavg()[0], "eval": {},
    }
    report["eval"] = run_evals(model, env, levels, args)
    with open(os.path.join(args.out, "eval.json"), "w") as f:
        json.dump(report, f, indent=1)
    print(json.dumps({k: v for k, v in report.items() if k != "eval"}), "curve.png" if plotted else "(no matplotlib: no PNG)")


if __name__ == "__main__":
    main()
