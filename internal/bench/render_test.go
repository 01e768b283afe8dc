package bench

import (
	"io"
	"testing"

	"github.com/assay-mcp/assay/internal/render"
)

// BenchmarkRender writes a finished analysis in every output format
// (table, json, sarif, markdown), as 'assay scan --format' does.
func BenchmarkRender(b *testing.B) {
	for _, format := range render.Formats {
		b.Run("format="+format, func(b *testing.B) {
			perSize(b, 0, func(b *testing.B, n int) {
				f := findings(b, n)
				timed(b, n, func() {
					if err := render.Write(io.Discard, format, f, nil); err != nil {
						b.Fatal(err)
					}
				})
			})
		})
	}
}
