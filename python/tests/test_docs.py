"""Every runnable code block of the docs runs, as written, in CI.

The documents are DOCS below. A fenced block runs when its language is
``sh``/``bash`` (a shell script, ``set -euo pipefail``), ``python`` (the test
venv's interpreter) or ``go`` (a ``package main`` file built and run inside the
module). Blocks in other languages (``text``, ``yaml``, ``mermaid``, none) are
not run. An HTML comment on the lines just above a fence steers it; rendered
Markdown hides it, so the reader sees the command as they will type it:

``<!-- doctest: skip REASON -->``
    not run (a server that runs until Ctrl-C, the test command itself, an
    install the test venv already has); the reason is required.
``<!-- doctest: replace "OLD" "NEW" -->``
    run with OLD replaced by NEW (small sizes: ``--episodes 200`` ->
    ``--episodes 2``); OLD must occur, so a stale directive fails.
``<!-- doctest: timeout SECONDS -->``
    the block's time limit (default 120).

Blocks run in the repository root with ``mythos`` and ``python`` on PATH (the
binary under test and the test venv); ``go run ./cmd/mythos`` runs that same
binary instead of rebuilding it, and ``$DOCTEST_TMP`` is a scratch directory.
Outputs the docs write under the repository (``runs/``, ``data/``) are
git-ignored.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ["README.md", "python/README.md", "serve/README.md", "train/README.md", *sorted(
    str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))]
RUN = {"sh": "sh", "bash": "sh", "python": "python", "go": "go"}
DEFAULT_TIMEOUT = 120

FENCE = re.compile(r"^(\s*)```\s*([\w+-]*)\s*$")
DIRECTIVE = re.compile(r"^\s*<!--\s*doctest:\s*(.*?)\s*-->\s*$")


@dataclass
class Block:
    """One fenced code block of a document."""

    doc: str
    line: int  # 1-based line of the opening fence
    lang: str
    code: str
    skip: str | None = None
    replaces: list[tuple[str, str]] = field(default_factory=list)
    timeout: int = DEFAULT_TIMEOUT

    @property
    def id(self) -> str:
        return f"{self.doc}:{self.line}"

    def source(self) -> str:
        """The code with the block's replacements applied."""
        code = self.code
        for old, new in self.replaces:
            if old not in code:
                raise AssertionError(f"{self.id}: doctest replace {old!r}: not in the block")
            code = code.replace(old, new)
        return code


