// Package html writes the self-contained HTML report: one file with the
// content rendered at generation time (so it prints and reads without
// JavaScript), the analysis core as gzipped WebAssembly in base-122 text for
// re-analysing or comparing dropped files, and a Content-Security-Policy
// whose script and style hashes are computed over the final bytes.
//
// It is native only (minify, embedded assets); the content builder it
// shares with the WebAssembly core lives in report/html/view.
package htmlreport

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/assay-mcp/assay/report/html/view"
	"github.com/assay-mcp/assay/report/model"
)

// Input is what a page shows.
type Input struct {
	// Findings is the analysis to render. Nil with Viewer set makes the
	// empty viewer page.
	Findings *model.Findings
	// Source is the document the findings came from (a merged bundle, or
	// the findings themselves). It is embedded so "compare with this
	// report" can diff a dropped file against it; nil disables compare.
	Source any
	// SourceName labels Source in the page ("bundle.json").
	SourceName string
	// Inputs are the file names the findings came from.
	Inputs []string
	// Diff, when set, adds the drift section.
	Diff *view.Diff
	// Title defaults to "Assay report".
	Title string
	// Viewer makes the empty page that only analyses dropped files.
	Viewer bool
	// Version is stamped on findings the page computes; it defaults to
	// the version in Findings, so in-page results match the CLI's.
	Version string
	// Signatures are the input files' signature checks, computed from the
	// files' own bytes (merging drops signatures): a verified one shows a
	// neutral "signed by KEY, verified" line, an invalid one a red banner
	// that also prints.
	Signatures []Signature
	// Fleet, when set, adds the fleet section: machines, servers ×
	// machines, riskiest tools, duplicates and per-machine findings.
	Fleet *view.Fleet
}

// Signature is one input file's signature status.
type Signature = view.Signature

// Render writes the page for in to w. The output is deterministic: the
// same input gives the same bytes.
func Render(w io.Writer, in *Input) error {
	page, err := Page(in)
	if err != nil {
		return err
	}
	_, err = w.Write(page)
	return err
}

