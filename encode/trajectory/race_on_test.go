//go:build race

package trajectory

// raceEnabled is true in a -race build, whose instrumentation allocates, so
// allocation-count tests skip themselves there.
const raceEnabled = true
