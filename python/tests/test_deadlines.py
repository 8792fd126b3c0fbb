"""Deadlines reach the server on every transport, and stop its bots' search."""

from __future__ import annotations

import time

import numpy as np
import pytest

from mythos import Client, MythosError

from conftest import GATHERING

# A server-side bot that thinks 2 s per decision (the server's cap).
SLOW_BOT = "ismcts:ms=2000"


def first_legal(mask: np.ndarray) -> np.ndarray:
    return mask.argmax(axis=1).astype(np.int32)


@pytest.mark.parametrize("transport,stream", [("grpc", False), ("grpc", True), ("shm", False)])
def test_a_deadline_stops_a_slow_bot(client: Client, transport: str, stream: bool) -> None:
    s = client.open(GATHERING, 1, seed=1, transport=transport, stream=stream, options={"investigators": 2})
    assert s.transport == transport
    s.close()
    s = client.open(
        GATHERING, 1, seed=1, transport=transport, stream=stream, options={"investigators": 2}, bots={1: SLOW_BOT}
    )
    r = s.reset()
    s.timeout = 0.3
    t = time.monotonic()
    with pytest.raises(MythosError) as e:
        for _ in range(20):  # until the bot's seat is to act after a step
            r = s.step(first_legal(r.action_mask))
            t = time.monotonic()
    took = time.monotonic() - t
    assert e.value.code == "DEADLINE_EXCEEDED", e.value
    assert took < 1.0, f"a 0.3 s deadline answered after {took:.2f} s"
    # The bot's search stopped with the call: the session is free again at
    # once, not when the bot's 2 s budget runs out.
    s.timeout = 1.0
    t = time.monotonic()
    r = s.reset(seed=2)
    took = time.monotonic() - t
    s.timeout = None
    assert took < 1.0, f"the session was busy {took:.2f} s after the deadline (the bot kept searching)"
    s.close()
