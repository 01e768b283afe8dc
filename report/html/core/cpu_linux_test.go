//go:build linux

package core

import (
	"syscall"
	"time"
)

// cpuNow is this process's CPU time (user and system, every thread):
// unlike wall time it does not stretch when other processes load the
// machine, and it includes the garbage collector's work.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
