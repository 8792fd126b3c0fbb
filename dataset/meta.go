package dataset

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
)

// FormatVersion is the version of the trajectory layout written to
// "mythos.format"; readers refuse other versions.
const FormatVersion = 1

// Schema metadata keys.
const (
	KeyFormat   = "mythos.format"   // FormatVersion, as a decimal
	KeyEnv      = "mythos.env"      // env id, e.g. ArkhamLCG/TheGathering-v0
	KeyOptions  = "mythos.options"  // JSON object of the make-time options
	KeyAgent    = "mythos.agent"    // the agent spec that played, e.g. random
	KeySeed     = "mythos.seed"     // the run's base seed, as a decimal
	KeyEpisodes = "mythos.episodes" // JSON list of {"episode": id, "seed": seed}
	KeyLayout   = "mythos.layout"   // JSON of the observation layout (see layoutJSON)
	KeyActions  = "mythos.actions"  // JSON list of action names; its length is Discrete(N)
	KeyAgents   = "mythos.agents"   // JSON list of seat names; agent id i is seat i
)

// Field metadata keys of the observation columns.
const (
	KeyShape = "mythos.shape" // JSON list: the field's shape; the column holds it flattened, row-major
	KeyDType = "mythos.dtype" // float32 or int32
	KeyDoc   = "mythos.doc"   // what the column means
)

// ObsPrefix starts the name of every observation column: field "hand" is
// column "obs.hand".
const ObsPrefix = "obs."

// Meta describes one trajectory file: what was played and how the
// observation is laid out. It is written as the schema's metadata.
type Meta struct {
	Env     string
	Options env.Options
	Agent   string
	// Seed is the base seed of the run the file belongs to.
	Seed uint64
	// Episodes lists the episodes the file holds, in order.
	Episodes []EpisodeSeed
	// Layout is the observation layout (field names, dtypes, shapes).
	Layout *encode.Layout
	// ActionNames names each action id; its length is the Discrete size.
	ActionNames []string
	// Agents names each seat.
	Agents []string
}

// EpisodeSeed is an episode's id (its index in the run) and its seed.
type EpisodeSeed struct {
	Episode int64  `json:"episode"`
	Seed    uint64 `json:"seed"`
}

// MetaFor fills the parts of a Meta that come from an env spec. It names
// every action id of the spec's Discrete space.
func MetaFor(spec *env.Spec, opts env.Options, agent string, seed uint64) Meta {
	names := make([]string, spec.Actions)
	for i := range names {
		if i < len(spec.ActionNames) {
			names[i] = spec.ActionNames[i]
		} else {
			names[i] = fmt.Sprintf("action %d", i)
		}
	}
	return Meta{Env: spec.ID, Options: opts, Agent: agent, Seed: seed, Layout: spec.Layout,
		ActionNames: names, Agents: spec.Agents}
}

// layoutJSON is the layout as written to KeyLayout.
type layoutJSON struct {
	F32    int         `json:"f32"`
	I32    int         `json:"i32"`
	Fields []fieldJSON `json:"fields"`
}

type fieldJSON struct {
	Name   string `json:"name"`
	DType  string `json:"dtype"`
	Shape  []int  `json:"shape"`
	Offset int    `json:"offset"`
	Doc    string `json:"doc"`
}

// columnDocs documents the fixed columns.
var columnDocs = map[string]string{
	"episode":    "the episode's id: its index in the run (its seed is in the schema metadata)",
	"step":       "the decision's index in its episode, from 0",
	"agent":      "the seat that acted: the observation is from its point of view",
	"mask":       "1 for every legal action id at this decision",
	"action":     "the action id chosen",
	"reward":     "per-step team reward: the change in the team score caused by this action (the games are cooperative)",
	"score":      "the team score after this action; on an episode's last row, its outcome",
	"terminated": "the game ended with this action",
	"truncated":  "the episode was cut short after this action (max_steps)",
}

// columns is the schema of a file with meta's layout.
func (m *Meta) columns() []schemaField {
	doc := func(name string) []keyValue { return []keyValue{{KeyDoc, columnDocs[name]}} }
	cols := []schemaField{
		{name: "episode", kind: kindInt64, meta: doc("episode")},
		{name: "step", kind: kindInt32, meta: doc("step")},
		{name: "agent", kind: kindInt32, meta: doc("agent")},
	}
	for _, f := range m.Layout.Fields {
		k := kindFloat32
		if f.DType == encode.Int32 {
			k = kindInt32
		}
		shape, _ := json.Marshal(f.Shape)
		cols = append(cols, schemaField{name: ObsPrefix + f.Name, kind: k, list: f.Size(), meta: []keyValue{
			{KeyShape, string(shape)}, {KeyDType, f.DType.String()}, {KeyDoc, f.Doc}}})
	}
	return append(cols,
		schemaField{name: "mask", kind: kindInt8, list: len(m.ActionNames), meta: doc("mask")},
		schemaField{name: "action", kind: kindInt32, meta: doc("action")},
		schemaField{name: "reward", kind: kindFloat32, meta: doc("reward")},
		schemaField{name: "score", kind: kindFloat32, meta: doc("score")},
		schemaField{name: "terminated", kind: kindBool, meta: doc("terminated")},
		schemaField{name: "truncated", kind: kindBool, meta: doc("truncated")},
	)
}

