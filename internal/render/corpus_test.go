package render

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/textsafe"
	"github.com/assay-mcp/assay/schemas"
)

// Every capture of the corpus of real servers (testdata/corpus) renders in
// every format, and every SARIF and findings document validates.
func TestCorpusRendersAndValidates(t *testing.T) {
	files := testcorpus.Files()
	if len(files) == 0 {
		t.Fatal("corpus not found in testdata/corpus")
	}
	if testing.Short() {
		files = files[:5]
	}
	sarif := officialSARIFSchema(t)
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		in, err := model.Decode(filepath.Base(p), data)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		f := analyze.Analyze(in.Bundle, &analyze.Options{Version: "test"})
		for _, format := range Formats {
			var buf bytes.Buffer
			if err := Write(&buf, format, f, nil); err != nil {
				t.Errorf("%s %s: %v", filepath.Base(p), format, err)
				continue
			}
			switch format {
			case "sarif":
				validateSARIF(t, sarif, filepath.Base(p), buf.Bytes())
			case "json":
				if err := schemas.ValidateStrict(buf.Bytes()); err != nil {
					t.Errorf("%s: %v", filepath.Base(p), err)
				}
			case "table", "markdown":
				if textsafe.Unsafe(buf.String()) {
					t.Errorf("%s %s: hidden or control characters in the output", filepath.Base(p), format)
				}
			}
		}
	}
}
