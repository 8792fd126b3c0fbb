//go:build !race

package env_test

// raceDetector is true under the race detector, whose runtime allocates
// where the plain one does not (see race_test.go).
const raceDetector = false
