"""The newcomer's path: a first build of the server says what it is doing, and the
README commands' outputs stay out of git."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

FAKE_GO = """#!/bin/sh
# stands in for a slow first `go build -o OUT ./cmd/mythos`
sleep {delay}
while [ "$#" -gt 0 ]; do
  if [ "$1" = "-o" ]; then printf '#!/bin/sh\\n' > "$2"; chmod +x "$2"; fi
  shift
done
"""


def find_binary_with(tmp_path: Path, delay: float) -> subprocess.CompletedProcess[str]:
    bindir = tmp_path / "bin"
    bindir.mkdir()
    go = bindir / "go"
    go.write_text(FAKE_GO.format(delay=delay))
    go.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "MYTHOS_BIN"}
    env["PATH"] = f"{bindir}{os.pathsep}{env['PATH']}"
    env["MYTHOS_CACHE"] = str(tmp_path / "cache")
    return subprocess.run([sys.executable, "-c", "import mythos; print(mythos.find_binary())"],
                          env=env, capture_output=True, text=True, timeout=60)


def test_slow_build_says_so(tmp_path: Path) -> None:
    r = find_binary_with(tmp_path, 2)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == str(tmp_path / "cache" / "mythos")
    assert "building the env server" in r.stderr and "MYTHOS_BIN" in r.stderr


def test_quick_build_is_quiet(tmp_path: Path) -> None:
    r = find_binary_with(tmp_path, 0)
    assert r.returncode == 0, r.stderr
    assert "building" not in r.stderr


def test_outputs_of_the_readme_commands_are_ignored() -> None:
    """What the README's commands write (record's data/, train's runs/, bench's
    default bench-results/, make's bin/ and .venv/) never shows up in git status."""
    root = Path(__file__).resolve().parents[2]
    if not (root / ".git").exists():
        pytest.skip("not a git checkout")
    paths = ["data/h/part-0.arrow", "runs/easy/metrics.csv", "bench-results/2026-01-01_00-00/report.md",
             "bin/mythos", ".venv/bin/python"]
    r = subprocess.run(["git", "check-ignore", "--no-index", *paths], cwd=root, capture_output=True, text=True)
    assert sorted(r.stdout.split()) == sorted(paths), f"not ignored: {set(paths) - set(r.stdout.split())}"
