//go:build !js

package htmlreport_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/assets"
	rhtml "github.com/assay-mcp/assay/internal/htmlreport"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
)

// placeholders are every marker the page assembly uses; input text that
// spells one must come out as text, never be substituted or break the page.
var placeholders = []string{"@@CSP@@", "@@CSS@@", "@@META@@", "@@INPUT@@", "@@CORE@@", "@@WASMEXEC@@", "@@APP@@", "@@TITLE@@", "@@SUBTITLE@@", "@@MODE@@", "@@SECTIONS@@"}

// TestPagePlaceholderCollision names a server, its tools, descriptions
// and the page title after the placeholders: the page must still be
// written, hold each name as text, and keep exactly one CSP, style, core
// and script block.
func TestPagePlaceholderCollision(t *testing.T) {
	all := strings.Join(placeholders, " ")
	var tools []json.RawMessage
	for _, p := range placeholders {
		tools = append(tools, tool("t"+p, "reads "+p, `{"type":"object","properties":{"q":{"type":"string","description":"`+p+`"}}}`, ""))
	}
	s := model.Server{Name: all, Identity: model.Identity(all, "stdio", "@@CORE@@"), Transport: "stdio", Endpoint: "@@CORE@@", Source: "live",
		ServerInfo: json.RawMessage(`{"name":"@@APP@@","version":"@@CSP@@"}`), Tools: tools}
	b := &model.Bundle{Kind: model.BundleKind, Servers: []model.Server{s}}
	f := analyze.Analyze(b, &analyze.Options{Version: "test"})
	out, err := rhtml.Page(&rhtml.Input{Findings: f, Source: b, SourceName: "@@INPUT@@.json", Inputs: []string{"@@META@@.json"}, Title: "Report @@TITLE@@ @@CSP@@"})
	if err != nil {
		t.Fatalf("a server named after the placeholders broke the page: %v", err)
	}
	p := string(out)
	if n := len(cspRE.FindAllString(p, -1)); n != 1 {
		t.Fatalf("%d CSP meta tags, want 1", n)
	}
	if n := len(styleRE.FindAllString(p, -1)); n != 1 {
		t.Fatalf("%d style blocks, want 1", n)
	}
	if !strings.Contains(p, "<title>Report @@TITLE@@ @@CSP@@</title>") {
		t.Error("title not shown as given")
	}
	for _, ph := range placeholders {
		if !strings.Contains(p, "t"+ph) {
			t.Errorf("tool t%s missing from the page", ph)
		}
	}
	// The capabilities table still lists every tool: the content was not
	// dropped or replaced by a data block.
	caps := p[strings.Index(p, `id="caps"`):]
	caps = caps[:strings.Index(caps, "</table>")]
	if n := strings.Count(caps, "<tr"); n != len(placeholders)+1 {
		t.Errorf("capabilities table has %d rows, want %d and a header", n-1, len(placeholders))
	}
	core := scriptRE.FindAllStringSubmatch(p, -1)
	if len(core) != 5 {
		t.Fatalf("%d script blocks, want 5", len(core))
	}
	for _, c := range core {
		if strings.Contains(c[1], "assay-core") && !bytes.Equal(rhtml.Unbase122(c[2]), assets.CoreGz) {
			t.Error("the core block is not exactly the embedded core (input text in it?)")
		}
	}
}
