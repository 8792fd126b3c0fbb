// Package benchmarks measures Mythos and writes the reports of mythos bench.
//
// Throughput ([Throughput]): decisions/s of every env id under random legal
// play, through env.Step (encoding included) and through State.Apply alone;
// the time and bytes of State.Clone; the live memory per env; and the
// vector env's scaling from 1 to GOMAXPROCS workers.
//
// Strength ([Strength]): agents compared on the same episode seeds, with win
// rates and their Wilson 95% intervals ([Wilson]).
//
// Estimates ([ThroughputConfig.Expected], [EstimateStrength]): how long a run
// will take, from its settings and a short probe of each agent; mythos bench
// prints it before it starts.
//
// Reports ([Report]): a Markdown file, results.json and PNG charts drawn with
// gonum.org/v1/plot, with the machine and the exact command; the Python peer
// comparison's python.md is included when present.
//
// The Go benchmarks of this package time the same paths with go test:
//
//	go test -run '^$' -bench . -benchmem ./benchmarks/
//
// Nothing here asserts speed: timings are reported, never tested.
package benchmarks
