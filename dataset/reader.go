package dataset

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mythos-rl/mythos/encode"
)

// Reader reads the rows of one trajectory file written by [Writer], batch by
// batch. Use Next to stream rows, or Episodes to gather them by episode.
type Reader struct {
	// Meta is what the file's schema metadata says.
	Meta Meta

	src     io.ReaderAt
	closer  io.Closer
	name    string
	fields  []schemaField
	batches []block

	next int    // index of the next batch to load
	buf  []byte // the current batch's metadata and body
	cols [][]byte
	// scratch holds each column's decompressed values.
	scratch [][]byte
	n       int // rows in the current batch
	row     int // next row of the current batch
	err     error
}

// Open opens a trajectory file.
func Open(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("dataset: %w", err)
	}
	r, err := NewReader(f, st.Size(), path)
	if err != nil {
		f.Close()
		return nil, err
	}
	r.closer = f
	return r, nil
}

// NewReader reads a trajectory file of size bytes from src; name is used in
// errors.
func NewReader(src io.ReaderAt, size int64, name string) (*Reader, error) {
	r := &Reader{src: src, name: name}
	fail := func(format string, args ...any) (*Reader, error) {
		return nil, fmt.Errorf("dataset: %s: "+format, append([]any{name}, args...)...)
	}
	const tail = 4 + int64(len(fileMagic))
	if size < int64(8+tail) {
		return fail("%d bytes is too short for an Arrow file", size)
	}
	var head [8]byte
	var end [tail]byte
	if _, err := src.ReadAt(head[:], 0); err != nil {
		return fail("%v", err)
	}
	if _, err := src.ReadAt(end[:], size-tail); err != nil {
		return fail("%v", err)
	}
	if string(head[:6]) != fileMagic || string(end[4:]) != fileMagic {
		return fail("not an Arrow IPC file (no ARROW1 magic at both ends)")
	}
	ftLen := int64(binary.LittleEndian.Uint32(end[:]))
	if ftLen <= 0 || ftLen > size-int64(8+tail) {
		return fail("footer length %d does not fit in %d bytes", ftLen, size)
	}
	ft := make([]byte, ftLen)
	if _, err := src.ReadAt(ft, size-tail-ftLen); err != nil {
		return fail("%v", err)
	}
	var kvs []keyValue
	var perr error
	if err := parse("footer", func() {
		root := rootTable(ft)
		schema, ok := root.table(ftSchema)
		if !ok {
			perr = errors.New("footer without a schema")
			return
		}
		r.fields, kvs, perr = parseSchema(schema)
		start, n := root.vector(ftBatches, 24)
		for i := 0; i < n; i++ {
			p := start + 24*i
			r.batches = append(r.batches, block{
				offset:     int64(binary.LittleEndian.Uint64(ft[p:])),
				metaLength: int32(binary.LittleEndian.Uint32(ft[p+8:])),
				bodyLength: int64(binary.LittleEndian.Uint64(ft[p+16:])),
			})
		}
	}); err != nil {
		return fail("%v", err)
	}
	if perr != nil {
		return fail("%v", perr)
	}
	meta, err := metaFrom(kvs)
	if err != nil {
		return fail("%v", err)
	}
	r.Meta = meta
	want := meta.columns()
	if len(want) != len(r.fields) {
		return fail("%d columns, the layout in its metadata gives %d", len(r.fields), len(want))
	}
	for i, f := range r.fields {
		if w := want[i]; f.name != w.name || f.kind != w.kind || f.list != w.list {
			return fail("column %d is %s %s[%d], the layout gives %s %s[%d]", i, f.name, f.kind, f.list, w.name, w.kind, w.list)
		}
	}
	for _, b := range r.batches {
		if b.offset < 8 || b.metaLength < 8 || b.bodyLength < 0 || b.offset+int64(b.metaLength)+b.bodyLength > size {
			return fail("record batch block %+v lies outside the file", b)
		}
	}
	r.cols = make([][]byte, len(r.fields))
	return r, nil
}

// Close closes the file opened by Open.
func (r *Reader) Close() error {
	if r.closer == nil {
		return nil
	}
	err := r.closer.Close()
	r.closer = nil
	return err
}

// Err is the error that stopped Next, if any.
func (r *Reader) Err() error { return r.err }

// NewRow allocates a row with observation and mask buffers for this file.
func (r *Reader) NewRow() Row {
	return Row{Obs: r.Meta.Layout.NewObs(), Mask: make([]int8, len(r.Meta.ActionNames))}
}

