//go:build !unix

package testenv

// CPUNanos is unavailable here (WebAssembly has no getrusage); CPU metrics
// are then left out and wall time is what to compare.
func CPUNanos() int64 { return 0 }
