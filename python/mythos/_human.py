"""render_mode="human": a live page of the env in the browser.

The first ``render()`` starts a small HTTP server on 127.0.0.1 (a daemon
thread of this process, on a free port, under a random path) and opens its
page once with :mod:`webbrowser`; every ``render()`` then hands it the table
as the server draws it (SVG, the same drawing as ``rgb_array`` and ``mythos
web``) and the prompt in words. The page polls for a newer drawing a few
times a second, so it follows the game: the envs draw after every reset
and step in this mode, as Gymnasium's "human" mode asks, and on every
``render()``.

Set ``MYTHOS_NO_BROWSER=1`` to serve the page without opening a browser (its
address is :attr:`HumanViewer.url`, also ``env.unwrapped.human_url``).
"""

from __future__ import annotations

import html
import json
import os
import secrets
import threading
import weakref
import webbrowser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ margin: 0; background: #1d1f24; color: #ece8df; font-family: system-ui, sans-serif; }}
header {{ padding: .4rem .8rem; font-size: .9rem; color: #cfc8b8; }}
#board svg {{ width: 100%; height: auto; max-height: 80vh; display: block; }}
#text {{ white-space: pre-wrap; font-size: .8rem; padding: .4rem .8rem; background: #fffdf8; color: #222; margin: 0; }}
</style></head>
<body><header>{title} · <span id="n">waiting for render()</span></header>
<div id="board"></div><pre id="text"></pre>
<script>
'use strict';
let version = -1;
async function poll() {{
  try {{
    const r = await fetch('state.json?since=' + version, {{cache: 'no-store'}});
    if (r.status === 200) {{
      const s = await r.json();
      version = s.version;
      document.getElementById('board').innerHTML = s.svg;
      document.getElementById('text').textContent = s.text;
      document.getElementById('n').textContent = 'render ' + s.version;
    }}
  }} catch (e) {{
    document.getElementById('n').textContent = 'the env is gone';
    return;
  }}
  setTimeout(poll, 250);
}}
poll();
</script></body></html>
"""


class HumanViewer:
    """A page on 127.0.0.1 showing the last drawing handed to :meth:`update`."""

    def __init__(self, title: str, open_browser: bool | None = None) -> None:
        self._lock = threading.Lock()
        self._version = 0
        self._svg = ""
        self._text = ""
        self._opened = False
        if open_browser is None:
            open_browser = os.environ.get("MYTHOS_NO_BROWSER", "") in ("", "0")
        self._open_browser = open_browser
        secret = secrets.token_urlsafe(12)
        page = _PAGE.format(title=html.escape(title)).encode()
        viewer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the http.server name)
                path, _, query = self.path.partition("?")
                if path == f"/{secret}/":
                    self._send(200, "text/html; charset=utf-8", page)
                elif path == f"/{secret}/state.json":
                    since = query.removeprefix("since=")
                    with viewer._lock:
                        if since == str(viewer._version):
                            self._send(204, "application/json", b"")
                            return
                        body = json.dumps({"version": viewer._version, "svg": viewer._svg, "text": viewer._text})
                    self._send(200, "application/json", body.encode())
                else:
                    self._send(404, "text/plain", b"not found")

            def _send(self, code: int, ctype: str, body: bytes) -> None:
                self.send_response(code)
                self.send_header("Content-Type", ctype)
                self.send_header("Cache-Control", "no-store")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        host, port = self._server.server_address[:2]
        self.url = f"http://{host}:{port}/{secret}/"
        threading.Thread(target=self._server.serve_forever, name="mythos-human-viewer", daemon=True).start()

    @property
    def version(self) -> int:
        """How many drawings the page was handed."""
        return self._version

    def update(self, svg: str, text: str) -> None:
        """Shows a new drawing; the first one opens the page in a browser."""
        with self._lock:
            self._svg, self._text = svg, text
            self._version += 1
        if not self._opened:
            self._opened = True
            if self._open_browser:
                webbrowser.open(self.url)

    def close(self) -> None:
        """Stops serving the page."""
        self._server.shutdown()
        self._server.server_close()


def render_human(env: Any) -> None:
    """Draws env 0 of ``env``'s session on its live page (made at the first
    call, and stopped when the env is garbage collected)."""
    viewer = getattr(env, "_human_viewer", None)
    if viewer is None:
        viewer = HumanViewer(f"Mythos · {env.spec_info.id}")
        env._human_viewer = viewer
        env.human_url = viewer.url
        weakref.finalize(env, viewer.close)
    svg = env.session.render(0, format="svg")
    if isinstance(svg, bytes):
        svg = svg.decode()
    viewer.update(svg, str(env.session.describe(0)))
