package dataset

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/internal/fixture"
)

func init() { fixture.Register() }

const lcgID = "ArkhamLCG/TheGathering-v0"

// testMeta is a small hand-made layout with both dtypes and a 2-d field.
func testMeta(episodes ...int64) Meta {
	l := &encode.Layout{}
	l.Add("global", encode.Float32, "global features", 3)
	l.Add("cards", encode.Int32, "card ids", 2, 4)
	l.Add("grid", encode.Float32, "a 2x2 grid", 2, 2)
	m := Meta{Env: "Test/Layout-v0", Options: env.Options{"b": "2", "a": "x,y"}, Agent: "random", Seed: 99,
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

func TestWriteReadRoundTrip(t *testing.T) {
	for _, c := range []Compression{None, LZ4} {
		t.Run(c.String(), func(t *testing.T) { testRoundTrip(t, c) })
	}
}

func testRoundTrip(t *testing.T, c Compression) {
	dir := t.TempDir()
	m := testMeta(3, 4, 5)
	path := filepath.Join(dir, "t.arrow")
	w, err := Create(path, m)
	if err != nil {
		t.Fatal(err)
	}
	w.BatchRows = 7 // several batches, episodes across batch boundaries
	w.Compression = c
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
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if !reflect.DeepEqual(r.Meta, m) {
		t.Fatalf("meta:\n got %+v\nwant %+v", r.Meta, m)
	}
	if len(r.batches) != 5 {
		t.Errorf("%d batches, want 5 (34 rows, 7 per batch)", len(r.batches))
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
		if ep.Episode != int64(3+i) || ep.Seed != uint64(3+i)*1000+7 || len(ep.Rows) != int(lengths[ep.Episode]) {
			t.Errorf("episode %d: id %d seed %d, %d rows", i, ep.Episode, ep.Seed, len(ep.Rows))
		}
	}
}

func TestWriterRejectsBadRows(t *testing.T) {
	m := testMeta(1)
	path := filepath.Join(t.TempDir(), "bad.arrow")
	w, err := Create(path, m)
	if err != nil {
		t.Fatal(err)
	}
	good := syntheticRow(m, 1, 0, false)
	cases := map[string]func(r *Row){
		"not in the file's episode list": func(r *Row) { r.Episode = 2 },
		"mask of 4 actions":              func(r *Row) { r.Mask = r.Mask[:4] },
		"observation of 6 float32":       func(r *Row) { r.Obs.F32 = r.Obs.F32[:6] },
		"action 5 outside Discrete(5)":   func(r *Row) { r.Action = 5 },
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

// A run killed before Close leaves only a hidden temporary file; files
// closed before it stay complete and readable.
func TestUnclosedFileIsNeverListed(t *testing.T) {
	dir := t.TempDir()
	m := testMeta(0, 1)
	done, err := Create(filepath.Join(dir, FileName(0)), m)
	if err != nil {
		t.Fatal(err)
	}
	r := syntheticRow(m, 0, 0, true)
	if err := done.Write(&r); err != nil || done.Close() != nil {
		t.Fatal("first file", err)
	}
	open, err := Create(filepath.Join(dir, FileName(1)), m)
	if err != nil {
		t.Fatal(err)
	}
	open.BatchRows = 1 // batches already on disk, as in a long run
	for s := range int32(5) {
		r := syntheticRow(m, 1, s, false)
		if err := open.Write(&r); err != nil {
			t.Fatal(err)
		}
	}
	if err := open.out.Flush(); err != nil { // what a killed process may leave
		t.Fatal(err)
	}
	files, err := Files(dir)
	if err != nil || len(files) != 1 || filepath.Base(files[0]) != FileName(0) {
		t.Fatalf("files during the run: %v %v", files, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "."+FileName(1)+".tmp")); err != nil {
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
	if _, err := Open(filepath.Join(dir, "."+FileName(1)+".tmp")); err == nil {
		t.Fatal("an unfinished file opened without error")
	}
	open.Abort()
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("Abort left %d entries", len(ents))
	}
}

func TestReaderRejectsDamagedFiles(t *testing.T) {
	for _, c := range []Compression{None, LZ4} {
		t.Run(c.String(), func(t *testing.T) { testDamage(t, c) })
	}
}

func testDamage(t *testing.T, c Compression) {
	dir := t.TempDir()
	m := testMeta(0)
	path := filepath.Join(dir, "x.arrow")
	w, _ := Create(path, m)
	w.BatchRows = 3
	w.Compression = c
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
	// Flipping any single byte must give an error or rows, never a panic.
	for i := range data {
		b := bytes.Clone(data)
		b[i] ^= 0x5a
		read(b)
	}
}

func TestRecordMatchesPlayAndIsDeterministic(t *testing.T) {
	for _, id := range []string{fixture.ID, lcgID} {
		t.Run(id, func(t *testing.T) {
			opts := env.Options{}
			episodes, perFile := 7, 3
			if id == lcgID {
				opts = env.Options{"skip_trivial": "true"}
				episodes, perFile = 3, 2
			}
			cfg := RecordConfig{Env: id, Options: opts, Agent: "random", Episodes: episodes, Seed: 11,
				PerFile: perFile, Workers: 1, BatchRows: 50, Dir: t.TempDir(), Compression: LZ4}
			sum, err := Record(cfg)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Workers, cfg.Dir = 3, t.TempDir()
			sum3, err := Record(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if len(sum.Files) != (episodes+perFile-1)/perFile || sum.Rows != sum3.Rows {
				t.Fatalf("summaries %+v, %+v", sum, sum3)
			}
			for i := range sum.Files {
				a, _ := os.ReadFile(sum.Files[i])
				b, _ := os.ReadFile(sum3.Files[i])
				if !bytes.Equal(a, b) {
					t.Fatalf("%s differs between 1 and 3 workers", FileName(i))
				}
			}
			e, err := env.Make(id, opts)
			if err != nil {
				t.Fatal(err)
			}
			spec := e.Spec()
			a, _ := agents.New("random")
			var rows int64
			k := 0
			for _, path := range sum.Files {
				r, err := Open(path)
				if err != nil {
					t.Fatal(err)
				}
				if r.Meta.Env != id || r.Meta.Seed != 11 || len(r.Meta.ActionNames) != spec.Actions ||
					!reflect.DeepEqual(r.Meta.Layout, spec.Layout) || !reflect.DeepEqual(r.Meta.Options, opts) {
					t.Fatalf("%s: meta %+v", path, r.Meta)
				}
				eps, err := r.Episodes()
				r.Close()
				if err != nil {
					t.Fatal(err)
				}
				for _, ep := range eps {
					if ep.Episode != int64(k) || ep.Seed != agents.EpisodeSeed(11, k) {
						t.Fatalf("episode %d: id %d seed %d", k, ep.Episode, ep.Seed)
					}
					played, err := agents.Play(e, a, ep.Seed)
					if err != nil {
						t.Fatal(err)
					}
					if len(ep.Rows) != played.Length || float64(ep.Outcome()) != float64(float32(played.Score)) {
						t.Fatalf("episode %d: %d rows, outcome %v; agents.Play: %d decisions, score %v",
							k, len(ep.Rows), ep.Outcome(), played.Length, played.Score)
					}
					var sum float64
					for s, row := range ep.Rows {
						sum += float64(row.Reward)
						last := s == len(ep.Rows)-1
						if row.Step != int32(s) || row.Mask[row.Action] != 1 || (row.Terminated || row.Truncated) != last ||
							row.Agent < 0 || int(row.Agent) >= len(spec.Agents) {
							t.Fatalf("episode %d row %d: %+v", k, s, row)
						}
					}
					if math.Abs(sum-float64(ep.Outcome())) > 1e-4 {
						t.Fatalf("episode %d: rewards add up to %v, outcome %v", k, sum, ep.Outcome())
					}
					rows += int64(len(ep.Rows))
					k++
				}
			}
			if k != episodes || rows != sum.Rows {
				t.Fatalf("read %d episodes and %d rows, recorded %d and %d", k, rows, episodes, sum.Rows)
			}
		})
	}
}

// The first row of a recorded episode holds the env's first observation and
// mask, exactly.
func TestRecordedObservationIsTheEnvs(t *testing.T) {
	dir := t.TempDir()
	if _, err := Record(RecordConfig{Env: fixture.ID, Agent: "random", Episodes: 1, Seed: 3, PerFile: 1, Dir: dir}); err != nil {
		t.Fatal(err)
	}
	r, err := Open(filepath.Join(dir, FileName(0)))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	row := r.NewRow()
	if !r.Next(&row) {
		t.Fatal(r.Err())
	}
	e, _ := env.Make(fixture.ID, nil)
	obs, info := e.Reset(agents.EpisodeSeed(3, 0))
	if !reflect.DeepEqual(row.Obs.F32, obs.F32) || !reflect.DeepEqual(row.Obs.I32, obs.I32) ||
		!reflect.DeepEqual(row.Mask, info.Mask) || row.Agent != int32(info.Agent) {
		t.Fatalf("first row %+v\nenv obs %+v mask %v agent %d", row, obs, info.Mask, info.Agent)
	}
}

func TestRecordRefusesBadConfig(t *testing.T) {
	dir := t.TempDir()
	base := RecordConfig{Env: fixture.ID, Agent: "random", Episodes: 2, PerFile: 1, Dir: dir}
	if _, err := Record(base); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		want  string
		spoil func(c *RecordConfig)
	}{
		{"already holds trajectory files", func(c *RecordConfig) {}},
		{"unknown", func(c *RecordConfig) { c.Env, c.Dir = "Nope/Nothing-v0", t.TempDir() }},
		{"unknown agent", func(c *RecordConfig) { c.Agent, c.Dir = "nobody", t.TempDir() }},
		{"episodes must be at least 1", func(c *RecordConfig) { c.Episodes = 0 }},
		{"episodes per file", func(c *RecordConfig) { c.PerFile = 0 }},
	}
	for _, tc := range cases {
		c := base
		tc.spoil(&c)
		if _, err := Record(c); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want an error containing %q", err, tc.want)
		}
	}
}
