//go:build !js

package bench

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/cli"
	"github.com/assay-mcp/assay/report/model"
)

// BenchmarkScanCommand is `assay scan --surface FILE --format json` in
// process, in both shapes: reading and decoding the bundle, analysis and
// writing the findings, the whole command but process start. Profile it
// with -cpuprofile to see what the command adds around the analysis.
func BenchmarkScanCommand(b *testing.B) {
	perShape(b, func(b *testing.B, g *model.Bundle, n int) {
		data, err := json.Marshal(g)
		if err != nil {
			b.Fatal(err)
		}
		path := filepath.Join(b.TempDir(), "bundle.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			b.Fatal(err)
		}
		args := []string{"scan", "--surface", path, "--format", "json"}
		timed(b, n, func() {
			var errb strings.Builder
			if code := cli.Run(context.Background(), args, strings.NewReader(""), io.Discard, &errb); code > 1 {
				b.Fatalf("exit %d: %s", code, errb.String())
			}
		})
	})
}
