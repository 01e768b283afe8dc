package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/assay-mcp/assay/internal/injdata"
	"github.com/assay-mcp/assay/report/inject"
)

// TestWeightsReproducible retrains the scorer from the repository's data
// and requires the committed weights bit for bit: the weights are what
// `make train` makes, nothing hand-edited.
func TestWeightsReproducible(t *testing.T) {
	root := injdata.Root()
	got, err := Weights(root)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(root, "report", "inject", "weights.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("report/inject/weights.bin is not what the trainer makes from the committed data: run `make train` and commit the result")
	}
}

// maxFlaggedNPMTools ratchets the benign real corpus: tools of
// testdata/npmcorpus (6,655 tools, a tuning set) with any injection
// finding. Each one is listed in docs/injection.md. It may only go down.
const maxFlaggedNPMTools = 21

func TestRealCorpusQuiet(t *testing.T) {
	servers, err := injdata.Corpus(injdata.Root(), "npm")
	if err != nil {
		t.Fatal(err)
	}
	flagged := 0
	for _, s := range servers {
		tools := map[string]bool{}
		for _, f := range inject.ScanServer(&s.Server, nil) {
			if f.Tool != "" && !tools[f.Tool] {
				tools[f.Tool] = true
				flagged++
			}
		}
	}
	if flagged > maxFlaggedNPMTools {
		t.Errorf("%d npm corpus tools have an injection finding; the ratchet allows %d", flagged, maxFlaggedNPMTools)
	}
	if flagged < maxFlaggedNPMTools {
		t.Logf("%d flagged: lower maxFlaggedNPMTools to %d", flagged, flagged)
	}
}
