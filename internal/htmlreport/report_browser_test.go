//go:build !js

package htmlreport_test

import (
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/html/view"
	"github.com/assay-mcp/assay/report/model"
	"github.com/chromedp/chromedp"
)

func headingsOf(f *model.Findings) []string {
	var hs []string
	for _, s := range view.Sections(&view.Doc{Findings: f}) {
		hs = append(hs, s.Heading)
	}
	return hs
}

// checkSections asserts every section is present with its heading.
func checkSections(t *testing.T, ctx chromedpCtx, f *model.Findings) {
	t.Helper()
	for _, s := range view.Sections(&view.Doc{Findings: f}) {
		got := eval[string](t, ctx, `(document.querySelector("#`+s.ID+` > h2") || {}).textContent || ""`)
		if got != s.Heading {
			t.Errorf("section %s heading = %q, want %q", s.ID, got, s.Heading)
		}
	}
}

func TestBrowserDemoReport(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	page, f := writeReport(t, dir, "demo", demoBundle(), "demo.json")
	rec := open(t, ctx, page)
	checkSections(t, ctx, f)
	// Every finding title is on the page, rendered at generation time.
	text := eval[string](t, ctx, `document.getElementById("report").textContent`)
	for _, fd := range f.Findings {
		if !strings.Contains(text, fd.Title) {
			t.Errorf("finding %s %q not shown", fd.ID, fd.Title)
		}
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#caps tbody tr").length`); n != 6 {
		t.Errorf("capability rows = %d, want 6", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("tr.shadowed").length`); n != 1 {
		t.Errorf("shadowed rows = %d, want 1", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#s-cost svg rect.bar").length`); n < 2 {
		t.Errorf("token chart bars = %d, want at least 2", n)
	}
	// Sorting by tokens (descending on the second click) puts the
	// largest tool first without reloading.
	for _, dir := range []string{"asc", "desc"} {
		// Keyboard: focus the column button and press Enter.
		if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#caps button.sort[data-col="5"]`)), chromedp.KeyEvent("\r")); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector('#caps button.sort[data-col="5"]').dataset.dir === "`+dir+`"`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
			t.Fatalf("sort direction never became %s: %v", dir, err)
		}
	}
	got := eval[[]float64](t, ctx, `Array.from(document.querySelectorAll("#caps tbody tr")).map(r => +r.cells[5].dataset.v)`)
	maxTok := 0
	for _, s := range f.Servers {
		for _, tl := range s.Tools {
			maxTok = max(maxTok, tl.Tokens)
		}
	}
	if len(got) == 0 || int(got[0]) != maxTok {
		t.Errorf("after sorting by tokens desc the first row has %v tokens, want %d", got, maxTok)
	}
	for i := 1; i < len(got); i++ {
		if got[i] > got[i-1] {
			t.Errorf("tokens not descending after sort: %v", got)
			break
		}
	}
	// Filtering hides rows that do not match.
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(`input[data-filter="caps"]`), "email")); err != nil {
		t.Fatal(err)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#caps tbody tr:not(.hidden)").length`); n != 1 {
		t.Errorf("rows after filtering for email = %d, want 1", n)
	}
	waitCore(t, ctx)
	rec.check(t)
}

func TestBrowserCorpusServer(t *testing.T) {
	ctx := browser(t)
	src := corpusFile(t, "modelcontextprotocol__server-filesystem@2026.8.31.json")
	b := decodeFile(t, src)
	page, f := writeReport(t, t.TempDir(), "filesystem", b, "server-filesystem@2026.8.31.json")
	rec := open(t, ctx, page)
	checkSections(t, ctx, f)
	if n := eval[int](t, ctx, `document.querySelectorAll("#caps tbody tr").length`); n != len(b.Servers[0].Tools) {
		t.Errorf("capability rows = %d, want %d", n, len(b.Servers[0].Tools))
	}
	// Analysing the same capture in the page gives byte-identical
	// findings to the native analysis.
	if res := drop(t, ctx, "analyze", src); res != "analysis" {
		t.Fatalf("drop result = %q (%s)", res, eval[string](t, ctx, `document.getElementById("status").textContent`))
	}
	got := document(t, ctx, "findingsJSON")
	in := decodeFile(t, src)
	want, _ := model.Marshal(analyze.Analyze(in, &analyze.Options{Version: "test"}))
	if got != string(want) {
		t.Errorf("in-page findings differ from native (%d vs %d bytes)", len(got), len(want))
	}
	checkSections(t, ctx, f)
	rec.check(t)
}

