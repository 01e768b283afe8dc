// Package core is what the page's WebAssembly module does, kept free of
// syscall/js so it is tested natively: decode dropped files, analyse or
// compare them with the same pipeline the CLI runs, and build the view
// tree the page turns into DOM. wasm/ only moves strings in and out.
//
// The package is pure: it is compiled into the WebAssembly core.
package core

import (
	"errors"
	"fmt"
	"strings"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/html/view"
	"github.com/assay-mcp/assay/report/model"
)

// File is one file handed to the core: its name and its text.
type File struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Meta is what the page tells the core about itself.
type Meta struct {
	// Version is the generator version to stamp, so findings computed
	// in the page equal the CLI's byte for byte.
	Version  string `json:"version,omitempty"`
	CoreHash string `json:"coreHash,omitempty"`
	// ViewOnly leaves FindingsJSON and DiffJSON out of the answer: the
	// page shows the view and asks for the documents only when it needs
	// them ([Documents]), so a comparison does not pay for encoding two
	// large documents nobody reads.
	ViewOnly bool `json:"viewOnly,omitempty"`
	// Progress, when set, hears each analysis step as it starts ("inject",
	// "cost", ... as analyze.Passes names them): the page's Worker forwards
	// it to the status line, so a long analysis shows where it is.
	Progress func(step string) `json:"-"`
}

// options are the analysis options for meta: its version and, when the
// page listens, progress per pass.
func (m Meta) options() *analyze.Options {
	o := &analyze.Options{Version: m.Version, Memo: reuse().sharedMemo()}
	if m.Progress != nil {
		o.Observe = func(pass string) func() { m.Progress(pass); return nil }
	}
	return o
}

// Recognised is what one file turned out to be.
type Recognised struct {
	Name  string `json:"name"`
	Kind  string `json:"kind,omitempty"`
	Error string `json:"error,omitempty"`
	// Servers and Tools count what the file holds.
	Servers int `json:"servers,omitempty"`
	Tools   int `json:"tools,omitempty"`
	// Signature is the file's signature status: unsigned, verified or
	// invalid (with KeyID and Problem).
	Signature *view.Signature `json:"signature,omitempty"`
}

// Result is the answer to one request from the page.
type Result struct {
	OK    bool         `json:"ok"`
	Error string       `json:"error,omitempty"`
	Files []Recognised `json:"files,omitempty"`
	// Findings is the analysed document; FindingsJSON is its bytes as
	// model.Marshal writes them (what the CLI prints with --format json),
	// so the page and tests can compare them byte for byte. In a
	// comparison's view-only answer its document hashes may not be
	// computed yet: [Documents] computes them before writing it.
	Findings     *model.Findings `json:"-"`
	FindingsJSON string          `json:"findingsJSON,omitempty"`
	View         *view.Node      `json:"view,omitempty"`
	Headings     []string        `json:"headings,omitempty"`
	// DiffJSON is the drift result as the CLI writes it, when comparing;
	// DiffFindings is that document.
	DiffJSON     string          `json:"diffJSON,omitempty"`
	DiffFindings *model.Findings `json:"-"`
	// Exit is the drift exit code (OR of the bits) when comparing.
	Exit int `json:"exit,omitempty"`
	// Title is what the page header says for this result ("A → B" for a
	// comparison); empty keeps the report's own.
	Title string `json:"title,omitempty"`
	// Signatures are the files' signature checks (analysed or new side).
	Signatures []view.Signature `json:"signatures,omitempty"`
}

// Inspect recognises each file without analysing it. What it decodes
// and verifies is kept (see [store.read]), so the analysis or comparison
// the reader then chooses does not read the files again.
func Inspect(files []File) *Result {
	r := &Result{OK: true}
	for _, f := range files {
		e := reuse().read(f)
		rec := Recognised{Name: f.Name}
		if e.err != nil {
			rec.Error = e.err.Error()
			r.OK = false
		} else {
			rec.Kind = string(e.in.Kind)
			rec.Servers, rec.Tools = counts(e.in)
			sig := e.signature(f)
			rec.Signature = &sig
		}
		r.Files = append(r.Files, rec)
	}
	if !r.OK {
		r.Error = firstError(r.Files)
	}
	return r
}

func counts(in *model.Input) (servers, tools int) {
	if in.Bundle != nil {
		for _, s := range in.Bundle.Servers {
			tools += len(s.Tools)
		}
		return len(in.Bundle.Servers), tools
	}
	for _, s := range in.Findings.Servers {
		tools += len(s.Tools)
	}
	return len(in.Findings.Servers), tools
}

func firstError(rs []Recognised) string {
	for _, r := range rs {
		if r.Error != "" {
			return r.Error
		}
	}
	return ""
}

// Findings turns decoded inputs into one findings document: bundles and
// surfaces are merged and analysed together; a single findings file is
// taken as written (it carries no definitions to re-analyse).
func Findings(ins []*model.Input, version string) (*model.Findings, error) {
	return findingsWith(ins, Meta{Version: version})
}

