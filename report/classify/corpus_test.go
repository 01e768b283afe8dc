package classify

import (
	"encoding/json"
	"github.com/assay-mcp/assay/internal/testenv"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"

	"github.com/assay-mcp/assay/report/model"
)

// corpusDir holds real server captures (see testdata/corpus/README.md).
var corpusDir = testcorpus.Surfaces()

// loadCorpus builds one bundle with one server per capture file, named by
// the file (package@version), without contexts.
func loadCorpus(t testing.TB) *model.Bundle {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	if len(files) == 0 {
		t.Fatalf("corpus not found at %s", corpusDir)
	}
	sort.Strings(files)
	b := &model.Bundle{Kind: model.BundleKind}
	for _, fn := range files {
		data, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		var cap struct {
			Tools []json.RawMessage `json:"tools"`
		}
		if err := json.Unmarshal(data, &cap); err != nil {
			t.Fatalf("%s: %v", fn, err)
		}
		name := strings.TrimSuffix(filepath.Base(fn), ".json")
		b.Servers = append(b.Servers, model.Server{Name: name, Identity: name + "@surface", Transport: "surface", Source: "surface", Tools: cap.Tools})
	}
	return b
}

// skeleton mirrors what analyze builds before classification.
func skeleton(b *model.Bundle) *model.Findings {
	f := &model.Findings{Kind: model.FindingsKind, Findings: []model.Finding{}}
	for _, s := range b.Servers {
		sr := model.ServerReport{Name: s.Name, Identity: s.Identity}
		for _, raw := range s.Tools {
			var h struct {
				Name string `json:"name"`
			}
			_ = json.Unmarshal(raw, &h)
			sr.Tools = append(sr.Tools, model.ToolReport{Name: h.Name, Kinds: []string{}, Effect: model.EffectUnknown, Tier: "R0"})
		}
		f.Servers = append(f.Servers, sr)
	}
	return f
}

func classifyCorpus(t testing.TB, o *Options) (*model.Bundle, *model.Findings) {
	b := loadCorpus(t)
	f := skeleton(b)
	Apply(b, f, o)
	return b, f
}

var (
	corpusOnce sync.Once
	corpusF    *model.Findings
)

// corpusFindings classifies the corpus once for the read-only tests.
func corpusFindings(t testing.TB) *model.Findings {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Fatalf("corpus not found at %s", corpusDir)
	}
	corpusOnce.Do(func() { _, corpusF = classifyCorpus(t, nil) })
	return corpusF
}

// TestCorpusDump writes every classification to $ASSAY_DUMP (a review aid,
// not an assertion).
func TestCorpusDump(t *testing.T) {
	out := os.Getenv("ASSAY_DUMP")
	if out == "" {
		testenv.Skip(t, "dump", "set ASSAY_DUMP=FILE to write the corpus classification")
	}
	f := corpusFindings(t)
	var sb strings.Builder
	for _, s := range f.Servers {
		for _, tr := range s.Tools {
			sb.WriteString(s.Name + " | " + tr.Name + " | " + tr.Effect + " " + tr.Tier + " " + strings.Join(tr.Kinds, ",") + " | ")
			if tr.Router {
				sb.WriteString("ROUTER ")
			}
			for _, e := range tr.Evidence {
				sb.WriteString("[" + e.Signal + " " + e.Pointer + " " + e.Detail + " " + strings.Join(e.Sets, ",") + "] ")
			}
			sb.WriteString("\n")
		}
	}
	for _, fd := range f.Findings {
		sb.WriteString("FINDING " + fd.ID + " " + fd.Severity + " " + fd.Server + " " + fd.Tool + " " + fd.Context + " | " + fd.Evidence + "\n")
	}
	if err := os.WriteFile(out, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