def parse(doc: str, text: str) -> list[Block]:
    """The fenced blocks of a Markdown text, with their directives."""
    blocks: list[Block] = []
    pending: list[tuple[int, str]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = DIRECTIVE.match(lines[i])
        if m:
            pending.append((i + 1, m.group(1)))
            i += 1
            continue
        m = FENCE.match(lines[i])
        if not m:
            if lines[i].strip():
                pending = []  # a directive steers only the fence right below it
            i += 1
            continue
        start, indent, lang = i + 1, m.group(1), m.group(2).lower()
        body: list[str] = []
        i += 1
        while i < len(lines) and not FENCE.match(lines[i]):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        i += 1  # the closing fence
        b = Block(doc, start, lang, "\n".join(body) + "\n")
        for line, d in pending:
            apply_directive(b, line, d)
        pending = []
        blocks.append(b)
    return blocks


def apply_directive(b: Block, line: int, d: str) -> None:
    """Applies one ``doctest:`` directive (its text after the colon) to b."""
    word, _, rest = d.partition(" ")
    if word == "skip":
        if not rest.strip():
            raise AssertionError(f"{b.doc}:{line}: doctest skip needs a reason")
        b.skip = rest.strip()
    elif word == "replace":
        args = shlex.split(rest)
        if len(args) != 2:
            raise AssertionError(f'{b.doc}:{line}: doctest replace takes "OLD" "NEW", got {rest!r}')
        b.replaces.append((args[0], args[1]))
    elif word == "timeout":
        b.timeout = int(rest)
    else:
        raise AssertionError(f"{b.doc}:{line}: unknown doctest directive {word!r}")


def runnable() -> list[Block]:
    out: list[Block] = []
    for doc in DOCS:
        out += [b for b in parse(doc, (ROOT / doc).read_text()) if b.lang in RUN]
    return out


BLOCKS = runnable()


@pytest.fixture(scope="module")
def shell_env(binary: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a block: mythos and the venv's python first on PATH
    (the venv's own bin directory: a symlink elsewhere would lose the venv)."""
    bindir = tmp_path_factory.mktemp("doctest-bin")
    (bindir / "mythos").symlink_to(binary)
    env = dict(os.environ)
    env["PATH"] = f"{bindir}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{env['PATH']}"
    env["MYTHOS_BIN"] = binary
    env["DOCTEST_TMP"] = str(tmp_path_factory.mktemp("doctest-tmp"))
    env.pop("VIRTUAL_ENV", None)
    return env


def run_block(b: Block, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    code = b.source().replace("go run ./cmd/mythos", "mythos")
    kind = RUN[b.lang]
    if kind == "sh":
        cmd = ["bash", "-euo", "pipefail", "-c", code]
    elif kind == "python":
        cmd = [sys.executable, "-c", code]
    else:
        return run_go(b, code, env)
    return subprocess.run(cmd, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=b.timeout)


def run_go(b: Block, code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Builds and runs a ``package main`` block inside the module (a dot
    directory, so ``./...`` never sees it)."""
    if not re.search(r"^package main\b", code, re.M):
        raise AssertionError(f"{b.id}: a go block must be a whole `package main` file "
                             "(or say why not with <!-- doctest: skip REASON -->)")
    d = ROOT / f".doctest-{b.doc.replace('/', '-')}-{b.line}"
    d.mkdir(exist_ok=True)
    try:
        (d / "main.go").write_text(code)
        return subprocess.run(["go", "run", f"./{d.name}"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=b.timeout)
    finally:
        shutil.rmtree(d, ignore_errors=True)


@pytest.mark.parametrize("block", BLOCKS, ids=[b.id for b in BLOCKS])
def test_doc_block(block: Block, shell_env: dict[str, str]) -> None:
    if block.skip:
        pytest.skip(block.skip)
    r = run_block(block, shell_env)
    assert r.returncode == 0, (f"{block.id} ({block.lang}) exited {r.returncode}\n--- code\n"
                               f"{block.source()}--- stdout\n{r.stdout[-3000:]}--- stderr\n{r.stderr[-3000:]}")


def test_directives_parse() -> None:
    text = ('<!-- doctest: replace "--episodes 200" "--episodes 2" -->\n'
            '<!-- doctest: timeout 30 -->\n```sh\nmythos run X --episodes 200\n```\n\n'
            '<!-- doctest: skip serves until Ctrl-C -->\n```sh\nmake run\n```\n'
            '<!-- doctest: skip stale -->\nprose between\n```python\nprint(1)\n```\n')
    a, b, c = parse("t.md", text)
    assert (a.lang, a.line, a.timeout, a.source()) == ("sh", 3, 30, "mythos run X --episodes 2\n")
    assert b.skip == "serves until Ctrl-C"
    assert c.skip is None, "a directive separated from its fence by prose must not apply"
    stale = Block("t.md", 1, "sh", "echo\n", replaces=[("--gone", "x")])
    with pytest.raises(AssertionError, match="not in the block"):
        stale.source()
    with pytest.raises(AssertionError, match="needs a reason"):
        parse("t.md", "<!-- doctest: skip -->\n```sh\ntrue\n```\n")


def test_every_doc_has_runnable_blocks() -> None:
    """The docs list is not empty by accident (a renamed file would drop out)."""
    docs = {b.doc for b in BLOCKS}
    for doc in ("README.md", "python/README.md", "train/README.md"):
        assert doc in docs, f"{doc} has no runnable block any more"
