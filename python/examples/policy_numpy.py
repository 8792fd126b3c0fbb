"""Play a policy trained by ``mythos train`` with numpy alone.

A checkpoint directory (``RUN/best`` or ``RUN/last``) holds ``network.json``
(the network description, format ``mythos-ppo-v1``, ``mythos-ppo-v2`` with
set or convolution encoders, ``mythos-ppo-v3`` with egocentric windows,
``mythos-ppo-v4`` with the windows alone in place of their planes, ``mythos-ppo-v5`` with a
pointer term in the policy head) and ``weights.npz`` (every
weight by name, plus the observation normalisation ``obs_mean``/``obs_var``).
This script rebuilds the forward pass from those two files, computes the
masked policy for each observation, and plays episodes through the gRPC
client (``mythos.make``), greedily by default::

    python python/examples/policy_numpy.py runs/easy/best --episodes 20
    python python/examples/policy_numpy.py runs/easy/best --sample --seed 7

The network: the float32 fields, in layout order, are normalised
(``clip((x - mean) / sqrt(var + eps), -clip, clip)``); each int32 field is an
embedding bag (the rows ``table[id mod vocab]`` summed); their concatenation
goes through ``tanh(h @ W + b)`` layers to a policy head (logits) and a value
head. Illegal actions get probability exactly zero.

With encoders (``network: {sets: true, conv: true}`` in the training config),
the fields they read are taken raw through ``symlog(x) = sign(x) log(1+|x|)``:
a set encoder runs the same ``tanh`` layers on every row of an entity table
and appends the mean and the max over the rows that are not all zero (zeros
when none); a convolution encoder runs ``relu(conv3x3(x) + b)`` layers (zero
padding) over ``[C, H, W]`` planes, max-pools 2x2 and flattens ``[c, y, x]``.
Their outputs follow the embedding bags in the first layer's input.

With a pointer term (``network: {pointer: true}``), the env lists its options
as feature rows (``options``) with their action ids (``option_action``, -1 past
the last): the logit of row i's action gains ``(h @ W) . symlog(row_i)``,
``h`` being the last hidden layer.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

import numpy as np


class NumpyPolicy:
    """The forward pass of a ``mythos train`` checkpoint in numpy."""

    def __init__(self, ckpt: str) -> None:
        with open(os.path.join(ckpt, "network.json")) as f:
            self.arch: dict[str, Any] = json.load(f)
        if self.arch.get("format") not in ("mythos-ppo-v1", "mythos-ppo-v2", "mythos-ppo-v3", "mythos-ppo-v4", "mythos-ppo-v5"):
            raise ValueError(f"{ckpt}: unknown network format {self.arch.get('format')!r}")
        with np.load(os.path.join(ckpt, "weights.npz")) as z:
            self.w = {k: z[k] for k in z.files}
        a = self.arch
        self.mean = self.w[a["obs_mean"]].astype(np.float32)
        self.scale = (1.0 / np.sqrt(self.w[a["obs_var"]].astype(np.float64) + a["obs_eps"])).astype(np.float32)

    def raw_input(self, obs: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """The raw float input (the float32 elements, then the uint8 ones as
        float32, in layout order) and the int32 buffer of an observation
        dict; the encoders read their fields here."""
        a = self.arch
        nf = a["obs_f32"]
        raw = np.zeros(nf + a.get("obs_u8", 0), np.float32)
        i32 = np.zeros(a["obs_i32"], np.int32)
        for f in a["fields"]:
            v = np.asarray(obs[f["name"]]).reshape(-1)
            if f["dtype"] == "int32":
                i32[f["offset"] : f["offset"] + v.size] = v
            else:
                at = f["offset"] + (nf if f["dtype"] == "uint8" else 0)
                raw[at : at + v.size] = v
        return raw, i32

    def flatten(self, obs: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """The network's float input (the raw float input less the spans
        left out with ``crop.only`` or ``drop``, then the egocentric windows)
        and the int32 buffer of an observation dict."""
        raw, i32 = self.raw_input(obs)
        a = self.arch
        kept, at = [], 0
        for d in a.get("dropped") or []:  # in offset order
            kept.append(raw[at : d["offset"]])
            at = d["offset"] + d["size"]
        kept.append(raw[at:])
        windows = [self._crop(c, raw, int(i32[c["center_offset"]])) for c in a.get("crops") or []]
        return np.concatenate(kept + windows).astype(np.float32), i32

    @staticmethod
    def _crop(c: dict[str, Any], raw: np.ndarray, cell: int) -> np.ndarray:
        """The size x size window of every channel of a spatial field (at
        its offset of the raw input) around cell (y*W+x), zeros outside the
        grid and for a negative cell."""
        ch, h, w = c["shape"]
        k, r = c["size"], c["size"] // 2
        out = np.zeros((ch, k, k), np.float32)
        if 0 <= cell < h * w:
            planes = raw[c["offset"] : c["offset"] + ch * h * w].reshape(ch, h, w)
            padded = np.pad(planes, ((0, 0), (r, r), (r, r)))
            y, x = divmod(cell, w)
            out = padded[:, y : y + k, x : x + k]
        return out.reshape(-1)

    def forward(self, obs: dict[str, np.ndarray], agent: int = 0) -> tuple[np.ndarray, float]:
        """Raw logits and value for one observation (from ``agent``'s view)."""
        a = self.arch
        f32, i32 = self.flatten(obs)
        raw, _ = self.raw_input(obs)
        clip = np.float32(a["obs_clip"])
        x = np.clip((f32 - self.mean) * self.scale, -clip, clip)
        net = a["nets"][0 if a["shared"] or agent >= len(a["nets"]) else agent]
        parts = [x]
        for e in net["embeddings"]:
            ids = i32[e["offset"] : e["offset"] + e["size"]]
            parts.append(self.w[e["param"]][np.mod(ids, e["vocab"])].sum(axis=0))
        enc = np.zeros(a.get("enc_width", 0), np.float32)
        if net.get("sets") or net.get("convs") or net.get("pointer"):
            for e in a["enc_inputs"]:
                v = raw[e["offset"] : e["offset"] + e["size"]].astype(np.float64)
                v = np.sign(v) * np.log1p(np.abs(v))
                if e.get("rows"):  # rows joined side by side, stride apart
                    n, stride = e["rows"], e["stride"]
                    w = e["size"] // n
                    for r in range(n):
                        enc[e["enc"] + r * stride : e["enc"] + r * stride + w] = v[r * w : (r + 1) * w]
                    continue
                enc[e["enc"] : e["enc"] + e["size"]] = v
            for s in net.get("sets") or []:
                parts.append(self._set(s, enc))
            for c in net.get("convs") or []:
                parts.append(self._conv(c, enc))
        h = np.concatenate(parts).astype(np.float32)
        for layer in net["hidden"]:
            h = np.tanh(h @ self.w[layer["w"]] + self.w[layer["b"]])
        logits = h @ self.w[net["policy"]["w"]] + self.w[net["policy"]["b"]]
        if net.get("pointer"):
            self._pointer(net["pointer"], h, enc, i32, logits)
        value = h @ self.w[net["value"]["w"]] + self.w[net["value"]["b"]]
        return logits, float(value[0])

    def _pointer(self, d: dict[str, Any], h: np.ndarray, enc: np.ndarray, i32: np.ndarray, logits: np.ndarray) -> None:
        """Adds (h @ W) . row_i to the logit of each option row's action."""
        u = h @ self.w[d["w"]]
        rows = enc[d["enc"] : d["enc"] + d["rows"] * d["width"]].reshape(d["rows"], d["width"])
        for i, act in enumerate(i32[d["offset"] : d["offset"] + d["rows"]]):
            if 0 <= act < len(logits):
                logits[act] += rows[i] @ u

    def _set(self, s: dict[str, Any], enc: np.ndarray) -> np.ndarray:
        """Mean and max of the shared row MLP over the non-empty rows."""
        rows = enc[s["enc"] : s["enc"] + s["rows"] * s["width"]].reshape(s["rows"], s["width"])
        rows = rows[(rows != 0).any(axis=1)]
        width = s["out"] // 2
        if len(rows) == 0:
            return np.zeros(2 * width, np.float32)
        h = rows
        for layer in s["layers"]:
            h = np.tanh(h @ self.w[layer["w"]] + self.w[layer["b"]])
        return np.concatenate([h.mean(axis=0), h.max(axis=0)]).astype(np.float32)

    def _conv(self, c: dict[str, Any], enc: np.ndarray) -> np.ndarray:
        """The convolutions, 2x2 max pooling, flattened [c, y, x]."""
        C, H, W = c["shape"]
        x = enc[c["enc"] : c["enc"] + C * H * W].reshape(C, H, W)
        for layer in c["layers"]:
            k, p = layer["kernel"], layer["pad"]
            w = self.w[layer["w"]]  # [out, in, k, k]
            xp = np.pad(x, ((0, 0), (p, p), (p, p)))
            y = np.zeros((layer["out"], H, W), np.float32)
            for ky in range(k):
                for kx in range(k):
                    y += np.einsum("oi,ihw->ohw", w[:, :, ky, kx], xp[:, ky : ky + H, kx : kx + W])
            x = np.maximum(y + self.w[layer["b"]][:, None, None], 0)
        P = c["pool"]
        H2, W2 = H // P, W // P
        x = x[:, : H2 * P, : W2 * P].reshape(x.shape[0], H2, P, W2, P).max(axis=(2, 4))
        return x.reshape(-1).astype(np.float32)

    def policy(self, obs: dict[str, np.ndarray], mask: np.ndarray, agent: int = 0) -> np.ndarray:
        """The masked action probabilities: illegal actions get exactly 0."""
        logits, _ = self.forward(obs, agent)
        legal = np.asarray(mask).astype(bool)
        if not legal.any():
            raise ValueError("no legal action in the mask")
        z = np.where(legal, logits.astype(np.float64), -np.inf)
        p = np.exp(z - z[legal].max())
        return p / p.sum()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ckpt", help="checkpoint directory (network.json + weights.npz)")
    ap.add_argument("--env", help="env id (default: the one the policy was trained on)")
    ap.add_argument("--episodes", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sample", action="store_true", help="sample from the policy instead of taking the argmax")
    ap.add_argument("--address", help="a running `mythos serve` (default: start a local server)")
    args = ap.parse_args()

    import mythos  # the gRPC client (python/), only needed to play

    pol = NumpyPolicy(args.ckpt)
    env_id = args.env or pol.arch["env"]
    env = mythos.make(env_id, args.address, **pol.arch["options"])
    rng = np.random.default_rng(args.seed)
    wins = 0
    for k in range(args.episodes):
        obs, info = env.reset(seed=args.seed + k)
        steps, done, reward = 0, False, 0.0
        while not done:
            p = pol.policy(obs, info["action_mask"], info.get("agent", 0))
            action = int(rng.choice(len(p), p=p)) if args.sample else int(np.argmax(p))
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            steps += 1
        won = info.get("episode_score", reward) > 0
        wins += won
        print(f"episode {k}: seed {args.seed + k}, {steps} steps, {'won' if won else 'lost'}")
    env.close()
    print(f"win rate {wins}/{args.episodes} = {wins / max(1, args.episodes):.3f}")


if __name__ == "__main__":
    main()
