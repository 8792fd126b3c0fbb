package agents_test

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/encode/trajectory"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/internal/fixture"
)

const recordLCG = "ArkhamLCG/TheGathering-v0"

func TestRecordMatchesPlayAndIsDeterministic(t *testing.T) {
	fixture.Register()
	for _, id := range []string{fixture.ID, recordLCG} {
		t.Run(id, func(t *testing.T) {
			opts := env.Options{}
			episodes, perFile := 7, 3
			if id == recordLCG {
				opts = env.Options{"skip_trivial": "true"}
				episodes, perFile = 3, 2
			}
			cfg := agents.RecordConfig{Env: id, Options: opts, Agent: "random", Episodes: episodes, Seed: 11,
				PerFile: perFile, Workers: 1, Dir: t.TempDir(),
				Writer: trajectory.WriterOptions{BatchRows: 50, Compression: trajectory.LZ4}}
			sum, err := agents.Record(cfg)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Workers, cfg.Dir = 3, t.TempDir()
			sum3, err := agents.Record(cfg)
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
					t.Fatalf("%s differs between 1 and 3 workers", trajectory.FileName(i))
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
				r, err := trajectory.Open(path)
				if err != nil {
					t.Fatal(err)
				}
				if r.Meta.Env != id || r.Meta.Seed != 11 || len(r.Meta.ActionNames) != spec.Actions ||
					!reflect.DeepEqual(r.Meta.Layout, spec.Layout) || !reflect.DeepEqual(r.Meta.Options, map[string]string(opts)) {
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
	fixture.Register()
	dir := t.TempDir()
	if _, err := agents.Record(agents.RecordConfig{Env: fixture.ID, Agent: "random", Episodes: 1, Seed: 3, PerFile: 1, Dir: dir}); err != nil {
		t.Fatal(err)
	}
	r, err := trajectory.Open(filepath.Join(dir, trajectory.FileName(0)))
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
	fixture.Register()
	dir := t.TempDir()
	base := agents.RecordConfig{Env: fixture.ID, Agent: "random", Episodes: 2, PerFile: 1, Dir: dir}
	if _, err := agents.Record(base); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		want  string
		spoil func(c *agents.RecordConfig)
	}{
		{"already holds trajectory files", func(c *agents.RecordConfig) {}},
		{"unknown", func(c *agents.RecordConfig) { c.Env, c.Dir = "Nope/Nothing-v0", t.TempDir() }},
		{"unknown agent", func(c *agents.RecordConfig) { c.Agent, c.Dir = "nobody", t.TempDir() }},
		{"episodes must be at least 1", func(c *agents.RecordConfig) { c.Episodes = 0 }},
		{"episodes per file", func(c *agents.RecordConfig) { c.PerFile = 0 }},
	}
	for _, tc := range cases {
		c := base
		tc.spoil(&c)
		if _, err := agents.Record(c); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want an error containing %q", err, tc.want)
		}
	}
}

// BenchmarkRecord measures recording The Gathering with the random agent on
// one worker: play, encode every decision and write it. One op is one
// episode.
//
//	go test -run '^$' -bench 'Record|PlayOnly' ./agents
func BenchmarkRecord(b *testing.B) {
	for _, c := range []trajectory.Compression{trajectory.None, trajectory.LZ4} {
		b.Run(c.String(), func(b *testing.B) {
			cfg := agents.RecordConfig{Env: recordLCG, Options: env.Options{"skip_trivial": "true"}, Agent: "random",
				Episodes: b.N, Seed: 1, PerFile: 1000, Workers: 1, Dir: b.TempDir(),
				Writer: trajectory.WriterOptions{Compression: c}}
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			sum, err := agents.Record(cfg)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(sum.Rows)/time.Since(start).Seconds(), "rows/s")
			var size int64
			for _, f := range sum.Files {
				st, err := os.Stat(f)
				if err != nil {
					b.Fatal(err)
				}
				size += st.Size()
			}
			b.ReportMetric(float64(size)/float64(sum.Rows), "file-B/row")
		})
	}
}

// BenchmarkPlayOnly is BenchmarkRecord without writing: the same episodes
// played by agents.Play, to show what recording adds.
func BenchmarkPlayOnly(b *testing.B) {
	e, err := env.Make(recordLCG, env.Options{"skip_trivial": "true"})
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