func TestBrowserXSS(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	b := xssBundle()
	page, _ := writeReport(t, dir, "xss", b, "xss.json")
	rec := open(t, ctx, page)
	text := eval[string](t, ctx, `document.getElementById("report").textContent`)
	for _, p := range xssPayloads[:6] {
		if !strings.Contains(text, p) {
			t.Errorf("payload not shown as text: %q", p)
		}
	}
	// The bidi override and line separator are shown escaped.
	if !strings.Contains(text, `\u202e`) || strings.Contains(text, "\u202e") {
		t.Error("U+202E is not shown as a visible escape")
	}
	// Nothing executed, no element came from server text.
	check := func(when string) {
		if v := eval[any](t, ctx, `window.__xss === undefined ? null : window.__xss`); v != nil {
			t.Errorf("%s: payload executed: __xss = %v", when, v)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll("#report img, #report script, #report a, #report iframe, #report [onerror], #report [onload]").length`); n != 0 {
			t.Errorf("%s: %d elements from server text", when, n)
		}
	}
	check("static")
	waitCore(t, ctx)
	src := writeJSON(t, dir, "xss.json", b)
	if res := drop(t, ctx, "analyze", src); res != "analysis" {
		t.Fatalf("drop result = %q", res)
	}
	text = eval[string](t, ctx, `document.getElementById("report").textContent`)
	if !strings.Contains(text, xssPayloads[2]) {
		t.Error("dropped payload not shown as text")
	}
	check("after drop")
	rec.check(t)
}

func TestBrowserMalformedDrop(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	page, _ := writeReport(t, dir, "demo", demoBundle())
	rec := open(t, ctx, page)
	for name, body := range map[string]string{
		"truncated.json": `{"kind":"assay.bundle/v1","servers":[{"name":`,
		"other.json":     `{"hello":"world"}`,
		"empty.json":     ``,
	} {
		p := dir + "/" + name
		writeRaw(t, p, body)
		if res := drop(t, ctx, "analyze", p); res != "error" {
			t.Errorf("%s: result = %q, want error", name, res)
		}
		msg := eval[string](t, ctx, `document.querySelector("#status .err") ? document.querySelector("#status .err").textContent : ""`)
		if !strings.Contains(msg, name) {
			t.Errorf("%s: error message %q does not name the file", name, msg)
		}
		// The report stays on the page.
		if n := eval[int](t, ctx, `document.querySelectorAll("#report section.sec").length`); n == 0 {
			t.Errorf("%s: report vanished after a bad drop", name)
		}
	}
	rec.check(t)
}

func TestBrowserPrintPDF(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	page, f := writeReport(t, dir, "demo", demoBundle())
	rec := open(t, ctx, page)
	pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4), chromedp.PDFPrintBackground(), chromedp.PDFPreferCSSPageSize()))
	if err != nil {
		t.Fatal(err)
	}
	text := squash(pdfText(t, pdf))
	for _, h := range headingsOf(f) {
		if !strings.Contains(text, squash(h)) {
			t.Errorf("PDF lacks heading %q", h)
		}
	}
	for _, fd := range f.Findings {
		if !strings.Contains(text, squash(fd.Title)) {
			t.Errorf("PDF lacks finding title %q", fd.Title)
		}
	}
	// Evidence inside closed <details> is printed too: its detail text
	// appears nowhere else on the page.
	checked := 0
	for _, s := range f.Servers {
		for _, tl := range s.Tools {
			for _, e := range tl.Evidence {
				d := []rune(e.Detail)
				if len(d) < 12 || strings.ContainsAny(e.Detail, "\\\u00a0") {
					continue
				}
				want := squash(string(d[:12]))
				if !strings.Contains(text, want) {
					t.Errorf("PDF lacks evidence %q from a closed details element", e.Detail)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Error("no evidence detail to check in the demo findings")
	}
	rec.check(t)
}
