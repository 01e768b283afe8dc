//go:build !js

package bench

import (
	"testing"

	"github.com/assay-mcp/assay/collectkit/tokens"
)

// BenchmarkTokens counts every tool definition of the fleet in o200k_base,
// as collection and 'scan --surface' do, with a fresh counter (cold piece
// cache) each round. collectkit/tokens BenchmarkCountCorpus measures the
// same counter on the real corpus; this shows how it scales.
func BenchmarkTokens(b *testing.B) {
	perSize(b, 0, func(b *testing.B, n int) {
		g := fleet(b, n, false)
		if _, err := tokens.Get(tokens.O200K); err != nil { // parse ranks outside the timing
			b.Fatal(err)
		}
		b.SetBytes(toolBytes(g))
		timed(b, n, func() {
			c, err := tokens.New(tokens.O200K)
			if err != nil {
				b.Fatal(err)
			}
			for i := range g.Servers {
				if c.CountServer(&g.Servers[i]).ToolsSum == 0 {
					b.Fatal("no tokens")
				}
			}
		})
	})
}
