package bench

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/testenv"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
)

// shapeSizes are the tool counts of BenchmarkShapes: 1,000 to 100,000,
// capped by BENCH_MAX_TOOLS (the default run stops at 10,000; make bench
// sets 100,000 for the full table).
var shapeSizes = func() []int {
	limit, err := strconv.Atoi(os.Getenv("BENCH_MAX_TOOLS"))
	if err != nil || limit <= 0 {
		limit = 10000
	}
	var out []int
	for _, n := range []int{1000, 10000, 40000, 100000} {
		if n <= limit {
			out = append(out, n)
		}
	}
	return out
}()

// BenchmarkShapes is the whole analysis in both shapes a fleet takes: one
// server of N tools (where anything quadratic in a server's tools shows)
// and N/100 servers of 100. Besides the totals it reports, per tool, the
// CPU of every pass (cpu-ns/tool:PASS; injection and classification apart
// so their share is plain), allocations and bytes allocated.
func BenchmarkShapes(b *testing.B) {
	perShape(b, func(b *testing.B, g *model.Bundle, n int) {
		passCPU := map[string]int64{}
		opts := &analyze.Options{Observe: func(pass string) func() {
			c0 := testenv.CPUNanos()
			return func() { passCPU[pass] += testenv.CPUNanos() - c0 }
		}}
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		timed(b, n, func() { analyze.Analyze(g, opts) })
		runtime.ReadMemStats(&m1)
		runs := float64(b.N) * float64(n)
		b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/runs, "allocs/tool")
		b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/runs, "B/tool")
		for _, p := range analyze.Passes {
			if c, ok := passCPU[p]; ok && testenv.CPUNanos() > 0 {
				b.ReportMetric(float64(c)/runs, "cpu-ns/tool:"+p)
			}
		}
	})
}

// perShape runs fn as sub-benchmarks shape=one|fleet/tools=N over
// shapeSizes: one server of N tools, and N/100 servers of 100.
func perShape(b *testing.B, fn func(b *testing.B, g *model.Bundle, n int)) {
	for _, shape := range []string{"one", "fleet"} {
		for _, n := range shapeSizes {
			b.Run(fmt.Sprintf("shape=%s/tools=%d", shape, n), func(b *testing.B) {
				g := fleet(b, n, false)
				if shape == "one" {
					g = oneServer(b, n)
				}
				fn(b, g, n)
			})
		}
	}
}

// TestPassNames: pass names are metric suffixes, so no spaces.
func TestPassNames(t *testing.T) {
	for _, p := range analyze.Passes {
		if p == "" || strings.ContainsAny(p, " \t/") {
			t.Errorf("pass %q cannot be a metric suffix", p)
		}
	}
}
