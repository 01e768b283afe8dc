//go:build !js

package htmlreport_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	rhtml "github.com/assay-mcp/assay/internal/htmlreport"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/html/core"
	"github.com/assay-mcp/assay/report/html/view"
)

// TestBrowserDriftTimeline: a comparison page written by the Go page
// writer (as `assay diff --html` writes it) carries the change timeline;
// every chart on it is an SVG with a title and a description, drawn
// without script, and every count of the timeline is text that matches
// the change summary (so it reads in greyscale and in print).
func TestBrowserDriftTimeline(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	oldB := decodeFile(t, corpusFile(t, "playwright__mcp@0.0.70.json"))
	newB := decodeFile(t, corpusFile(t, "playwright__mcp@0.0.83.json"))
	oldS, newS := &drift.Side{Name: "v70.json", Bundle: oldB}, &drift.Side{Name: "v83.json", Bundle: newB}
	res, err := drift.Diff(oldS, newS, &drift.Options{Analyze: &analyze.Options{Version: "test"}, Version: "test", KeepNew: true})
	must(t, err)
	dv := core.DiffView(res, oldS.Name, newS.Name)
	dv.Points = []view.TimePoint{core.TimePoint(oldS), core.TimePoint(newS)}
	page, err := rhtml.Page(&rhtml.Input{Findings: res.New, Diff: dv, Inputs: []string{"v70.json", "v83.json"}})
	must(t, err)
	p := filepath.Join(dir, "drift.html")
	must(t, writeBytes(p, page))
	if !strings.Contains(string(page), `id="chart-timeline"`) {
		t.Fatal("the page as written (before any script) has no timeline SVG")
	}
	rec := open(t, ctx, p)
	charts := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("svg")).map(s => s.namespaceURI === "http://www.w3.org/2000/svg" && s.querySelector(":scope > title") && s.querySelector(":scope > desc") ? s.querySelector(":scope > title").textContent : "")`)
	for i, c := range charts {
		if c == "" {
			t.Errorf("chart %d has no <title> and <desc>", i)
		}
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#s-drift svg#chart-timeline").length`); n != 1 {
		t.Fatalf("drift section has %d timelines, want 1", n)
	}
	if title := eval[string](t, ctx, `document.querySelector("#chart-timeline > title").textContent`); title != "Change timeline: v70.json → v83.json" {
		t.Errorf("timeline title = %q", title)
	}
	desc := eval[string](t, ctx, `document.querySelector("#chart-timeline > desc").textContent`)
	if !strings.Contains(desc, "v70.json (21 tools) → v83.json (25 tools)") {
		t.Errorf("timeline description lacks the observations: %q", desc)
	}
	// Each kind's count: the summary card, the lane's drawn text and the
	// description agree.
	for _, k := range []string{"added", "removed", "escalated", "text", "injection"} {
		card := eval[string](t, ctx, `document.querySelector('#s-drift .change-summary .card[data-change="`+k+`"] .num').textContent`)
		lane := eval[string](t, ctx, `Array.from(document.querySelectorAll('#chart-timeline g[data-change="`+k+`"] text')).slice(1).map(e => e.textContent).join(",")`)
		if lane != card {
			t.Errorf("%s: timeline shows %q, summary %q", k, lane, card)
		}
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#chart-timeline rect[class*='s-']").length`); n == 0 {
		t.Error("no count is drawn filled by its severity")
	}
	rec.check(t)
}

func writeBytes(p string, b []byte) error { return os.WriteFile(p, b, 0o644) }
