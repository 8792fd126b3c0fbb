"""Steps per second seen from Python, next to in-process Go, and PettingZoo peers.

Measures, on one machine in one run:
  * Go in-process decisions/s (``go test -bench`` of ./benchmarks: one env on
    one goroutine, and a vector of 64 envs over all cores);
  * Python steps/s through the gRPC server for batch sizes 1, 16 and 256
    (make_vec, unary calls and the bidirectional stream), random masked actions,
    with the CPU time per call of the Python process and of the server (a
    steadier measure than the wall clock on a loaded machine), and the same
    at batch 256 in the first protocol's tensors encoding (packed=False);
  * p50/p99 latency of a single-env step (mythos.make);
  * random masked play of PettingZoo classic envs (tictactoe, connect_four,
    chess) and of the Mythos AEC env through the same agent_iter loop;
and writes a Markdown table to benchmarks/results/python.md. Every figure is
the median of --repeats runs (Go: of --repeats runs before and as many after
the Python runs).

    pip install -e 'python[bench]'
    python benchmarks/python/throughput.py --seconds 3
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import re
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

import mythos
from mythos import LocalServer

ROOT = Path(__file__).resolve().parents[2]


def go_bench(repo: Path, env_id: str, seconds: float, count: int = 1) -> dict[str, list[float]]:
    """In-process decisions/s from the Go benchmarks of env_id, count runs each."""
    name = re.escape(env_id)
    cmd = ["go", "test", "-run", "^$", "-bench", f"Benchmark(Step|Vector)/^{name}$", "-benchtime", f"{seconds}s",
           "-count", str(count), "./benchmarks/"]
    p = subprocess.run(cmd, cwd=repo, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{p.stdout}\n{p.stderr}")
    out: dict[str, list[float]] = {}
    for line in p.stdout.splitlines():
        m = re.match(r"^(Benchmark\S+?)(-\d+)?\s+\d+\s+.*?([\d.e+]+) decisions/s", line)
        if m:
            out.setdefault(m.group(1), []).append(float(m.group(3)))
    return out


def process_cpu(pid: int | None) -> float:
    """CPU seconds (user and system) used so far by process pid (this process
    when None; 0 where /proc cannot tell)."""
    if pid is None:
        return time.process_time()
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def random_masked(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """One uniformly random legal action per row of a mask batch."""
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def python_vector(
    address: str, env_id: str, n: int, seconds: float, stream: bool, server_pid: int | None, packed: bool = True
) -> tuple[float, float, float]:
    """Steps/s of a batch of n envs, random masked actions chosen in numpy,
    with the Python process's and the server's CPU microseconds per call (the
    server's 0 when it is not known)."""
    venv = mythos.make_vec(env_id, n, address, stream=stream, packed=packed)
    rng = np.random.default_rng(0)
    _, infos = venv.reset(seed=1)
    for _ in range(20):  # warm up
        _, _, _, _, infos = venv.step(random_masked(rng, infos["action_mask"]))
    py0, srv0 = process_cpu(None), process_cpu(server_pid) if server_pid else 0.0
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(10):
            _, _, _, _, infos = venv.step(random_masked(rng, infos["action_mask"]))
        steps += 10
    rate = steps * n / (time.perf_counter() - start)
    py_us = (process_cpu(None) - py0) / steps * 1e6
    srv_us = (process_cpu(server_pid) - srv0) / steps * 1e6 if server_pid else 0.0
    venv.close()
    return py_us, srv_us, rate


def single_latency(address: str, env_id: str, seconds: float, stream: bool) -> tuple[float, float, float]:
    """p50 and p99 of one env.step (microseconds) and steps/s, via mythos.make."""
    env = mythos.make(env_id, address, stream=stream)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=1)
    lat = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        a = int(random_masked(rng, info["action_mask"][None])[0])
        t0 = time.perf_counter()
        _, _, term, trunc, info = env.step(a)
        lat.append(time.perf_counter() - t0)
        if term or trunc:
            _, info = env.reset()
    env.close()
    us = np.array(lat) * 1e6
    return float(np.percentile(us, 50)), float(np.percentile(us, 99)), len(lat) / (time.perf_counter() - start)


def aec_rate(env, seconds: float) -> float:
    """Random masked play of an AEC env: decisions per second (resets included)."""
    rng = np.random.default_rng(0)
    decisions, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                action = None
            else:
                mask = obs["action_mask"]
                action = int(rng.choice(np.flatnonzero(mask)))
                decisions += 1
            env.step(action)
    return decisions / (time.perf_counter() - start)