// check reports a Meta that cannot describe a file.
func (m *Meta) check() error {
	switch {
	case m.Env == "":
		return fmt.Errorf("dataset: meta has no env id")
	case m.Layout == nil:
		return fmt.Errorf("dataset: meta for %s has no layout", m.Env)
	case len(m.ActionNames) == 0:
		return fmt.Errorf("dataset: meta for %s has no actions", m.Env)
	}
	for _, f := range m.Layout.Fields {
		if f.Size() <= 0 {
			return fmt.Errorf("dataset: %s: field %q has shape %v; fixed-size lists need at least one element", m.Env, f.Name, f.Shape)
		}
	}
	return nil
}

// keyValues encodes m as schema metadata, in a fixed order.
func (m *Meta) keyValues() ([]keyValue, error) {
	lj := layoutJSON{F32: m.Layout.F32, I32: m.Layout.I32, Fields: make([]fieldJSON, len(m.Layout.Fields))}
	for i, f := range m.Layout.Fields {
		lj.Fields[i] = fieldJSON{f.Name, f.DType.String(), f.Shape, f.Offset, f.Doc}
	}
	opts := m.Options
	if opts == nil {
		opts = env.Options{}
	}
	eps := m.Episodes
	if eps == nil {
		eps = []EpisodeSeed{}
	}
	kvs := []keyValue{
		{KeyFormat, strconv.Itoa(FormatVersion)},
		{KeyEnv, m.Env},
		{KeyAgent, m.Agent},
		{KeySeed, strconv.FormatUint(m.Seed, 10)},
	}
	for _, x := range []struct {
		key string
		v   any
	}{{KeyOptions, opts}, {KeyEpisodes, eps}, {KeyLayout, lj}, {KeyActions, m.ActionNames}, {KeyAgents, m.Agents}} {
		b, err := json.Marshal(x.v)
		if err != nil {
			return nil, fmt.Errorf("dataset: %s: %w", x.key, err)
		}
		kvs = append(kvs, keyValue{x.key, string(b)})
	}
	return kvs, nil
}

// metaFrom decodes schema metadata written by keyValues.
func metaFrom(kvs []keyValue) (Meta, error) {
	get := map[string]string{}
	for _, kv := range kvs {
		get[kv.Key] = kv.Value
	}
	if v := get[KeyFormat]; v != strconv.Itoa(FormatVersion) {
		return Meta{}, fmt.Errorf("not a mythos trajectory file of format %d (%s=%q)", FormatVersion, KeyFormat, v)
	}
	m := Meta{Env: get[KeyEnv], Agent: get[KeyAgent]}
	seed, err := strconv.ParseUint(get[KeySeed], 10, 64)
	if err != nil {
		return Meta{}, fmt.Errorf("%s: %w", KeySeed, err)
	}
	m.Seed = seed
	var lj layoutJSON
	for _, x := range []struct {
		key string
		v   any
	}{{KeyOptions, &m.Options}, {KeyEpisodes, &m.Episodes}, {KeyLayout, &lj}, {KeyActions, &m.ActionNames}, {KeyAgents, &m.Agents}} {
		if err := json.Unmarshal([]byte(get[x.key]), x.v); err != nil {
			return Meta{}, fmt.Errorf("%s: %w", x.key, err)
		}
	}
	m.Layout = &encode.Layout{}
	for _, f := range lj.Fields {
		var dt encode.DType
		switch f.DType {
		case "float32":
			dt = encode.Float32
		case "int32":
			dt = encode.Int32
		default:
			return Meta{}, fmt.Errorf("%s: field %q has dtype %q", KeyLayout, f.Name, f.DType)
		}
		m.Layout.Add(f.Name, dt, f.Doc, f.Shape...)
		if got := m.Layout.Fields[len(m.Layout.Fields)-1].Offset; got != f.Offset {
			return Meta{}, fmt.Errorf("%s: field %q at offset %d, want %d", KeyLayout, f.Name, f.Offset, got)
		}
	}
	if m.Layout.F32 != lj.F32 || m.Layout.I32 != lj.I32 {
		return Meta{}, fmt.Errorf("%s: buffer sizes %d/%d, fields add up to %d/%d", KeyLayout, lj.F32, lj.I32, m.Layout.F32, m.Layout.I32)
	}
	return m, m.check()
}
