package serve

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/mythos-rl/mythos/env"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// BenchmarkSessionStep measures the server's side of a Step of 256 envs of
// each registered env: stepping and encoding the reply (no network). The
// tensors encoding is marshalled by protobuf; the packed one is encoded into
// a recycled wire buffer, as the server's codec sends it. Compare
// decisions/s with BenchmarkVector in ./benchmarks; cpu-ns/op (the
// process's CPU time, every goroutine and the GC included) moves less than
// the wall clock on a loaded machine.
func BenchmarkSessionStep(b *testing.B) {
	for _, id := range env.IDs() {
		for _, enc := range []string{"tensors", "packed"} {
			for _, sparse := range []bool{false, true} {
				name := id + "/" + enc + "/dense"
				if sparse {
					name = id + "/" + enc + "/sparse"
				}
				b.Run(name, func(b *testing.B) {
					const n = 256
					packed := enc == "packed"
					s, err := newSession("bench", id, nil, n, 1, true, false, sparse, packed, 0, nil)
					if err != nil {
						b.Fatal(err)
					}
					if err := s.reset(nil, nil); err != nil {
						b.Fatal(err)
					}
					acts := make([]int32, n)
					bytes := 0
					b.ReportAllocs()
					b.ResetTimer()
					cpu := cpuTime()
					for i := 0; i < b.N; i++ {
						for k := range acts {
							acts[k] = firstLegalOf(s.mask[k*s.spec.Actions : (k+1)*s.spec.Actions])
						}
						if err := s.step(actionTensor(acts)); err != nil {
							b.Fatal(err)
						}
						switch r := s.answer().(type) {
						case *reply:
							bytes = r.buf.Len()
							r.buf.Free() // as gRPC does once the reply is sent
						case *pb.StepResult:
							out, err := proto.Marshal(r)
							if err != nil {
								b.Fatal(err)
							}
							bytes = len(out)
						}
					}
					b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "decisions/s")
					b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
					b.ReportMetric(float64(bytes), "reply-bytes")
				})
			}
		}
	}
}

// firstLegalOf returns the first legal action of a mask row.
func firstLegalOf(mask []int8) int32 {
	for a, m := range mask {
		if m != 0 {
			return int32(a)
		}
	}
	return 0
}
