"""Every env's observation space builds the dict-observation models of the
frameworks that consume it (SB3's CombinedExtractor, an RLlib-style
nn.ModuleDict over the fields): no field name collides with an attribute
they reserve (Machina Arcana's "items" did: KeyError "attribute 'items'
already exists")."""

from __future__ import annotations

import pytest

from mythos import Client

torch = pytest.importorskip("torch")


def test_every_env_space_builds_a_combined_extractor(client: Client) -> None:
    pytest.importorskip("stable_baselines3")
    from gymnasium import spaces
    from stable_baselines3.common.torch_layers import CombinedExtractor

    built = 0
    for spec in client.list_envs():
        space = spec.observation_space()
        if not isinstance(space, spaces.Dict):
            continue
        CombinedExtractor(space)  # raises on a reserved field name
        # RLlib's and TorchRL's dict models hold one submodule per field too.
        torch.nn.ModuleDict({k: torch.nn.Flatten() for k in space.spaces})
        for name in space.spaces:
            assert not hasattr(dict, name), f"{spec.id}: field {name!r} shadows a dict attribute"
        built += 1
    assert built >= 3
