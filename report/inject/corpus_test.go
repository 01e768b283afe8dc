package inject

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"

	"github.com/assay-mcp/assay/report/model"
)

// corpusDir holds real server captures (see testdata/corpus/README.md).
var corpusDir = testcorpus.Surfaces()

// capture is the part of a corpus capture this package reads.
type capture struct {
	ServerInfo        json.RawMessage   `json:"serverInfo"`
	Instructions      *string           `json:"instructions"`
	Tools             []json.RawMessage `json:"tools"`
	Prompts           []json.RawMessage `json:"prompts"`
	Resources         []json.RawMessage `json:"resources"`
	ResourceTemplates []json.RawMessage `json:"resourceTemplates"`
}

// loadCorpus reads every capture into a server named after its file.
func loadCorpus(tb testing.TB) []model.Server {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("corpus not found at %s", corpusDir)
	}
	sort.Strings(files)
	var out []model.Server
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			tb.Fatalf("read %s: %v", f, err)
		}
		var c capture
		if err := json.Unmarshal(raw, &c); err != nil {
			tb.Fatalf("parse %s: %v", f, err)
		}
		name := filepath.Base(f)
		out = append(out, model.Server{
			Name: name, Identity: name, Transport: "surface", Source: "surface",
			ServerInfo: c.ServerInfo, Instructions: c.Instructions, Tools: c.Tools,
			Prompts: c.Prompts, Resources: c.Resources, ResourceTemplates: c.ResourceTemplates,
		})
	}
	return out
}
