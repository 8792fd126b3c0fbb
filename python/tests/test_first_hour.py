"""The newcomer's path talks: a first build of the server says what it is doing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
