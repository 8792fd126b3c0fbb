"""render_mode="human": resets, steps and render() draw on a live page of the env on 127.0.0.1,
opens it in the browser once, and the page's state follows the game."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import numpy as np
import pytest

import mythos

GATHERING = "ArkhamLCG/TheGathering-v0"


def fetch(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.status, r.read()


def test_human_render_serves_a_live_page(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", lambda url, *a, **k: opened.append(url) or True)
    monkeypatch.delenv("MYTHOS_NO_BROWSER", raising=False)
    env: Any = mythos.make(GATHERING, address, render_mode="human")
    try:
        assert "human" in env.metadata["render_modes"]
        env.reset(seed=2)  # "human" draws after every reset and step
        url = env.unwrapped.human_url
        assert opened == [url] and url.startswith("http://127.0.0.1:")
        status, page = fetch(url)
        assert status == 200 and b"state.json" in page and b"http" not in page.split(b"<script>")[1]
        status, body = fetch(url + "state.json?since=-1")
        first = json.loads(body)
        assert first["version"] == 1 and first["svg"].startswith("<svg") and first["text"]
        # Nothing new: the page's poll is answered 204.
        status, _ = fetch(url + f"state.json?since={first['version']}")
        assert status == 204
        rng = np.random.default_rng(0)
        steps = 0
        for _ in range(12):
            legal = np.flatnonzero(env.action_masks())
            _, _, term, trunc, _ = env.step(int(rng.choice(legal)))
            steps += 1
            if term or trunc:
                break
        later = json.loads(fetch(url + "state.json?since=1")[1])
        assert later["version"] == 1 + steps and later["svg"] != first["svg"]
        assert env.render() is None
        assert json.loads(fetch(url + f"state.json?since={later['version']}")[1])["version"] == later["version"] + 1
        assert opened == [url], "the browser was opened more than once"
        with pytest.raises(urllib.error.HTTPError):
            fetch(url.rsplit("/", 2)[0] + "/wrong/state.json")
    finally:
        env.close()


def test_bad_render_mode_still_refused(address: str) -> None:
    with pytest.raises(ValueError):
        mythos.make(GATHERING, address, render_mode="video")


def test_pettingzoo_human_render(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MYTHOS_NO_BROWSER", "1")
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", lambda url, *a, **k: opened.append(url) or True)
    env: Any = mythos.aec_env("ArkhamHorror3/DrownedLantern-v0", address, render_mode="human")
    try:
        env.reset(seed=1)
        env.render()
        state = json.loads(fetch(env.human_url + "state.json")[1])
        assert state["svg"].startswith("<svg") and opened == []
    finally:
        env.close()
