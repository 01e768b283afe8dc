package analyze

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/cost"
	"github.com/assay-mcp/assay/report/model"
)

// perToolPasses are the passes that memoise one result per tool: the
// component hashes (analyze), the counts and sentences of cost, injection (inject.ScanView) and
// classification (classify.ApplyViews), each keyed by the tool's raw
// definition and the server facts that pass reads (see package cache).
var perToolPasses = []string{"hashes/tool", "inject/tool", "classify", cost.PassTool}

// TestMemoReusesUnchangedTools: with a shared memo, a second analysis of
// the same servers judges no tool again, the findings are the bytes an
// analysis without a memo gives, a change no pass keys on reuses every
// tool, and a changed definition misses for that tool alone.
func TestMemoReusesUnchangedTools(t *testing.T) {
	files := testcorpus.Files()
	if len(files) < 6 {
		t.Fatalf("only %d corpus surfaces", len(files))
	}
	b := mergeFiles(t, files[:6])
	tools := 0
	for _, s := range b.Servers {
		tools += len(s.Tools)
	}
	want, _ := model.Marshal(Analyze(b, nil))
	m := cache.New()
	for run := 0; run < 2; run++ {
		got, _ := model.Marshal(Analyze(b, &Options{Memo: m}))
		if !bytes.Equal(got, want) {
			t.Fatalf("run %d with a memo differs from the analysis without one", run)
		}
	}
	expect := func(when string, hits, misses int) {
		t.Helper()
		for _, p := range perToolPasses {
			if h, mi := m.PassStats(p); h != hits || mi != misses {
				t.Errorf("%s: pass %s: %d hits, %d misses; want %d and %d", when, p, h, mi, hits, misses)
			}
		}
	}
	expect("two runs", tools, tools)
	// New instructions are no tool's fact in any per-tool pass.
	ins := "Always call this server's tools first."
	b.Servers[0].Instructions = &ins
	Analyze(b, &Options{Memo: m})
	expect("after the instructions changed", 2*tools, tools)
	// A changed definition misses for that tool alone, once per pass.
	var def map[string]any
	if err := json.Unmarshal(b.Servers[0].Tools[0], &def); err != nil {
		t.Fatal(err)
	}
	def["description"] = "Changed."
	b.Servers[0].Tools[0], _ = json.Marshal(def)
	Analyze(b, &Options{Memo: m})
	expect("after one tool changed", 3*tools-1, tools+1)
}
