"""Every env's observation space builds the dict-observation models of the
frameworks that consume it (SB3's CombinedExtractor, an RLlib-style
nn.ModuleDict over the fields): no field name collides with an attribute
they reserve (Machina Arcana's "items" did: KeyError "attribute 'items'
already exists")."""

from __future__ import annotations

import numpy as np
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
        # SB3 takes a 3-d uint8 Box(0, 255) for an image and gives it its
        # NatureCNN, which needs 36x36 inputs: Machina's 20x20 board planes
        # take a CNN of one's own (docs/observations/machina.md), so they are
        # left out here; the ModuleDict below still checks their names.
        small_images = {
            k for k, s in space.spaces.items() if s.dtype == np.uint8 and len(s.shape) == 3 and min(s.shape[1:]) < 36
        }
        CombinedExtractor(spaces.Dict({k: s for k, s in space.spaces.items() if k not in small_images}))  # raises on a reserved field name
        # RLlib's and TorchRL's dict models hold one submodule per field too.
        torch.nn.ModuleDict({k: torch.nn.Flatten() for k in space.spaces})
        for name in space.spaces:
            assert not hasattr(dict, name), f"{spec.id}: field {name!r} shadows a dict attribute"
        built += 1
    assert built >= 3
