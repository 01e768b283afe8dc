//go:build !js

package htmlreport_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/synth"
	"github.com/assay-mcp/assay/internal/testenv"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/model"
	"github.com/chromedp/chromedp"
)

// TestBrowserDiffParity drops a newer version of a real server onto a
// report of the older one and checks the page's drift findings equal the
// native drift engine's, byte for byte.
func TestBrowserDiffParity(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	oldPath := corpusFile(t, "playwright__mcp@0.0.70.json")
	newPath := corpusFile(t, "playwright__mcp@0.0.83.json")
	oldB := decodeFile(t, oldPath)
	page, _ := writeReport(t, dir, "old", oldB)
	rec := open(t, ctx, page)
	waitCore(t, ctx)
	if res := drop(t, ctx, "diff", newPath); res != "diff" {
		t.Fatalf("drop result = %q (%s)", res, eval[string](t, ctx, `document.getElementById("status").textContent`))
	}
	got := document(t, ctx, "diffJSON")
	newIn := &model.Input{Name: filepath.Base(newPath), Bundle: decodeFile(t, newPath)}
	res, err := drift.Diff(&drift.Side{Name: "old", Bundle: oldB}, drift.FromInput(newIn),
		&drift.Options{Analyze: &analyze.Options{Version: "test"}, Version: "test"})
	must(t, err)
	want, err := model.Marshal(res.Findings)
	must(t, err)
	if got != string(want) {
		t.Errorf("in-page drift differs from native (%d vs %d bytes)", len(got), len(want))
	}
	if len(res.Findings.Findings) == 0 {
		t.Fatal("fixture pair has no drift; pick another pair")
	}
	// The drift section is shown with every drift finding title.
	text := eval[string](t, ctx, `(document.getElementById("s-drift") || {}).textContent || ""`)
	for _, fd := range res.Findings.Findings {
		if !strings.Contains(text, fd.Title) {
			t.Errorf("drift section lacks %s %q", fd.ID, fd.Title)
		}
	}
	if bits := eval[string](t, ctx, `document.querySelector("#s-drift .bits").dataset.bits`); bits != fmt.Sprint(res.Exit) {
		t.Errorf("page shows exit bits %s, native %d", bits, res.Exit)
	}
	// A comparison leads with what changed, and the header says A → B.
	if id := eval[string](t, ctx, `document.querySelector("#report section").id`); id != "s-drift" {
		t.Errorf("first section after compare is %q, want s-drift", id)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#s-drift .change-summary [data-change]").length`); n < 5 {
		t.Errorf("change summary has %d counts, want added, removed, escalated, text changed, new injections", n)
	}
	if h := eval[string](t, ctx, `document.querySelector("header h1").textContent + "|" + document.title`); !strings.Contains(h, " → "+filepath.Base(newPath)) || strings.Count(h, "→") != 2 {
		t.Errorf("header and title after compare = %q, want A → B in both", h)
	}
	rec.check(t)
}