// Page returns the page bytes for in.
func Page(in *Input) ([]byte, error) {
	if in == nil || (in.Findings == nil && !in.Viewer) {
		return nil, errors.New("html: no findings to render")
	}
	parts, err := loadParts()
	if err != nil {
		return nil, err
	}
	title := in.Title
	if title == "" {
		title = "Assay report"
		if in.Viewer {
			title = "Assay viewer"
		}
	}
	var sections template.HTML
	var headings []string
	mode := "report"
	if in.Viewer {
		mode = "viewer"
		sections = template.HTML(view.El("div", view.El("p", view.T("Drop or open a bundle, findings file or MCP surface to analyse it here. Nothing is uploaded: the analysis runs in this page.")).Class("empty")).ID("sections").HTML())
	} else {
		d := &view.Doc{Findings: in.Findings, Diff: in.Diff, Signatures: in.Signatures, Fleet: in.Fleet, Meta: view.Meta{Mode: "report", Inputs: in.Inputs, CoreHash: parts.coreHash, Engine: "native assay CLI"}}
		if b, ok := in.Source.(*model.Bundle); ok {
			d.Meta.CoverOf(b)
		}
		sections = template.HTML(view.Build(d).HTML())
		for _, s := range view.Sections(d) {
			headings = append(headings, s.Heading)
		}
	}
	version := in.Version
	if version == "" && in.Findings != nil {
		version = in.Findings.Generator.Version
	}
	metaJSON, err := dataJSON(map[string]any{
		"version": version, "coreHash": parts.coreHash, "mode": mode,
		"inputs": in.Inputs, "inputName": in.SourceName, "headings": headings,
	})
	if err != nil {
		return nil, err
	}
	inputJSON := []byte("null")
	if in.Source != nil && !in.Viewer {
		if inputJSON, err = dataJSON(in.Source); err != nil {
			return nil, fmt.Errorf("html: embedding the report's input: %w", err)
		}
	}
	skeleton, err := parts.skeleton(in.Viewer)
	if err != nil {
		return nil, err
	}
	body, err := minifyHTML([]byte(string(sections)))
	if err != nil {
		return nil, err
	}
	csp := policy(parts.app, parts.wasmExec, parts.css)
	out := bytes.NewBuffer(make([]byte, 0, len(skeleton)+len(body)+len(parts.core)+len(inputJSON)+len(parts.app)+len(parts.wasmExec)+4096))
	if err := fill(out, skeleton, map[string][]byte{
		"@@CSP@@": []byte(csp), "@@CSS@@": parts.css, "@@META@@": metaJSON, "@@INPUT@@": inputJSON,
		"@@CORE@@": parts.core, "@@WASMEXEC@@": parts.wasmExec, "@@APP@@": parts.app,
		"@@TITLE@@": []byte(template.HTMLEscapeString(title)), "@@SUBTITLE@@": []byte(template.HTMLEscapeString(subtitle(in))),
		"@@MODE@@": []byte(mode), "@@SECTIONS@@": body,
	}); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func subtitle(in *Input) string {
	if in.Viewer {
		return "Offline viewer: the Assay analysis core runs in this page."
	}
	f := in.Findings
	s := count(len(f.Servers), "server") + ", " + count(f.Summary.Tools, "tool") + ", " + count(f.Summary.Findings, "finding")
	if in.Fleet != nil && in.Fleet.Fleet != nil {
		s = count(len(in.Fleet.Fleet.Machines), "machine") + ", " + s
	}
	if f.Generator.Ruleset != "" {
		s += " · ruleset " + f.Generator.Ruleset
	}
	if len(in.Inputs) > 0 {
		s += " · from " + strings.Join(in.Inputs, ", ")
	}
	return s
}

// dataJSON encodes v for a <script type="application/json"> block: the
// encoder escapes <, > and & (so "</script" cannot occur) and U+2028 and
// U+2029; the replacements below make that a checked property rather
// than an encoder detail.
func dataJSON(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	r := strings.NewReplacer("<", `\u003c`, ">", `\u003e`, "&", `\u0026`, "\u2028", `\u2028`, "\u2029", `\u2029`)
	return []byte(r.Replace(string(b))), nil
}

// policy is the Content-Security-Policy: only the page's own inline
// script and style (by hash), WebAssembly compilation, the core's Worker
// from a blob: URL, data: images; no connections, forms or base changes.
func policy(app, wasmExec, css []byte) string {
	h := func(b []byte) string {
		s := sha256.Sum256(b)
		return "'sha256-" + base64.StdEncoding.EncodeToString(s[:]) + "'"
	}
	return "default-src 'none'; script-src " + h(wasmExec) + " " + h(app) + " 'wasm-unsafe-eval'; style-src " + h(css) +
		"; worker-src blob:; img-src data:; connect-src 'none'; form-action 'none'; base-uri 'none'"
}

// fill copies tmpl to out, replacing each placeholder. tmpl is the
// skeleton: the shell minified with placeholders in place of every input
// text (titles, sections, data), so no server or tool name can ever be
// mistaken for a placeholder — values are written, never scanned. Every
// placeholder must occur exactly as often as the shell uses it, or the
// page is not what the CSP hashes describe.
func fill(out *bytes.Buffer, tmpl []byte, repl map[string][]byte) error {
	for k := range repl {
		want := 1
		if k == "@@TITLE@@" {
			want = 2 // <title> and <h1>
		}
		if n := bytes.Count(tmpl, []byte(k)); n != want {
			return fmt.Errorf("html: placeholder %s occurs %d times in the page skeleton, want %d", k, n, want)
		}
	}
	rest := tmpl
	for len(rest) > 0 {
		i := bytes.Index(rest, []byte("@@"))
		if i < 0 {
			out.Write(rest)
			break
		}
		j := bytes.Index(rest[i+2:], []byte("@@"))
		if j < 0 {
			out.Write(rest)
			break
		}
		key := string(rest[i : i+2+j+2])
		v, ok := repl[key]
		if !ok {
			out.Write(rest[:i+2])
			rest = rest[i+2:]
			continue
		}
		out.Write(rest[:i])
		out.Write(v)
		rest = rest[i+2+j+2:]
	}
	return nil
}

// count is "1 tool", "2 tools".
func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
