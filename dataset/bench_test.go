package dataset

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
)

// lcgRow is a row shaped like The Gathering's, from its first observation.
func lcgRow(tb testing.TB) (Meta, Row) {
	e, err := env.Make(lcgID, env.Options{"skip_trivial": "true"})
	if err != nil {
		tb.Fatal(err)
	}
	obs, info := e.Reset(1)
	m := MetaFor(e.Spec(), nil, "random", 1)
	m.Episodes = []EpisodeSeed{{0, 1}}
	r := Row{Obs: m.Layout.NewObs(), Mask: make([]int8, len(m.ActionNames))}
	r.Obs.CopyFrom(obs)
	copy(r.Mask, info.Mask)
	for a, ok := range r.Mask {
		if ok == 1 {
			r.Action = int32(a)
			break
		}
	}
	return m, r
}

// Writing a row copies it into the batch buffers and allocates nothing once
// they have grown.
func TestWriteAllocatesNothing(t *testing.T) {
	m, r := lcgRow(t)
	w, err := Create(filepath.Join(t.TempDir(), "a.arrow"), m)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	w.BatchRows = 1 << 30
	for range 1000 { // grow the buffers
		if err := w.Write(&r); err != nil {
			t.Fatal(err)
		}
	}
	w.flush()
	if n := testing.AllocsPerRun(500, func() { w.Write(&r) }); n != 0 {
		t.Fatalf("Write allocates %v times per row", n)
	}
}

// fileBytes is the size of the files of a recording.
func fileBytes(b *testing.B, files []string) int64 {
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
// observation, repeated) to a file: encoding, compression and I/O, no play.
func BenchmarkWriter(b *testing.B) {
	for _, c := range []Compression{None, LZ4} {
		b.Run(c.String(), func(b *testing.B) {
			m, r := lcgRow(b)
			path := filepath.Join(b.TempDir(), "bench.arrow")
			w, err := Create(path, m)
			if err != nil {
				b.Fatal(err)
			}
			w.Compression = c
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
			b.ReportMetric(float64(fileBytes(b, []string{path}))/float64(b.N), "file-B/row")
		})
	}
}

// BenchmarkRecord measures recording The Gathering with the random agent on
// one worker: play, encode every decision and write it. One op is one
// episode.
func BenchmarkRecord(b *testing.B) {
	for _, c := range []Compression{None, LZ4} {
		b.Run(c.String(), func(b *testing.B) {
			cfg := RecordConfig{Env: lcgID, Options: env.Options{"skip_trivial": "true"}, Agent: "random",
				Episodes: b.N, Seed: 1, PerFile: 1000, Workers: 1, Dir: b.TempDir(), Compression: c}
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			sum, err := Record(cfg)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(sum.Rows)/time.Since(start).Seconds(), "rows/s")
			b.ReportMetric(float64(fileBytes(b, sum.Files))/float64(sum.Rows), "file-B/row")
		})
	}
}

// BenchmarkPlayOnly is BenchmarkRecord without writing: the same episodes
// played by agents.Play, to show what recording adds.
func BenchmarkPlayOnly(b *testing.B) {
	e, err := env.Make(lcgID, env.Options{"skip_trivial": "true"})
	if err != nil {
		b.Fatal(err)
	}
	a, _ := agents.New("random")
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	rows := 0
	for k := 0; k < b.N; k++ {
		ep, err := agents.Play(e, a, agents.EpisodeSeed(1, k))
		if err != nil {
			b.Fatal(err)
		}
		rows += ep.Length
	}
	b.ReportMetric(float64(rows)/time.Since(start).Seconds(), "rows/s")
}
