package view

import (
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// cover is the block a printed report opens with: who and what was
// assessed, when, by which collector, whether the input was signed, and
// the contents.
func cover(f *model.Findings, d *Doc) *Node {
	dl := El("dl").Class("meta")
	kv := func(k, v string) {
		if v != "" {
			dl.Add(ElT("dt", k), ElT("dd", v))
		}
	}
	m := d.Meta
	kv("Client", line(m.Label))
	kv("Collected", line(m.Date))
	tools := 0
	for _, s := range f.Servers {
		tools += len(s.Tools)
	}
	scope := plural(len(f.Servers), "server") + ", " + plural(tools, "tool")
	if len(f.Contexts) > 0 {
		scope = plural(len(f.Contexts), "client context") + ", " + scope
	}
	if d.Fleet != nil && d.Fleet.Fleet != nil {
		scope = plural(len(d.Fleet.Fleet.Machines), "machine") + ", " + scope
	}
	kv("Scope", scope)
	kv("Inputs", clip(strings.Join(m.Inputs, ", "), 200))
	kv("Collector", line(m.Collector))
	gen := f.Generator.Name
	if f.Generator.Version != "" {
		gen += " " + f.Generator.Version
	}
	if f.Generator.Ruleset != "" {
		gen += ", ruleset " + f.Generator.Ruleset
	}
	kv("Analysed by", line(gen))
	kv("Signature", signatureStatus(d.Signatures))
	toc := El("ol").Class("toc")
	for _, s := range Sections(d) {
		toc.Add(ElT("li", s.Heading))
	}
	return El("div", dl, El("div", ElT("strong", "Contents"), toc).Class("contents")).ID("cover").Class("cover")
}

// signatureStatus summarises the inputs' signatures in a few words.
func signatureStatus(sigs []Signature) string {
	if len(sigs) == 0 {
		return "unsigned"
	}
	var parts []string
	for _, s := range sigs {
		st := line(s.Status)
		switch s.Status {
		case SigVerified:
			st = "verified (" + line(s.KeyID) + ")"
		case SigInvalid:
			st = "INVALID"
		}
		if len(sigs) > 1 {
			st = line(s.Source) + ": " + st
		}
		parts = append(parts, st)
	}
	return clip(strings.Join(parts, "; "), 300)
}