// TestBrowserBench measures the figures the issue asks for. It runs only
// with ASSAY_BENCH=1 (make bench-html).
func TestBrowserBench(t *testing.T) {
	if os.Getenv("ASSAY_BENCH") == "" {
		testenv.Skip(t, "bench-only", "set ASSAY_BENCH=1 to measure")
	}
	ctx := browser(t)
	dir := t.TempDir()
	oldB, newB := synth.Inventory(1000, 0), synth.Inventory(1000, 1)
	page, _ := writeReport(t, dir, "old", oldB)
	st, _ := os.Stat(page)
	newPath := writeJSON(t, dir, "new.json", newB)
	nst, _ := os.Stat(newPath)
	// The first comparison after opening the report, three times (a fresh
	// page each time): the figure the issue states as a median of 3.
	var firsts, shownAll []int
	for i := 0; i < 3; i++ {
		open(t, ctx, page)
		t.Logf("1,000-tool report: %d bytes; ready at %s ms after navigation start", st.Size(), eval[string](t, ctx, `document.body.dataset.readyMs`))
		waitCore(t, ctx)
		t.Logf("core boot (worker): %s ms", eval[string](t, ctx, `document.body.dataset.coreMs`))
		// The page analyses its own input in the Worker while the reader
		// looks at it; a comparison then reuses that analysis.
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.dataset.warmMs !== undefined`)); err != nil {
			t.Fatalf("the report's own input was never analysed ahead: %v", err)
		}
		t.Logf("ahead-of-drop analysis of the report's own input (worker): %s ms", eval[string](t, ctx, `document.body.dataset.warmMs`))
		if res := drop(t, ctx, "diff", newPath); res != "diff" {
			t.Fatalf("diff result %q", res)
		}
		ms := eval[int](t, ctx, `+document.body.dataset.runMs`)
		firsts = append(firsts, ms)
		shown := eval[int](t, ctx, `+document.body.dataset.shownMs`)
		shownAll = append(shownAll, shown)
		t.Logf("in-page diff of two 1,000-tool bundles (%d-byte drop), after the click: answer %d ms, change summary shown %s ms, every section shown %d ms (steps, ms since the click: %s)", nst.Size(), ms, eval[string](t, ctx, `document.body.dataset.firstMs`), shown, eval[string](t, ctx, `document.body.dataset.steps`))
	}
	slices.Sort(firsts)
	slices.Sort(shownAll)
	t.Logf("first comparison after the click, median of 3: answer %d ms (%v), every section shown %d ms (%v)", firsts[1], firsts, shownAll[1], shownAll)
	// A reader who reads the recognised files before clicking: the page
	// analyses the dropped side while the choice is shown; the click then
	// costs the comparison only.
	open(t, ctx, page)
	waitCore(t, ctx)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.dataset.warmMs !== undefined`)); err != nil {
		t.Fatal(err)
	}
	must(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{newPath})))
	dropped := time.Now()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.dataset.prepared === "1"`, chromedp.WithPollingTimeout(4*time.Minute))); err != nil {
		t.Fatal(err)
	}
	reading := time.Since(dropped)
	must(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#do-diff"))))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.dataset.result === "diff"`, chromedp.WithPollingTimeout(4*time.Minute))); err != nil {
		t.Fatal(err)
	}
	t.Logf("a reader who clicks after the dropped side is analysed (%d ms after the drop): after the click answer %s ms, every section shown %s ms (steps: %s)", reading.Milliseconds(), eval[string](t, ctx, `document.body.dataset.runMs`), eval[string](t, ctx, `document.body.dataset.shownMs`), eval[string](t, ctx, `document.body.dataset.steps`))
	if res := drop(t, ctx, "diff", newPath); res != "diff" {
		t.Fatalf("diff result %q", res)
	}
	t.Logf("the same comparison again (both sides reused): %s ms (steps: %s)", eval[string](t, ctx, `document.body.dataset.runMs`), eval[string](t, ctx, `document.body.dataset.steps`))
	// Main-thread responsiveness while the core works: the longest gap
	// between 10 ms timer ticks.
	eval[bool](t, ctx, `(() => { window.__gap = 0; let last = performance.now(); window.__tick = setInterval(() => { const n = performance.now(); window.__gap = Math.max(window.__gap, n - last); last = n; }, 10); return true })()`)
	if res := drop(t, ctx, "analyze", newPath); res != "analysis" {
		t.Fatalf("analyze result %q", res)
	}
	t.Logf("longest main-thread stall during the 1 MB analysis (incl. building the DOM of the result): %.0f ms (parse %s ms, swap %s ms)", eval[float64](t, ctx, `clearInterval(window.__tick), window.__gap`), eval[string](t, ctx, `document.body.dataset.parseMs`), eval[string](t, ctx, `document.body.dataset.swapMs`))
	t.Logf("in-page analysis of the 1,000-tool bundle: %s ms", eval[string](t, ctx, `document.body.dataset.runMs`))
	start := time.Now()
	analyze.Analyze(newB, &analyze.Options{Version: "test"})
	t.Logf("native analysis of the same bundle: %d ms", time.Since(start).Milliseconds())
	start = time.Now()
	_, err := drift.Diff(&drift.Side{Name: "old", Bundle: oldB}, &drift.Side{Name: "new", Bundle: newB}, &drift.Options{Analyze: &analyze.Options{Version: "test"}, Version: "test"})
	must(t, err)
	t.Logf("native diff of the same bundles: %d ms", time.Since(start).Milliseconds())

	demo, _ := writeReport(t, dir, "demo", demoBundle())
	dst, _ := os.Stat(demo)
	for i := 0; i < 3; i++ {
		open(t, ctx, demo)
		t.Logf("demo report %d bytes: interactive (data-ready) at %s ms after navigation start", dst.Size(), eval[string](t, ctx, `document.body.dataset.readyMs`))
		waitCore(t, ctx)
		t.Logf("  core ready in the worker %s ms after that", eval[string](t, ctx, `document.body.dataset.coreMs`))
	}
}

