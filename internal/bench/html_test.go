//go:build !js

package bench

import (
	"testing"

	html "github.com/assay-mcp/assay/internal/htmlreport"
)

// BenchmarkReportHTML builds the self-contained HTML page of a finished
// analysis with its bundle embedded for in-page compare, as
// 'assay report' does. A page of 100,000 tools is not a useful report,
// so this stops at 10,000.
func BenchmarkReportHTML(b *testing.B) {
	perSize(b, 10000, func(b *testing.B, n int) {
		f, g := findings(b, n), fleet(b, n, false)
		timed(b, n, func() {
			if _, err := html.Page(&html.Input{Findings: f, Source: g, SourceName: "fleet.json", Inputs: []string{"fleet.json"}}); err != nil {
				b.Fatal(err)
			}
		})
	})
}
