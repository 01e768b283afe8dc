// Package baseline holds the blessed state of a set of MCP servers, kept in
// a repository and compared against on every CI run: hashes and
// classification always, full definitions optionally, plus the approvals
// and time-limited exceptions reviewers recorded.
//
// This package is pure: no os, net or clock. Dates are passed in.
package baseline

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
)

// Kind names the baseline schema and major version.
const Kind = "assay.baseline/v1"

// Baseline is the document `assay baseline` writes.
type Baseline struct {
	Kind      string          `json:"kind"`
	Generator model.Generator `json:"generator"`
	// CreatedAt is informational only; no hash covers it.
	CreatedAt string `json:"createdAt,omitempty"`
	By        string `json:"by"`
	Note      string `json:"note,omitempty"`
	// Servers are the blessed servers as analysed: per-component hashes,
	// classification and token counts.
	Servers []model.ServerReport `json:"servers"`
	// Findings are the blessed surface's injection findings, so a later
	// check can tell a new one from an accepted one.
	Findings []model.Finding `json:"findings,omitempty"`
	// Surface holds the full definitions (written with --with-text); with
	// it every drift rule runs and a ruleset upgrade re-analyses it.
	Surface *model.Bundle `json:"surface,omitempty"`
	// Signers are the keys that signed the stored bundles the baseline
	// was approved from (every one of them signed). A check of a stored
	// bundle then requires a signature by one of them (signers.go).
	// Baselines without it expect none.
	Signers []Signer `json:"signers,omitempty"`
	// Forced is true when the baseline was written over objections.
	Forced     bool            `json:"forced,omitempty"`
	Objections []model.Finding `json:"objections,omitempty"`
	Approvals  []Approval      `json:"approvals,omitempty"`
	Exceptions []Exception     `json:"exceptions,omitempty"`
	// Hashes: analysis, surfaces and document (see report/hashes).
	Hashes map[string]string `json:"hashes,omitempty"`
}

