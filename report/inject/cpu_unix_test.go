//go:build unix

package inject

import "syscall"

// cpuNanos is the CPU time (user + system, all threads, GC included) this
// process has used: on a shared machine it moves far less with other
// people's load than wall time does.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
