//go:build unix

package lcgobs_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used (user + system). On a
// shared machine it measures the benchmark's own work, not the time it
// waited for a core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
