"""A short masked policy-gradient (REINFORCE) loop in numpy over a vector env.

A linear softmax policy over the float observation fields; illegal actions get
zero probability (their logits are set to -inf before the softmax). Each
iteration plays --horizon steps in --num-envs envs, stepped server-side in
one call per step, and follows the gradient of the episodes' returns.

    python examples/masked_pg.py --iterations 20 --num-envs 64
"""

from __future__ import annotations

import argparse

import numpy as np

import mythos


def features(obs: dict[str, np.ndarray], names: list[str]) -> np.ndarray:
    """Concatenates the float fields of a batched observation, plus a bias."""
    n = next(iter(obs.values())).shape[0]
    parts = [obs[k].reshape(n, -1).astype(np.float32) for k in names]
    return np.concatenate(parts + [np.ones((n, 1), np.float32)], axis=1)


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Softmax over the legal actions only."""
    z = np.where(mask > 0, logits, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    p = np.exp(z)
    return p / p.sum(axis=1, keepdims=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", default="ArkhamLCG/TheGathering-v0")
    p.add_argument("--address", default=None)
    p.add_argument("--num-envs", type=int, default=32)
    p.add_argument("--iterations", type=int, default=20)
    p.add_argument("--horizon", type=int, default=64)
    p.add_argument("--lr", type=float, default=0.01)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    venv = mythos.make_vec(args.env, args.num_envs, args.address)
    names = [f.name for f in venv.spec_info.fields if f.dtype == np.float32]
    rng = np.random.default_rng(args.seed)
    obs, infos = venv.reset(seed=args.seed)
    x = features(obs, names)
    w = np.zeros((x.shape[1], venv.spec_info.num_actions), np.float32)
    n = args.num_envs
    for it in range(args.iterations):
        xs, grads_logp, rewards, dones = [], [], [], []
        scores = []
        for _ in range(args.horizon):
            mask = infos["action_mask"]
            probs = masked_softmax(x @ w, mask)
            acts = np.array([rng.choice(len(pr), p=pr) for pr in probs])
            onehot = np.zeros_like(probs)
            onehot[np.arange(n), acts] = 1.0
            xs.append(x)
            grads_logp.append(onehot - probs)  # d log pi(a|x) / d logits
            obs, rew, term, trunc, infos = venv.step(acts)
            rewards.append(rew)
            dones.append(term | trunc)
            scores += list(infos["final_score"][term | trunc])
            x = features(obs, names)
        # Discounted returns within each env's episodes (cut at episode ends).
        ret = np.zeros(n)
        returns = []
        for r, d in zip(reversed(rewards), reversed(dones)):
            ret = r + args.gamma * ret * (~d)
            returns.append(ret)
        returns = np.array(returns[::-1])  # [horizon, n]
        adv = (returns - returns.mean()) / (returns.std() + 1e-8)
        grad = sum(xi.T @ (gi * ai[:, None]) for xi, gi, ai in zip(xs, grads_logp, adv)) / (n * args.horizon)
        w += args.lr * grad.astype(np.float32)
        mean = f"{np.mean(scores):+.3f} over {len(scores)} episodes" if scores else "no episode ended"
        print(f"iteration {it}: mean final score {mean}")
    venv.close()


if __name__ == "__main__":
    main()
