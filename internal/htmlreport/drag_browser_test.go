//go:build !js

package htmlreport_test

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestBrowserRealDrop drags two files onto the viewer page with real
// browser drag events (not the file input) and analyses them together.
func TestBrowserRealDrop(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	viewer := dir + "/viewer.html"
	writeViewer(t, viewer)
	rec := open(t, ctx, viewer)
	a := corpusFile(t, "modelcontextprotocol__server-memory@2026.8.31.json")
	b := writeJSON(t, dir, "demo.json", demoBundle())
	x := eval[float64](t, ctx, `(r => r.x + r.width / 2)(document.getElementById("dz").getBoundingClientRect())`)
	y := eval[float64](t, ctx, `(r => r.y + r.height / 2)(document.getElementById("dz").getBoundingClientRect())`)
	data := &input.DragData{Items: []*input.DragDataItem{}, Files: []string{a, b}, DragOperationsMask: 1}
	for _, typ := range []input.DispatchDragEventType{input.DispatchDragEventTypeDragEnter, input.DispatchDragEventTypeDragOver, input.DispatchDragEventTypeDrop} {
		if _, err := chromedp.Call(ctx, input.DispatchDragEvent, input.DispatchDragEventParams{Type: typ, X: x, Y: y, Data: data}); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.getElementById("choice").classList.contains("hidden") || document.body.dataset.result === "error"`)); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](t, ctx, `document.getElementById("choice-files").textContent`); !strings.Contains(got, "demo.json (bundle") || !strings.Contains(got, "(capture") {
		t.Fatalf("recognised %q", got)
	}
	// The viewer has no report to compare with: only Analyse is offered.
	if n := eval[int](t, ctx, `document.querySelectorAll("#do-diff").length`); n != 0 {
		t.Error("viewer offers compare without a report")
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#do-analyze"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.dataset.result === "analysis"`)); err != nil {
		t.Fatal(err)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#servers tbody tr").length`); n != 3 {
		t.Errorf("servers after analysing both files = %d, want 3", n)
	}
	rec.check(t)
}
