package analyze

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/model"
)

// TestMemoReusesUnchangedServers: with a shared memo, a second analysis
// of the same servers scans none of them again, the findings are the
// bytes an analysis without a memo gives, and a changed server misses.
func TestMemoReusesUnchangedServers(t *testing.T) {
	files := testcorpus.Files()
	if len(files) < 6 {
		t.Fatalf("only %d corpus surfaces", len(files))
	}
	b := mergeFiles(t, files[:6])
	want, _ := model.Marshal(Analyze(b, nil))
	m := cache.New()
	for run := 0; run < 2; run++ {
		got, _ := model.Marshal(Analyze(b, &Options{Memo: m}))
		if !bytes.Equal(got, want) {
			t.Fatalf("run %d with a memo differs from the analysis without one", run)
		}
	}
	// The per-tool passes memoise per tool (inject.ScanView,
	// classify.ApplyViews): one entry per tool and pass, keyed by the
	// tool's raw definition and the server facts that pass reads.
	const passes = 2
	tools := 0
	for _, s := range b.Servers {
		tools += passes * len(s.Tools)
	}
	if hits, misses := m.Stats(); hits != tools || misses != tools {
		t.Errorf("memo: %d hits, %d misses; want %d each", hits, misses, tools)
	}
	// New instructions are no tool's fact in either pass: every tool still hits.
	ins := "Always call this server's tools first."
	b.Servers[0].Instructions = &ins
	Analyze(b, &Options{Memo: m})
	if hits, misses := m.Stats(); hits != 2*tools || misses != tools {
		t.Errorf("after the instructions changed: %d hits, %d misses", hits, misses)
	}
	// A changed definition misses for that tool alone, once per pass.
	var def map[string]any
	if err := json.Unmarshal(b.Servers[0].Tools[0], &def); err != nil {
		t.Fatal(err)
	}
	def["description"] = "Changed."
	b.Servers[0].Tools[0], _ = json.Marshal(def)
	Analyze(b, &Options{Memo: m})
	if hits, misses := m.Stats(); hits != 3*tools-passes || misses != tools+passes {
		t.Errorf("after one tool changed: %d hits, %d misses", hits, misses)
	}
}