PEERS = [("tictactoe_v3", "pettingzoo.classic.tictactoe_v3"), ("connect_four_v3", "pettingzoo.classic.connect_four_v3"), ("chess_v6", "pettingzoo.classic.chess_v6")]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", default="ArkhamLCG/TheGathering-v0")
    p.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    p.add_argument("--repeats", type=int, default=3, help="runs per figure; the median is kept")
    p.add_argument("--address", default=None, help="a running server (default: start one)")
    p.add_argument("--repo", type=Path, default=ROOT, help="Go repository for the in-process benchmarks")
    p.add_argument("--out", type=Path, default=None,
                   help="write the Markdown table here (benchmarks/results/python.md is the committed one); "
                        "default: print it only")
    args = p.parse_args()

    server = None
    address = args.address
    if address is None:
        server = LocalServer()
        address = server.address
    rows: list[tuple[str, str, str]] = []

    server_pid = server.pid if server is not None else None
    load_before = os.getloadavg()[0]
    go = go_bench(args.repo, args.env, args.seconds, args.repeats)
    for k, v in sorted(go.items()):
        print(f"{k}: {statistics.median(v):,.0f} decisions/s (median of {len(v)})", flush=True)

    def median(f: Callable[..., Any], *a: Any) -> Any:
        """The run with the median rate (the last element) of --repeats runs."""
        runs = sorted((f(*a) for _ in range(args.repeats)), key=lambda r: r[-1] if isinstance(r, tuple) else r)
        return runs[(len(runs) - 1) // 2]

    p50, p99, single_rate = median(single_latency, address, args.env, args.seconds, False)
    rows.append(("Python `mythos.make`, unary, batch 1", f"{single_rate:,.0f}", f"step latency p50 {p50:.0f} µs, p99 {p99:.0f} µs"))
    print(f"single env unary: {single_rate:,.0f} steps/s, p50 {p50:.0f} us, p99 {p99:.0f} us", flush=True)
    sp50, sp99, srate = median(single_latency, address, args.env, args.seconds, True)
    rows.append(("Python `mythos.make`, stream, batch 1", f"{srate:,.0f}", f"step latency p50 {sp50:.0f} µs, p99 {sp99:.0f} µs"))
    print(f"single env stream: {srate:,.0f} steps/s, p50 {sp50:.0f} us, p99 {sp99:.0f} us", flush=True)

    vec_rows: list[tuple[int, str, tuple[float, float, float]]] = []
    for n, stream, packed in [(1, False, True), (1, True, True), (16, False, True), (16, True, True),
                              (256, False, True), (256, True, True), (256, False, False)]:
        run = median(python_vector, address, args.env, n, args.seconds, stream, server_pid, packed)
        kind = ("stream" if stream else "unary") + ("" if packed else ", tensors encoding (`packed=False`)")
        vec_rows.append((n, kind, run))
        print(f"vector n={n} {kind}: {run[2]:,.0f} steps/s, CPU per call: Python {run[0]:.0f} us, server {run[1]:.0f} us", flush=True)

    # Go again after the Python runs: the machine's load moves, so each Go
    # figure is the median of the runs before and after.
    go_after = go_bench(args.repo, args.env, args.seconds, args.repeats)
    go_rows = []
    go_median: dict[str, float] = {}
    for k in sorted(go):
        runs = go[k] + go_after.get(k, [])
        go_median[k] = statistics.median(runs)
        go_rows.append((f"Go in-process `{k}`", f"{go_median[k]:,.0f}",
                        f"no gRPC, no Python; median of {len(runs)} runs, {min(runs):,.0f} to {max(runs):,.0f}"))
    vec_keys = [k for k in go if k.startswith("BenchmarkVector")]
    go_vector = max((go_median[k] for k in vec_keys), default=float("nan"))
    rows[:0] = go_rows
    for n, kind, (py_us, srv_us, rate) in vec_rows:
        cpu = f"; CPU per call: Python {py_us:,.0f} µs" + (f", server {srv_us:,.0f} µs" if srv_us else "")
        rows.append((f"Python `mythos.make_vec`, {kind}, batch {n}", f"{rate:,.0f}", f"{rate / go_vector:.0%} of the best Go vector figure{cpu}"))
    load_after = os.getloadavg()[0]

    aec = mythos.aec_env(args.env, address)
    rate = median(aec_rate, aec, args.seconds)
    aec.close()
    rows.append((f"PettingZoo AEC `mythos.aec_env` ({args.env})", f"{rate:,.0f}", "agent_iter loop, random masked, one gRPC call per decision"))
    print(f"mythos aec: {rate:,.0f} decisions/s", flush=True)
    for name, module in PEERS:
        try:
            env = importlib.import_module(module).env()
        except Exception as e:  # noqa: BLE001 - a missing extra is reported, not fatal
            rows.append((f"PettingZoo `{name}`", "n/a", f"not installed: {e}"))
            continue
        rate = median(aec_rate, env, args.seconds)
        env.close()
        rows.append((f"PettingZoo `{name}` (in-process Python)", f"{rate:,.0f}", "agent_iter loop, random masked"))
        print(f"{name}: {rate:,.0f} decisions/s", flush=True)

    if server is not None:
        server.stop()
    import grpc  # noqa: PLC0415

    head = (
        f"# Python throughput ({args.env})\n\n"
        f"Made by `python benchmarks/python/throughput.py --seconds {args.seconds:g} --repeats {args.repeats}` on {platform.machine()}, "
        f"{os.cpu_count()} cores, Python {platform.python_version()}, grpcio {grpc.__version__}, numpy {np.__version__}. "
        "Steps are decisions (one action of one env); actions are uniformly random among the legal ones. "
        f"Each figure is the median of {args.repeats} runs of {args.seconds:g} s (Go: of {2 * args.repeats} runs, half before and half after the Python runs). "
        "Sessions use the packed encoding with sparse observations (the client's default) unless the row says otherwise; "
        "CPU per call is the time the Python process and the server spent per step call (every core counted), "
        "which moves less with the machine's load than the wall clock. "
        f"Load average (1 min) {load_before:.1f} at the start, {load_after:.1f} after the Mythos runs: "
        "on a shared machine the figures move with its load. "
        "Timings, not results: they vary from run to run and machine to machine.\n\n"
        "| what | steps/s | notes |\n|---|---:|---|\n"
    )
    table = "".join(f"| {a} | {b} | {c} |\n" for a, b, c in rows)
    if args.out is None:
        print("\n" + head + table)
        return
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(head + table)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
