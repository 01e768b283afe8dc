package view

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/textsafe"
)

// Doc is everything a page shows.
type Doc struct {
	Findings *model.Findings
	// Diff, when set, adds the drift section.
	Diff *Diff
	// Signatures are the input files' signature checks; verified ones
	// get a neutral line, invalid ones a banner above every section.
	Signatures []Signature
	// Fleet, when set, adds the fleet section (several machines).
	Fleet *Fleet
	Meta  Meta
}

// Meta describes how the page was made.
type Meta struct {
	// Mode is "report" for a generated report, "analysis" after a drop
	// was analysed in the page, "diff" after a comparison.
	Mode string `json:"mode,omitempty"`
	// Inputs are the file names the findings came from.
	Inputs []string `json:"inputs,omitempty"`
	// CoreHash is the sha256 of the embedded WebAssembly core.
	CoreHash string `json:"coreHash,omitempty"`
	// Engine says which build computed the findings: "native" or "wasm".
	Engine string `json:"engine,omitempty"`
	// Label, Date and Collector describe the collection for the cover:
	// the host label the client gave, the bundle's creation time and the
	// collector that wrote it. Empty when the input does not say.
	Label     string `json:"label,omitempty"`
	Date      string `json:"date,omitempty"`
	Collector string `json:"collector,omitempty"`
}

// CoverOf fills m's cover fields from the first bundle that has them.
func (m *Meta) CoverOf(bs ...*model.Bundle) {
	for _, b := range bs {
		if b == nil {
			continue
		}
		if m.Label == "" && b.Host != nil {
			m.Label = b.Host.Label
		}
		if m.Date == "" {
			m.Date = b.CreatedAt
		}
		if m.Collector == "" && b.Generator.Name != "" {
			m.Collector = b.Generator.Name + " " + b.Generator.Version
		}
	}
}

// Diff is a comparison old → new as produced by report/drift.
type Diff struct {
	Old, New string
	// Bits is the OR of the exit bits; BitNames spells them out.
	Bits     int
	BitNames []string
	Findings []model.Finding
	// Changes are one-line human summaries (tool added, description
	// changed, ...), already escaped for display by the producer or not:
	// the builder escapes them again with textsafe.
	Changes []string
	// Points are the compared observations, oldest first, for the change
	// timeline; empty draws it from Old and New alone.
	Points []TimePoint `json:",omitempty"`
}

// Section is one top-level part of the page, in order.
type Section struct {
	ID, Heading string
}

// Sections lists the headings the page shows for d, in order. Tests
// check every one of them reaches the printed PDF.
func Sections(d *Doc) []Section {
	s := []Section{
		{"s-exec", "Executive summary"},
		{"s-summary", "Summary"},
	}
	if d.Fleet != nil && d.Fleet.Fleet != nil {
		s = append(s, Section{"s-fleet", "Fleet"})
	}
	s = append(s, []Section{
		{"s-inventory", "Inventory by context"},
		{"s-capabilities", "Capabilities"},
		{"s-findings", "Findings"},
		{"s-injection", "Injection alerts"},
		{"s-cost", "Token cost"},
	}...)
	if d.Diff != nil {
		// A comparison (in the page, or `assay diff --html`) answers
		// "what changed" before anything else.
		s = append([]Section{{"s-drift", "What changed"}}, s...)
	}
	return append(s, Section{"s-errors", "Collection errors"}, Section{"s-method", "Method, ruleset and limits"})
}

// Build returns the report content: one <div id="sections"> holding every
// section.
func Build(d *Doc) *Node {
	f := d.Findings
	if f == nil {
		f = &model.Findings{Kind: model.FindingsKind}
	}
	root := El("div").ID("sections").Attr("data-mode", d.Meta.Mode)
	root.Add(cover(f, d))
	root.Add(signatures(d.Signatures))
	for _, s := range Sections(d) {
		sec := El("section").ID(s.ID).Class("sec")
		sec.Add(ElT("h2", s.Heading))
		switch s.ID {
		case "s-exec":
			sec.Add(execSummary(f, d))
		case "s-summary":
			sec.Add(summary(f, d))
		case "s-fleet":
			sec.Add(fleetSection(d.Fleet))
		case "s-inventory":
			sec.Add(inventory(f))
		case "s-capabilities":
			sec.Add(capabilities(f))
		case "s-findings":
			sec.Add(findingsSection(f.Findings, "findings", serverNames(f)))
		case "s-injection":
			sec.Add(injection(f))
		case "s-cost":
			sec.Add(costSection(f))
		case "s-drift":
			sec.Add(drift(d.Diff, serverNames(f)))
		case "s-errors":
			sec.Add(collectionErrors(f))
		case "s-method":
			sec.Add(method(f, d.Meta))
		}
		root.Add(sec)
	}
	return root
}

// line neutralises server text for one-line display.
func line(s string) string { return textsafe.Line(s) }

// clip neutralises and shortens long server text.
func clip(s string, n int) string { return textsafe.Clip(textsafe.Line(s), n) }

func itoa(n int) string { return strconv.Itoa(n) }

func pct(part, whole int) string {
	if whole <= 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(part)/float64(whole))
}

// serverNames maps identity to display name.
func serverNames(f *model.Findings) map[string]string {
	m := map[string]string{}
	for _, s := range f.Servers {
		m[s.Identity] = s.Name
	}
	return m
}

func sortedKeys(m map[string]int) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// table builds a sortable, filterable table. cols are headings; numeric
// columns sort by number.
func table(id string, cols []string, numeric map[int]bool, rows []*Node) *Node {
	head := El("tr")
	for i, c := range cols {
		th := El("th").Attr("scope", "col")
		kind := "text"
		if numeric[i] {
			kind = "num"
		}
		th.Add(El("button", T(c)).Attr("type", "button").Class("sort").Attr("data-col", itoa(i)).Attr("data-kind", kind))
		head.Add(th)
	}
	tb := El("tbody").Add(rows...)
	tbl := El("table", El("thead", head), tb).ID(id).Class("data")
	filter := El("div", El("label", T("Filter "), El("input").Attr("type", "search").Attr("data-filter", id).Attr("placeholder", "text in any column").Attr("aria-label", "Filter "+id))).Class("tools noprint")
	return El("div", filter, El("div", tbl).Class("scroll"))
}

// cell is a td; sortValue, when set, overrides the text for sorting.
func cell(text string, sortValue string) *Node {
	td := El("td", T(text))
	if sortValue != "" {
		td.Attr("data-v", sortValue)
	}
	return td
}

func empty(msg string) *Node { return El("p", T(msg)).Class("empty") }
