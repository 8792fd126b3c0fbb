package dataset

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"unsafe"

	flatbuffers "github.com/google/flatbuffers/go"

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

// MaxBatchBytes caps the bytes a Writer gathers before it writes a record
// batch, whatever BatchRows says, so wide observations stay within memory.
const MaxBatchBytes = 16 << 20

// Compression is how record batch buffers are compressed.
type Compression uint8

const (
	// None stores buffers as they are.
	None Compression = iota
	// LZ4 compresses each buffer as an LZ4 frame (Arrow's LZ4_FRAME codec);
	// observations are mostly zeros, so files shrink many times over.
	LZ4
)

// String names the compression as the command line does.
func (c Compression) String() string {
	if c == LZ4 {
		return "lz4"
	}
	return "none"
}

// ParseCompression reads "none" or "lz4".
func ParseCompression(s string) (Compression, error) {
	switch s {
	case "none", "":
		return None, nil
	case "lz4":
		return LZ4, nil
	}
	return None, fmt.Errorf("compression %q: want none or lz4", s)
}

// fileMagic opens and closes every Arrow IPC file.
const fileMagic = "ARROW1"

// Writer writes trajectory rows to one Arrow IPC file. It writes to a
// temporary name beside the final one and renames it in Close, so the final
// name only ever holds a complete, readable file: a run killed midway leaves
// every closed file whole and, at worst, one temporary file.
//
// Write copies the row, so its buffers may be reused at once. A Writer is
// not safe for concurrent use.
type Writer struct {
	path, tmp string
	f         *os.File
	out       *bufio.Writer
	pos       int64 // bytes written so far

	meta     Meta
	fields   []schemaField
	kvs      []keyValue
	episodes map[int64]bool
	fb       *flatbuffers.Builder

	// BatchRows is how many rows go in one record batch (DefaultBatchRows
	// unless changed before the first Write).
	BatchRows int
	// Compression of the record batches' buffers (None unless changed
	// before the first Write).
	Compression Compression
	lz4         lz4Compressor
	packed      [][]byte // compressed value buffers of the current batch
	cols        [][]byte // one byte buffer per column, little-endian values
	rowBytes    int      // bytes one row adds to cols
	rows        int      // rows in the current batch
	total       int64
	lastEp      int64
	blocks      []block
	nodes       []fieldNode
	bufs        []bodyBuffer
	pad         [64]byte
	err         error
}

// Create starts a trajectory file at path (written under a temporary name
// until Close). meta.Episodes must list every episode whose rows will be
// written.
func Create(path string, meta Meta) (*Writer, error) {
	return create(path, meta, nil)
}

// create is Create reusing the column buffers of a closed writer (nil for new
// ones).
func create(path string, meta Meta, cols [][]byte) (*Writer, error) {
	if err := meta.check(); err != nil {
		return nil, err
	}
	kvs, err := meta.keyValues()
	if err != nil {
		return nil, err
	}
	dir, base := filepath.Split(path)
	tmp := filepath.Join(dir, "."+base+".tmp")
	f, err := os.Create(tmp)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	w := &Writer{path: path, tmp: tmp, f: f, out: bufio.NewWriterSize(f, 1<<20), meta: meta,
		fields: meta.columns(), kvs: kvs, episodes: map[int64]bool{}, fb: flatbuffers.NewBuilder(1024),
		BatchRows: DefaultBatchRows, lastEp: -1}
	for _, e := range meta.Episodes {
		w.episodes[e.Episode] = true
	}
	if len(cols) != len(w.fields) {
		cols = make([][]byte, len(w.fields))
	}
	for i := range cols {
		cols[i] = cols[i][:0]
	}
	w.cols = cols
	for _, f := range w.fields {
		w.rowBytes += f.kind.width() * max(f.list, 1)
	}
	w.write([]byte(fileMagic + "\x00\x00"))
	w.writeMessage(schemaMessage(w.fb, w.fields, w.kvs), nil)
	if w.err != nil {
		w.Abort()
		return nil, w.err
	}
	return w, nil
}

// Rows is the number of rows written so far.
func (w *Writer) Rows() int64 { return w.total + int64(w.rows) }

// Write adds one row. It checks the row against the file's layout and
// episode list.
func (w *Writer) Write(r *Row) error {
	if err := w.decision(r); err != nil {
		return err
	}
	return w.outcome(r)
}