func findingsWith(ins []*model.Input, meta Meta) (*model.Findings, error) {
	var bundles []*model.Bundle
	var finds []*model.Input
	for _, in := range ins {
		if in.Bundle != nil {
			bundles = append(bundles, in.Bundle)
		} else {
			finds = append(finds, in)
		}
	}
	switch {
	case len(finds) == 0 && len(bundles) > 0:
		return analyze.Analyze(model.Merge(bundles...), meta.options()), nil
	case len(finds) == 1 && len(bundles) == 0:
		return finds[0].Findings, nil
	case len(finds) > 0 && len(bundles) > 0:
		return nil, fmt.Errorf("%s is a findings file and %s holds definitions: give either bundles and surfaces, or one findings file", finds[0].Name, firstBundleName(ins))
	case len(finds) > 1:
		return nil, fmt.Errorf("%d findings files given: one page shows one findings file; give bundles or surfaces to analyse several servers together", len(finds))
	}
	return nil, errors.New("no input files")
}

func firstBundleName(ins []*model.Input) string {
	for _, in := range ins {
		if in.Bundle != nil {
			return in.Name
		}
	}
	return ""
}

// decodeAll decodes files, each once per page (see [store.read]).
func decodeAll(files []File) ([]*model.Input, []Recognised, error) {
	var ins []*model.Input
	var recs []Recognised
	var first error
	for _, f := range files {
		e := reuse().read(f)
		rec := Recognised{Name: f.Name}
		if e.err != nil {
			rec.Error = e.err.Error()
			if first == nil {
				first = e.err
			}
		} else {
			rec.Kind = string(e.in.Kind)
			rec.Servers, rec.Tools = counts(e.in)
			ins = append(ins, e.in)
		}
		recs = append(recs, rec)
	}
	if len(files) == 0 {
		first = errors.New("no input files")
	}
	return ins, recs, first
}

// Analyze decodes files, analyses them and builds the page content.
func Analyze(files []File, meta Meta) *Result {
	reuse().setLast(nil) // a failed request leaves no documents behind
	ins, recs, err := decodeAll(files)
	if err != nil {
		return &Result{Error: err.Error(), Files: recs}
	}
	sigs := signaturesOf(files)
	// Several machines: the fleet section, and the other sections over
	// each machine once (a machine sent twice is not counted twice).
	fv, kept := fleetOf(files, ins, sigs, meta.Version)
	if fv != nil {
		ins = kept
	}
	key := inputKey("page", files, meta.Version)
	f := reuse().analysis(key)
	if f == nil || fv != nil {
		if f, err = findingsWith(ins, meta); err != nil {
			return &Result{Error: err.Error(), Files: recs}
		}
		if fv == nil && allBundles(ins) {
			reuse().keep(key, f)
		}
	}
	d := &view.Doc{Findings: f, Signatures: sigs, Fleet: fv, Meta: view.Meta{Mode: "analysis", Inputs: names(files), CoreHash: meta.CoreHash, Engine: "WebAssembly core in this page"}}
	for _, in := range ins {
		d.Meta.CoverOf(in.Bundle)
	}
	return finish(&Result{OK: true, Files: recs, Findings: f, Signatures: sigs}, d, meta)
}

func names(files []File) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Name)
	}
	return out
}

func headings(d *view.Doc) []string {
	var hs []string
	for _, s := range view.Sections(d) {
		hs = append(hs, s.Heading)
	}
	return hs
}

// Label joins file names for display.
func Label(files []File) string { return strings.Join(names(files), ", ") }

// finish fills the view and, unless meta.ViewOnly, the marshalled
// documents; either way it keeps r's documents for [Documents].
func finish(r *Result, d *view.Doc, meta Meta) *Result {
	meta.step("view")
	r.View = view.Build(d)
	r.Headings = headings(d)
	reuse().setLast(r)
	if meta.ViewOnly {
		return r
	}
	return withDocuments(r)
}

// withDocuments fills r.FindingsJSON (and r.DiffJSON when comparing) as
// model.Marshal writes them.
func withDocuments(r *Result) *Result {
	b, err := model.Marshal(reuse().sealed(r.Findings))
	if err != nil {
		return &Result{Error: "encoding findings: " + err.Error(), Files: r.Files}
	}
	r.FindingsJSON = string(b)
	if r.DiffFindings != nil {
		dj, err := model.Marshal(reuse().sealed(r.DiffFindings))
		if err != nil {
			return &Result{Error: "encoding drift findings: " + err.Error(), Files: r.Files}
		}
		r.DiffJSON = string(dj)
	}
	return r
}

// Documents answers with the findings documents (FindingsJSON, and
// DiffJSON after a comparison) of the last analysis or comparison, for a
// page that asked for the view only.
func Documents() *Result {
	last := reuse().lastResult()
	if last == nil {
		return &Result{Error: "nothing analysed yet"}
	}
	return withDocuments(&Result{OK: true, Findings: last.Findings, DiffFindings: last.DiffFindings})
}

// step tells the page which step starts, when it listens.
func (m Meta) step(s string) {
	if m.Progress != nil {
		m.Progress(s)
	}
}
