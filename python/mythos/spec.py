"""Env specs: observation fields, the Discrete action space and the agents."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from gymnasium import spaces

from ._proto import mythos_pb2 as pb

#: The one field of a flat env's observations (option ``flat=true``; Go's env.FlatField).
FLAT_FIELD = "flat"

DTYPES: dict[int, np.dtype] = {
    pb.DTYPE_FLOAT32: np.dtype("<f4"),
    pb.DTYPE_INT32: np.dtype("<i4"),
    pb.DTYPE_INT8: np.dtype("i1"),
    pb.DTYPE_BOOL: np.dtype("?"),
    pb.DTYPE_UINT64: np.dtype("<u8"),
    pb.DTYPE_INT64: np.dtype("<i8"),
    pb.DTYPE_UINT8: np.dtype("u1"),
}


@dataclass(frozen=True)
class Field:
    """One observation field: a named tensor of fixed dtype and shape.

    ``offset`` is its first element in a packed observation row of its dtype
    (the fields of one dtype back to back, in spec order).
    """

    name: str
    dtype: np.dtype
    shape: tuple[int, ...]
    doc: str = ""
    offset: int = 0

    @property
    def size(self) -> int:
        """The number of elements of one env's field."""
        return int(np.prod(self.shape, dtype=np.int64))


@dataclass(frozen=True)
class Spec:
    """What an env id looks like under some options."""

    id: str
    description: str
    fields: tuple[Field, ...]
    num_actions: int
    action_names: tuple[str, ...]
    agents: tuple[str, ...]
    options: dict[str, str] = field(default_factory=dict)
    markdown: str = ""

    @classmethod
    def from_proto(cls, m: pb.EnvSpec) -> "Spec":
        """Builds a spec from its wire form.

        Field offsets are the server's, or (from a server that sends none)
        the running sums of the sizes of earlier fields of the same dtype.
        """
        fields: list[Field] = []
        ends: dict[int, int] = {}
        for f in m.fields:
            shape = tuple(int(d) for d in f.shape)
            offset = int(f.offset) if f.offset or ends.get(f.dtype, 0) == 0 else ends[f.dtype]
            fields.append(Field(f.name, DTYPES[f.dtype], shape, f.doc, offset))
            ends[f.dtype] = offset + fields[-1].size
        return cls(
            id=m.id,
            description=m.description,
            fields=tuple(fields),
            num_actions=int(m.num_actions),
            action_names=tuple(m.action_names),
            agents=tuple(m.agents),
            options={o.name: o.default_value for o in m.options},
            markdown=m.markdown,
        )

    @property
    def flat(self) -> bool:
        """Whether observations are one float32 vector (the env option
        ``flat=true``): the spec's only field is ``flat``."""
        return len(self.fields) == 1 and self.fields[0].name == FLAT_FIELD and self.fields[0].dtype == np.float32

    def observation_space(self) -> spaces.Dict | spaces.Box:
        """The Gymnasium space of one observation: a Dict of Box per field,
        or, for a :attr:`flat` spec, the one float32 Box of the vector.

        Float fields are unbounded; int32 fields (identities for embedding
        tables) span the int32 range, since the spec carries no bounds;
        uint8 fields (flags, small counts and codes: spatial planes) are
        ``Box(0, 255, dtype=uint8)``.
        """
        if self.flat:
            return spaces.Box(-np.inf, np.inf, shape=self.fields[0].shape, dtype=np.float32)
        boxes: dict[str, spaces.Space] = {}
        for f in self.fields:
            if f.dtype == np.float32:
                boxes[f.name] = spaces.Box(-np.inf, np.inf, shape=f.shape, dtype=np.float32)
            elif f.dtype == np.uint8:
                boxes[f.name] = spaces.Box(0, 255, shape=f.shape, dtype=np.uint8)
            else:
                info = np.iinfo(np.int32)
                boxes[f.name] = spaces.Box(info.min, info.max, shape=f.shape, dtype=np.int32)
        return spaces.Dict(boxes)

    def mask_space(self) -> spaces.Box:
        """The space of an action mask: int8 0/1 per action id."""
        return spaces.Box(0, 1, shape=(self.num_actions,), dtype=np.int8)