// decision checks and appends the decision part of r: episode, step, agent,
// observation and mask. outcome must follow before the next decision. The
// recorder calls the two around Step, so the env's observation is copied
// once, straight from its buffers.
func (w *Writer) decision(r *Row) error {
	if w.err != nil {
		return w.err
	}
	l := w.meta.Layout
	if len(r.Obs.F32) != l.F32 || len(r.Obs.I32) != l.I32 {
		return fmt.Errorf("dataset: observation of %d float32 and %d int32 values, layout of %s wants %d and %d",
			len(r.Obs.F32), len(r.Obs.I32), w.meta.Env, l.F32, l.I32)
	}
	if len(r.Mask) != len(w.meta.ActionNames) {
		return fmt.Errorf("dataset: mask of %d actions, %s has %d", len(r.Mask), w.meta.Env, len(w.meta.ActionNames))
	}
	if r.Episode != w.lastEp {
		if !w.episodes[r.Episode] {
			return fmt.Errorf("dataset: episode %d is not in the file's episode list", r.Episode)
		}
		w.lastEp = r.Episode
	}
	c := w.cols
	c[0] = binary.LittleEndian.AppendUint64(c[0], uint64(r.Episode))
	c[1] = binary.LittleEndian.AppendUint32(c[1], uint32(r.Step))
	c[2] = binary.LittleEndian.AppendUint32(c[2], uint32(r.Agent))
	i := 3
	for fi := range l.Fields {
		f := &l.Fields[fi]
		if f.DType == encode.Float32 {
			c[i] = appendFloat32s(c[i], r.Obs.Float(f))
		} else {
			c[i] = appendInt32s(c[i], r.Obs.Int(f))
		}
		i++
	}
	c[i] = appendInt8s(c[i], r.Mask)
	return nil
}

// outcome checks and appends the rest of the row begun by decision. A bad
// action drops the decision part again.
func (w *Writer) outcome(r *Row) error {
	c, i := w.cols, len(w.cols)-5 // action, reward, score, terminated, truncated
	if r.Action < 0 || int(r.Action) >= len(w.meta.ActionNames) {
		for k, f := range w.fields[:i] { // drop the decision part
			c[k] = c[k][:w.rows*f.kind.width()*max(f.list, 1)]
		}
		return fmt.Errorf("dataset: action %d outside Discrete(%d)", r.Action, len(w.meta.ActionNames))
	}
	c[i] = binary.LittleEndian.AppendUint32(c[i], uint32(r.Action))
	c[i+1] = binary.LittleEndian.AppendUint32(c[i+1], math.Float32bits(r.Reward))
	c[i+2] = binary.LittleEndian.AppendUint32(c[i+2], math.Float32bits(r.Score))
	c[i+3] = append(c[i+3], b2u(r.Terminated))
	c[i+4] = append(c[i+4], b2u(r.Truncated))
	w.rows++
	if w.rows >= max(w.BatchRows, 1) || w.rows*w.rowBytes >= MaxBatchBytes {
		w.flush()
	}
	return w.err
}

// Close writes the last batch and the footer, syncs the file and moves it to
// its final name. After an error the temporary file is removed.
func (w *Writer) Close() error {
	if w.f == nil {
		return w.err
	}
	w.flush()
	w.write([]byte{0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0}) // end of stream
	ft := footer(w.fb, w.fields, w.kvs, w.blocks)
	w.write(ft)
	w.write(binary.LittleEndian.AppendUint32(nil, uint32(len(ft))))
	w.write([]byte(fileMagic))
	if w.err == nil {
		w.err = w.out.Flush()
	}
	if w.err == nil {
		w.err = w.f.Sync()
	}
	if err := w.f.Close(); w.err == nil {
		w.err = err
	}
	w.f = nil
	if w.err == nil {
		w.err = os.Rename(w.tmp, w.path)
	}
	if w.err != nil {
		os.Remove(w.tmp)
		return fmt.Errorf("dataset: %s: %w", w.path, w.err)
	}
	w.err = errors.New("dataset: writer is closed")
	return nil
}

// Abort drops the file: nothing appears under the final name.
func (w *Writer) Abort() {
	if w.f != nil {
		w.f.Close()
		w.f = nil
		os.Remove(w.tmp)
	}
	w.err = errors.New("dataset: writer is aborted")
}

