package trajectory

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/apache/arrow/go/v15/arrow"
	"github.com/apache/arrow/go/v15/arrow/array"
	"github.com/apache/arrow/go/v15/arrow/ipc"

	"github.com/mythos-rl/mythos/encode"
)

// Reader reads the rows of one trajectory file written by [Writer], batch by
// batch, with arrow's ipc.FileReader. Use Next to stream rows, or Episodes to
// gather them by episode.
//
// A damaged file gives an error, never a panic: the Reader checks the schema
// against the layout in the metadata and every batch's columns against the
// schema, caps the memory a length field may ask for, and turns a panic
// inside arrow into an error.
type Reader struct {
	// Meta is what the file's schema metadata says.
	Meta Meta

	closer io.Closer
	name   string
	fr     *ipc.FileReader
	mem    *cappedAllocator
	nrec   int // record batches in the footer

	next int          // index of the next batch to load
	rec  arrow.Record // the current batch, owned by fr
	n    int          // rows in the current batch
	row  int          // next row of the current batch
	err  error

	// Views of the current batch's values.
	episode       []int64
	step, agent   []int32
	obsF32        [][]float32 // per layout field; nil for int32 fields
	obsI32        [][]int32   // per layout field; nil for other fields
	obsU8         [][]uint8   // per layout field; nil for other fields
	mask          []int8
	action        []int32
	reward, score []float32
	term, trunc   []bool // unpacked from the bitmaps, reused across batches
}

// Open opens a trajectory file.
func Open(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("trajectory: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("trajectory: %w", err)
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
func NewReader(src io.ReaderAt, size int64, name string) (r *Reader, err error) {
	r = &Reader{name: name, mem: &cappedAllocator{limit: int(min(size, 1<<40))}}
	fail := func(err error) (*Reader, error) {
		return nil, fmt.Errorf("trajectory: %s: %w", name, err)
	}
	if err := catch(func() error {
		if err := checkFooter(src, size); err != nil {
			return err
		}
		var err error
		r.fr, err = ipc.NewFileReader(io.NewSectionReader(src, 0, size), ipc.WithAllocator(r.mem))
		if err != nil {
			return err
		}
		if r.fr.NumDictionaries() != 0 {
			return errors.New("dictionary batches: trajectories have none")
		}
		r.nrec = r.fr.NumRecords()
		return nil
	}); err != nil {
		return fail(err)
	}
	schema := r.fr.Schema()
	if r.Meta, err = metaFrom(schema.Metadata()); err != nil {
		return fail(err)
	}
	want, err := r.Meta.schema()
	if err != nil {
		return fail(err)
	}
	if len(want.Fields()) != len(schema.Fields()) {
		return fail(fmt.Errorf("%d columns, the layout in its metadata gives %d", len(schema.Fields()), len(want.Fields())))
	}
	for i, f := range schema.Fields() {
		if w := want.Field(i); f.Name != w.Name || !arrow.TypeEqual(f.Type, w.Type) {
			return fail(fmt.Errorf("column %d is %s %s, the layout gives %s %s", i, f.Name, f.Type, w.Name, w.Type))
		}
	}
	// Nothing this package writes holds a buffer larger than a batch's
	// values or the file itself; a length asking for more is damage.
	r.mem.limit = int(max(size, int64(2*MaxBatchBytes+2*r.Meta.rowBytes())))
	r.obsF32 = make([][]float32, len(r.Meta.Layout.Fields))
	r.obsI32 = make([][]int32, len(r.Meta.Layout.Fields))
	r.obsU8 = make([][]uint8, len(r.Meta.Layout.Fields))
	return r, nil
}

// catch runs f and turns a panic inside it (arrow panics on some damaged
// input) into an error.
func catch(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if e, ok := p.(error); ok {
				err = fmt.Errorf("damaged file: %w", e)
			} else {
				err = fmt.Errorf("damaged file: %v", p)
			}
		}
	}()
	return f()
}

// Close closes the file opened by Open.
func (r *Reader) Close() error {
	if r.fr != nil {
		r.fr.Close() // releases the current batch
		r.fr, r.rec = nil, nil
	}
	if r.closer == nil {
		return nil
	}
	err := r.closer.Close()
	r.closer = nil
	return err
}

// Batches is the number of record batches in the file.
func (r *Reader) Batches() int { return r.nrec }

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
		if r.err != nil || r.fr == nil || r.next >= r.nrec {
			return false
		}
		if err := catch(func() error { return r.load(r.next) }); err != nil {
			r.err = fmt.Errorf("trajectory: %s: record batch %d: %w", r.name, r.next, err)
			return false
		}
		r.next++
	}
	l := r.Meta.Layout
	if len(row.Obs.F32) != l.F32 || len(row.Obs.I32) != l.I32 || len(row.Obs.U8) != l.U8 || len(row.Mask) != len(r.Meta.ActionNames) {
		r.err = fmt.Errorf("trajectory: %s: row buffers do not fit the layout (use NewRow)", r.name)
		return false
	}
	i := r.row
	row.Episode, row.Step, row.Agent = r.episode[i], r.step[i], r.agent[i]
	for fi := range l.Fields {
		f := &l.Fields[fi]
		size := f.Size()
		switch f.DType {
		case encode.Float32:
			copy(row.Obs.Float(f), r.obsF32[fi][size*i:size*(i+1)])
		case encode.Uint8:
			copy(row.Obs.Bytes(f), r.obsU8[fi][size*i:size*(i+1)])
		default:
			copy(row.Obs.Int(f), r.obsI32[fi][size*i:size*(i+1)])
		}
	}
	na := len(row.Mask)
	copy(row.Mask, r.mask[na*i:na*(i+1)])
	row.Action, row.Reward, row.Score = r.action[i], r.reward[i], r.score[i]
	row.Terminated, row.Truncated = r.term[i], r.trunc[i]
	r.row++
	return true
}