// Next reads the next row into row (whose buffers must come from NewRow) and
// reports whether there was one. At the end, or on an error (see Err), it
// returns false.
func (r *Reader) Next(row *Row) bool {
	for r.row >= r.n {
		if r.err != nil || r.next >= len(r.batches) {
			return false
		}
		if r.err = r.load(r.batches[r.next]); r.err != nil {
			r.err = fmt.Errorf("dataset: %s: record batch %d: %w", r.name, r.next, r.err)
			return false
		}
		r.next++
	}
	if len(row.Obs.F32) != r.Meta.Layout.F32 || len(row.Obs.I32) != r.Meta.Layout.I32 || len(row.Mask) != len(r.Meta.ActionNames) {
		r.err = fmt.Errorf("dataset: %s: row buffers do not fit the layout (use NewRow)", r.name)
		return false
	}
	i, c := r.row, r.cols
	row.Episode = int64(binary.LittleEndian.Uint64(c[0][8*i:]))
	row.Step = int32(binary.LittleEndian.Uint32(c[1][4*i:]))
	row.Agent = int32(binary.LittleEndian.Uint32(c[2][4*i:]))
	k := 3
	for fi := range r.Meta.Layout.Fields {
		f := &r.Meta.Layout.Fields[fi]
		size := f.Size()
		src := c[k][4*size*i:]
		if f.DType == encode.Float32 {
			dst := row.Obs.Float(f)
			for j := range dst {
				dst[j] = math.Float32frombits(binary.LittleEndian.Uint32(src[4*j:]))
			}
		} else {
			dst := row.Obs.Int(f)
			for j := range dst {
				dst[j] = int32(binary.LittleEndian.Uint32(src[4*j:]))
			}
		}
		k++
	}
	na := len(row.Mask)
	for j, b := range c[k][na*i : na*(i+1)] {
		row.Mask[j] = int8(b)
	}
	row.Action = int32(binary.LittleEndian.Uint32(c[k+1][4*i:]))
	row.Reward = math.Float32frombits(binary.LittleEndian.Uint32(c[k+2][4*i:]))
	row.Score = math.Float32frombits(binary.LittleEndian.Uint32(c[k+3][4*i:]))
	row.Terminated = c[k+4][i/8]>>(i%8)&1 == 1
	row.Truncated = c[k+5][i/8]>>(i%8)&1 == 1
	r.row++
	return true
}

// load reads one record batch and points the columns at its value buffers.
func (r *Reader) load(b block) error {
	total := int64(b.metaLength) + b.bodyLength
	if int64(cap(r.buf)) < total {
		r.buf = make([]byte, total)
	}
	buf := r.buf[:total]
	if _, err := r.src.ReadAt(buf, b.offset); err != nil {
		return err
	}
	if binary.LittleEndian.Uint32(buf) != 0xffffffff {
		return errors.New("no continuation marker")
	}
	fbLen := int64(binary.LittleEndian.Uint32(buf[4:]))
	if fbLen+8 > int64(b.metaLength) {
		return fmt.Errorf("message metadata of %d bytes overruns its block", fbLen)
	}
	fb, body := buf[8:8+fbLen], buf[b.metaLength:]
	var (
		rows  int64
		nodes []fieldNode
		bufs  []bodyBuffer
		perr  error

		compressed bool
	)
	err := parse("message", func() {
		msg := rootTable(fb)
		if msg.byteSlot(msgHeaderType, 0) != headerRecordBatch {
			perr = fmt.Errorf("message of type %d, want a record batch", msg.byteSlot(msgHeaderType, 0))
			return
		}
		if msg.int64Slot(msgBodyLength, 0) != b.bodyLength {
			perr = errors.New("body length differs from the footer's")
			return
		}
		rb, ok := msg.table(msgHeader)
		if !ok {
			perr = errors.New("record batch message without a header")
			return
		}
		if c, ok := rb.table(rbCompression); ok {
			if c.byteSlot(0, 0) != 0 || c.byteSlot(1, 0) != 0 {
				perr = fmt.Errorf("compression codec %d, method %d: only LZ4_FRAME per buffer is supported", c.byteSlot(0, 0), c.byteSlot(1, 0))
				return
			}
			compressed = true
		}
		rows = rb.int64Slot(rbLength, 0)
		start, n := rb.vector(rbNodes, 16)
		for i := 0; i < n; i++ {
			p := start + 16*i
			nodes = append(nodes, fieldNode{int64(binary.LittleEndian.Uint64(fb[p:])), int64(binary.LittleEndian.Uint64(fb[p+8:]))})
		}
		start, n = rb.vector(rbBuffers, 16)
		for i := 0; i < n; i++ {
			p := start + 16*i
			bufs = append(bufs, bodyBuffer{int64(binary.LittleEndian.Uint64(fb[p:])), int64(binary.LittleEndian.Uint64(fb[p+8:]))})
		}
	})
	if err != nil {
		return err
	}
	if perr != nil {
		return perr
	}
	if rows < 0 || rows > math.MaxInt32 {
		return fmt.Errorf("%d rows", rows)
	}
	ni, bi := 0, 0
	for i, f := range r.fields {
		levels := 1
		if f.list > 0 {
			levels = 2
		}
		want := rows
		for l := 0; l < levels; l++ {
			if ni >= len(nodes) || bi >= len(bufs) {
				return errors.New("fewer nodes or buffers than columns")
			}
			if nodes[ni].length != want {
				return fmt.Errorf("column %s: %d values, want %d", f.name, nodes[ni].length, want)
			}
			if nodes[ni].nulls != 0 {
				return fmt.Errorf("column %s: %d nulls; trajectories have none", f.name, nodes[ni].nulls)
			}
			ni, bi = ni+1, bi+1 // the validity bitmap is not needed without nulls
			if l == 0 && f.list > 0 {
				want *= int64(f.list) // the items of a fixed-size list
			}
		}
		if bi >= len(bufs) {
			return errors.New("fewer buffers than columns")
		}
		need := want * int64(f.kind.width())
		if f.kind == kindBool {
			need = (want + 7) / 8
		}
		vb := bufs[bi]
		bi++
		if vb.offset < 0 || vb.length < 0 || vb.offset+vb.length > int64(len(body)) {
			return fmt.Errorf("column %s: values buffer %+v lies outside the body", f.name, vb)
		}
		data := body[vb.offset : vb.offset+vb.length]
		if compressed {
			var err error
			if data, err = r.decompress(i, data); err != nil {
				return fmt.Errorf("column %s: %w", f.name, err)
			}
		}
		if int64(len(data)) < need {
			return fmt.Errorf("column %s: values buffer of %d bytes does not hold %d", f.name, len(data), need)
		}
		r.cols[i] = data[:need]
	}
	if ni != len(nodes) || bi != len(bufs) {
		return fmt.Errorf("%d nodes and %d buffers, the schema uses %d and %d", len(nodes), len(bufs), ni, bi)
	}
	r.n, r.row = int(rows), 0
	return nil
}