func (w *Writer) write(b []byte) {
	if w.err != nil {
		return
	}
	n, err := w.out.Write(b)
	w.pos += int64(n)
	w.err = err
}

// writeMessage writes an encapsulated message: continuation marker, metadata
// length, the flatbuffer padded to 8 bytes, then the body.
func (w *Writer) writeMessage(fb []byte, body func()) block {
	meta := (len(fb) + 7) &^ 7
	b := block{offset: w.pos, metaLength: int32(8 + meta)}
	var hdr [8]byte
	binary.LittleEndian.PutUint32(hdr[:], 0xffffffff)
	binary.LittleEndian.PutUint32(hdr[4:], uint32(meta))
	w.write(hdr[:])
	w.write(fb)
	w.write(w.pad[:meta-len(fb)])
	if body != nil {
		start := w.pos
		body()
		b.bodyLength = w.pos - start
	}
	return b
}

// flush writes the gathered rows as one record batch.
func (w *Writer) flush() {
	if w.rows == 0 || w.err != nil {
		return
	}
	n := int64(w.rows)
	// The value buffers, bitmaps packed and, with LZ4, each one compressed
	// as Arrow wants: its uncompressed length (int64) then an LZ4 frame.
	vals := make([][]byte, len(w.fields))[:0]
	if w.packed == nil {
		w.packed = make([][]byte, len(w.fields))
	}
	for i, f := range w.fields {
		col := w.cols[i]
		if f.kind == kindBool {
			col = packBits(col)
		}
		if w.Compression == LZ4 {
			z := binary.LittleEndian.AppendUint64(w.packed[i][:0], uint64(len(col)))
			z = w.lz4.appendFrame(z, col)
			w.packed[i], col = z, z
		}
		vals = append(vals, col)
	}
	w.nodes, w.bufs = w.nodes[:0], w.bufs[:0]
	var off int64
	add := func(length int64) {
		w.bufs = append(w.bufs, bodyBuffer{off, length})
		off += (length + 7) &^ 7
	}
	for i, f := range w.fields {
		w.nodes = append(w.nodes, fieldNode{length: n})
		add(0) // no validity bitmap: nothing is null
		if f.list > 0 {
			w.nodes = append(w.nodes, fieldNode{length: n * int64(f.list)})
			add(0)
		}
		add(int64(len(vals[i])))
	}
	fb := recordBatchMessage(w.fb, n, w.nodes, w.bufs, off, w.Compression == LZ4)
	b := w.writeMessage(fb, func() {
		for _, v := range vals {
			w.write(v)
			w.write(w.pad[:(8-len(v)%8)%8])
		}
	})
	w.blocks = append(w.blocks, b)
	for i := range w.cols {
		w.cols[i] = w.cols[i][:0]
	}
	w.total += n
	w.rows = 0
}

// packBits packs one byte per bool into a bitmap, least significant bit
// first, in place.
func packBits(v []byte) []byte {
	n := (len(v) + 7) / 8
	for i := 0; i < n; i++ {
		var b byte
		for j := 0; j < 8 && 8*i+j < len(v); j++ {
			b |= v[8*i+j] << j
		}
		v[i] = b
	}
	return v[:n]
}

func b2u(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// littleEndian is whether this machine stores values as Arrow files do, so
// that buffers can be copied whole.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

func appendFloat32s(dst []byte, v []float32) []byte {
	if littleEndian && len(v) > 0 {
		return append(dst, unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), 4*len(v))...)
	}
	n := len(dst)
	dst = grow(dst, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(dst[n+4*i:], math.Float32bits(x))
	}
	return dst
}

func appendInt32s(dst []byte, v []int32) []byte {
	if littleEndian && len(v) > 0 {
		return append(dst, unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), 4*len(v))...)
	}
	n := len(dst)
	dst = grow(dst, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(dst[n+4*i:], uint32(x))
	}
	return dst
}

func appendInt8s(dst []byte, v []int8) []byte {
	if len(v) == 0 {
		return dst
	}
	return append(dst, unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v))...)
}

// grow extends dst by n bytes (contents of the new bytes unspecified).
func grow(dst []byte, n int) []byte {
	return slices.Grow(dst, n)[:len(dst)+n]
}
