"""Mythos against the Hanabi Learning Environment (C++), side by side.

Each round runs HLE's random play (benchmarks/hle/run.sh: canonical encoding
and the legal-move list every decision) and then ``mythos bench
--no-strength`` on the env ids (encoded and raw decisions/s, memory per env,
the vector env on 1 and 2 workers), so that a change of the machine's load
hits both alike; every figure is the median of its rounds. Prints a Markdown
table of ratios to HLE.

    python -m venv /tmp/ospenv && /tmp/ospenv/bin/pip install open_spiel
    HLE_PYTHON=/tmp/ospenv/bin/python python3 benchmarks/hle/compare.py --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def hle(seconds: float) -> float:
    out = subprocess.run([str(ROOT / "benchmarks/hle/run.sh"), str(seconds)], capture_output=True, text=True, check=True)
    return float(json.loads(out.stdout)["decisions_per_s"])


def mythos(binary: str, ids: str, seconds: float, out: str) -> list[dict]:
    subprocess.run([binary, "bench", "--no-strength", "--quiet", "--ids", ids, "--duration", f"{seconds}s", "--out", out],
                   check=True, capture_output=True, text=True)
    with open(os.path.join(out, "results.json")) as f:
        return json.load(f)["throughput"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0, help="time per figure")
    ap.add_argument("--bin", default=str(ROOT / "bin/mythos"))
    ap.add_argument("--ids", default="", help="env ids, comma-separated (default: every registered id)")
    args = ap.parse_args()
    hle_runs: list[float] = []
    runs: dict[str, dict[str, list[float]]] = {}
    load = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.rounds):
            hle_runs.append(hle(args.seconds))
            for t in mythos(args.bin, args.ids, args.seconds, os.path.join(tmp, str(k))):
                r = runs.setdefault(t["env"], {})
                r.setdefault("encoded", []).append(t["encoded_decisions_per_s"])
                r.setdefault("raw", []).append(t["raw_decisions_per_s"])
                r.setdefault("bytes", []).append(t["bytes_per_env"])
                r.setdefault("vbytes", []).append(t["vector_bytes_per_env"])
                for v in t["vector"]:
                    r.setdefault(f"step{v['workers']}", []).append(v["step_decisions_per_s"])
            load.append(os.getloadavg()[0])
    h = statistics.median(hle_runs)
    med = statistics.median
    print(f"HLE (C++, canonical encoding + legal moves): {h:,.0f} decisions/s; "
          f"median of {args.rounds} interleaved rounds of {args.seconds:g} s; load (1 min) {min(load):.2f}-{max(load):.2f}")
    print()
    print("| env | encoded/s | × HLE | raw/s | encoding share | memory per env | in a vector | Vector.Step 2 workers ÷ 1 |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    for env, r in sorted(runs.items()):
        enc, raw = med(r["encoded"]), med(r["raw"])
        share = 1 - enc / raw if raw else 0.0
        scale = med(r["step2"]) / med(r["step1"]) if "step2" in r and "step1" in r else float("nan")
        print(f"| {env} | {enc:,.0f} | {enc / h:.2f} | {raw:,.0f} | {share:.0%} | {med(r['bytes']) / 1024:.1f} KiB | "
              f"{med(r['vbytes']) / 1024:.1f} KiB | {scale:.2f} |")


if __name__ == "__main__":
    main()
