//go:build !js

package bench

import (
	"os"

	"github.com/assay-mcp/assay/collectkit/tokens"
	"github.com/assay-mcp/assay/report/model"
)

// Fleets carry exact o200k_base counts, as collected bundles do, so the
// analysis benchmarks time what a scan of a collected bundle does.
// BENCH_NO_TOKENS=1 leaves them out (the analysis then estimates), which
// is what the WebAssembly comparison uses on both sides: the js/wasm
// build has no token counter.
func init() {
	if os.Getenv("BENCH_NO_TOKENS") != "" {
		return
	}
	countTokens = func(g *model.Bundle) error { return tokens.CountBundle(g, tokens.O200K) }
}
