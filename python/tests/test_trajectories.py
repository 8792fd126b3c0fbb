"""Trajectories written by `mythos record` open in pyarrow and mean what they say.

Standalone: needs only pyarrow, numpy and pytest (`pip install pyarrow numpy pytest`)
and Go. It builds ./cmd/mythos from this checkout (`go build`) and runs
`mythos record ...`, or runs the binary named by the environment variable
MYTHOS_BIN when it is set.

    pytest python/tests/test_trajectories.py
"""

import json
import math
import os
import subprocess
import time
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.ipc as ipc
import pytest

REPO = Path(__file__).resolve().parents[2]
ENV_ID = "ArkhamLCG/TheGathering-v0"
EPISODES, PER_FILE, SEED = 12, 5, 7

NUMPY_OF = {"float32": np.float32, "int32": np.int32, "uint8": np.uint8}
ARROW_OF = {"float32": pa.float32(), "int32": pa.int32(), "uint8": pa.uint8()}


@pytest.fixture(scope="session")
def mythos_bin(tmp_path_factory):
    """The mythos binary: MYTHOS_BIN, or one built from this checkout."""
    if os.environ.get("MYTHOS_BIN"):
        return os.environ["MYTHOS_BIN"]
    out = tmp_path_factory.mktemp("bin") / "mythos"
    done = subprocess.run(["go", "build", "-o", str(out), "./cmd/mythos"], cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"go build failed:\n{done.stderr}"
    return str(out)


def record_args(out_dir, episodes, *extra):
    return ["record", ENV_ID, "--agent", "random", "--episodes", str(episodes),
            "--episodes-per-file", str(PER_FILE), "--seed", str(SEED),
            "--out", str(out_dir), "--quiet", *extra]


def record(binary, out_dir, *extra):
    """Runs mythos record into out_dir and returns its stdout."""
    cmd = [binary, *record_args(out_dir, EPISODES, *extra)]
    done = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{' '.join(cmd)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def recording(mythos_bin, tmp_path_factory):
    out = tmp_path_factory.mktemp("traj")
    stdout = record(mythos_bin, out, "--workers", "2", "--batch-rows", "64")
    files = sorted(out.glob("*.arrow"))
    return out, files, stdout


def tables(files):
    for f in files:
        with ipc.open_file(f) as reader:
            yield f, reader.schema, reader.read_all()


def meta(schema):
    m = {k.decode(): v.decode() for k, v in schema.metadata.items()}
    assert m["mythos.format"] == "1"
    return m


def test_files_are_complete_and_numbered(recording):
    out, files, stdout = recording
    want = math.ceil(EPISODES / PER_FILE)
    assert [f.name for f in files] == [f"part-{i:05d}.arrow" for i in range(want)]
    assert not [p for p in out.iterdir() if p.name.startswith(".")], "temporary files left behind"
    assert f"wrote {EPISODES} episodes" in stdout


def test_schema_metadata_describes_the_run(recording):
    _, files, _ = recording
    seen = []
    for _, schema, table in tables(files):
        m = meta(schema)
        assert m["mythos.env"] == ENV_ID
        assert m["mythos.agent"] == "random"
        assert int(m["mythos.seed"]) == SEED
        assert isinstance(json.loads(m["mythos.options"]), dict)
        eps = json.loads(m["mythos.episodes"])
        ids = [e["episode"] for e in eps]
        assert all(isinstance(e["seed"], int) and 0 <= e["seed"] < 2**64 for e in eps)
        # The episode column holds exactly the listed episodes, in order.
        col = table.column("episode").to_numpy()
        order = [int(v) for i, v in enumerate(col) if i == 0 or col[i - 1] != v]
        assert order == ids
        seen += ids
    assert seen == list(range(EPISODES))


def test_columns_match_layout_shapes_and_dtypes(recording):
    _, files, _ = recording
    for _, schema, table in tables(files):
        m = meta(schema)
        layout = json.loads(m["mythos.layout"])
        actions = json.loads(m["mythos.actions"])
        n = table.num_rows
        assert n > 0
        table.validate(full=True)
        f32 = i32 = u8 = 0
        for f in layout["fields"]:
            name = "obs." + f["name"]
            field = schema.field(name)
            size = int(np.prod(f["shape"], dtype=np.int64))
            assert pa.types.is_fixed_size_list(field.type), name
            assert field.type.list_size == size, name
            assert field.type.value_type == ARROW_OF[f["dtype"]], name
            fm = {k.decode(): v.decode() for k, v in field.metadata.items()}
            assert json.loads(fm["mythos.shape"]) == f["shape"], name
            assert fm["mythos.dtype"] == f["dtype"], name
            values = table.column(name).combine_chunks().flatten().to_numpy()
            assert values.dtype == NUMPY_OF[f["dtype"]], name
            assert values.reshape(n, *f["shape"]).shape == (n, *f["shape"])
            if f["dtype"] == "float32":
                assert f["offset"] == f32
                f32 += size
                assert np.isfinite(values).all(), name
            elif f["dtype"] == "uint8":
                assert f["offset"] == u8
                u8 += size
            else:
                assert f["offset"] == i32
                i32 += size
        assert (f32, i32, u8) == (layout["f32"], layout["i32"], layout.get("u8", 0))
        mask = schema.field("mask").type
        assert pa.types.is_fixed_size_list(mask)
        assert (mask.list_size, mask.value_type) == (len(actions), pa.int8())
        for name, typ in [("episode", pa.int64()), ("step", pa.int32()), ("agent", pa.int32()),
                          ("action", pa.int32()), ("reward", pa.float32()), ("score", pa.float32()),
                          ("terminated", pa.bool_()), ("truncated", pa.bool_())]:
            assert schema.field(name).type == typ, name
        n_agents = len(json.loads(m["mythos.agents"]))
        agent = table.column("agent").to_numpy()
        assert ((agent >= 0) & (agent < n_agents)).all()


def test_each_episode_is_a_whole_legal_trajectory(recording):
    _, files, _ = recording
    for _, schema, table in tables(files):
        n_actions = len(json.loads(meta(schema)["mythos.actions"]))
        mask = table.column("mask").combine_chunks().flatten().to_numpy().reshape(-1, n_actions)
        action = table.column("action").to_numpy()
        assert ((action >= 0) & (action < n_actions)).all()
        assert (mask[np.arange(len(action)), action] == 1).all(), "an action outside its mask"
        episode = table.column("episode").to_numpy()
        step = table.column("step").to_numpy()
        done = (table.column("terminated").to_numpy(zero_copy_only=False)
                | table.column("truncated").to_numpy(zero_copy_only=False))
        for ep in np.unique(episode):
            rows = np.flatnonzero(episode == ep)
            assert (np.diff(rows) == 1).all(), f"episode {ep} is not contiguous"
            assert (step[rows] == np.arange(len(rows))).all()
            assert done[rows[-1]] and not done[rows[:-1]].any(), f"episode {ep}: ends wrongly"


def test_rewards_sum_to_the_outcome(recording):
    _, files, _ = recording
    outcomes = []
    for _, _, table in tables(files):
        episode = table.column("episode").to_numpy()
        reward = table.column("reward").to_numpy().astype(np.float64)
        score = table.column("score").to_numpy().astype(np.float64)
        for ep in np.unique(episode):
            rows = np.flatnonzero(episode == ep)
            outcome = score[rows[-1]]
            assert score[rows[0]] - reward[rows[0]] == pytest.approx(0.0, abs=1e-6), "episodes start at score 0"
            assert reward[rows].sum() == pytest.approx(outcome, abs=1e-4), f"episode {ep}"
            assert np.cumsum(reward[rows]) == pytest.approx(score[rows], abs=1e-4)
            outcomes.append(outcome)
    assert len(outcomes) == EPISODES


def test_same_seed_same_bytes(mythos_bin, recording, tmp_path):
    _, files, _ = recording
    again = tmp_path / "again"
    record(mythos_bin, again, "--workers", "1", "--batch-rows", "64")
    for f in files:
        assert (again / f.name).read_bytes() == f.read_bytes(), f.name


@pytest.mark.parametrize("compression", ["none", "zstd"])
def test_other_compressions_hold_the_same_table(mythos_bin, recording, tmp_path, compression):
    _, files, _ = recording  # written with the default, LZ4_FRAME compression
    other = tmp_path / compression
    record(mythos_bin, other, "--compression", compression)
    for f in files:
        with ipc.open_file(f) as a, ipc.open_file(other / f.name) as b:
            assert a.read_all().equals(b.read_all(), check_metadata=True), f.name


def test_killed_run_leaves_readable_files(mythos_bin, tmp_path):
    """SIGKILL mid-run: every file with its final name is whole."""
    out = tmp_path / "killed"
    proc = subprocess.Popen([mythos_bin, *record_args(out, 1_000_000, "--workers", "1", "--batch-rows", "16")],
                            cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while len(list(out.glob("*.arrow"))) < 3:
            assert proc.poll() is None, "mythos record ended before it was killed"
            assert time.monotonic() < deadline, "no files after 120 s"
            time.sleep(0.01)
    finally:
        proc.kill()
        proc.wait()
    files = sorted(out.glob("*.arrow"))
    assert len(files) >= 3
    for i, f in enumerate(files):
        assert f.name == f"part-{i:05d}.arrow"
        with ipc.open_file(f) as reader:
            table = reader.read_all()
            eps = json.loads(meta(reader.schema)["mythos.episodes"])
        table.validate(full=True)
        assert [e["episode"] for e in eps] == list(range(i * PER_FILE, (i + 1) * PER_FILE))
        assert sorted(set(table.column("episode").to_pylist())) == [e["episode"] for e in eps]
        assert table.column("terminated").to_pylist()[-1] or table.column("truncated").to_pylist()[-1]


def test_machina_uint8_columns(mythos_bin, tmp_path):
    """Machina's uint8 fields (board planes, card tables) are uint8 columns
    whose values match the layout's shapes; the board's present plane is
    (cell_kind) is set where tiles lie."""
    cmd = [mythos_bin, "record", "MachinaArcana/TheFrozenEngine-v0", "--agent", "random", "--episodes", "1",
           "--seed", "3", "--opt", "round_cap=3", "--out", str(tmp_path), "--quiet"]
    done = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    files = sorted(tmp_path.glob("*.arrow"))
    assert files
    for _, schema, table in tables(files):
        layout = json.loads(meta(schema)["mythos.layout"])
        uint8s = [f for f in layout["fields"] if f["dtype"] == "uint8"]
        assert {f["name"] for f in uint8s} >= {"board", "monsters", "item_cards", "events"}
        for f in uint8s:
            field = schema.field("obs." + f["name"])
            assert field.type.value_type == pa.uint8()
            values = table.column("obs." + f["name"]).combine_chunks().flatten().to_numpy()
            assert values.dtype == np.uint8
            board = values.reshape(table.num_rows, *f["shape"])
            if f["name"] == "board":
                assert (board[:, 0].sum(axis=(1, 2)) > 0).all()  # cell_kind: the placed tiles
