package view

import (
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// TestTimeline: the change timeline is one inline SVG with a title and a
// text description that states every count; each count is also drawn as
// text (greyscale and print), filled by its highest severity.
func TestTimeline(t *testing.T) {
	fs := []model.Finding{
		{ID: "DRIFT-009", Severity: model.SevHigh},
		{ID: "DRIFT-009", Severity: model.SevLow},
		{ID: "DRIFT-003", Severity: model.SevHigh},
		{ID: "DRIFT-038", Severity: model.SevHigh},
		{ID: "DRIFT-007", Severity: model.SevCritical, Suppressed: "accepted"},
	}
	pts := []TimePoint{{Label: "q3.json", Date: "2026-09-30", Tools: 29}, {Label: "q4 <b>.json", Tools: 32}}
	n := timeline(pts, [][]model.Finding{fs})
	html := n.HTML()
	if strings.Count(html, "<svg") != 1 || !strings.Contains(html, `<title>Change timeline: q3.json → q4 &lt;b&gt;.json</title>`) {
		t.Fatalf("no single titled SVG:\n%s", html)
	}
	for _, want := range []string{
		"q3.json (2026-09-30, 29 tools) → q4 &lt;b&gt;.json (32 tools)",
		"2 added (highest high);", "0 removed;", "1 text changed (highest high);", "1 other (highest high);",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("description lacks %q:\n%s", want, html)
		}
	}
	if !strings.Contains(html, `class="segval s-high">2</text>`) {
		t.Errorf("the added count is not drawn as text in its severity:\n%s", html)
	}
	if strings.Contains(html, "critical") {
		t.Error("a suppressed finding was counted")
	}
	if timeline(pts[:1], nil) != nil || timeline(pts, nil) != nil {
		t.Error("a timeline without two points and their steps must not be drawn")
	}
}
