//go:build !js

package htmlreport_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/assay-mcp/assay/internal/cli"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/signature"
)

// assayReport runs `assay report ARGS... -o OUT` as a user would and
// returns its stderr.
func assayReport(t testing.TB, out string, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := cli.Run(context.Background(), append(append([]string{"report"}, args...), "-o", out), strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("assay report: exit %d: %s", code, stderr.String())
	}
	return stderr.String()
}

// signedPair writes the demo bundle signed, and a copy with one byte of
// a tool description changed after signing.
func signedPair(t testing.TB, dir string) (signed, tampered, keyID string) {
	t.Helper()
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{42}, ed25519.SeedSize))
	raw, _, err := model.Project(demoBundle())
	if err != nil {
		t.Fatal(err)
	}
	doc, err := signature.Sign(raw, key)
	if err != nil {
		t.Fatal(err)
	}
	signed = filepath.Join(dir, "signed.json")
	writeRaw(t, signed, string(doc))
	i := bytes.Index(doc, []byte("Read a file from disk."))
	if i < 0 {
		t.Fatal("description not in the signed bundle")
	}
	bad := append([]byte{}, doc...)
	bad[i+1] = 'o'
	tampered = filepath.Join(dir, "tampered.json")
	writeRaw(t, tampered, string(bad))
	return signed, tampered, signature.KeyID(key.Public().(ed25519.PublicKey))
}

// TestBrowserSignatures: a report over a signed bundle says "verified";
// over a one-byte-edited one it shows the invalid banner, on screen and
// in print; the same files dropped onto a page get the same answers from
// the WebAssembly core.
func TestBrowserSignatures(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	signed, tampered, keyID := signedPair(t, dir)

	okPage := filepath.Join(dir, "ok.html")
	if warn := assayReport(t, okPage, signed); strings.Contains(warn, "WARNING") {
		t.Errorf("a valid signature was warned about: %s", warn)
	}
	rec := open(t, ctx, okPage)
	const okLine = `Array.from(document.querySelectorAll("#report [data-sig=verified]")).map(e => e.textContent).join("|")`
	if got, want := eval[string](t, ctx, okLine), "signed.json: signed by "+keyID+" (not pinned): the content matches this key, but anyone can sign; pin the key to trust the signer"; got != want {
		t.Errorf("verified line = %q, want %q", got, want)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#report .sig-bad").length`); n != 0 {
		t.Errorf("%d invalid banners on a valid report", n)
	}
	// Dropping the edited bundle onto the report: the core verifies it.
	waitCore(t, ctx)
	if got := drop(t, ctx, "analyze", tampered); got != "analysis" {
		t.Fatalf("analysing the tampered bundle: result %q", got)
	}
	banner := `(document.querySelector("#report .sig-bad strong") || {}).textContent || ""`
	if got := eval[string](t, ctx, banner); !strings.HasPrefix(got, "SIGNATURE INVALID: ") {
		t.Errorf("dropped tampered bundle: banner = %q", got)
	}
	if got := eval[string](t, ctx, `document.getElementById("status").textContent`); strings.Contains(got, "verified") {
		t.Errorf("status calls the tampered bundle verified: %q", got)
	}
	// And the signed one, analysed in the page, is verified.
	if got := drop(t, ctx, "analyze", signed); got != "analysis" {
		t.Fatalf("analysing the signed bundle: result %q", got)
	}
	if got, want := eval[string](t, ctx, okLine), "signed.json: signed by "+keyID+" (not pinned): the content matches this key, but anyone can sign; pin the key to trust the signer"; got != want {
		t.Errorf("dropped signed bundle: line = %q, want %q", got, want)
	}
	verify, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.assayVerifyFiles([{name: "x.json", text: "{}"}]).then(r => r.signatures[0].status)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if verify != "unsigned" {
		t.Errorf("assayVerify on an unsigned document = %q", verify)
	}
	rec.check(t)

	badPage := filepath.Join(dir, "bad.html")
	if warn := assayReport(t, badPage, tampered); !strings.Contains(warn, "WARNING") || !strings.Contains(warn, "SIGNATURE INVALID") {
		t.Errorf("no warning on stderr for an invalid signature: %q", warn)
	}
	ctx2 := browser(t)
	rec2 := open(t, ctx2, badPage)
	got := eval[string](t, ctx2, banner)
	if !strings.HasPrefix(got, "SIGNATURE INVALID: ") || len(got) <= len("SIGNATURE INVALID: ") {
		t.Errorf("banner = %q", got)
	}
	if eval[bool](t, ctx2, `!!document.querySelector("#report [data-sig=verified]")`) {
		t.Error("the tampered report shows a verified line")
	}
	pdf, err := chromedp.Run(ctx2, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4), chromedp.PDFPrintBackground(), chromedp.PDFPreferCSSPageSize()))
	if err != nil {
		t.Fatal(err)
	}
	if text := squash(pdfText(t, pdf)); !strings.Contains(text, squash(got)) {
		t.Errorf("printed report lacks the banner %q", got)
	}
	rec2.check(t)
}

