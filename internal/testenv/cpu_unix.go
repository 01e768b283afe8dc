//go:build unix

package testenv

import "syscall"

// CPUNanos is the CPU time (user + system, all threads, GC included) this
// process has used: on a shared machine it moves far less with other
// people's load than wall time does. Benchmarks report it beside wall time.
func CPUNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