// Approval records one accepted change.
type Approval struct {
	Server string `json:"server"`
	Tool   string `json:"tool,omitempty"`
	By     string `json:"by"`
	Note   string `json:"note"`
	// At is the date (YYYY-MM-DD) the caller passed in.
	At string `json:"at"`
	// From and To are the composite hashes before and after ("" when the
	// tool or server was added or removed).
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// Exception suppresses matching drift findings until Expires (inclusive).
// Server and Tool match a finding's server identity or name and tool; "*"
// or empty Tool matches any tool, "*" Server or Rule any.
type Exception struct {
	Rule    string `json:"rule"`
	Server  string `json:"server"`
	Tool    string `json:"tool,omitempty"`
	Reason  string `json:"reason"`
	By      string `json:"by"`
	Expires string `json:"expires"`
}

// Errors New returns; the CLI maps them to exit codes.
var (
	ErrIncomplete = errors.New("the scan is incomplete; a baseline is never written from a failed or partial scan")
	ErrObjections = errors.New("the surface has objections; fix them or pass --force to record them in the baseline")
)

// Options for New.
type Options struct {
	By, Note string
	// CreatedAt is stamped as given (the CLI passes the clock).
	CreatedAt string
	// WithText keeps the full definitions.
	WithText bool
	// Force writes over objections and records them.
	Force bool
	// Inputs are the stored files the bundle was read from, with their
	// signatures; when all are validly signed the baseline records the
	// signers (see SignersOf).
	Inputs []Observed
}

// New builds a baseline from a scanned bundle and its analysis. It refuses
// an incomplete scan, and a surface with objections unless opts.Force.
// objections is returned in both cases so the caller can print them.
func New(b *model.Bundle, f *model.Findings, opts Options) (bl *Baseline, objections []model.Finding, err error) {
	if opts.By == "" {
		return nil, nil, errors.New("a baseline needs --by: who blesses this surface")
	}
	if gaps := Incomplete(b); len(gaps) > 0 {
		return nil, nil, fmt.Errorf("%w: %s", ErrIncomplete, strings.Join(gaps, "; "))
	}
	objections = Objections(b, f)
	if len(objections) > 0 && !opts.Force {
		return nil, objections, ErrObjections
	}
	bl = &Baseline{
		Kind:      Kind,
		Generator: f.Generator,
		CreatedAt: opts.CreatedAt,
		By:        opts.By,
		Note:      opts.Note,
		Servers:   f.Servers,
		Findings:  injectionFindings(f.Findings),
	}
	if len(objections) > 0 {
		bl.Forced, bl.Objections = true, objections
	}
	bl.Signers, _ = SignersOf(opts.Inputs)
	if opts.WithText {
		s := *b
		s.CreatedAt, s.Signature, s.Hashes = "", nil, nil
		bl.Surface = &s
	}
	if err := bl.Seal(); err != nil {
		return nil, nil, err
	}
	return bl, objections, nil
}

func injectionFindings(fs []model.Finding) []model.Finding {
	var out []model.Finding
	for _, f := range fs {
		if f.Category == model.CatInjection {
			out = append(out, f)
		}
	}
	return out
}

// Incomplete lists servers whose collection failed in part. A method the
// server does not implement (-32601) is an answer, not a failure.
func Incomplete(b *model.Bundle) []string {
	var out []string
	for _, s := range b.Servers {
		for _, e := range s.Errors {
			if !e.Gap() {
				continue
			}
			out = append(out, fmt.Sprintf("%s: %s %s", s.Name, e.Phase, e.Code))
		}
	}
	for _, e := range b.Errors {
		out = append(out, fmt.Sprintf("%s %s", e.Phase, e.Code))
	}
	return out
}

// Side returns the baseline as the earlier side of a drift comparison.
func (bl *Baseline) Side(name string) *drift.Side {
	f := &model.Findings{Kind: model.FindingsKind, Generator: bl.Generator, Servers: bl.Servers, Findings: bl.Findings}
	if f.Findings == nil {
		f.Findings = []model.Finding{}
	}
	return &drift.Side{Name: name, Bundle: bl.Surface, Findings: f}
}

// Seal sets the baseline's hashes, the document hash last.
func (bl *Baseline) Seal() error {
	f := &model.Findings{Generator: bl.Generator, Servers: bl.Servers, Findings: bl.Findings}
	bl.Hashes = hashes.FindingsHashes(f)
	d, err := hashes.DocumentHash(bl)
	if err != nil {
		return err
	}
	bl.Hashes[hashes.Document] = d
	return nil
}

// Verify recomputes every hash in the baseline: composites from their
// components, the full definitions (when kept) against the recorded
// component hashes, the analysis hash and the document hash.
func (bl *Baseline) Verify() []hashes.Mismatch {
	out := bl.verifySigners()
	for i := range bl.Servers {
		out = append(out, hashes.VerifyServerReport(&bl.Servers[i])...)
	}
	if bl.Surface != nil {
		servers, tools := hashes.Bundle(bl.Surface)
		byID := map[string]*model.ServerReport{}
		for i := range bl.Servers {
			byID[bl.Servers[i].Identity] = &bl.Servers[i]
		}
		for i, s := range bl.Surface.Servers {
			r := byID[s.Identity]
			if r == nil {
				out = append(out, hashes.Mismatch{Where: "surface:" + s.Identity, Key: hashes.Surface, Computed: servers[i][hashes.Surface]})
				continue
			}
			out = append(out, hashes.Compare("server:"+s.Identity, r.Hashes, servers[i])...)
			for j, tr := range r.Tools {
				if j < len(tools[i]) {
					out = append(out, hashes.Compare("server:"+s.Identity+"/tool:"+tr.Name, tr.Hashes, tools[i][j])...)
				}
			}
		}
	}
	f := &model.Findings{Generator: bl.Generator, Servers: bl.Servers, Findings: bl.Findings}
	out = append(out, hashes.CompareSubset("baseline", bl.Hashes, hashes.FindingsHashes(f), hashes.Analysis, hashes.Surfaces)...)
	if d, err := hashes.DocumentHash(bl); err == nil {
		stored := map[string]string{}
		if v, ok := bl.Hashes[hashes.Document]; ok {
			stored[hashes.Document] = v
		}
		out = append(out, hashes.Compare("baseline", stored, map[string]string{hashes.Document: d})...)
	}
	return out
}

// Decode reads a baseline document.
func Decode(name string, data []byte) (*Baseline, error) {
	var head struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, &model.InputError{File: name, Msg: "malformed JSON: " + err.Error()}
	}
	if head.Kind != Kind {
		return nil, &model.InputError{File: name, Msg: fmt.Sprintf("not an Assay baseline (kind %q, want %q)", head.Kind, Kind)}
	}
	var bl Baseline
	if err := json.Unmarshal(data, &bl); err != nil {
		return nil, &model.InputError{File: name, Msg: "malformed baseline: " + err.Error()}
	}
	return &bl, nil
}

// IsBaseline reports whether data looks like a baseline document.
//
// `assay diff` asks it of every input, and a full decode of a 25 MB bundle
// only to read "kind" cost half a second; so a document none of whose
// top-level members can be a baseline kind is answered by a structural
// pass, and only a possible baseline is decoded (which also checks, as
// before, that the whole document is valid JSON).
func IsBaseline(data []byte) bool {
	if ms, err := canon.RawMembers(data); err == nil && !maybeBaselineKind(ms) {
		return false
	}
	var head struct {
		Kind string `json:"kind"`
	}
	return json.Unmarshal(data, &head) == nil && strings.HasPrefix(head.Kind, "assay.baseline/")
}

// maybeBaselineKind: some top-level member a struct decode could read as
// "kind" holds a baseline kind, or cannot be told apart cheaply.
func maybeBaselineKind(ms []canon.RawMember) bool {
	for _, m := range ms {
		for i := 0; i < len(m.Key); i++ {
			if m.Key[i] >= 0x80 {
				return true // Unicode case folding: leave it to the decoder
			}
		}
		if !strings.EqualFold(m.Key, "kind") {
			continue
		}
		var kind string
		if json.Unmarshal(m.Raw, &kind) != nil || strings.HasPrefix(kind, "assay.baseline/") {
			return true
		}
	}
	return false
}
