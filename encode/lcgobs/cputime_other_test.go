//go:build !unix

package lcgobs_test

import "time"

// cpuTime is not measured on this system: the CPU metrics read 0.
func cpuTime() time.Duration { return 0 }
