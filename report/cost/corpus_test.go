package cost

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"

	"github.com/assay-mcp/assay/report/model"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestCorpusFindings runs the cost pass over every captured real server
// (testdata/corpus/surfaces), each read the way
// --surface reads it and so with estimated counts, and compares the
// findings with the reviewed golden file (rewrite deliberately with
// -update).
func TestCorpusFindings(t *testing.T) {
	dir := testcorpus.Surfaces()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("corpus not available at %s", dir)
	}
	sort.Strings(files)
	var b bytes.Buffer
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		in, err := model.Decode(filepath.Base(file), data)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		f := run(in.Bundle, nil)
		tk := f.Summary.Tokens
		fmt.Fprintf(&b, "%s: ≈%d tokens (%s, estimated %v), %.2f%% of window\n", filepath.Base(file), tk.Total, tk.Encoding, tk.Estimated, tk.PerContext[0].Share*100)
		for _, fd := range f.Findings {
			fmt.Fprintf(&b, "  %s %s %s | %s\n", fd.ID, fd.Severity, fd.Element, fd.Evidence)
		}
	}
	golden := filepath.Join("testdata", "corpus_findings.golden")
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if d := cmp.Diff(string(want), b.String()); d != "" {
		t.Errorf("cost findings over the corpus differ from %s (-want +got):\n%s", golden, d)
	}
}
