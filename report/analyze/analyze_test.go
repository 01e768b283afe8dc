package analyze

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"

	"github.com/assay-mcp/assay/report/model"
)

// TestParallelMatchesSequential: analysing a many-server bundle with
// several workers gives byte-identical findings to one worker. Run with
// -race to check the passes share no mutable state.
func TestParallelMatchesSequential(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/surfaces/*.json")
	more := testcorpus.Files()
	files = append(files, more...)
	var parts []*model.Bundle
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in, err := model.Decode(f, data)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, in.Bundle)
	}
	if len(parts) < 4 {
		t.Fatalf("only %d surfaces", len(parts))
	}
	b := model.Merge(parts...)
	prev := runtime.GOMAXPROCS(1)
	seq, _ := model.Marshal(Analyze(b, nil))
	runtime.GOMAXPROCS(4)
	par, _ := model.Marshal(Analyze(b, nil))
	runtime.GOMAXPROCS(prev)
	if !bytes.Equal(seq, par) {
		t.Fatal("parallel analysis differs from sequential")
	}
}
