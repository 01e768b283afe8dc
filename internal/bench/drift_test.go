package bench

import (
	"testing"

	"github.com/assay-mcp/assay/report/drift"
)

// BenchmarkDiff compares a fleet with its mutated next version (rewordings,
// removals, additions, flipped hints), as 'assay diff OLD NEW' does: both
// sides are re-analysed under the current ruleset, then paired.
func BenchmarkDiff(b *testing.B) {
	perSize(b, 0, func(b *testing.B, n int) {
		old, cur := fleet(b, n, false), fleet(b, n, true)
		timed(b, n, func() {
			r, err := drift.Diff(&drift.Side{Name: "old", Bundle: old}, &drift.Side{Name: "new", Bundle: cur}, nil)
			if err != nil {
				b.Fatal(err)
			}
			if len(r.Findings.Findings) == 0 {
				b.Fatal("a mutated fleet produced no drift findings")
			}
		})
	})
}