// TestBrowserResponsive: analysing a 1 MB drop never freezes the page.
// The target is 200 ms (see make bench-html); the assertion
// allows 1 s for a loaded CI machine, far below the several seconds the
// analysis takes when it runs on the main thread.
func TestBrowserResponsive(t *testing.T) {
	if testing.Short() {
		testenv.Skip(t, "short", "analyses a 1 MB bundle in the page")
	}
	ctx := browser(t)
	dir := t.TempDir()
	page, _ := writeReport(t, dir, "demo", demoBundle())
	big := writeJSON(t, dir, "big.json", synth.Inventory(1000, 1))
	rec := open(t, ctx, page)
	waitCore(t, ctx)
	eval[bool](t, ctx, `(() => { window.__gap = 0; let last = performance.now(); window.__tick = setInterval(() => { const n = performance.now(); window.__gap = Math.max(window.__gap, n - last); last = n; }, 10); return true })()`)
	if res := drop(t, ctx, "analyze", big); res != "analysis" {
		t.Fatalf("result %q", res)
	}
	gap := eval[float64](t, ctx, `clearInterval(window.__tick), window.__gap`)
	runMs, _ := strconv.ParseFloat(eval[string](t, ctx, `document.body.dataset.runMs`), 64)
	t.Logf("longest main-thread stall: %.0f ms (analysis took %.0f ms)", gap, runMs)
	// Analysis on the main thread would stall it for about the whole run;
	// in the Worker only building the result's DOM does. On a loaded
	// machine both stretch, so the limit is the scaled second or half the
	// run, whichever is longer.
	limit := float64(testenv.D(time.Second).Milliseconds())
	if limit < runMs/2 {
		limit = runMs / 2
	}
	if gap > limit {
		t.Errorf("the page froze for %.0f ms during an analysis of %.0f ms (limit %.0f ms)", gap, runMs, limit)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#caps tbody tr").length`); n != 1000-11+1 {
		t.Errorf("capability rows after the drop = %d, want %d", n, 1000-11+1)
	}
	rec.check(t)
}

// TestBrowserDiffFindingsFile drops a stored findings file (current
// ruleset) onto a report: the page compares it as written, without
// re-analysis, with the classification rules running (no ruleset
// notice), matching the CLI's diff of the same two inputs byte for byte.
func TestBrowserDiffFindingsFile(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	oldB := decodeFile(t, corpusFile(t, "playwright__mcp@0.0.70.json"))
	newB := decodeFile(t, corpusFile(t, "playwright__mcp@0.0.83.json"))
	newF := analyze.Analyze(newB, &analyze.Options{Version: "test"})
	newPath := writeJSON(t, dir, "new-findings.json", newF)
	page, _ := writeReport(t, dir, "old", oldB)
	rec := open(t, ctx, page)
	waitCore(t, ctx)
	if res := drop(t, ctx, "diff", newPath); res != "diff" {
		t.Fatalf("drop result = %q (%s)", res, eval[string](t, ctx, `document.getElementById("status").textContent`))
	}
	res, err := drift.Diff(&drift.Side{Name: "old", Bundle: oldB}, &drift.Side{Name: "new-findings.json", Findings: newF},
		&drift.Options{Analyze: &analyze.Options{Version: "test"}, Version: "test"})
	must(t, err)
	want, err := model.Marshal(res.Findings)
	must(t, err)
	if got := document(t, ctx, "diffJSON"); got != string(want) {
		t.Errorf("in-page drift against a findings file differs from native (%d vs %d bytes)", len(got), len(want))
	}
	for _, fd := range res.Findings.Findings {
		// Text-level rules need definitions a findings file does not hold;
		// the classification rules must run, since the ruleset matches.
		if fd.ID == "DRIFT-027" && strings.Contains(fd.Evidence, "ruleset") {
			t.Errorf("classification rules did not run against a current-ruleset findings file: %s", fd.Evidence)
		}
	}
	if id := eval[string](t, ctx, `document.querySelector("#report section").id`); id != "s-drift" {
		t.Errorf("first section is %q, want s-drift", id)
	}
	rec.check(t)
}
