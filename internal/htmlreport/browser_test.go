//go:build !js

package htmlreport_test

import (
	"context"
	"github.com/assay-mcp/assay/internal/pdfprint"
	"github.com/assay-mcp/assay/internal/testenv"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// chromiumPath finds the browser; tests skip without one locally and
// fail in CI (CI=true), where .ci/run installs Debian's chromium.
func chromiumPath(t testing.TB) string {
	t.Helper()
	for _, p := range []string{os.Getenv(pdfprint.EnvBrowser), "/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium not found: install Debian's chromium (apt-get install chromium) or set ASSAY_CHROMIUM")
	}
	testenv.Skip(t, "chromium", "chromium not found (install chromium or set ASSAY_CHROMIUM); browser tests skipped outside CI")
	return ""
}

// browser starts a headless Chromium that makes no outside lookups.
func browser(t testing.TB) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath(t)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	tctx, cancelT := context.WithTimeout(ctx, testenv.D(5*time.Minute))
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	if err := chromedp.Do(tctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return tctx
}

// recorder keeps what a page did: requests, CSP reports, errors.
type recorder struct {
	mu       sync.Mutex
	requests map[network.RequestID]string
	blocked  map[network.RequestID]string
	problems []string
}

func (r *recorder) add(ev any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		r.requests[e.RequestID] = e.Request.URL
	case *network.EventLoadingFailed:
		r.blocked[e.RequestID] = string(e.BlockedReason)
	case *log.EventEntryAdded:
		if e.Entry.Level == log.EntryLevelError || strings.Contains(e.Entry.Text, "Content Security Policy") {
			r.problems = append(r.problems, "log: "+e.Entry.Text)
		}
	case *runtime.EventExceptionThrown:
		d := e.ExceptionDetails
		msg := d.Text
		if d.Exception != nil {
			msg += " " + d.Exception.Description
		}
		r.problems = append(r.problems, "exception: "+msg)
	case *runtime.EventConsoleAPICalled:
		if e.Type == "error" {
			r.problems = append(r.problems, "console.error")
		}
	}
}

// check fails on any network request other than the page itself and
// data: URLs, and on any CSP violation or script error.
func (r *recorder) check(t testing.TB) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	for id, u := range r.requests {
		if strings.HasPrefix(u, "file://") || strings.HasPrefix(u, "data:") || strings.HasPrefix(u, "blob:") {
			continue
		}
		t.Errorf("page requested %s (blocked: %q)", u, r.blocked[id])
	}
	for _, p := range r.problems {
		t.Errorf("page reported a problem: %s", p)
	}
}

// open loads a page from file:// and waits for its ready marker.
func open(t testing.TB, ctx context.Context, path string) *recorder {
	t.Helper()
	r := &recorder{requests: map[network.RequestID]string{}, blocked: map[network.RequestID]string{}}
	if err := chromedp.Listen(ctx, r.add); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, log.Enable, struct{}{}); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(path)
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+abs)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.dataset.ready === "1"`)); err != nil {
		t.Fatalf("page never became ready: %v", err)
	}
	return r
}

func eval[T any](t testing.TB, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// document returns one findings document ("findingsJSON" or "diffJSON")
// of the page's last analysis or comparison, as the core encodes it when
// asked (window.assayDocuments).
func document(t testing.TB, ctx context.Context, name string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.assayDocuments().then(r => r.`+name+` || "")`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("asking the page for %s: %v", name, err)
	}
	return v
}

func waitCore(t testing.TB, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.dataset.core === "ready" || document.body.dataset.core === "failed"`)); err != nil {
		t.Fatalf("core never started: %v", err)
	}
	if st := eval[string](t, ctx, `document.body.dataset.core + " " + document.body.dataset.coreMode`); st != "ready worker" {
		t.Fatalf("core state = %q, want ready in a worker", st)
	}
}

// drop hands files to the page's file input, as a keyboard user would,
// and runs op ("analyze", "diff") once the page recognised them.
func drop(t testing.TB, ctx context.Context, op string, files ...string) string {
	t.Helper()
	before := eval[string](t, ctx, `document.body.dataset.runs || "0"`)
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS("#file"), files)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.getElementById("choice").classList.contains("hidden") || (document.body.dataset.runs || "0") !== `+jsString(before), chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatal(err)
	}
	if eval[string](t, ctx, `document.body.dataset.runs || "0"`) == before {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#do-"+op))); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(document.body.dataset.runs || "0") !== `+jsString(before), chromedp.WithPollingTimeout(4*time.Minute))); err != nil {
			t.Fatal(err)
		}
	}
	return eval[string](t, ctx, `document.body.dataset.result`)
}

func jsString(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

func pdfText(t testing.TB, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdftotext not found: install poppler-utils")
		}
		testenv.Skip(t, "pdftotext", "pdftotext not found (install poppler-utils)")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "r.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-enc", "UTF-8", in, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// squash removes all whitespace and hyphens so text wrapped across PDF
// lines still matches (pdftotext drops a hyphen at a line end).
func squash(s string) string { return strings.ReplaceAll(strings.Join(strings.Fields(s), ""), "-", "") }

type chromedpCtx = context.Context

func writeRaw(t testing.TB, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}
