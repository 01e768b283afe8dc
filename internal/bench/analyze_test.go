package bench

import (
	"testing"

	"github.com/assay-mcp/assay/report/analyze"
)

// BenchmarkAnalyze times the whole pipeline (classification, injection,
// hygiene, cost, fingerprints, hashes): what 'assay scan --surface' does
// between reading and writing, and what the page's WebAssembly core runs
// (scripts/bench-wasm.sh compiles this benchmark for js/wasm).
func BenchmarkAnalyze(b *testing.B) {
	perSize(b, 0, func(b *testing.B, n int) {
		g := fleet(b, n, false)
		timed(b, n, func() { analyze.Analyze(g, nil) })
	})
}

// BenchmarkAnalyzeOneServer is the same pipeline over one server of N
// tools (up to 10,000), where per-server work (cross-tool checks,
// shadowing, boilerplate) would go quadratic if anything does.
func BenchmarkAnalyzeOneServer(b *testing.B) {
	perSize(b, 10000, func(b *testing.B, n int) {
		g := oneServer(b, n)
		timed(b, n, func() { analyze.Analyze(g, nil) })
	})
}
