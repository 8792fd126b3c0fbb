"""Steps per second seen from Python, next to in-process Go, and PettingZoo peers.

Measures, on one machine in one run, for batch sizes 1, 16, 256 and 1024:
  * the in-process Go vector env (benchmarks/python/govector: n envs, the
    server's number of workers, random legal actions chosen in Go);
  * Python ``mythos.make_vec`` through the server over gRPC (unary calls and
    the bidirectional stream) and over the shared-memory fast path (arrays
    copied out, the default, and ``copy=False`` views), random masked actions
    chosen in numpy;
with the client's and the server's CPU time per env-step (a steadier measure
than the wall clock on a loaded machine) and the machine's load average at
each figure; then the p50/p99 latency of one env's step (``mythos.make``
per transport, and the raw ``Session.step`` over shared memory), and random
masked play of PettingZoo classic envs and of the Mythos AEC env. Every
figure is the median of --repeats runs, interleaved (one run of every
configuration, then the next round), so that a change of the machine's load
hits them all alike. Writes a Markdown table to --out.

    pip install -e 'python[bench]'
    python benchmarks/python/throughput.py --seconds 2 --repeats 3
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import re
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

import mythos
from mythos import LocalServer

ROOT = Path(__file__).resolve().parents[2]


def build_govector(repo: Path, out: Path) -> Path:
    """Builds benchmarks/python/govector into out (once per run)."""
    return build_go(repo, "./benchmarks/python/govector", out)


def build_go(repo: Path, pkg: str, out: Path) -> Path:
    """go build -o out pkg, in repo."""
    cmd = ["go", "build", "-o", str(out), pkg]
    p = subprocess.run(cmd, cwd=repo, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{p.stdout}\n{p.stderr}")
    return out


def go_vector(binary: Path, env_id: str, n: int, workers: int, seconds: float) -> tuple[float, float, float]:
    """The in-process vector env: (CPU us per env-step, 0, steps/s)."""
    p = subprocess.run([str(binary), "--env", env_id, "--n", str(n), "--workers", str(workers), "--seconds", str(seconds)],
                       capture_output=True, text=True, check=True)
    r = json.loads(p.stdout)
    return r["cpu_us"] / n, 0.0, r["steps_per_s"]


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
    """One random legal action per row of a mask batch: the legal action with
    the largest of random odd byte keys (ties, in 2 % of rows with 5 legal
    actions and 5 % with 12, go to the lower action). Byte keys cost a batch
    of 256 LCG rows about 60 us, where float keys (``rng.random(mask.shape)
    * mask``) cost about 145 us, a third of the whole step at that size: the
    harness's policy, not the env."""
    keys = np.frombuffer(rng.bytes(mask.size), np.uint8).reshape(mask.shape) | 1
    return np.argmax(keys & (0 - mask.view(np.uint8)), axis=1)


def python_vector(
    address: str, env_id: str, n: int, seconds: float, transport: str, server_pid: int | None
) -> tuple[float, float, float]:
    """Steps/s of a batch of n envs, random masked actions chosen in numpy,
    with the Python process's and the server's CPU microseconds per env-step
    (the server's 0 when it is not known). transport: "unary", "stream"
    (gRPC), "shm" (shared memory, results copied) or "shm-views"
    (shared memory, copy=False)."""
    kw: dict[str, Any] = {"transport": "grpc", "stream": transport == "stream"}
    if transport.startswith("shm"):
        kw = {"transport": "shm", "copy": transport == "shm"}
    venv = mythos.make_vec(env_id, n, address, **kw)
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
    py_us = (process_cpu(None) - py0) / steps / n * 1e6
    srv_us = (process_cpu(server_pid) - srv0) / steps / n * 1e6 if server_pid else 0.0
    venv.close()
    return py_us, srv_us, rate


