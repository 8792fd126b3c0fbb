//go:build !race

package machinaobs_test

// raceDetector is true under the race detector (see race_test.go).
const raceDetector = false
