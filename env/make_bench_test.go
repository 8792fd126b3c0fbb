package env_test

import (
	"testing"

	"github.com/mythos-rl/mythos/env"
)

// BenchmarkMake measures env.Make of an id after the first (what a vector
// env or a server session pays per env): time, bytes and allocations.
func BenchmarkMake(b *testing.B) {
	for _, c := range []struct{ id, inv string }{{"ArkhamLCG/TheGathering-v0", "4"}, {"ArkhamLCG/TheGathering-v0", "1"}, {"ArkhamHorror3/DrownedLantern-v0", "2"}, {"MachinaArcana/TheFrozenEngine-v0", "2"}} {
		key := "investigators"
		if c.id == "MachinaArcana/TheFrozenEngine-v0" {
			key = "pioneers"
		}
		opts := env.Options{key: c.inv}
		if _, err := env.Make(c.id, opts); err != nil {
			b.Fatal(err)
		}
		b.Run(c.id+"/"+c.inv, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				e, _ := env.Make(c.id, opts)
				_ = e
			}
		})
	}
}
