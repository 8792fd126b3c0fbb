"""RLlib adapter (RLlib's new API stack: a Gymnasium env plus an RLModule).

:class:`MythosRLlibEnv` puts the action mask in the observation,
``{"action_mask": Box, "observations": Box}``, the form RLlib's
action-masking RL module reads; :func:`ppo_config` gives a ready PPO
config with that module::

    import ray
    import mythos.rllib

    ray.init()
    algo = mythos.rllib.ppo_config("ArkhamLCG/TheGathering-v0", num_env_runners=2).build_algo()
    print(algo.train()["env_runners"]["episode_return_mean"])

Each env runner process reaches a server by the env config's ``address``:
None (the default) starts one ``mythos serve`` per runner process (it dies
with the runner); ``"127.0.0.1:50051"`` connects every runner to the server
on its own node (start one per node). See python/README.md, "Distributed
training with RLlib".

Needs the ``rllib`` extra (``pip install -e 'python[rllib]'``).
"""

from __future__ import annotations

import os
from typing import Any, Mapping

import gymnasium as gym
import numpy as np
from gymnasium import spaces

try:
    import torch
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
    from ray.rllib.callbacks.callbacks import RLlibCallback
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.utils.torch_utils import FLOAT_MIN
    from ray.tune.registry import register_env as _tune_register_env
except ImportError as e:  # pragma: no cover - depends on the extra
    raise ImportError("mythos.rllib needs ray[rllib] and torch: pip install -e 'python[rllib]'") from e

from ._adapters import Flattener
from .gym_env import MythosEnv

__all__ = [
    "ENV_NAME",
    "ActionMaskingPPOModule",
    "MythosRLlibEnv",
    "WinRateCallback",
    "action_masking_module_spec",
    "ppo_config",
    "register_env",
]

#: The name :func:`register_env` registers the env under.
ENV_NAME = "mythos"
#: The env id when the env config names none.
DEFAULT_ENV_ID = "ArkhamLCG/TheGathering-v0"
#: Read for the server address when the env config has none.
ADDRESS_VARIABLE = "MYTHOS_ADDRESS"


class MythosRLlibEnv(gym.Env):
    """One Mythos env for RLlib, with the action mask in the observation.

    The observation is ``{"action_mask": float32 [actions] of 0/1,
    "observations": float32 [size]}``, ``observations`` being every spec
    field concatenated in spec order (int32 card identities as numbers).
    The reward is the team's; in multi-seat envs the observation is always
    from the acting seat's view (one policy plays every seat). ``info`` has
    ``agent`` (the acting seat) and ``score`` (the team's score so far: the
    outcome once the episode is over, +1 a win and -1 a loss in the LCG).

    Args:
        config: RLlib's env config (an ``EnvContext`` or a dict) with
            ``env_id`` (default The Gathering), ``address`` (``host:port``;
            default ``$MYTHOS_ADDRESS``, else a local server started in this
            process), ``stream`` (default True: step over a bidirectional
            stream, about a quarter faster than unary calls for one env),
            ``bots`` and any env option (e.g. ``difficulty``).
    """

    metadata = {"render_modes": []}

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        cfg = dict(config or {})
        env_id = cfg.pop("env_id", DEFAULT_ENV_ID)
        address = cfg.pop("address", None) or os.environ.get(ADDRESS_VARIABLE) or None
        cfg.setdefault("stream", True)  # one env's steps: the stream's lower latency pays
        self.env = MythosEnv(env_id, address, **cfg)
        self.spec_info = self.env.spec_info
        self._flat = Flattener(self.spec_info)
        n = self.spec_info.num_actions
        self.observation_space = spaces.Dict(
            {
                "action_mask": spaces.Box(0.0, 1.0, shape=(n,), dtype=np.float32),
                "observations": self._flat.space,
            }
        )
        self.action_space = spaces.Discrete(n)

    def _observe(self, obs: dict[str, np.ndarray], info: dict[str, Any]) -> tuple[dict, dict]:
        out = {
            "action_mask": info["action_mask"].astype(np.float32),
            "observations": self._flat.single(obs),
        }
        return out, {"agent": int(info["agent"]), "score": float(info["episode_score"])}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        """Starts an episode (the same seed gives the same episode)."""
        super().reset(seed=seed)
        obs, info = self.env.reset(seed=seed, options=options)
        return self._observe(obs, info)

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        """Answers the current prompt with an action id."""
        obs, reward, terminated, truncated, info = self.env.step(int(action))
        out, info = self._observe(obs, info)
        return out, float(reward), bool(terminated), bool(truncated), info

    def close(self) -> None:
        """Frees the server-side env."""
        self.env.close()


def register_env(name: str = ENV_NAME) -> str:
    """Registers :class:`MythosRLlibEnv` with Ray Tune under ``name`` (so
    ``config.environment(name, env_config={...})`` finds it) and returns it."""
    _tune_register_env(name, lambda config: MythosRLlibEnv(config))
    return name


