"""What the framework adapters (mythos.sb3, mythos.rllib) share: one flat
float32 vector per observation, for libraries whose default networks want a
single Box."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from .spec import Spec


class Flattener:
    """Concatenates an observation's fields, in spec order, into float32.

    Int32 fields (card identities) and uint8 fields (flags, small counts)
    become float32 numbers; every field's elements keep their row-major
    order. ``slices[name]`` is where a field
    lies in the flat vector.
    """

    def __init__(self, spec: Spec) -> None:
        self.slices: dict[str, slice] = {}
        start = 0
        for f in spec.fields:
            self.slices[f.name] = slice(start, start + f.size)
            start += f.size
        self.size = start
        self.space = spaces.Box(-np.inf, np.inf, shape=(start,), dtype=np.float32)

    def batch(self, obs: dict[str, np.ndarray]) -> np.ndarray:
        """A new float32 [N, size] array of a batched observation."""
        n = len(next(iter(obs.values())))
        out = np.empty((n, self.size), dtype=np.float32)
        for name, s in self.slices.items():
            out[:, s] = obs[name].reshape(n, -1)
        return out

    def single(self, obs: dict[str, np.ndarray]) -> np.ndarray:
        """A new float32 [size] array of one env's observation."""
        out = np.empty(self.size, dtype=np.float32)
        for name, s in self.slices.items():
            out[s] = obs[name].reshape(-1)
        return out
