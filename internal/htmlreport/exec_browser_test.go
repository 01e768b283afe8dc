//go:build !js

package htmlreport_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
	"github.com/chromedp/chromedp"
)

// riskiest is the highest-severity finding, ties broken by the fixed
// category order the page uses.
func riskiest(f *model.Findings) model.Finding {
	cats := []string{model.CatCapability, model.CatChain, model.CatInjection, model.CatAuth, model.CatHygiene, model.CatCost, model.CatDrift, model.CatCollection}
	rank := func(c string) int {
		for i, k := range cats {
			if k == c {
				return i
			}
		}
		return len(cats)
	}
	best := f.Findings[0]
	for _, fd := range f.Findings[1:] {
		a, b := model.SeverityRank(fd.Severity), model.SeverityRank(best.Severity)
		if a > b || a == b && rank(fd.Category) < rank(best.Category) || a == b && rank(fd.Category) == rank(best.Category) && fd.ID < best.ID {
			best = fd
		}
	}
	return best
}

// TestBrowserExecutiveSummary: the executive summary is the first
// section and its first item is the riskiest finding; the first finding
// card is of the highest severity present; every chart is an SVG with a
// title and a text description.
func TestBrowserExecutiveSummary(t *testing.T) {
	ctx := browser(t)
	page, f := writeReport(t, t.TempDir(), "demo", demoBundle(), "demo.json")
	rec := open(t, ctx, page)
	if id := eval[string](t, ctx, `document.querySelector("#sections > section").id`); id != "s-exec" {
		t.Fatalf("first section is %q, want s-exec", id)
	}
	top := riskiest(f)
	got := eval[string](t, ctx, `document.querySelector("#s-exec ol.top > li .ftitle").textContent`)
	if got != top.Title {
		t.Errorf("executive summary leads with %q, want the riskiest finding %q (%s %s)", got, top.Title, top.Severity, top.ID)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#s-exec ol.top > li").length`); n < 3 || n > 7 {
		t.Errorf("executive summary lists %d findings, want 3 to 7", n)
	}
	first := eval[string](t, ctx, `document.querySelector("#s-findings article.finding").dataset.sev`)
	if first != top.Severity {
		t.Errorf("first finding card is %s, want %s", first, top.Severity)
	}
	ranks := eval[[]float64](t, ctx, `Array.from(document.querySelectorAll("#s-findings article.finding")).map(a => +a.dataset.rank)`)
	for i := 1; i < len(ranks); i++ {
		if ranks[i] > ranks[i-1] {
			t.Fatalf("finding cards not ordered by severity: %v", ranks)
		}
	}
	charts := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("svg")).map(s => s.namespaceURI === "http://www.w3.org/2000/svg" && s.querySelector(":scope > title") && s.querySelector(":scope > desc") ? s.querySelector(":scope > title").textContent : "")`)
	if len(charts) < 3 {
		t.Errorf("%d charts, want at least 3 (findings, effects, cost)", len(charts))
	}
	for i, c := range charts {
		if c == "" {
			t.Errorf("chart %d has no <title> and <desc>", i)
		}
	}
	for _, id := range []string{"chart-findings", "chart-effects", "chart-cost"} {
		if eval[int](t, ctx, `document.querySelectorAll("#s-exec svg#`+id+`").length`) != 1 {
			t.Errorf("executive summary lacks chart %s", id)
		}
	}
	rec.check(t)
}

var pageNumRE = regexp.MustCompile(`Page (\d+) of (\d+)`)

// TestBrowserPrintPages prints the demo to A4 as a browser would: at most
// four pages, each numbered "Page N of M" by the CSS page footer.
func TestBrowserPrintPages(t *testing.T) {
	ctx := browser(t)
	page, _ := writeReport(t, t.TempDir(), "demo", demoBundle(), "demo.json")
	rec := open(t, ctx, page)
	pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4), chromedp.PDFPrintBackground(), chromedp.PDFPreferCSSPageSize()))
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	pages := strings.Split(strings.TrimRight(text, "\f\n"), "\f")
	if len(pages) > 4 {
		t.Errorf("the demo prints to %d A4 pages, want at most 4", len(pages))
	}
	for i, p := range pages {
		m := pageNumRE.FindStringSubmatch(p)
		if m == nil {
			t.Errorf("page %d has no page number", i+1)
			continue
		}
		if m[1] != strconv.Itoa(i+1) || m[2] != strconv.Itoa(len(pages)) {
			t.Errorf("page %d is numbered %q", i+1, m[0])
		}
		if strings.TrimSpace(pageNumRE.ReplaceAllString(strings.ReplaceAll(p, "Assay report", ""), "")) == "" {
			t.Errorf("page %d is blank", i+1)
		}
	}
	if !strings.Contains(pages[0], "Executive summary") || !strings.Contains(pages[0], "Contents") {
		t.Error("the first printed page lacks the cover contents and the executive summary")
	}
	rec.check(t)
}
