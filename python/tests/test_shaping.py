"""Reward shaping, curriculum starts and investigator counts of The Gathering
(docs/shaping.md), through the real server."""

from __future__ import annotations

import numpy as np
import pytest

import mythos
from mythos import MythosError

GATHERING = "ArkhamLCG/TheGathering-v0"
SHAPING = "act:1,clues:0.1,doom:0.3,damage:0.3"


def play(env, seed: int, actions: list[int] | None = None) -> tuple[list[float], list[int], float]:
    """One episode with seeded random legal actions (or the given ones):
    the rewards, the actions and the outcome (info's unshaped score)."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    rewards: list[float] = []
    taken: list[int] = []
    while True:
        if actions is not None:
            a = actions[len(taken)]
        else:
            a = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, r, terminated, truncated, info = env.step(a)
        rewards.append(r)
        taken.append(a)
        if terminated or truncated:
            return rewards, taken, info["episode_score"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_shaped_return_is_the_outcome_from_the_real_setup(address: str, seed: int) -> None:
    # Every term is 0 at the real setup (no clues, act 1, no doom, no harm)
    # and Φ = 0 at the end, so with γ = 1 the shaped return telescopes to
    # the outcome, while single steps differ from the unshaped ones.
    plain = mythos.make(GATHERING, address, difficulty="easy", skip_trivial=True)
    shaped = mythos.make(GATHERING, address, difficulty="easy", skip_trivial=True, shaping=SHAPING)
    r0, actions, outcome = play(plain, seed)
    r1, _, outcome1 = play(shaped, seed, actions)
    assert outcome == outcome1 == sum(r0) == -1.0  # random play never wins (stop 9)
    assert len(r1) == len(r0)
    assert sum(r1) == pytest.approx(outcome, abs=1e-5)  # rewards travel as float32
    assert any(abs(a - b) > 1e-6 for a, b in zip(r0, r1)), "shaping changed no step"
    plain.close()
    shaped.close()


def test_shaping_gamma_changes_the_steps(address: str) -> None:
    one = mythos.make(GATHERING, address, difficulty="easy", shaping="doom:1")
    disc = mythos.make(GATHERING, address, difficulty="easy", shaping="doom:1", shaping_gamma=0.5)
    r1, actions, _ = play(one, 4)
    r2, _, _ = play(disc, 4, actions)
    assert r1 != r2
    one.close()
    disc.close()


@pytest.mark.parametrize(
    "options, message",
    [
        ({"shaping": "clue:1"}, 'unknown term "clue" (terms: clues, act, doom, damage)'),
        ({"shaping": "act=1"}, "want term:weight"),
        ({"shaping": "act:1", "shaping_gamma": 2}, "want a number in (0, 1]"),
        ({"start_act": 4}, "start act 4: want 1 to 3"),
        ({"investigators": 5}, "want a count 1 to 4"),
    ],
)
def test_bad_options_are_refused(address: str, options: dict, message: str) -> None:
    with pytest.raises(MythosError) as e:
        mythos.make(GATHERING, address, **options)
    assert message in str(e.value)


def test_investigator_count(address: str) -> None:
    env = mythos.make(GATHERING, address, investigators=2)
    assert env.spec_info.agents == ("Roland Banks", "Daisy Walker")
    env.close()
    env = mythos.make(GATHERING, address, investigators="01003,wendy")
    assert env.spec_info.agents == ('"Skids" O\'Toole', "Wendy Adams")
    env.close()


def test_options_are_described(address: str) -> None:
    spec = next(s for s in mythos.list_envs(address) if s.id == GATHERING)
    for name in ("shaping", "shaping_gamma", "start_act", "start_clues", "start_resources"):
        assert name in spec.options
        assert f"`{name}`" in spec.markdown
    assert spec.options["shaping"] == ""


def test_sb3_shaped_example_runs(address: str, tmp_path) -> None:
    # A few seconds of the example, to keep it working; the real run is in
    # python/README.md (needs the sb3 extra and matplotlib for the PNG).
    pytest.importorskip("sb3_contrib")
    import json
    import os
    import subprocess
    import sys

    script = os.path.join(os.path.dirname(__file__), "..", "examples", "sb3_shaped.py")
    out = tmp_path / "run"
    pkg = os.path.join(os.path.dirname(__file__), "..")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [pkg, os.environ.get("PYTHONPATH")]))}
    subprocess.run(
        [sys.executable, script, "--address", address, "--minutes", "0.05", "--envs", "2", "--eval-episodes", "4", "--out", str(out)],
        check=True,
        timeout=300,
        env=env,
    )
    report = json.loads((out / "eval.json").read_text())
    assert report["env_steps"] > 0
    assert set(report["eval"]) == {"real game", "start_act=3", "start_act=2,start_clues=3", "start_act=2"}
    for r in report["eval"].values():
        assert r["episodes"] == 4 and 0 <= r["wilson95"][0] <= r["win_rate"] <= r["wilson95"][1] <= 1
        assert sum(r["ended_on"].values()) == 4
    assert (out / "curve.csv").read_text().startswith("steps,")
