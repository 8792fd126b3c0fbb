package benchmarks

import "testing"

func TestTmpHeap(t *testing.T) {
	for i := 0; i < 2; i++ {
		v, err := vectorBytesPerEnv("MachinaArcana/TheFrozenEngine-v0", 256)
		s, err2 := bytesPerEnv("MachinaArcana/TheFrozenEngine-v0", 256)
		t.Logf("vector %.0f standalone %.0f %v %v", v, s, err, err2)
	}
}
