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
	if len(files) < 4 {
		t.Fatalf("only %d surfaces", len(files))
	}
	b := mergeFiles(t, files)
	prev := runtime.GOMAXPROCS(1)
	seq, _ := model.Marshal(Analyze(b, nil))
	runtime.GOMAXPROCS(4)
	par, _ := model.Marshal(Analyze(b, nil))
	runtime.GOMAXPROCS(prev)
	if !bytes.Equal(seq, par) {
		t.Fatal("parallel analysis differs from sequential")
	}
}

// mergeFiles decodes every file and merges them into one bundle.
func mergeFiles(t *testing.T, files []string) *model.Bundle {
	t.Helper()
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
	return model.Merge(parts...)
}
