//go:build !race

package lcg

// raceEnabled tells long tests to scale down under the race detector.
const raceEnabled = false
