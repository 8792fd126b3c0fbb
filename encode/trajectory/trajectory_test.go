package trajectory

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/encode"
)

var compressions = []Compression{None, LZ4, Zstd}

// testMeta is a small hand-made layout with every dtype and 2-d fields.
func testMeta(episodes ...int64) Meta {
	l := &encode.Layout{}
	l.Add("global", encode.Float32, "global features", 3)
	l.Add("cards", encode.Int32, "card ids", 2, 4)
	l.Add("grid", encode.Float32, "a 2x2 grid", 2, 2)
	l.Add("planes", encode.Uint8, "two 3-cell planes", 2, 3)
	m := Meta{Env: "Test/Layout-v0", Options: map[string]string{"b": "2", "a": "x,y"}, Agent: "random", Seed: 99,
		Layout: l, ActionNames: []string{"pass", "draw", "play", "fight", "evade"}, Agents: []string{"p0", "p1"}}
	for _, e := range episodes {
		m.Episodes = append(m.Episodes, EpisodeSeed{e, uint64(e)*1000 + 7})
	}
	return m
}

// syntheticRow fills a row whose every value depends on (episode, step).
func syntheticRow(m Meta, ep int64, step int32, last bool) Row {
	r := Row{Episode: ep, Step: step, Agent: step % 2, Obs: m.Layout.NewObs(), Mask: make([]int8, len(m.ActionNames))}
	for i := range r.Obs.F32 {
		r.Obs.F32[i] = float32(ep)*100 + float32(step) + float32(i)/8
	}
	for i := range r.Obs.I32 {
		r.Obs.I32[i] = int32(ep)*1000 + step*10 + int32(i) - 5
	}
	for i := range r.Obs.U8 {
		r.Obs.U8[i] = uint8(int(ep)*31 + int(step)*7 + i*40) // wraps: every byte value
	}
	for i := range r.Mask {
		r.Mask[i] = int8((int(step) + i) % 2)
	}
	r.Mask[int(step)%len(r.Mask)] = 1
	r.Action = step % int32(len(r.Mask))
	r.Reward = float32(step%3) - 1
	r.Score = float32(step) / 4
	r.Terminated = last && ep%2 == 0
	r.Truncated = last && ep%2 == 1
	return r
}

