//go:build race

package machinaobs_test

// raceDetector is true under the race detector, which runs the checks of
// random play ten times slower: TestIncrementalMatchesFull plays a fifth of
// its decisions there (the run without it plays them all).
const raceDetector = true