// decompress undoes Arrow's per-buffer compression: an int64 uncompressed
// length (-1: stored as it is), then an LZ4 frame. Column i's scratch buffer
// holds the result.
func (r *Reader) decompress(i int, buf []byte) ([]byte, error) {
	if len(buf) == 0 {
		return buf, nil
	}
	if len(buf) < 8 {
		return nil, errors.New("compressed buffer shorter than its length prefix")
	}
	n := int64(binary.LittleEndian.Uint64(buf))
	if n == -1 {
		return buf[8:], nil
	}
	if n < 0 || n > 300*int64(len(buf)) { // LZ4 expands at most about 255 times
		return nil, fmt.Errorf("compressed buffer claims %d bytes", n)
	}
	if r.scratch == nil {
		r.scratch = make([][]byte, len(r.fields))
	}
	if int64(cap(r.scratch[i])) < n {
		r.scratch[i] = make([]byte, n)
	}
	out := r.scratch[i][:n]
	if err := decodeFrame(out, buf[8:]); err != nil {
		return nil, err
	}
	return out, nil
}

// Episode is the rows of one episode, in order.
type Episode struct {
	Episode int64
	Seed    uint64
	Rows    []Row
}

// Outcome is the episode's result: the team score after its last row.
func (e *Episode) Outcome() float32 {
	if len(e.Rows) == 0 {
		return 0
	}
	return e.Rows[len(e.Rows)-1].Score
}

// Episodes reads the remaining rows and groups them by episode, in file
// order. Each episode's seed comes from the metadata.
func (r *Reader) Episodes() ([]Episode, error) {
	seeds := map[int64]uint64{}
	for _, e := range r.Meta.Episodes {
		seeds[e.Episode] = e.Seed
	}
	var eps []Episode
	for {
		row := r.NewRow()
		if !r.Next(&row) {
			break
		}
		if len(eps) == 0 || eps[len(eps)-1].Episode != row.Episode {
			eps = append(eps, Episode{Episode: row.Episode, Seed: seeds[row.Episode]})
		}
		ep := &eps[len(eps)-1]
		ep.Rows = append(ep.Rows, row)
	}
	return eps, r.Err()
}

// FileExt is the extension of trajectory files.
const FileExt = ".arrow"

// Files lists the complete trajectory files in dir, sorted by name.
// Temporary files of a run that was killed are not listed.
func Files(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	var out []string
	for _, e := range ents {
		if n := e.Name(); e.Type().IsRegular() && strings.HasSuffix(n, FileExt) && !strings.HasPrefix(n, ".") {
			out = append(out, filepath.Join(dir, n))
		}
	}
	sort.Strings(out)
	return out, nil
}
