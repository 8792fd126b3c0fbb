// Package trajectory stores decisions of recorded episodes as Arrow IPC files
// (the Arrow "file" format, readable by pyarrow.ipc.open_file, pandas, polars,
// DuckDB, …) and reads them back in Go. It knows an observation only through
// its [encode.Layout]; playing episodes and feeding a [Writer] is the job of
// agents.Record, which knows envs and agents.
//
// The Arrow encoding is github.com/apache/arrow/go/v15: column builders, the
// ipc.FileWriter (with Arrow's LZ4_FRAME or ZSTD buffer compression) and the
// ipc.FileReader.
//
// # Rows
//
// One row per decision. Columns, in order:
//
//	episode     int64                    the episode's id: its index in the run
//	step        int32                    the decision's index in its episode, from 0
//	agent       int32                    the seat that acted; the observation is its view
//	obs.NAME    fixed_size_list<T>[size] one per observation field of the layout, in
//	                                     layout order: T is float32 or int32, size the
//	                                     product of the field's shape, stored row-major;
//	                                     field metadata mythos.shape, mythos.dtype, mythos.doc
//	mask        fixed_size_list<int8>[N] 1 for each legal action id (N: the Discrete size)
//	action      int32                    the action id chosen
//	reward      float32                  per-step team reward: the change of the team score
//	                                     this action caused (the games are cooperative)
//	score       float32                  the team score after the action; on an episode's
//	                                     last row it is the episode's outcome
//	terminated  bool                     the game ended with this action
//	truncated   bool                     the episode was cut short after it (max_steps)
//
// obs, mask and agent describe the decision point; action, reward, score,
// terminated and truncated describe what followed. The observation after an
// episode's last action is not stored. Rewards of an episode add up to its
// outcome, since every episode starts at score 0. No value is ever null: the
// columns are declared non-nullable (the list items keep Arrow's default
// nullable "item" field, as pyarrow's pa.list_(t, n) does).
//
// # Schema metadata
//
// mythos.format (1), mythos.env (env id), mythos.options (JSON object of the
// make-time options), mythos.agent (agent spec), mythos.seed (the run's base
// seed), mythos.episodes (JSON list of {"episode", "seed"}: the file's
// episodes in order), mythos.layout (JSON: f32 and i32 buffer sizes and each
// field's name, dtype, shape, offset and doc), mythos.actions (JSON list of
// action names), mythos.agents (JSON list of seat names).
//
// # Files
//
// A recording is a directory of part-00000.arrow, part-00001.arrow, …
// ([FileName]). A [Writer] writes under a hidden temporary name beside the
// final one, syncs the file and renames it in Close, so a killed run leaves
// every finished file readable and [Files] never lists an unfinished one. The
// bytes of a file depend only on the rows and settings written, so a
// recording is reproducible byte for byte.
package trajectory
