//go:build unix

package wire_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process (client and server) has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
