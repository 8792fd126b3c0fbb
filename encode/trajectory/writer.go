package trajectory

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/apache/arrow/go/v15/arrow"
	"github.com/apache/arrow/go/v15/arrow/array"
	"github.com/apache/arrow/go/v15/arrow/ipc"

	"github.com/mythos-rl/mythos/encode"
)

// Row is one decision of an episode: what the acting agent saw, what it
// chose, and what followed. Obs and Mask are the state before the action;
// Reward, Score, Terminated and Truncated are the result of the action.
type Row struct {
	Episode int64
	Step    int32
	Agent   int32
	Obs     encode.Obs
	Mask    []int8
	Action  int32
	// Reward is the team's reward for this step: the change in the team
	// score the action caused. Over an episode the rewards add up to its
	// outcome (the last row's Score).
	Reward float32
	// Score is the team score after the action.
	Score      float32
	Terminated bool
	Truncated  bool
}

// DefaultBatchRows is how many rows a Writer gathers before it writes an
// Arrow record batch.
const DefaultBatchRows = 4096

// MaxBatchBytes caps the value bytes a Writer gathers before it writes a
// record batch, whatever BatchRows says, so wide observations stay within
// memory.
const MaxBatchBytes = 16 << 20

// Compression is how record batch buffers are compressed.
type Compression uint8

const (
	// None stores buffers as they are.
	None Compression = iota
	// LZ4 compresses each buffer as an LZ4 frame (Arrow's LZ4_FRAME codec);
	// observations are mostly zeros, so files shrink many times over.
	LZ4
	// Zstd compresses each buffer with Zstandard (Arrow's ZSTD codec):
	// smaller files than LZ4, slower to write.
	Zstd
)

// String names the compression as the command line does.
func (c Compression) String() string {
	switch c {
	case LZ4:
		return "lz4"
	case Zstd:
		return "zstd"
	}
	return "none"
}

// ParseCompression reads "none", "lz4" or "zstd".
func ParseCompression(s string) (Compression, error) {
	switch s {
	case "none", "":
		return None, nil
	case "lz4":
		return LZ4, nil
	case "zstd":
		return Zstd, nil
	}
	return None, fmt.Errorf("compression %q: want none, lz4 or zstd", s)
}

// WriterOptions tune how a Writer lays out its file. The zero value means
// DefaultBatchRows rows per batch and no compression.
type WriterOptions struct {
	// BatchRows is how many rows go in one record batch (DefaultBatchRows if
	// 0); a batch also ends once it holds MaxBatchBytes of values.
	BatchRows int
	// Compression of the record batches' buffers.
	Compression Compression
	// Pool, if not nil, supplies the Writer's buffers; a recorder that writes
	// files one after another passes the same pool to each, so that only its
	// first file allocates batch buffers. Nil gives the Writer its own.
	Pool *BufferPool
}

// obsColumn appends one observation field to its fixed-size list column.
type obsColumn struct {
	field *encode.Field
	list  *array.FixedSizeListBuilder
	f32   *array.Float32Builder // the list's items, for a float32 field
	i32   *array.Int32Builder   // the list's items, for an int32 field
	u8    *array.Uint8Builder   // the list's items, for a uint8 field
}

// Writer writes trajectory rows to one Arrow IPC file. It writes to a
// temporary name beside the final one and renames it in Close, so the final
// name only ever holds a complete, readable file: a run killed midway leaves
// every closed file whole and, at worst, one temporary file.
//
// Rows are appended to Arrow array builders (copied, so the caller's buffers
// may be reused at once) and written as a record batch every BatchRows rows.
// A Writer is not safe for concurrent use.
type Writer struct {
	path, tmp string
	f         *os.File
	out       *seekWriter
	fw        *ipc.FileWriter

	meta     Meta
	schema   *arrow.Schema
	episodes map[int64]bool
	mem      *BufferPool
	rb       *array.RecordBuilder

	episode *array.Int64Builder
	step    *array.Int32Builder
	agent   *array.Int32Builder
	obs     []obsColumn
	mask    *array.FixedSizeListBuilder
	maskVal *array.Int8Builder
	action  *array.Int32Builder
	reward  *array.Float32Builder
	score   *array.Float32Builder
	term    *array.BooleanBuilder
	trunc   *array.BooleanBuilder

	batchRows int   // rows per record batch, MaxBatchBytes considered
	rows      int   // rows in the current batch
	total     int64 // rows in batches already written
	lastEp    int64 // the episode of the last row, checked against episodes
	open      bool  // WriteDecision has begun a row that WriteOutcome has not ended
	err       error // sticky: the file is spoilt or closed
}

