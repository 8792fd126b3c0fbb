package train

import (
	"testing"

	"github.com/mythos-rl/mythos/env/lcg"
)

// BenchmarkForward times the policy's forward pass on one observation, as
// the rollouts run it for every decision (Net.Forward), for the MLP of the
// shipped configs ([128, 128]) on The Gathering and Machina Arcana.
//
//	go test ./train -run '^$' -bench Forward -benchtime 2000x -count 5
func BenchmarkForward(b *testing.B) {
	for _, envID := range []string{lcg.TheGatheringID, machinaID} {
		b.Run(envID, func(b *testing.B) {
			cfg := encoderConfig(envID)
			cfg.Hidden = []int{128, 128}
			cfg.Network = NetworkConfig{}
			const rows = 64
			r, m := encoderRows(b, envID, &cfg, rows)
			net, s := m.Nets[0], m.NewScratch()
			logits := make([]float32, m.Arch.Actions)
			floats := m.Arch.Floats()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				row := i % rows
				net.Forward(r.x[row*floats:(row+1)*floats], r.enc[row*r.encW:(row+1)*r.encW], r.ids[row*r.i32:(row+1)*r.i32], logits, s)
			}
		})
	}
}
