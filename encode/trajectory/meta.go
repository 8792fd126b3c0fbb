package trajectory

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/apache/arrow/go/v15/arrow"

	"github.com/mythos-rl/mythos/encode"
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

// Field metadata keys of the observation columns (KeyDoc is on every column).
const (
	KeyShape = "mythos.shape" // JSON list: the field's shape; the column holds it flattened, row-major
	KeyDType = "mythos.dtype" // float32, int32 or uint8
	KeyDoc   = "mythos.doc"   // what the column means
)

// ObsPrefix starts the name of every observation column: field "hand" is
// column "obs.hand".
const ObsPrefix = "obs."

// Meta describes one trajectory file: what was played and how the
// observation is laid out. It is written as the schema's metadata.
type Meta struct {
	// Env is the env id the episodes were played on.
	Env string
	// Options are the env's make-time options.
	Options map[string]string
	// Agent is the spec of the agent that played.
	Agent string
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

// layoutJSON is the layout as written to KeyLayout.
type layoutJSON struct {
	F32    int         `json:"f32"`
	I32    int         `json:"i32"`
	U8     int         `json:"u8,omitempty"`
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

// Column indices of the fixed columns; the observation columns lie between
// colAgent and the trailing columns (mask, action, reward, score,
// terminated, truncated).
const (
	colEpisode = iota
	colStep
	colAgent
	colObs // the first observation column

	trailingCols = 6 // the fixed columns after the observation columns
)

// arrowType is the element type of a layout dtype.
func arrowType(dt encode.DType) arrow.DataType {
	switch dt {
	case encode.Int32:
		return arrow.PrimitiveTypes.Int32
	case encode.Uint8:
		return arrow.PrimitiveTypes.Uint8
	}
	return arrow.PrimitiveTypes.Float32
}

// schema is the Arrow schema of a file described by m: the columns, their
// metadata and m as schema metadata.
func (m *Meta) schema() (*arrow.Schema, error) {
	col := func(name string, t arrow.DataType) arrow.Field {
		return arrow.Field{Name: name, Type: t, Metadata: arrow.NewMetadata([]string{KeyDoc}, []string{columnDocs[name]})}
	}
	fields := []arrow.Field{
		col("episode", arrow.PrimitiveTypes.Int64),
		col("step", arrow.PrimitiveTypes.Int32),
		col("agent", arrow.PrimitiveTypes.Int32),
	}
	for _, f := range m.Layout.Fields {
		shape, _ := json.Marshal(f.Shape)
		fields = append(fields, arrow.Field{
			Name: ObsPrefix + f.Name,
			Type: arrow.FixedSizeListOf(int32(f.Size()), arrowType(f.DType)),
			Metadata: arrow.NewMetadata([]string{KeyShape, KeyDType, KeyDoc},
				[]string{string(shape), f.DType.String(), f.Doc}),
		})
	}
	fields = append(fields,
		col("mask", arrow.FixedSizeListOf(int32(len(m.ActionNames)), arrow.PrimitiveTypes.Int8)),
		col("action", arrow.PrimitiveTypes.Int32),
		col("reward", arrow.PrimitiveTypes.Float32),
		col("score", arrow.PrimitiveTypes.Float32),
		col("terminated", arrow.FixedWidthTypes.Boolean),
		col("truncated", arrow.FixedWidthTypes.Boolean),
	)
	keys, vals, err := m.keyValues()
	if err != nil {
		return nil, err
	}
	md := arrow.NewMetadata(keys, vals)
	return arrow.NewSchema(fields, &md), nil
}

// check reports a Meta that cannot describe a file.
func (m *Meta) check() error {
	switch {
	case m.Env == "":
		return fmt.Errorf("trajectory: meta has no env id")
	case m.Layout == nil:
		return fmt.Errorf("trajectory: meta for %s has no layout", m.Env)
	case len(m.ActionNames) == 0:
		return fmt.Errorf("trajectory: meta for %s has no actions", m.Env)
	}
	for _, f := range m.Layout.Fields {
		if f.Size() <= 0 || f.Size() > 1<<30 {
			return fmt.Errorf("trajectory: %s: field %q has shape %v; fixed-size lists need 1 to 2^30 elements", m.Env, f.Name, f.Shape)
		}
		if f.DType != encode.Float32 && f.DType != encode.Int32 && f.DType != encode.Uint8 {
			return fmt.Errorf("trajectory: %s: field %q has dtype %v", m.Env, f.Name, f.DType)
		}
	}
	return nil
}

// rowBytes is how many value bytes one row adds to the columns.
func (m *Meta) rowBytes() int {
	return 8 + 4 + 4 + m.Layout.Bytes() + len(m.ActionNames) + 4 + 4 + 4 + 1
}

// keyValues encodes m as schema metadata, in a fixed order.
func (m *Meta) keyValues() (keys, vals []string, err error) {
	lj := layoutJSON{F32: m.Layout.F32, I32: m.Layout.I32, U8: m.Layout.U8, Fields: make([]fieldJSON, len(m.Layout.Fields))}
	for i, f := range m.Layout.Fields {
		lj.Fields[i] = fieldJSON{f.Name, f.DType.String(), f.Shape, f.Offset, f.Doc}
	}
	opts := m.Options
	if opts == nil {
		opts = map[string]string{}
	}
	eps := m.Episodes
	if eps == nil {
		eps = []EpisodeSeed{}
	}
	keys = []string{KeyFormat, KeyEnv, KeyAgent, KeySeed}
	vals = []string{strconv.Itoa(FormatVersion), m.Env, m.Agent, strconv.FormatUint(m.Seed, 10)}
	for _, x := range []struct {
		key string
		v   any
	}{{KeyOptions, opts}, {KeyEpisodes, eps}, {KeyLayout, lj}, {KeyActions, m.ActionNames}, {KeyAgents, m.Agents}} {
		b, err := json.Marshal(x.v)
		if err != nil {
			return nil, nil, fmt.Errorf("trajectory: %s: %w", x.key, err)
		}
		keys, vals = append(keys, x.key), append(vals, string(b))
	}
	return keys, vals, nil
}

// metaFrom decodes schema metadata written by keyValues.
func metaFrom(md arrow.Metadata) (Meta, error) {
	get := map[string]string{}
	for i, k := range md.Keys() {
		get[k] = md.Values()[i]
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
		case "uint8":
			dt = encode.Uint8
		default:
			return Meta{}, fmt.Errorf("%s: field %q has dtype %q", KeyLayout, f.Name, f.DType)
		}
		for _, d := range f.Shape {
			if d <= 0 || d > 1<<30 {
				return Meta{}, fmt.Errorf("%s: field %q has shape %v", KeyLayout, f.Name, f.Shape)
			}
		}
		m.Layout.Add(f.Name, dt, f.Doc, f.Shape...)
		if got := m.Layout.Fields[len(m.Layout.Fields)-1].Offset; got != f.Offset {
			return Meta{}, fmt.Errorf("%s: field %q at offset %d, want %d", KeyLayout, f.Name, f.Offset, got)
		}
	}
	if m.Layout.F32 != lj.F32 || m.Layout.I32 != lj.I32 || m.Layout.U8 != lj.U8 {
		return Meta{}, fmt.Errorf("%s: buffer sizes %d/%d/%d, fields add up to %d/%d/%d", KeyLayout, lj.F32, lj.I32, lj.U8, m.Layout.F32, m.Layout.I32, m.Layout.U8)
	}
	return m, m.check()
}