// Create starts a trajectory file at path (written under a temporary name
// until Close). meta.Episodes must list every episode whose rows will be
// written.
func Create(path string, meta Meta, opt WriterOptions) (*Writer, error) {
	if err := meta.check(); err != nil {
		return nil, err
	}
	schema, err := meta.schema()
	if err != nil {
		return nil, err
	}
	w := &Writer{path: path, tmp: tempName(path), meta: meta, schema: schema,
		episodes: map[int64]bool{}, mem: opt.Pool, lastEp: -1}
	if w.mem == nil {
		w.mem = &BufferPool{}
	}
	for _, e := range meta.Episodes {
		w.episodes[e.Episode] = true
	}
	w.batchRows = opt.BatchRows
	if w.batchRows <= 0 {
		w.batchRows = DefaultBatchRows
	}
	w.batchRows = max(1, min(w.batchRows, MaxBatchBytes/meta.rowBytes()))

	w.rb = array.NewRecordBuilder(w.mem, schema)
	w.episode = w.rb.Field(colEpisode).(*array.Int64Builder)
	w.step = w.rb.Field(colStep).(*array.Int32Builder)
	w.agent = w.rb.Field(colAgent).(*array.Int32Builder)
	for i := range meta.Layout.Fields {
		c := obsColumn{field: &meta.Layout.Fields[i], list: w.rb.Field(colObs + i).(*array.FixedSizeListBuilder)}
		switch c.field.DType {
		case encode.Float32:
			c.f32 = c.list.ValueBuilder().(*array.Float32Builder)
		case encode.Uint8:
			c.u8 = c.list.ValueBuilder().(*array.Uint8Builder)
		default:
			c.i32 = c.list.ValueBuilder().(*array.Int32Builder)
		}
		w.obs = append(w.obs, c)
	}
	k := colObs + len(w.obs)
	w.mask = w.rb.Field(k).(*array.FixedSizeListBuilder)
	w.maskVal = w.mask.ValueBuilder().(*array.Int8Builder)
	w.action = w.rb.Field(k + 1).(*array.Int32Builder)
	w.reward = w.rb.Field(k + 2).(*array.Float32Builder)
	w.score = w.rb.Field(k + 3).(*array.Float32Builder)
	w.term = w.rb.Field(k + 4).(*array.BooleanBuilder)
	w.trunc = w.rb.Field(k + 5).(*array.BooleanBuilder)
	w.reserve()

	f, err := os.Create(w.tmp)
	if err != nil {
		w.rb.Release()
		return nil, fmt.Errorf("trajectory: %w", err)
	}
	w.f = f
	w.out = &seekWriter{w: bufio.NewWriterSize(f, 1<<20)}
	opts := []ipc.Option{ipc.WithSchema(schema), ipc.WithAllocator(w.mem)}
	switch opt.Compression {
	case LZ4:
		opts = append(opts, ipc.WithLZ4())
	case Zstd:
		opts = append(opts, ipc.WithZstd())
	}
	if w.fw, err = ipc.NewFileWriter(w.out, opts...); err != nil {
		w.Abort()
		return nil, fmt.Errorf("trajectory: %w", err)
	}
	return w, nil
}

// reserve sizes every builder for a whole batch, so that appending a row
// never grows a buffer.
func (w *Writer) reserve() {
	n := w.batchRows
	w.rb.Reserve(n)
	for _, c := range w.obs {
		switch {
		case c.f32 != nil:
			c.f32.Reserve(n * c.field.Size())
		case c.u8 != nil:
			c.u8.Reserve(n * c.field.Size())
		default:
			c.i32.Reserve(n * c.field.Size())
		}
	}
	w.maskVal.Reserve(n * len(w.meta.ActionNames))
}

// Rows is the number of rows written so far.
func (w *Writer) Rows() int64 { return w.total + int64(w.rows) }

// Write adds one row. It checks the whole row against the file's layout and
// episode list first: a row that does not fit is refused with an error and
// leaves the file as it was.
func (w *Writer) Write(r *Row) error {
	if w.err == nil {
		if err := w.checkAction(r); err != nil {
			return err
		}
	}
	if err := w.WriteDecision(r); err != nil {
		return err
	}
	return w.WriteOutcome(r)
}

// WriteDecision begins a row with the decision part of r: Episode, Step,
// Agent, Obs and Mask, which it checks first (a row that does not fit is
// refused and leaves the file as it was). WriteOutcome must end the row
// before the next one begins. A recorder calls the two around env.Step, so
// the env's observation is copied once, straight from its buffers, before
// Step overwrites them.
func (w *Writer) WriteDecision(r *Row) error {
	if w.err != nil {
		return w.err
	}
	if w.open {
		return errors.New("trajectory: WriteDecision twice without WriteOutcome")
	}
	l := w.meta.Layout
	if len(r.Obs.F32) != l.F32 || len(r.Obs.I32) != l.I32 || len(r.Obs.U8) != l.U8 {
		return fmt.Errorf("trajectory: observation of %d float32, %d int32 and %d uint8 values, layout of %s wants %d, %d and %d",
			len(r.Obs.F32), len(r.Obs.I32), len(r.Obs.U8), w.meta.Env, l.F32, l.I32, l.U8)
	}
	if len(r.Mask) != len(w.meta.ActionNames) {
		return fmt.Errorf("trajectory: mask of %d actions, %s has %d", len(r.Mask), w.meta.Env, len(w.meta.ActionNames))
	}
	if r.Episode != w.lastEp {
		if !w.episodes[r.Episode] {
			return fmt.Errorf("trajectory: episode %d is not in the file's episode list", r.Episode)
		}
		w.lastEp = r.Episode
	}
	w.episode.Append(r.Episode)
	w.step.Append(r.Step)
	w.agent.Append(r.Agent)
	for i := range w.obs {
		c := &w.obs[i]
		c.list.Append(true)
		switch {
		case c.f32 != nil:
			c.f32.AppendValues(r.Obs.Float(c.field), nil)
		case c.u8 != nil:
			c.u8.AppendValues(r.Obs.Bytes(c.field), nil)
		default:
			c.i32.AppendValues(r.Obs.Int(c.field), nil)
		}
	}
	w.mask.Append(true)
	w.maskVal.AppendValues(r.Mask, nil)
	w.open = true
	return nil
}

