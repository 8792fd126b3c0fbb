// Package benchmarks measures Mythos: throughput of envs (single and vector,
// across worker counts) and, as games and agents arrive, their strength.
// Everything here is a Go benchmark (go test -bench); nothing asserts speed.
//
//	go test -run '^$' -bench . -benchmem ./benchmarks/
package benchmarks