class ActionMaskingPPOModule(DefaultPPOTorchRLModule):
    """RLlib's default PPO torch module over ``observations``, with the
    logits of actions that ``action_mask`` marks illegal pushed to the float
    minimum (probability 0), for :class:`MythosRLlibEnv`'s Dict observation.

    It follows the pattern of RLlib's example ``ActionMaskingTorchRLModule``
    (ray.rllib.examples.rl_modules.classes.action_masking_rlm), built on
    ``DefaultPPOTorchRLModule`` since the example's base class is
    deprecated in Ray 2.60, and without changing the caller's batch.
    """

    def __init__(self, *, observation_space: spaces.Space | None = None, **kwargs: Any) -> None:
        if not (isinstance(observation_space, spaces.Dict) and {"action_mask", "observations"} <= set(observation_space.spaces)):
            raise ValueError(
                f"ActionMaskingPPOModule wants a Dict observation space with 'action_mask' and 'observations' "
                f"(MythosRLlibEnv's), got {observation_space}"
            )
        super().__init__(observation_space=observation_space["observations"], **kwargs)
        # The networks are built for "observations"; the module's space is the env's.
        self.observation_space = observation_space

    @staticmethod
    def _split(batch: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """The mask and a shallow copy of the batch with the bare observations."""
        obs = batch[Columns.OBS]
        if not isinstance(obs, Mapping):
            raise ValueError("ActionMaskingPPOModule: the batch's observations hold no action_mask")
        out = dict(batch)
        out[Columns.OBS] = obs["observations"]
        return obs["action_mask"], out

    @staticmethod
    def _mask(out: dict[str, Any], mask: Any) -> dict[str, Any]:
        out[Columns.ACTION_DIST_INPUTS] = out[Columns.ACTION_DIST_INPUTS] + torch.clamp(torch.log(mask), min=FLOAT_MIN)
        return out

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """Inference and exploration: masked logits."""
        mask, batch = self._split(batch)
        return self._mask(super()._forward(batch, **kwargs), mask)

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """Training: masked logits (and the embeddings for the value head)."""
        mask, batch = self._split(batch)
        return self._mask(super()._forward_train(batch, **kwargs), mask)

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> Any:
        """The value head's estimates (of the bare observations)."""
        if embeddings is None:
            _, batch = self._split(batch)
        return super().compute_values(batch, embeddings)


def action_masking_module_spec(hiddens: tuple[int, ...] = (256, 256)) -> RLModuleSpec:
    """:class:`ActionMaskingPPOModule` with an encoder and heads of fully
    connected layers of ``hiddens``."""
    return RLModuleSpec(
        module_class=ActionMaskingPPOModule,
        model_config={
            "fcnet_hiddens": list(hiddens),
            "head_fcnet_hiddens": list(hiddens),
            "head_fcnet_activation": "relu",
        },
    )


class WinRateCallback(RLlibCallback):
    """Logs ``mythos_win_rate`` (the share of episodes whose final score is
    positive; results under ``env_runners``) and ``mythos_final_score``."""

    def on_episode_end(self, *, episode: Any, metrics_logger: Any = None, **kwargs: Any) -> None:
        """Records the ended episode's outcome."""
        if metrics_logger is None:
            return
        score = float(episode.get_infos(-1).get("score", 0.0))
        metrics_logger.log_value("mythos_win_rate", float(score > 0), reduce="mean", window=100)
        metrics_logger.log_value("mythos_final_score", score, reduce="mean", window=100)


def ppo_config(
    env_id: str = DEFAULT_ENV_ID,
    *,
    num_env_runners: int = 2,
    num_envs_per_env_runner: int = 1,
    train_batch_size: int = 4000,
    minibatch_size: int = 128,
    num_epochs: int = 10,
    lr: float = 3e-4,
    hiddens: tuple[int, ...] = (256, 256),
    env_config: Mapping[str, Any] | None = None,
) -> PPOConfig:
    """A PPO config over :class:`MythosRLlibEnv` with the action-masking
    module and :class:`WinRateCallback`; change it further as any PPOConfig.

    ``env_config`` adds ``address``, ``bots`` or env options.
    """
    cfg = {"env_id": env_id, **dict(env_config or {})}
    return (
        PPOConfig()
        .environment(register_env(), env_config=cfg)
        .env_runners(
            num_env_runners=num_env_runners,
            num_envs_per_env_runner=num_envs_per_env_runner,
            rollout_fragment_length="auto",
        )
        .training(
            train_batch_size_per_learner=train_batch_size,
            minibatch_size=minibatch_size,
            num_epochs=num_epochs,
            lr=lr,
        )
        .rl_module(rl_module_spec=action_masking_module_spec(hiddens))
        .callbacks(WinRateCallback)
    )