// fleetBundle is the demo bundle as collected on machine label, with
// the web server at version.
func fleetBundle(label, version string, dropWeb bool) *model.Bundle {
	b := demoBundle()
	b.Host = &model.Host{OS: "linux", Label: label}
	b.Servers[1].ServerInfo = []byte(`{"name":"web","version":"` + version + `"}`)
	if dropWeb {
		b.Servers = b.Servers[:1]
		b.Contexts = nil
	}
	return b
}

// TestBrowserFleet: `assay report machine-*.json -o fleet.html` over
// three machines (one sent twice) shows the fleet section.
func TestBrowserFleet(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	a := writeJSON(t, dir, "machine-a.json", fleetBundle("laptop-a", "0.3.1", false))
	b := writeJSON(t, dir, "machine-b.json", fleetBundle("laptop-b", "0.4.0", false))
	c := writeJSON(t, dir, "machine-c.json", fleetBundle("ci-runner", "", true))
	again := writeJSON(t, dir, "machine-a-again.json", fleetBundle("laptop-a", "0.3.1", false))
	page := filepath.Join(dir, "fleet.html")
	assayReport(t, page, a, b, c, again)
	rec := open(t, ctx, page)

	if got := eval[string](t, ctx, `(document.querySelector("#s-fleet > h2") || {}).textContent || ""`); got != "Fleet" {
		t.Errorf("fleet heading = %q", got)
	}
	h3 := eval[string](t, ctx, `Array.from(document.querySelectorAll("#s-fleet h3")).filter(h => !h.closest("details")).map(h => h.textContent).join("|")`)
	if want := "Machines|Servers × machines|Riskiest tools across the fleet|Per machine"; h3 != want {
		t.Errorf("fleet sub-headings = %q, want %q", h3, want)
	}
	dup := eval[string](t, ctx, `(document.getElementById("fleet-duplicates") || {}).textContent || ""`)
	if !strings.Contains(dup, "laptop-a: machine-a.json, machine-a-again.json") {
		t.Errorf("duplicates banner = %q", dup)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#fleet-machines tbody tr").length`); n != 3 {
		t.Errorf("machine rows = %d, want 3", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#s-fleet details.machine:not([open])").length`); n != 3 {
		t.Errorf("collapsed per-machine drill-downs = %d, want 3", n)
	}
	// The matrix: web runs 0.3.1 on laptop-a, 0.4.0 on laptop-b, not on
	// ci-runner (columns follow the machines table: sorted labels).
	row := eval[string](t, ctx, `Array.from(document.querySelectorAll("#fleet-matrix tbody tr")).map(r => Array.from(r.cells).map(c => c.textContent).join(",")).filter(r => r.startsWith("web")).join("|")`)
	if !strings.HasSuffix(row, ",0.3.1, 0.4.0,2,,0.3.1,0.4.0") {
		t.Errorf("web row of the matrix = %q", row)
	}
	// Every section heading the page announces is there.
	for _, h := range eval[[]string](t, ctx, `JSON.parse(document.getElementById("assay-meta").textContent).headings`) {
		if !eval[bool](t, ctx, `Array.from(document.querySelectorAll("#sections > section > h2")).some(e => e.textContent === `+jsString(h)+`)`) {
			t.Errorf("heading %q missing", h)
		}
	}
	// The same bundles dropped onto the page: the core builds the same
	// fleet section.
	want := eval[string](t, ctx, `document.getElementById("s-fleet").textContent`)
	waitCore(t, ctx)
	if got := drop(t, ctx, "analyze", a, b, c, again); got != "analysis" {
		t.Fatalf("analysing the dropped fleet: result %q", got)
	}
	if got := eval[string](t, ctx, `(document.getElementById("s-fleet") || {}).textContent || ""`); got != want {
		t.Errorf("in-page fleet section differs from the CLI's:\n got %.300q\nwant %.300q", got, want)
	}
	rec.check(t)
}
