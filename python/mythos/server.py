"""Starting a local ``mythos serve`` for clients that name no address."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Sequence

_BUILD_LOCK = threading.Lock()
_SHARED_LOCK = threading.Lock()
_shared: "LocalServer | None" = None


def _repo_root() -> Path | None:
    """The Mythos Go repository this package sits in, if it does."""
    for parent in Path(__file__).resolve().parents:
        gomod = parent / "go.mod"
        if gomod.is_file() and "module github.com/mythos-rl/mythos" in gomod.read_text():
            return parent
    return None


def _say_building(root: Path, out: Path) -> None:
    """Tells the user on stderr that the server binary is being built."""
    print(
        f"mythos: building the env server (go build ./cmd/mythos in {root}, into {out}); "
        "the first build downloads the Go modules and takes a minute or two. "
        "Set MYTHOS_BIN to use a binary you built.",
        file=sys.stderr,
        flush=True,
    )


def find_binary() -> str:
    """Finds the ``mythos`` binary to serve envs.

    In order: the ``MYTHOS_BIN`` environment variable; a ``go build`` of
    ``./cmd/mythos`` of the repository this package sits in, into a cache
    directory (``$MYTHOS_CACHE`` or ``~/.cache/mythos``); ``mythos`` on PATH.

    Raises:
        FileNotFoundError: when none of them gives a binary.
    """
    env_bin = os.environ.get("MYTHOS_BIN")
    if env_bin:
        if not os.access(env_bin, os.X_OK):
            raise FileNotFoundError(f"MYTHOS_BIN={env_bin!r} is not an executable file")
        return env_bin
    root = _repo_root()
    go = shutil.which("go")
    build_error = ""
    if root is not None and go is not None:
        cache = Path(os.environ.get("MYTHOS_CACHE", Path.home() / ".cache" / "mythos"))
        cache.mkdir(parents=True, exist_ok=True)
        out = cache / "mythos"
        with _BUILD_LOCK:
            # An up-to-date binary builds in about a second; a first build (module
            # download and compile) takes a minute or two, so say what is going on.
            notice = threading.Timer(1.0, _say_building, args=(root, out))
            notice.daemon = True
            notice.start()
            try:
                proc = subprocess.run(
                    [go, "build", "-o", str(out), "./cmd/mythos"], cwd=root, capture_output=True, text=True
                )
            finally:
                notice.cancel()
        if proc.returncode == 0:
            return str(out)
        build_error = f" (go build ./cmd/mythos failed: {proc.stderr.strip()})"
    on_path = shutil.which("mythos")
    if on_path:
        return on_path
    raise FileNotFoundError(
        "no mythos binary: set MYTHOS_BIN, install Go inside the repository, or put mythos on PATH" + build_error
    )


class LocalServer:
    """A ``mythos serve`` child process on a free localhost port.

    The server stops when :meth:`stop` is called, when this process exits, or
    when this process dies (it watches its standard input).
    """

    def __init__(self, binary: str | None = None, args: Sequence[str] = (), timeout: float = 60.0) -> None:
        self.binary = binary or find_binary()
        cmd = [self.binary, "serve", "--addr", "127.0.0.1:0", "--stop-on-eof", *args]
        self._proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self._stderr: list[str] = []
        self.address = self._await_address(timeout)
        self._drains = [threading.Thread(target=self._drain, args=(self._proc.stderr, self._stderr), daemon=True),
                        threading.Thread(target=self._drain, args=(self._proc.stdout, None), daemon=True)]
        for t in self._drains:
            t.start()
        atexit.register(self.stop)

    def _await_address(self, timeout: float) -> str:
        result: list[str] = []
        assert self._proc.stdout is not None
        reader = threading.Thread(target=lambda: result.append(self._proc.stdout.readline()), daemon=True)
        reader.start()
        reader.join(timeout)
        line = result[0] if result else ""
        if not line.startswith("listening on "):
            self._proc.kill()
            err = self._proc.stderr.read() if self._proc.stderr else ""
            raise RuntimeError(f"mythos serve did not start ({self.binary}): {line.strip()} {err.strip()}")
        return line[len("listening on ") :].strip()

    @staticmethod
    def _drain(stream: IO[str] | None, keep: list[str] | None) -> None:
        if stream is None:
            return
        with stream:  # closed at the end: no ResourceWarning at exit
            for line in stream:
                if keep is not None:
                    keep.append(line)
                    del keep[:-200]

    @property
    def pid(self) -> int:
        """The server's process id."""
        return self._proc.pid

    @property
    def logs(self) -> str:
        """The last lines the server logged."""
        return "".join(self._stderr)

    def running(self) -> bool:
        """Whether the server process is alive."""
        return self._proc.poll() is None

    def stop(self, timeout: float = 10.0) -> int | None:
        """Stops the server gracefully (SIGTERM), killing it after timeout."""
        if self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        if self._proc.stdin is not None and not self._proc.stdin.closed:
            try:
                self._proc.stdin.close()
            except OSError:
                pass
        for t in getattr(self, "_drains", ()):
            t.join(2)  # the pipes end with the process; the readers close them
        return self._proc.returncode


def shared_server() -> LocalServer:
    """The one local server this process starts for clients with no address."""
    global _shared
    with _SHARED_LOCK:
        if _shared is None or not _shared.running():
            _shared = LocalServer()
        return _shared
