package bench

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/internal/testenv"

	"github.com/assay-mcp/assay/internal/synth"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
)

// sizes are the tool counts the benchmarks run at. Each bundle has
// tools/100 servers (at least one) of 100 tools, like a fleet of
// mid-sized servers. BENCH_MAX_TOOLS caps them (make bench keeps the
// 100,000-tool runs to the passes that scale; a quick run can stop at
// 1,000).
var sizes = func() []int {
	all := []int{100, 1000, 10000, 100000}
	limit, err := strconv.Atoi(os.Getenv("BENCH_MAX_TOOLS"))
	if err != nil || limit <= 0 {
		return all
	}
	var out []int
	for _, n := range all {
		if n <= limit {
			out = append(out, n)
		}
	}
	return out
}()

// countTokens, when set (native builds), records token counts in a
// generated fleet before it is used.
var countTokens func(*model.Bundle) error

var (
	shapesOnce sync.Once
	shapes     synth.Shapes
	shapesErr  error
	cacheMu    sync.Mutex
	bundles    = map[string]*model.Bundle{}
	analysed   = map[string]*model.Findings{}
)

// loadShapes reads the tool shapes of the corpus of real captures.
func loadShapes(tb testing.TB) synth.Shapes {
	tb.Helper()
	shapesOnce.Do(func() {
		shapes, shapesErr = synth.LoadShapes(testcorpus.Surfaces())
	})
	if shapesErr != nil {
		tb.Fatal(shapesErr)
	}
	return shapes
}

// fleet returns the generated bundle of n tools (the mutated next version
// when mutate is set), built once per process.
func fleet(tb testing.TB, n int, mutate bool) *model.Bundle {
	servers := max(n/100, 1)
	return generate(tb, servers, n/servers, mutate)
}

// oneServer returns a bundle of a single server with n tools: a step
// quadratic in the tools of one server (a hostile server can serve
// thousands) shows here and not in fleet, whose servers have 100 each.
func oneServer(tb testing.TB, n int) *model.Bundle {
	return generate(tb, 1, n, false)
}

func generate(tb testing.TB, servers, tools int, mutate bool) *model.Bundle {
	tb.Helper()
	sh := loadShapes(tb)
	key := fmt.Sprint(servers, tools, mutate)
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if g, ok := bundles[key]; ok {
		return g
	}
	g := synth.Generate(sh, synth.Options{Servers: servers, Tools: tools, Seed: 1, Mutate: mutate})
	if countTokens != nil {
		if err := countTokens(g); err != nil {
			tb.Fatal(err)
		}
	}
	bundles[key] = g
	return g
}

// findings returns the analysis of fleet(n, false), computed once: the
// renderers' benchmarks time rendering only.
func findings(tb testing.TB, n int) *model.Findings {
	tb.Helper()
	g := fleet(tb, n, false)
	key := fmt.Sprint(n)
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if f, ok := analysed[key]; ok {
		return f
	}
	f := analyze.Analyze(g, nil)
	analysed[key] = f
	return f
}

// perSize runs fn as one sub-benchmark per size up to maxTools
// (0: all), named tools=N so benchstat lines them up across runs, and
// reports ns/tool so the scaling check can compare sizes directly.
func perSize(b *testing.B, maxTools int, fn func(b *testing.B, n int)) {
	for _, n := range sizes {
		if maxTools > 0 && n > maxTools {
			continue
		}
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			fn(b, n)
		})
	}
}

// timed runs the b.Loop loop of body and reports, besides ns/op, the
// wall time per tool (ns/tool) and, where the platform can tell, the CPU
// time per operation and per tool (cpu-ns/op, cpu-ns/tool): on a shared
// machine CPU time is the steadier figure, and per-tool figures at two
// sizes are how scripts/bench-scaling.sh shows linear scaling.
func timed(b *testing.B, n int, body func()) {
	b.ReportAllocs()
	b.ResetTimer()
	c0 := testenv.CPUNanos()
	for b.Loop() {
		body()
	}
	cpu := testenv.CPUNanos() - c0
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/tool")
	if c0 > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
		b.ReportMetric(float64(cpu)/float64(b.N)/float64(n), "cpu-ns/tool")
	}
}
