"""The newcomer's path: a first build of the server says what it is doing, and the
README commands' outputs stay out of git."""

from __future__ import annotations

import os
import subprocess
import shutil
import sys
import zipfile
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


def test_import_from_the_parent_of_a_clone_named_mythos(tmp_path: Path) -> None:
    """`pip install -e python`, then `import mythos` from the folder that holds the clone
    (named mythos, as git names it): the installed package, not the clone's folder as an
    empty namespace package (AttributeError: module 'mythos' has no attribute 'make')."""
    pytest.importorskip("setuptools")
    root = Path(__file__).resolve().parents[2]
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    build = subprocess.run([sys.executable, "-c", "import sys; from setuptools import build_meta; "
                            "print(build_meta.build_editable(sys.argv[1]))", str(wheels)],
                           cwd=root / "python", capture_output=True, text=True, timeout=120)
    if build.returncode != 0:
        pytest.skip(f"cannot build an editable wheel here: {build.stderr[-500:]}")
    site_dir = tmp_path / "site"
    with zipfile.ZipFile(wheels / build.stdout.split()[-1]) as z:
        z.extractall(site_dir)  # what pip would install: the .pth (and any import hook)
    parent = tmp_path / "parent"
    (parent / "mythos" / "python").mkdir(parents=True)  # the clone's folder, no __init__.py
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    r = subprocess.run([sys.executable, "-c", f"import site; site.addsitedir({str(site_dir)!r}); import mythos; "
                        "print(mythos.__file__, mythos.make.__name__)"],
                       cwd=parent, env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == [str(root / "python" / "mythos" / "__init__.py"), "make"]


def test_make_stamps_the_commit_and_the_venv_step_talks() -> None:
    """make build/install/run stamp the commit (the machine may build with
    -buildvcs=false); the venv step lets pip list what it downloads."""
    root = Path(__file__).resolve().parents[2]
    if shutil.which("make") is None or not (root / ".git").exists():
        pytest.skip("needs make and a git checkout")
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True).stdout.strip()
    for target in ("build", "install"):
        r = subprocess.run(["make", "-n", target], cwd=root, capture_output=True, text=True, timeout=60)
        assert f"-X main.commit={head}" in r.stdout, r.stdout
    r = subprocess.run(["make", "-n", "venv", "VENV=" + "/nonexistent/venv"], cwd=root, capture_output=True,
                       text=True, timeout=60)
    install = [line for line in r.stdout.splitlines() if "pip install" in line and "-e" in line]
    assert install and " -q" not in install[0], r.stdout


def test_a_stopped_server_is_said_to_have_gone(binary: str) -> None:
    """After the server stops, a session's next step says the server went away
    (not NOT_FOUND: session ... is closed or unknown)."""
    import numpy as np

    import mythos
    from mythos.errors import ServerGoneError

    srv = mythos.LocalServer(binary)
    try:
        with mythos.Client(srv.address) as c:
            s = c.open("ArkhamLCG/TheGathering-v0", seed=1)
            r = s.reset()
            srv.stop()
            with pytest.raises(ServerGoneError, match=f"the server at {srv.address} went away"):
                s.step(np.array([int(np.flatnonzero(r.action_mask[0])[0])]))
    finally:
        srv.stop()


def test_one_way_to_run_the_cli() -> None:
    """Every doc runs the CLI as `mythos ...` (make install puts it on PATH), never
    `go run ./cmd/mythos` (a second way, and one that cannot name its commit)."""
    root = Path(__file__).resolve().parents[2]
    docs = [root / "README.md", *root.glob("*/README.md"), *root.glob("docs/*.md"), *root.glob("train/configs/*.yaml")]
    offenders = [str(p.relative_to(root)) for p in docs if "go run ./cmd/mythos" in p.read_text()]
    assert not offenders, f"go run ./cmd/mythos in {offenders}"
    readme = (root / "README.md").read_text()
    assert "make install" in readme and "mythos --version" in readme


def test_an_example_exits_without_resource_warnings(binary: str) -> None:
    """An example that starts its own local server leaves nothing unclosed at exit."""
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, MYTHOS_BIN=binary)
    r = subprocess.run([sys.executable, "-X", "dev", "-W", "always::ResourceWarning",
                        str(root / "python" / "examples" / "random_agent.py"), "--episodes", "1"],
                       env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "ResourceWarning" not in r.stderr, r.stderr[-2000:]