// writeFile writes rows of episodes 3, 4, 5 (1, 13 and 20 rows) and returns
// them.
func writeFile(t testing.TB, path string, m Meta, opt WriterOptions) []Row {
	w, err := Create(path, m, opt)
	if err != nil {
		t.Fatal(err)
	}
	lengths := map[int64]int32{3: 1, 4: 13, 5: 20}
	var want []Row
	for _, ep := range []int64{3, 4, 5} {
		for s := int32(0); s < lengths[ep]; s++ {
			r := syntheticRow(m, ep, s, s == lengths[ep]-1)
			if err := w.Write(&r); err != nil {
				t.Fatal(err)
			}
			want = append(want, r)
		}
	}
	if w.Rows() != int64(len(want)) {
		t.Fatalf("Rows() = %d, wrote %d", w.Rows(), len(want))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return want
}

func TestWriteReadRoundTrip(t *testing.T) {
	for _, c := range compressions {
		t.Run(c.String(), func(t *testing.T) {
			m := testMeta(3, 4, 5)
			path := filepath.Join(t.TempDir(), "t.arrow")
			// 7 rows per batch: several batches, episodes across batch boundaries.
			want := writeFile(t, path, m, WriterOptions{BatchRows: 7, Compression: c})
			r, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if !reflect.DeepEqual(r.Meta, m) {
				t.Fatalf("meta:\n got %+v\nwant %+v", r.Meta, m)
			}
			if r.Batches() != 5 {
				t.Errorf("%d batches, want 5 (34 rows, 7 per batch)", r.Batches())
			}
			var got []Row
			for {
				row := r.NewRow()
				if !r.Next(&row) {
					break
				}
				got = append(got, row)
			}
			if r.Err() != nil {
				t.Fatal(r.Err())
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("rows differ: got %d rows, want %d\nfirst got  %+v\nfirst want %+v", len(got), len(want), got[0], want[0])
			}
			r2, _ := Open(path)
			defer r2.Close()
			eps, err := r2.Episodes()
			if err != nil || len(eps) != 3 {
				t.Fatalf("episodes: %d, %v", len(eps), err)
			}
			for i, ep := range eps {
				if ep.Episode != int64(3+i) || ep.Seed != uint64(3+i)*1000+7 || len(ep.Rows) != []int{1, 13, 20}[i] {
					t.Errorf("episode %d: id %d seed %d, %d rows", i, ep.Episode, ep.Seed, len(ep.Rows))
				}
			}
		})
	}
}

// The same rows and options give the same bytes, whatever GOMAXPROCS is
// (the zstd encoder sizes its concurrency by it).
func TestSameRowsSameBytes(t *testing.T) {
	dir := t.TempDir()
	m := testMeta(3, 4, 5)
	size := map[Compression]int{}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, c := range compressions {
		a, b := filepath.Join(dir, c.String()+"a.arrow"), filepath.Join(dir, c.String()+"b.arrow")
		runtime.GOMAXPROCS(1)
		writeFile(t, a, m, WriterOptions{BatchRows: 7, Compression: c})
		runtime.GOMAXPROCS(8)
		writeFile(t, b, m, WriterOptions{BatchRows: 7, Compression: c})
		da, _ := os.ReadFile(a)
		db, _ := os.ReadFile(b)
		if !bytes.Equal(da, db) {
			t.Errorf("%s: two writes of the same rows differ", c)
		}
		size[c] = len(da)
	}
	t.Logf("file sizes: %v", size)

	// Wide rows of The Gathering, several batches of megabytes each: large
	// buffers are where a codec might split work by GOMAXPROCS.
	lm, row := lcgRow(t)
	for _, c := range compressions {
		var files [2][]byte
		for i, procs := range []int{1, 8} {
			runtime.GOMAXPROCS(procs)
			path := filepath.Join(dir, fmt.Sprintf("lcg-%s-%d.arrow", c, procs))
			w, err := Create(path, lm, WriterOptions{Compression: c})
			if err != nil {
				t.Fatal(err)
			}
			for s := range int32(2500) {
				row.Step = s
				row.Obs.F32[s%int32(len(row.Obs.F32))] += 1
				if err := w.Write(&row); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			files[i], _ = os.ReadFile(path)
			for s := range int32(2500) { // the same rows again for the next write
				row.Obs.F32[s%int32(len(row.Obs.F32))] -= 1
			}
		}
		if !bytes.Equal(files[0], files[1]) {
			t.Errorf("%s: The Gathering's rows give different bytes with GOMAXPROCS 1 and 8", c)
		}
	}
}

func TestEmptyFileIsReadable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.arrow")
	w, err := Create(path, testMeta(), WriterOptions{Compression: LZ4})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if eps, err := r.Episodes(); err != nil || len(eps) != 0 {
		t.Fatalf("%v %v", eps, err)
	}
}

func TestWriterRejectsBadRows(t *testing.T) {
	m := testMeta(1)
	path := filepath.Join(t.TempDir(), "bad.arrow")
	w, err := Create(path, m, WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	good := syntheticRow(m, 1, 0, false)
	cases := map[string]func(r *Row){
		"not in the file's episode list": func(r *Row) { r.Episode = 2 },
		"mask of 4 actions":              func(r *Row) { r.Mask = r.Mask[:4] },
		"observation of 6 float32":       func(r *Row) { r.Obs.F32 = r.Obs.F32[:6] },
		"action 5 outside Discrete(5)":   func(r *Row) { r.Action = 5 },
		"action -1 outside Discrete(5)":  func(r *Row) { r.Action = -1 },
	}
	for want, spoil := range cases {
		r := good
		spoil(&r)
		if err := w.Write(&r); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want an error containing %q", err, want)
		}
	}
	if err := w.Write(&good); err != nil {
		t.Fatalf("a good row after bad ones: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	eps, err := r.Episodes()
	if err != nil || len(eps) != 1 || len(eps[0].Rows) != 1 || !reflect.DeepEqual(eps[0].Rows[0], good) {
		t.Fatalf("the file holds %+v, %v; want the one good row", eps, err)
	}
}

// WriteDecision and WriteOutcome must alternate; a bad action in
// WriteOutcome spoils the file, which then never appears.
func TestTwoPartRows(t *testing.T) {
	m := testMeta(1)
	dir := t.TempDir()
	path := filepath.Join(dir, "two.arrow")
	w, err := Create(path, m, WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := syntheticRow(m, 1, 0, false)
	if err := w.WriteOutcome(&r); err == nil {
		t.Fatal("WriteOutcome without WriteDecision")
	}
	if err := w.WriteDecision(&r); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteDecision(&r); err == nil {
		t.Fatal("WriteDecision twice")
	}
	r.Action = 9
	if err := w.WriteOutcome(&r); err == nil || !strings.Contains(err.Error(), "spoilt") {
		t.Fatalf("bad action: %v", err)
	}
	if err := w.Close(); err == nil {
		t.Fatal("a spoilt file closed without error")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("a spoilt file left %d entries", len(ents))
	}
}

// A run killed before Close leaves only a hidden temporary file; files
// closed before it stay complete and readable.
func TestUnclosedFileIsNeverListed(t *testing.T) {
	dir := t.TempDir()
	m := testMeta(0, 1)
	done, err := Create(filepath.Join(dir, FileName(0)), m, WriterOptions{Compression: LZ4})
	if err != nil {
		t.Fatal(err)
	}
	r := syntheticRow(m, 0, 0, true)
	if err := done.Write(&r); err != nil || done.Close() != nil {
		t.Fatal("first file", err)
	}
	// Batches already on disk, as in a long run.
	open, err := Create(filepath.Join(dir, FileName(1)), m, WriterOptions{BatchRows: 1, Compression: LZ4})
	if err != nil {
		t.Fatal(err)
	}
	for s := range int32(5) {
		r := syntheticRow(m, 1, s, false)
		if err := open.Write(&r); err != nil {
			t.Fatal(err)
		}
	}
	if err := open.out.w.Flush(); err != nil { // what a killed process may leave
		t.Fatal(err)
	}
	files, err := Files(dir)
	if err != nil || len(files) != 1 || filepath.Base(files[0]) != FileName(0) {
		t.Fatalf("files during the run: %v %v", files, err)
	}
	tmp := filepath.Join(dir, "."+FileName(1)+".tmp")
	if st, err := os.Stat(tmp); err != nil || st.Size() == 0 {
		t.Fatalf("temporary file: %v", err)
	}
	rd, err := Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	eps, err := rd.Episodes()
	rd.Close()
	if err != nil || len(eps) != 1 || len(eps[0].Rows) != 1 {
		t.Fatalf("closed file: %v %v", eps, err)
	}
	if _, err := Open(tmp); err == nil {
		t.Fatal("an unfinished file opened without error")
	}
	open.Abort()
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("Abort left %d entries", len(ents))
	}
}

func TestReaderRejectsDamagedFiles(t *testing.T) {
	for _, c := range compressions {
		t.Run(c.String(), func(t *testing.T) {
			m := testMeta(0)
			path := filepath.Join(t.TempDir(), "x.arrow")
			w, _ := Create(path, m, WriterOptions{BatchRows: 3, Compression: c})
			for s := range int32(10) {
				r := syntheticRow(m, 0, s, s == 9)
				if err := w.Write(&r); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(path)
			read := func(b []byte) (rows int, err error) {
				r, err := NewReader(bytes.NewReader(b), int64(len(b)), "damaged")
				if err != nil {
					return 0, err
				}
				defer r.Close()
				row := r.NewRow()
				for r.Next(&row) {
					rows++
				}
				return rows, r.Err()
			}
			if n, err := read(data); n != 10 || err != nil {
				t.Fatalf("intact file: %d rows, %v", n, err)
			}
			for _, cut := range []int{0, 7, 100, len(data) / 2, len(data) - 1} {
				if _, err := read(data[:cut]); err == nil {
					t.Errorf("file cut at %d bytes read without error", cut)
				}
			}
			// Flipping any single byte must give an error or rows, never a
			// panic or a runaway allocation.
			errs, stride := 0, 1
			if c == Zstd {
				stride = 5 // each zstd batch starts a decoder: slow
			}
			for i := 0; i < len(data); i += stride {
				b := bytes.Clone(data)
				b[i] ^= 0x5a
				if _, err := read(b); err != nil {
					errs++
				}
			}
			t.Logf("%d bytes; %d single-byte flips gave an error", len(data), errs)
			if errs == 0 {
				t.Error("no single-byte flip gave an error")
			}
		})
	}
}