// checkAction reports an action outside the Discrete space.
func (w *Writer) checkAction(r *Row) error {
	if r.Action < 0 || int(r.Action) >= len(w.meta.ActionNames) {
		return fmt.Errorf("trajectory: action %d outside Discrete(%d)", r.Action, len(w.meta.ActionNames))
	}
	return nil
}

// WriteOutcome ends the row begun by WriteDecision with r's Action, Reward,
// Score, Terminated and Truncated, and writes a record batch when one is
// full. An action outside the Discrete space cannot be taken back from the
// builders: it spoils the file, which Close then refuses (use Write to have
// bad rows refused whole).
func (w *Writer) WriteOutcome(r *Row) error {
	if w.err != nil {
		return w.err
	}
	if !w.open {
		return errors.New("trajectory: WriteOutcome without WriteDecision")
	}
	if err := w.checkAction(r); err != nil {
		w.err = fmt.Errorf("%w (the file is spoilt: its last row is incomplete)", err)
		return w.err
	}
	w.action.Append(r.Action)
	w.reward.Append(r.Reward)
	w.score.Append(r.Score)
	w.term.Append(r.Terminated)
	w.trunc.Append(r.Truncated)
	w.open = false
	w.rows++
	if w.rows >= w.batchRows {
		w.flush()
	}
	return w.err
}

// flush writes the gathered rows as one record batch.
func (w *Writer) flush() {
	if w.rows == 0 || w.err != nil {
		return
	}
	rec := w.rb.NewRecord()
	err := w.fw.Write(rec)
	rec.Release()
	if err == nil {
		err = w.out.err
	}
	if err != nil {
		w.err = fmt.Errorf("trajectory: %s: %w", w.path, err)
		return
	}
	w.total += int64(w.rows)
	w.rows = 0
	w.reserve()
}

// Close writes the last batch and the footer, syncs the file and moves it to
// its final name. After an error the temporary file is removed.
func (w *Writer) Close() error {
	if w.f == nil {
		return w.err
	}
	if w.err == nil && w.open {
		w.err = fmt.Errorf("trajectory: %s: a row was begun by WriteDecision and never ended", w.path)
	}
	w.flush()
	// w.err, if set, already names the package; the file steps' errors get
	// the path.
	var err error
	if w.err == nil {
		err = w.fw.Close()
	}
	if err == nil && w.err == nil {
		err = w.out.w.Flush()
	}
	if err == nil && w.err == nil {
		err = w.f.Sync()
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	w.f = nil
	w.rb.Release()
	if err == nil && w.err == nil {
		err = os.Rename(w.tmp, w.path)
	}
	if err != nil && w.err == nil {
		w.err = fmt.Errorf("trajectory: %s: %w", w.path, err)
	}
	if w.err != nil {
		os.Remove(w.tmp)
		return w.err
	}
	syncDir(filepath.Dir(w.path))
	w.err = errors.New("trajectory: writer is closed")
	return nil
}

// Abort drops the file: nothing appears under the final name.
func (w *Writer) Abort() {
	if w.f != nil {
		w.f.Close()
		w.f = nil
		w.rb.Release()
		os.Remove(w.tmp)
	}
	w.err = errors.New("trajectory: writer is aborted")
}

// syncDir makes a rename in dir durable, where the system allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// seekWriter is the io.WriteSeeker that ipc.NewFileWriter asks for: a
// buffered writer that knows its position. The ipc writer only asks for the
// current position, at the start.
type seekWriter struct {
	w   *bufio.Writer
	pos int64
	err error
}

func (s *seekWriter) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	s.pos += int64(n)
	if err != nil && s.err == nil {
		s.err = err
	}
	return n, err
}

func (s *seekWriter) Seek(offset int64, whence int) (int64, error) {
	if offset == 0 && whence == io.SeekCurrent {
		return s.pos, nil
	}
	return s.pos, errors.New("trajectory: the file is written in one pass and cannot seek")
}
