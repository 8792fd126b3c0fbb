from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DTYPE_UNSPECIFIED: _ClassVar[DType]
    DTYPE_FLOAT32: _ClassVar[DType]
    DTYPE_INT32: _ClassVar[DType]
    DTYPE_INT8: _ClassVar[DType]
    DTYPE_BOOL: _ClassVar[DType]
    DTYPE_UINT64: _ClassVar[DType]
    DTYPE_INT64: _ClassVar[DType]
    DTYPE_UINT8: _ClassVar[DType]

class Encoding(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ENCODING_TENSORS: _ClassVar[Encoding]
    ENCODING_PACKED: _ClassVar[Encoding]
DTYPE_UNSPECIFIED: DType
DTYPE_FLOAT32: DType
DTYPE_INT32: DType
DTYPE_INT8: DType
DTYPE_BOOL: DType
DTYPE_UINT64: DType
DTYPE_INT64: DType
DTYPE_UINT8: DType
ENCODING_TENSORS: Encoding
ENCODING_PACKED: Encoding

class Tensor(_message.Message):
    __slots__ = ("name", "dtype", "shape", "data", "sparse", "indices")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DTYPE_FIELD_NUMBER: _ClassVar[int]
    SHAPE_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    SPARSE_FIELD_NUMBER: _ClassVar[int]
    INDICES_FIELD_NUMBER: _ClassVar[int]
    name: str
    dtype: DType
    shape: _containers.RepeatedScalarFieldContainer[int]
    data: bytes
    sparse: bool
    indices: bytes
    def __init__(self, name: _Optional[str] = ..., dtype: _Optional[_Union[DType, str]] = ..., shape: _Optional[_Iterable[int]] = ..., data: _Optional[bytes] = ..., sparse: _Optional[bool] = ..., indices: _Optional[bytes] = ...) -> None: ...

class FieldSpec(_message.Message):
    __slots__ = ("name", "dtype", "shape", "doc", "offset")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DTYPE_FIELD_NUMBER: _ClassVar[int]
    SHAPE_FIELD_NUMBER: _ClassVar[int]
    DOC_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    name: str
    dtype: DType
    shape: _containers.RepeatedScalarFieldContainer[int]
    doc: str
    offset: int
    def __init__(self, name: _Optional[str] = ..., dtype: _Optional[_Union[DType, str]] = ..., shape: _Optional[_Iterable[int]] = ..., doc: _Optional[str] = ..., offset: _Optional[int] = ...) -> None: ...

class OptionSpec(_message.Message):
    __slots__ = ("name", "default_value", "doc")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    DOC_FIELD_NUMBER: _ClassVar[int]
    name: str
    default_value: str
    doc: str
    def __init__(self, name: _Optional[str] = ..., default_value: _Optional[str] = ..., doc: _Optional[str] = ...) -> None: ...

class EnvSpec(_message.Message):
    __slots__ = ("id", "description", "fields", "num_actions", "action_names", "agents", "options", "markdown")
    ID_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    FIELDS_FIELD_NUMBER: _ClassVar[int]
    NUM_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    ACTION_NAMES_FIELD_NUMBER: _ClassVar[int]
    AGENTS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    MARKDOWN_FIELD_NUMBER: _ClassVar[int]
    id: str
    description: str
    fields: _containers.RepeatedCompositeFieldContainer[FieldSpec]
    num_actions: int
    action_names: _containers.RepeatedScalarFieldContainer[str]
    agents: _containers.RepeatedScalarFieldContainer[str]
    options: _containers.RepeatedCompositeFieldContainer[OptionSpec]
    markdown: str
    def __init__(self, id: _Optional[str] = ..., description: _Optional[str] = ..., fields: _Optional[_Iterable[_Union[FieldSpec, _Mapping]]] = ..., num_actions: _Optional[int] = ..., action_names: _Optional[_Iterable[str]] = ..., agents: _Optional[_Iterable[str]] = ..., options: _Optional[_Iterable[_Union[OptionSpec, _Mapping]]] = ..., markdown: _Optional[str] = ...) -> None: ...

class ListEnvsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListEnvsResponse(_message.Message):
    __slots__ = ("envs",)
    ENVS_FIELD_NUMBER: _ClassVar[int]
    envs: _containers.RepeatedCompositeFieldContainer[EnvSpec]
    def __init__(self, envs: _Optional[_Iterable[_Union[EnvSpec, _Mapping]]] = ...) -> None: ...

class OpenRequest(_message.Message):
    __slots__ = ("env_id", "options", "num_envs", "seed", "auto_reset", "final_observations", "sparse_observations", "encoding", "bots", "shared_memory")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class BotsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: int
        value: str
        def __init__(self, key: _Optional[int] = ..., value: _Optional[str] = ...) -> None: ...
    ENV_ID_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    NUM_ENVS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    AUTO_RESET_FIELD_NUMBER: _ClassVar[int]
    FINAL_OBSERVATIONS_FIELD_NUMBER: _ClassVar[int]
    SPARSE_OBSERVATIONS_FIELD_NUMBER: _ClassVar[int]
    ENCODING_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    SHARED_MEMORY_FIELD_NUMBER: _ClassVar[int]
    env_id: str
    options: _containers.ScalarMap[str, str]
    num_envs: int
    seed: int
    auto_reset: bool
    final_observations: bool
    sparse_observations: bool
    encoding: Encoding
    bots: _containers.ScalarMap[int, str]
    shared_memory: bool
    def __init__(self, env_id: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., num_envs: _Optional[int] = ..., seed: _Optional[int] = ..., auto_reset: _Optional[bool] = ..., final_observations: _Optional[bool] = ..., sparse_observations: _Optional[bool] = ..., encoding: _Optional[_Union[Encoding, str]] = ..., bots: _Optional[_Mapping[int, str]] = ..., shared_memory: _Optional[bool] = ...) -> None: ...

class OpenResponse(_message.Message):
    __slots__ = ("session_id", "spec", "num_envs", "session_secret", "server_instance", "shared_memory")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    SPEC_FIELD_NUMBER: _ClassVar[int]
    NUM_ENVS_FIELD_NUMBER: _ClassVar[int]
    SESSION_SECRET_FIELD_NUMBER: _ClassVar[int]
    SERVER_INSTANCE_FIELD_NUMBER: _ClassVar[int]
    SHARED_MEMORY_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    spec: EnvSpec
    num_envs: int
    session_secret: str
    server_instance: str
    shared_memory: SharedMemory
    def __init__(self, session_id: _Optional[str] = ..., spec: _Optional[_Union[EnvSpec, _Mapping]] = ..., num_envs: _Optional[int] = ..., session_secret: _Optional[str] = ..., server_instance: _Optional[str] = ..., shared_memory: _Optional[_Union[SharedMemory, _Mapping]] = ...) -> None: ...

class SharedMemory(_message.Message):
    __slots__ = ("socket", "size", "header_bytes", "f32_offset", "i32_offset", "i8_offset", "u64_offset", "actions_offset", "envs_offset", "u8_offset")
    SOCKET_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    HEADER_BYTES_FIELD_NUMBER: _ClassVar[int]
    F32_OFFSET_FIELD_NUMBER: _ClassVar[int]
    I32_OFFSET_FIELD_NUMBER: _ClassVar[int]
    I8_OFFSET_FIELD_NUMBER: _ClassVar[int]
    U64_OFFSET_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_OFFSET_FIELD_NUMBER: _ClassVar[int]
    ENVS_OFFSET_FIELD_NUMBER: _ClassVar[int]
    U8_OFFSET_FIELD_NUMBER: _ClassVar[int]
    socket: str
    size: int
    header_bytes: int
    f32_offset: int
    i32_offset: int
    i8_offset: int
    u64_offset: int
    actions_offset: int
    envs_offset: int
    u8_offset: int
    def __init__(self, socket: _Optional[str] = ..., size: _Optional[int] = ..., header_bytes: _Optional[int] = ..., f32_offset: _Optional[int] = ..., i32_offset: _Optional[int] = ..., i8_offset: _Optional[int] = ..., u64_offset: _Optional[int] = ..., actions_offset: _Optional[int] = ..., envs_offset: _Optional[int] = ..., u8_offset: _Optional[int] = ...) -> None: ...

class ResetRequest(_message.Message):
    __slots__ = ("session_id", "seed", "envs", "session_secret")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    ENVS_FIELD_NUMBER: _ClassVar[int]
    SESSION_SECRET_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    seed: int
    envs: _containers.RepeatedScalarFieldContainer[int]
    session_secret: str
    def __init__(self, session_id: _Optional[str] = ..., seed: _Optional[int] = ..., envs: _Optional[_Iterable[int]] = ..., session_secret: _Optional[str] = ...) -> None: ...

class StepRequest(_message.Message):
    __slots__ = ("session_id", "actions", "session_secret")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    SESSION_SECRET_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    actions: Tensor
    session_secret: str
    def __init__(self, session_id: _Optional[str] = ..., actions: _Optional[_Union[Tensor, _Mapping]] = ..., session_secret: _Optional[str] = ...) -> None: ...

class StreamRequest(_message.Message):
    __slots__ = ("reset", "step")
    RESET_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    reset: ResetRequest
    step: StepRequest
    def __init__(self, reset: _Optional[_Union[ResetRequest, _Mapping]] = ..., step: _Optional[_Union[StepRequest, _Mapping]] = ...) -> None: ...

class StepResult(_message.Message):
    __slots__ = ("observation", "action_mask", "agent", "reward", "agent_rewards", "terminated", "truncated", "episode_score", "episode_length", "seed", "final_observation", "final_score", "packed")
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    ACTION_MASK_FIELD_NUMBER: _ClassVar[int]
    AGENT_FIELD_NUMBER: _ClassVar[int]
    REWARD_FIELD_NUMBER: _ClassVar[int]
    AGENT_REWARDS_FIELD_NUMBER: _ClassVar[int]
    TERMINATED_FIELD_NUMBER: _ClassVar[int]
    TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    EPISODE_SCORE_FIELD_NUMBER: _ClassVar[int]
    EPISODE_LENGTH_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    FINAL_OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    FINAL_SCORE_FIELD_NUMBER: _ClassVar[int]
    PACKED_FIELD_NUMBER: _ClassVar[int]
    observation: _containers.RepeatedCompositeFieldContainer[Tensor]
    action_mask: Tensor
    agent: Tensor
    reward: Tensor
    agent_rewards: Tensor
    terminated: Tensor
    truncated: Tensor
    episode_score: Tensor
    episode_length: Tensor
    seed: Tensor
    final_observation: _containers.RepeatedCompositeFieldContainer[Tensor]
    final_score: Tensor
    packed: Packed
    def __init__(self, observation: _Optional[_Iterable[_Union[Tensor, _Mapping]]] = ..., action_mask: _Optional[_Union[Tensor, _Mapping]] = ..., agent: _Optional[_Union[Tensor, _Mapping]] = ..., reward: _Optional[_Union[Tensor, _Mapping]] = ..., agent_rewards: _Optional[_Union[Tensor, _Mapping]] = ..., terminated: _Optional[_Union[Tensor, _Mapping]] = ..., truncated: _Optional[_Union[Tensor, _Mapping]] = ..., episode_score: _Optional[_Union[Tensor, _Mapping]] = ..., episode_length: _Optional[_Union[Tensor, _Mapping]] = ..., seed: _Optional[_Union[Tensor, _Mapping]] = ..., final_observation: _Optional[_Iterable[_Union[Tensor, _Mapping]]] = ..., final_score: _Optional[_Union[Tensor, _Mapping]] = ..., packed: _Optional[_Union[Packed, _Mapping]] = ...) -> None: ...

class Packed(_message.Message):
    __slots__ = ("num_envs", "f32", "i32", "i8", "u64", "sparse", "sparse_f32", "sparse_f32_index", "sparse_i32", "sparse_i32_index", "u8")
    NUM_ENVS_FIELD_NUMBER: _ClassVar[int]
    F32_FIELD_NUMBER: _ClassVar[int]
    I32_FIELD_NUMBER: _ClassVar[int]
    I8_FIELD_NUMBER: _ClassVar[int]
    U64_FIELD_NUMBER: _ClassVar[int]
    SPARSE_FIELD_NUMBER: _ClassVar[int]
    SPARSE_F32_FIELD_NUMBER: _ClassVar[int]
    SPARSE_F32_INDEX_FIELD_NUMBER: _ClassVar[int]
    SPARSE_I32_FIELD_NUMBER: _ClassVar[int]
    SPARSE_I32_INDEX_FIELD_NUMBER: _ClassVar[int]
    U8_FIELD_NUMBER: _ClassVar[int]
    num_envs: int
    f32: bytes
    i32: bytes
    i8: bytes
    u64: bytes
    sparse: bool
    sparse_f32: bytes
    sparse_f32_index: bytes
    sparse_i32: bytes
    sparse_i32_index: bytes
    u8: bytes
    def __init__(self, num_envs: _Optional[int] = ..., f32: _Optional[bytes] = ..., i32: _Optional[bytes] = ..., i8: _Optional[bytes] = ..., u64: _Optional[bytes] = ..., sparse: _Optional[bool] = ..., sparse_f32: _Optional[bytes] = ..., sparse_f32_index: _Optional[bytes] = ..., sparse_i32: _Optional[bytes] = ..., sparse_i32_index: _Optional[bytes] = ..., u8: _Optional[bytes] = ...) -> None: ...

class ObserveRequest(_message.Message):
    __slots__ = ("session_id", "agent", "envs", "session_secret")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    AGENT_FIELD_NUMBER: _ClassVar[int]
    ENVS_FIELD_NUMBER: _ClassVar[int]
    SESSION_SECRET_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    agent: int
    envs: _containers.RepeatedScalarFieldContainer[int]
    session_secret: str
    def __init__(self, session_id: _Optional[str] = ..., agent: _Optional[int] = ..., envs: _Optional[_Iterable[int]] = ..., session_secret: _Optional[str] = ...) -> None: ...

class ObserveResponse(_message.Message):
    __slots__ = ("observation",)
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    observation: _containers.RepeatedCompositeFieldContainer[Tensor]
    def __init__(self, observation: _Optional[_Iterable[_Union[Tensor, _Mapping]]] = ...) -> None: ...

class DescribeRequest(_message.Message):
    __slots__ = ("session_id", "env", "viewer", "session_secret")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    ENV_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    SESSION_SECRET_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    env: int
    viewer: int
    session_secret: str
    def __init__(self, session_id: _Optional[str] = ..., env: _Optional[int] = ..., viewer: _Optional[int] = ..., session_secret: _Optional[str] = ...) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ("action", "name", "description")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    action: int
    name: str
    description: str
    def __init__(self, action: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class DescribeResponse(_message.Message):
    __slots__ = ("board", "prompt", "legal_actions", "events", "agent", "over", "score")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    AGENT_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    board: str
    prompt: str
    legal_actions: _containers.RepeatedCompositeFieldContainer[LegalAction]
    events: _containers.RepeatedScalarFieldContainer[str]
    agent: int
    over: bool
    score: float
    def __init__(self, board: _Optional[str] = ..., prompt: _Optional[str] = ..., legal_actions: _Optional[_Iterable[_Union[LegalAction, _Mapping]]] = ..., events: _Optional[_Iterable[str]] = ..., agent: _Optional[int] = ..., over: _Optional[bool] = ..., score: _Optional[float] = ...) -> None: ...

class CloseRequest(_message.Message):
    __slots__ = ("session_id", "session_secret")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_SECRET_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    session_secret: str
    def __init__(self, session_id: _Optional[str] = ..., session_secret: _Optional[str] = ...) -> None: ...

class CloseResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RenderRequest(_message.Message):
    __slots__ = ("session_id", "env", "viewer", "session_secret", "format")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    ENV_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    SESSION_SECRET_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    env: int
    viewer: int
    session_secret: str
    format: str
    def __init__(self, session_id: _Optional[str] = ..., env: _Optional[int] = ..., viewer: _Optional[int] = ..., session_secret: _Optional[str] = ..., format: _Optional[str] = ...) -> None: ...

class RenderResponse(_message.Message):
    __slots__ = ("height", "width", "format", "data")
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    height: int
    width: int
    format: str
    data: bytes
    def __init__(self, height: _Optional[int] = ..., width: _Optional[int] = ..., format: _Optional[str] = ..., data: _Optional[bytes] = ...) -> None: ...
