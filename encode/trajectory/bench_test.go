package trajectory

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/encode"
)

// lcgRow is a row of The Gathering (two investigators, skip_trivial): its
// layout, action names and first observation, saved from the env in
// testdata/gathering-row.json so that this package's tests need no env.
func lcgRow(tb testing.TB) (Meta, Row) {
	data, err := os.ReadFile(filepath.Join("testdata", "gathering-row.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var saved struct {
		Env    string `json:"env"`
		Fields []struct {
			Name  string `json:"name"`
			DType string `json:"dtype"`
			Shape []int  `json:"shape"`
			Doc   string `json:"doc"`
		} `json:"fields"`
		Actions []string  `json:"actions"`
		Agents  []string  `json:"agents"`
		F32     []float32 `json:"f32"`
		I32     []int32   `json:"i32"`
		Mask    []int8    `json:"mask"`
		Agent   int32     `json:"agent"`
	}
	if err := json.Unmarshal(data, &saved); err != nil {
		tb.Fatal(err)
	}
	l := &encode.Layout{}
	for _, f := range saved.Fields {
		dt := encode.Float32
		if f.DType == "int32" {
			dt = encode.Int32
		}
		l.Add(f.Name, dt, f.Doc, f.Shape...)
	}
	m := Meta{Env: saved.Env, Options: map[string]string{"skip_trivial": "true"}, Agent: "random", Seed: 1,
		Layout: l, ActionNames: saved.Actions, Agents: saved.Agents, Episodes: []EpisodeSeed{{Episode: 0, Seed: 1}}}
	r := Row{Agent: saved.Agent, Obs: encode.Obs{F32: saved.F32, I32: saved.I32}, Mask: saved.Mask}
	if len(r.Obs.F32) != l.F32 || len(r.Obs.I32) != l.I32 || len(r.Mask) != len(m.ActionNames) {
		tb.Fatalf("testdata: %d/%d/%d values for a layout of %d/%d/%d", len(r.Obs.F32), len(r.Obs.I32), len(r.Mask), l.F32, l.I32, len(m.ActionNames))
	}
	for a, ok := range r.Mask {
		if ok == 1 {
			r.Action = int32(a)
			break
		}
	}
	return m, r
}

// Writing a row appends it to builders sized for a whole batch; between
// batches it allocates nothing.
func TestWriteAllocatesNothingWithinABatch(t *testing.T) {
	m, r := lcgRow(t)
	w, err := Create(filepath.Join(t.TempDir(), "a.arrow"), m, WriterOptions{BatchRows: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	if n := testing.AllocsPerRun(200, func() { w.Write(&r) }); n != 0 {
		t.Fatalf("Write allocates %v times per row", n)
	}
}

// Over many batches the allocations of writing a batch (arrow's record,
// IPC encoding and compression) are shared by its rows; the buffer pool
// keeps the bytes allocated per row small. testing.AllocsPerRun
// rounds down to a whole number, so the figure is measured here.
func TestWriteAllocationsPerRow(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's instrumentation allocates")
	}
	m, r := lcgRow(t)
	for _, c := range []Compression{None, LZ4, Zstd} {
		w, err := Create(filepath.Join(t.TempDir(), "a.arrow"), m, WriterOptions{Compression: c})
		if err != nil {
			t.Fatal(err)
		}
		for range 2 * DefaultBatchRows { // the pool fills
			w.Write(&r)
		}
		const rows = 4 * DefaultBatchRows
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range rows {
			w.Write(&r)
		}
		runtime.ReadMemStats(&after)
		w.Abort()
		allocs := float64(after.Mallocs-before.Mallocs) / rows
		bytes := float64(after.TotalAlloc-before.TotalAlloc) / rows
		t.Logf("%s: %.4f allocations and %.0f bytes per row", c, allocs, bytes)
		// A batch of The Gathering's 43 columns costs about 800 small
		// allocations in arrow (array data, buffers, the IPC encoder, the
		// codec); zstd also builds a new encoder, some megabytes, per batch.
		if allocs > 2 || (c != Zstd && bytes > 1024) {
			t.Errorf("%s: %.4f allocations and %.0f bytes per row", c, allocs, bytes)
		}
	}
}

// fileBytes is the size of files.
func fileBytes(b *testing.B, files ...string) int64 {
	var n int64
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			b.Fatal(err)
		}
		n += st.Size()
	}
	return n
}

// BenchmarkWriter measures writing rows of The Gathering's layout (its first
// observation, repeated, with the step changing) to a file: builders, IPC
// encoding, compression and I/O, no play.
//
//	go test -run '^$' -bench Writer -benchtime 200000x ./encode/trajectory
func BenchmarkWriter(b *testing.B) {
	for _, c := range []Compression{None, LZ4, Zstd} {
		b.Run(c.String(), func(b *testing.B) {
			m, r := lcgRow(b)
			path := filepath.Join(b.TempDir(), "bench.arrow")
			w, err := Create(path, m, WriterOptions{Compression: c})
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(4*(len(r.Obs.F32)+len(r.Obs.I32)) + len(r.Mask) + 26))
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				r.Step = int32(i)
				if err := w.Write(&r); err != nil {
					b.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "rows/s")
			b.ReportMetric(float64(fileBytes(b, path))/float64(b.N), "file-B/row")
		})
	}
}

// BenchmarkReader measures reading those rows back with Next.
func BenchmarkReader(b *testing.B) {
	m, r := lcgRow(b)
	path := filepath.Join(b.TempDir(), "bench.arrow")
	w, err := Create(path, m, WriterOptions{Compression: LZ4})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		r.Step = int32(i)
		if err := w.Write(&r); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	rd, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer rd.Close()
	row := rd.NewRow()
	n := 0
	for rd.Next(&row) {
		n++
	}
	if rd.Err() != nil || n != b.N {
		b.Fatalf("%d rows, %v", n, rd.Err())
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "rows/s")
}
