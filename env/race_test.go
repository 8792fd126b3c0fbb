//go:build race

package env_test

// raceDetector is true under the race detector: the allocation checks are
// skipped there, as its runtime allocates on its own.
const raceDetector = true