// load reads record batch i and checks that every column holds one non-null
// value (or list of values) per row before pointing the views at them.
func (r *Reader) load(i int) error {
	r.n, r.row = 0, 0
	rec, err := r.fr.Record(i)
	if err != nil {
		return err
	}
	r.rec = rec
	if rec.NumRows() < 0 || rec.NumRows() > 1<<31-1 {
		return fmt.Errorf("%d rows", rec.NumRows())
	}
	n := int(rec.NumRows())
	if int(rec.NumCols()) != colObs+len(r.Meta.Layout.Fields)+trailingCols {
		return fmt.Errorf("%d columns", rec.NumCols())
	}
	col := func(k int) (arrow.Array, error) {
		a := rec.Column(k)
		if a.Len() != n {
			return nil, fmt.Errorf("column %s: %d values, want %d", rec.ColumnName(k), a.Len(), n)
		}
		if a.NullN() != 0 {
			return nil, fmt.Errorf("column %s: %d nulls; trajectories have none", rec.ColumnName(k), a.NullN())
		}
		return a, nil
	}
	// items returns the values of fixed-size list column k, size per row.
	items := func(k, size int) (arrow.Array, int, error) {
		a, err := col(k)
		if err != nil {
			return nil, 0, err
		}
		l, ok := a.(*array.FixedSizeList)
		if !ok {
			return nil, 0, fmt.Errorf("column %s is %T", rec.ColumnName(k), a)
		}
		v := l.ListValues()
		if v.NullN() != 0 {
			return nil, 0, fmt.Errorf("column %s: %d null items; trajectories have none", rec.ColumnName(k), v.NullN())
		}
		from := l.Data().Offset() * size
		if v.Len() < from+n*size {
			return nil, 0, fmt.Errorf("column %s: %d items, want %d", rec.ColumnName(k), v.Len(), from+n*size)
		}
		return v, from, nil
	}
	var errs []error
	prim := func(k int, dst any) {
		a, err := col(k)
		if err != nil {
			errs = append(errs, err)
			return
		}
		ok := false
		switch d := dst.(type) {
		case *[]int64:
			var x *array.Int64
			if x, ok = a.(*array.Int64); ok {
				*d = x.Int64Values()
			}
		case *[]int32:
			var x *array.Int32
			if x, ok = a.(*array.Int32); ok {
				*d = x.Int32Values()
			}
		case *[]float32:
			var x *array.Float32
			if x, ok = a.(*array.Float32); ok {
				*d = x.Float32Values()
			}
		case *[]bool:
			var x *array.Boolean
			if x, ok = a.(*array.Boolean); ok {
				b := a.Data().Buffers()
				if len(b) < 2 || b[1] == nil || b[1].Len()*8 < a.Data().Offset()+n {
					errs = append(errs, fmt.Errorf("column %s: bitmap too short", rec.ColumnName(k)))
					return
				}
				*d = (*d)[:0]
				for j := 0; j < n; j++ {
					*d = append(*d, x.Value(j))
				}
			}
		}
		if !ok {
			errs = append(errs, fmt.Errorf("column %s is %T", rec.ColumnName(k), a))
		}
	}
	prim(colEpisode, &r.episode)
	prim(colStep, &r.step)
	prim(colAgent, &r.agent)
	for fi := range r.Meta.Layout.Fields {
		f := &r.Meta.Layout.Fields[fi]
		v, from, err := items(colObs+fi, f.Size())
		if err != nil {
			return err
		}
		r.obsF32[fi], r.obsI32[fi], r.obsU8[fi] = nil, nil, nil
		switch x := v.(type) {
		case *array.Float32:
			if f.DType == encode.Float32 {
				r.obsF32[fi] = x.Float32Values()[from : from+n*f.Size()]
			}
		case *array.Int32:
			if f.DType == encode.Int32 {
				r.obsI32[fi] = x.Int32Values()[from : from+n*f.Size()]
			}
		case *array.Uint8:
			if f.DType == encode.Uint8 {
				r.obsU8[fi] = x.Uint8Values()[from : from+n*f.Size()]
			}
		}
		if r.obsF32[fi] == nil && r.obsI32[fi] == nil && r.obsU8[fi] == nil && n > 0 {
			return fmt.Errorf("column %s%s holds %T", ObsPrefix, f.Name, v)
		}
	}
	k := colObs + len(r.Meta.Layout.Fields)
	na := len(r.Meta.ActionNames)
	v, from, err := items(k, na)
	if err != nil {
		return err
	}
	m, ok := v.(*array.Int8)
	if !ok {
		return fmt.Errorf("column mask holds %T", v)
	}
	r.mask = m.Int8Values()[from : from+n*na]
	prim(k+1, &r.action)
	prim(k+2, &r.reward)
	prim(k+3, &r.score)
	prim(k+4, &r.term)
	prim(k+5, &r.trunc)
	if len(errs) > 0 {
		return errs[0]
	}
	for _, c := range [][]int32{r.step, r.agent, r.action} {
		if len(c) != n {
			return errors.New("column lengths differ")
		}
	}
	if len(r.episode) != n || len(r.reward) != n || len(r.score) != n || len(r.term) != n || len(r.trunc) != n {
		return errors.New("column lengths differ")
	}
	r.n = n
	return nil
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
