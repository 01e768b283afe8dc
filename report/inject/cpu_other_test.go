//go:build !unix

package inject

// cpuNanos is unavailable here (WebAssembly has no getrusage); the CPU
// metrics are then left out and wall time is what to compare.
func cpuNanos() int64 { return 0 }
