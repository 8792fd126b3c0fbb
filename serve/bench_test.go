package serve

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/mythos-rl/mythos/env"
)

// BenchmarkSessionStep measures the server's side of a Step of 256 envs of
// each registered env: stepping, packing the reply and marshalling it
// (no network). Compare decisions/s with BenchmarkVector in ./benchmarks.
func BenchmarkSessionStep(b *testing.B) {
	for _, id := range env.IDs() {
		for _, sparse := range []bool{false, true} {
			name := id + "/dense"
			if sparse {
				name = id + "/sparse"
			}
			b.Run(name, func(b *testing.B) {
				const n = 256
				s, err := newSession("bench", id, nil, n, 1, true, false, sparse, 0)
				if err != nil {
					b.Fatal(err)
				}
				r, _ := s.reset(nil, nil)
				bytes := 0
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					r, err = s.step(actionTensor(firstLegal(r)))
					if err != nil {
						b.Fatal(err)
					}
					out, err := proto.Marshal(r)
					if err != nil {
						b.Fatal(err)
					}
					bytes = len(out)
				}
				b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "decisions/s")
				b.ReportMetric(float64(bytes), "reply-bytes")
			})
		}
	}
}
