//go:build !js

package htmlreport_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/assets"
	rhtml "github.com/assay-mcp/assay/internal/htmlreport"
	"github.com/assay-mcp/assay/report/analyze"
)

func page(t *testing.T, viewer bool) string {
	t.Helper()
	b := xssBundle()
	in := &rhtml.Input{Viewer: viewer, Source: b, SourceName: "xss.json"}
	if !viewer {
		in.Findings = analyze.Analyze(b, &analyze.Options{Version: "test"})
	}
	p, err := rhtml.Page(in)
	if err != nil {
		t.Fatal(err)
	}
	return string(p)
}

func TestPageDeterministic(t *testing.T) {
	a, b := page(t, false), page(t, false)
	if a != b {
		t.Fatal("two renders of the same input differ")
	}
}

var (
	scriptRE = regexp.MustCompile(`(?s)<script([^>]*)>(.*?)</script>`)
	styleRE  = regexp.MustCompile(`(?s)<style>(.*?)</style>`)
	cspRE    = regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`)
)

func hash(s string) string {
	h := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(h[:]) + "'"
}

// TestPageCSP recomputes the hashes from the final bytes: every
// executable inline script and the style must be allowed by hash, and
// nothing else may be.
func TestPageCSP(t *testing.T) {
	for _, viewer := range []bool{false, true} {
		p := page(t, viewer)
		m := cspRE.FindStringSubmatch(p)
		if m == nil {
			t.Fatal("no CSP meta tag")
		}
		csp := m[1]
		var scripts []string
		for _, s := range scriptRE.FindAllStringSubmatch(p, -1) {
			if strings.Contains(s[1], "type=") {
				continue // data block: never executed
			}
			scripts = append(scripts, hash(s[2]))
		}
		styles := styleRE.FindAllStringSubmatch(p, -1)
		if len(scripts) != 2 || len(styles) != 1 {
			t.Fatalf("got %d executable scripts and %d styles, want 2 and 1", len(scripts), len(styles))
		}
		want := "default-src 'none'; script-src " + strings.Join(scripts, " ") + " 'wasm-unsafe-eval'; style-src " + hash(styles[0][1]) +
			"; worker-src blob:; img-src data:; connect-src 'none'; form-action 'none'; base-uri 'none'"
		if csp != want {
			t.Errorf("CSP\n got %s\nwant %s", csp, want)
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "'unsafe-eval'") {
			t.Error("CSP allows inline code or eval")
		}
	}
}

// TestPageNoActiveMarkup: outside the scripts, the page has no event
// handlers, style attributes, links, external sources or elements made
// from server text.
func TestPageNoActiveMarkup(t *testing.T) {
	p := page(t, false)
	markup := scriptRE.ReplaceAllString(p, "")
	markup = styleRE.ReplaceAllString(markup, "")
	for _, bad := range []*regexp.Regexp{
		regexp.MustCompile(`(?i)<[a-z][^>]*\son[a-z]+\s*=`),
		regexp.MustCompile(`(?i)<[a-z][^>]*\sstyle\s*=`),
		regexp.MustCompile(`(?i)<[a-z][^>]*\s(href|src|action|formaction|xlink:href)\s*=`),
		regexp.MustCompile(`(?i)<(img|a|iframe|object|embed|form|link|base)[\s>]`),
	} {
		if loc := bad.FindStringIndex(markup); loc != nil {
			t.Errorf("page has %q", markup[loc[0]:min(loc[1]+40, len(markup))])
		}
	}
	// Every payload is present, escaped.
	if !strings.Contains(markup, "&lt;script&gt;window.__xss=1&lt;/script&gt;") {
		t.Error("script payload not shown escaped")
	}
	if !strings.Contains(markup, `\u202e`) {
		t.Error("bidi override not shown as an escape")
	}
}

// TestPageDataBlocks: embedded JSON cannot end its script element or
// break a line in old parsers.
func TestPageDataBlocks(t *testing.T) {
	p := page(t, false)
	n := 0
	for _, s := range scriptRE.FindAllStringSubmatch(p, -1) {
		if !strings.Contains(s[1], `type="application/json"`) {
			continue
		}
		n++
		for _, c := range []string{"<", ">", "&", "\u2028", "\u2029"} {
			if strings.Contains(s[2], c) {
				t.Errorf("data block %s contains %q", s[1], c)
			}
		}
	}
	if n != 2 {
		t.Errorf("found %d JSON data blocks, want 2", n)
	}
	if c := strings.Count(p, "</script>"); c != 5 {
		t.Errorf("page has %d </script>, want 5 (payloads must not close a script)", c)
	}
}

// TestWasmExecLicence: the Go licence notice survives minification.
func TestWasmExecLicence(t *testing.T) {
	p := page(t, true)
	if !strings.Contains(p, "/*! Copyright 2018 The Go Authors. All rights reserved.") || !strings.Contains(p, "BSD-style license") {
		t.Error("wasm_exec.js licence notice missing")
	}
}

func TestPageSize(t *testing.T) {
	p := page(t, false)
	core := scriptRE.FindAllStringSubmatch(p, -1)
	var text int
	for _, s := range core {
		if strings.Contains(s[1], "x-assay-wasm") {
			text = len(s[2])
			if !bytes.Equal(rhtml.Unbase122(s[2]), assets.CoreGz) {
				t.Error("the core block does not decode to the embedded core")
			}
		}
	}
	t.Logf("page %d bytes, core %d bytes gzip, %d bytes as base-122 text (base64 would be %d)", len(p), len(assets.CoreGz), text, base64.StdEncoding.EncodedLen(len(assets.CoreGz)))
}