def single_latency(address: str, env_id: str, seconds: float, transport: str) -> tuple[float, float, float]:
    """p50 and p99 of one env's step (microseconds) and steps/s: via
    mythos.make (transport "unary", "stream" or "shm"), or "session": the raw
    Session.step over shared memory with copy=False."""
    rng = np.random.default_rng(0)
    lat = []
    if transport == "session":
        c = mythos.Client(address)
        s = c.open(env_id, 1, seed=1, auto_reset=True, transport="shm", copy=False)
        r = s.reset()
        actions = np.zeros(1, np.int32)
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            actions[0] = random_masked(rng, r.action_mask)[0]
            t0 = time.perf_counter()
            r = s.step(actions)
            lat.append(time.perf_counter() - t0)
        s.close()
        c.close()
    else:
        kw: dict[str, Any] = {"transport": "shm"} if transport == "shm" else {"transport": "grpc", "stream": transport == "stream"}
        env = mythos.make(env_id, address, **kw)
        _, info = env.reset(seed=1)
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


BATCHES = (1, 16, 256, 1024)
TRANSPORTS = ("unary", "stream", "shm", "shm-views")
KIND = {
    "go": "Go in-process vector env",
    "unary": "gRPC unary",
    "stream": "gRPC stream",
    "shm": "shared memory (arrays copied, the default)",
    "shm-views": "shared memory, `copy=False` views",
}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", default="ArkhamLCG/TheGathering-v0")
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    p.add_argument("--repeats", type=int, default=3, help="runs per figure; the median is kept")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                   help="workers of the server and of the in-process vector env (default: cores)")
    p.add_argument("--batches", default=",".join(map(str, BATCHES)), help="batch sizes, comma-separated")
    p.add_argument("--no-peers", action="store_true", help="skip the PettingZoo comparison")
    p.add_argument("--repo", type=Path, default=ROOT, help="Go repository (for the in-process vector env)")
    p.add_argument("--out", type=Path, default=None,
                   help="write the Markdown table here (benchmarks/results/python.md is the committed one); "
                        "default: print it only")
    args = p.parse_args()
    batches = [int(b) for b in args.batches.split(",")]

    # The server and the in-process vector env are built from the same tree
    # at the same moment, so that they run the same engine.
    tmp = Path(tempfile.mkdtemp())
    govector = build_govector(args.repo, tmp / "govector")
    mythos_bin = build_go(args.repo, "./cmd/mythos", tmp / "mythos")
    server = LocalServer(str(mythos_bin), args=["--workers", str(args.workers), "--max-envs", str(max(batches))])
    address, server_pid = server.address, server.pid
    load_start = os.getloadavg()

    # Interleaved rounds: one run of every configuration per round.
    configs = [(n, t) for n in batches for t in ("go", *TRANSPORTS)]
    runs: dict[tuple[int, str], list[tuple[float, float, float, float]]] = {c: [] for c in configs}
    for rnd in range(args.repeats):
        for n, t in configs:
            if t == "go":
                r = go_vector(govector, args.env, n, args.workers, args.seconds)
            else:
                r = python_vector(address, args.env, n, args.seconds, t, server_pid)
            runs[(n, t)].append((*r, os.getloadavg()[0]))
            print(f"round {rnd + 1} batch {n} {t}: {r[2]:,.0f} steps/s, CPU per env-step: client {r[0]:.2f} us, "
                  f"server {r[1]:.2f} us, load {os.getloadavg()[0]:.2f}", flush=True)
    lat_runs: dict[str, list[tuple[float, float, float, float]]] = {t: [] for t in ("unary", "stream", "shm", "session")}
    for rnd in range(args.repeats):
        for t in lat_runs:
            r = single_latency(address, args.env, args.seconds, t)
            lat_runs[t].append((*r, os.getloadavg()[0]))
            print(f"round {rnd + 1} one env {t}: p50 {r[0]:.1f} us, p99 {r[1]:.1f} us, {r[2]:,.0f} steps/s", flush=True)

    def med(rs: list[tuple[float, ...]], k: int) -> tuple[float, ...]:
        """The run with the median k-th value."""
        s = sorted(rs, key=lambda r: r[k])
        return s[(len(s) - 1) // 2]

    rows: list[tuple[str, ...]] = []
    for n in batches:
        go = med(runs[(n, "go")], 2)
        for t in ("go", *TRANSPORTS):
            py_us, srv_us, rate, load = med(runs[(n, t)], 2)
            loads = [r[3] for r in runs[(n, t)]]
            client = f"{py_us:.2f}"
            server_cpu = "—" if t == "go" else f"{srv_us:.2f}"
            rows.append((str(n), KIND[t], f"{rate:,.0f}", f"{rate / go[2]:.0%}", client, server_cpu,
                         f"{min(loads):.1f}–{max(loads):.1f}"))
    lat_rows = []
    names = {"unary": "`mythos.make`, gRPC unary", "stream": "`mythos.make`, gRPC stream",
             "shm": "`mythos.make`, shared memory", "session": "`Session.step`, shared memory, `copy=False`"}
    for t, rs in lat_runs.items():
        p50, p99, rate, load = med(rs, 0)
        loads = [r[3] for r in rs]
        lat_rows.append((names[t], f"{p50:.0f}", f"{p99:.0f}", f"{rate:,.0f}", f"{min(loads):.1f}–{max(loads):.1f}"))
    load_end = os.getloadavg()

    peer_rows = []
    if not args.no_peers:
        aec = mythos.aec_env(args.env, address)
        rate = statistics_median([aec_rate(aec, args.seconds) for _ in range(args.repeats)])
        aec.close()
        peer_rows.append((f"PettingZoo AEC `mythos.aec_env` ({args.env})", f"{rate:,.0f}", "agent_iter loop, random masked, one call per decision (shared memory)"))
        for name, module in PEERS:
            try:
                env = importlib.import_module(module).env()
            except Exception as e:  # noqa: BLE001 - a missing extra is reported, not fatal
                peer_rows.append((f"PettingZoo `{name}`", "n/a", f"not installed: {e}"))
                continue
            rate = statistics_median([aec_rate(env, args.seconds) for _ in range(args.repeats)])
            env.close()
            peer_rows.append((f"PettingZoo `{name}` (in-process Python)", f"{rate:,.0f}", "agent_iter loop, random masked"))
    server.stop()
    import grpc  # noqa: PLC0415

    cmd = f"python benchmarks/python/throughput.py --seconds {args.seconds:g} --repeats {args.repeats} --workers {args.workers}"
    if args.batches != ",".join(map(str, BATCHES)):
        cmd += f" --batches {args.batches}"
    head = (
        f"# Python throughput ({args.env})\n\n"
        f"Made by `{cmd}` on {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"grpcio {grpc.__version__}, numpy {np.__version__}; server and in-process vector env with {args.workers} workers. "
        "Steps are decisions (one action of one env); actions are random among the legal ones (Go: uniform; Python: the largest of random byte keys, ties to the lower action). "
        f"Each figure is the median of {args.repeats} runs of {args.seconds:g} s, taken in interleaved rounds. "
        "gRPC sessions use the packed encoding with sparse observations (the client's default over gRPC). "
        "CPU is per env-step: the client's (the Python process; Go's own for the in-process row) and the server's, every core counted. "
        f"Load average (1, 5, 15 min): {load_start[0]:.2f}, {load_start[1]:.2f}, {load_start[2]:.2f} at the start, "
        f"{load_end[0]:.2f}, {load_end[1]:.2f}, {load_end[2]:.2f} at the end; each row gives the 1-minute load over its runs. "
        "Timings, not results: they vary from run to run and machine to machine.\n\n"
        "| batch | path | steps/s | of in-process | client CPU µs/step | server CPU µs/step | load |\n"
        "|---:|---|---:|---:|---:|---:|---|\n"
    )
    table = "".join("| " + " | ".join(r) + " |\n" for r in rows)
    table += ("\nOne env's step latency (µs), as a training loop sees it:\n\n"
              "| path | p50 | p99 | steps/s | load |\n|---|---:|---:|---:|---|\n")
    table += "".join("| " + " | ".join(r) + " |\n" for r in lat_rows)
    if peer_rows:
        table += "\nPettingZoo, random masked play:\n\n| what | decisions/s | notes |\n|---|---:|---|\n"
        table += "".join("| " + " | ".join(r) + " |\n" for r in peer_rows)
    if args.out is None:
        print("\n" + head + table)
        return
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(head + table)
    print(f"wrote {args.out}")


def statistics_median(xs: list[float]) -> float:
    s = sorted(xs)
    return s[(len(s) - 1) // 2]


if __name__ == "__main__":
    main()
