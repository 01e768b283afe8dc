// Package drift compares two observations of MCP servers and grades every
// change as a finding with exit bits a CI can route. It works offline from
// stored files: bundles and captures (full text, every rule runs) or
// findings files and hash-only baselines (hashes only; the rules that need
// text say they could not run).
//
// Only surface changes may produce findings: a side that carries its
// surface is re-analysed under the current ruleset before comparing, and a
// side analysed under another ruleset without its surface is not trusted
// for classification.
//
// This package is pure: no os, net or clock. It runs in the page as
// WebAssembly too.
package drift

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
)

// Side is one side of a comparison.
type Side struct {
	// Name labels the side in notes (usually the file name).
	Name string
	// Bundle is the surface as served; nil when only hashes are known.
	Bundle *model.Bundle
	// Findings is the stored analysis. It is ignored when Bundle is set:
	// the surface is always re-analysed under the current ruleset.
	Findings *model.Findings
	// Analysis, with Bundle, is Bundle's analysis under the comparison's
	// own analysis options, already made in this process (the page keeps
	// the report's): it is used instead of analysing Bundle again. It is
	// read, never changed.
	Analysis *model.Findings
}

// FromInput makes a side of a decoded file.
func FromInput(in *model.Input) *Side {
	return &Side{Name: in.Name, Bundle: in.Bundle, Findings: in.Findings}
}

// Options tune a comparison. Nil means defaults.
type Options struct {
	// Ceiling is the tier at or above which a new tool escalates
	// (default "R4").
	Ceiling string
	// Analyze configures the (re-)analysis of sides with a surface.
	Analyze *analyze.Options
	// Version is the generator version to stamp on the result.
	Version string
	// KeepNew keeps the new side's own analysis in Result.New, so a
	// caller that also shows it (the report page) need not analyse the
	// same bundle again.
	KeepNew bool
	// Unhashed leaves Result.Findings.Hashes unset, for a caller that
	// writes the document later or never (the report page shows the
	// comparison's view and writes its document only when asked): it
	// sets them with hashes.FindingsHashes before writing.
	Unhashed bool
}

// Result is a finished drift findings document and its exit code.
type Result struct {
	// Findings holds the drift findings; its servers are the new side's.
	Findings *model.Findings
	// Exit is the OR of the unsuppressed findings' bits.
	Exit int
	// NotRun names the rules that could not run and why, sorted.
	NotRun []string
	// New is the new side's own analysis under Options.Analyze, set when
	// Options.KeepNew is and the new side carried its surface (a bundle);
	// it equals analyze.Analyze(new.Bundle, opts.Analyze). Read only: its
	// servers are shared with Findings.
	New *model.Findings
	// Old is the old side's analysis, under the same conditions as New.
	Old *model.Findings
}

// Diff compares old with new.
func Diff(old, new *Side, opts *Options) (*Result, error) {
	if opts == nil {
		opts = &Options{}
	}
	ceiling := opts.Ceiling
	if ceiling == "" {
		ceiling = "R4"
	}
	c := tierNum(ceiling)
	if c < 0 {
		return nil, fmt.Errorf("ceiling %q is not a tier R0…R5", ceiling)
	}
	// Both sides share one memo: a server whose raw surface did not change
	// is analysed once, not twice.
	aopts := analyze.Options{}
	if opts.Analyze != nil {
		aopts = *opts.Analyze
	}
	if aopts.Memo == nil {
		aopts.Memo = cache.New()
	}
	// A side's own document hashes are read only when the side itself is
	// handed back (KeepNew); the comparison's findings are hashed apart.
	aopts.Unsealed = !opts.KeepNew
	ov, err := newView(old, &aopts)
	if err != nil {
		return nil, fmt.Errorf("old side: %w", err)
	}
	nv, err := newView(new, &aopts)
	if err != nil {
		return nil, fmt.Errorf("new side: %w", err)
	}
	d := &differ{old: ov, new: nv, ceiling: c, notRun: map[string]bool{}}
	d.run()
	d.group()
	out := &model.Findings{
		Kind:      model.FindingsKind,
		Generator: model.Generator{Name: "assay", Version: opts.Version, Ruleset: catalog.Ruleset},
		Contexts:  nv.f.Contexts,
		Servers:   nv.f.Servers,
		Findings:  d.findings(),
	}
	if out.Servers == nil {
		out.Servers = []model.ServerReport{}
	}
	analyze.Finish(out)
	if !opts.Unhashed {
		out.Hashes = hashes.FindingsHashes(out)
	}
	res := &Result{Findings: out, Exit: Bits(out.Findings)}
	if opts.KeepNew && nv.text {
		res.New = nv.f
	}
	if opts.KeepNew && ov.text {
		res.Old = ov.f
	}
	if d.noted {
		for k := range d.notRun {
			res.NotRun = append(res.NotRun, k)
		}
		sort.Strings(res.NotRun)
	}
	return res, nil
}

// view is one side prepared for comparison.
type view struct {
	name string
	f    *model.Findings
	// text: raw definitions are available.
	text bool
	// classOK: classification and injection findings were produced under
	// the current ruleset.
	classOK bool
	servers []*serverView
}

type serverView struct {
	rep    *model.ServerReport
	raw    *model.Server
	tools  []*toolView
	byName map[string]*toolView
}

type toolView struct {
	rep *model.ToolReport
	raw json.RawMessage
	h   map[string]string
	// decoded is raw's members, decoded on first use (see members).
	decoded *toolMembers
}

func newView(s *Side, opts *analyze.Options) (*view, error) {
	v := &view{name: s.Name}
	switch {
	case s.Bundle != nil:
		v.f = s.Analysis
		if v.f == nil {
			v.f = analyze.Analyze(s.Bundle, opts)
		}
		v.text, v.classOK = true, true
	case s.Findings != nil:
		v.f = s.Findings
		v.classOK = s.Findings.Generator.Ruleset == catalog.Ruleset
	default:
		return nil, fmt.Errorf("%s: nothing to compare", s.Name)
	}
	for i := range v.f.Servers {
		sv := &serverView{rep: &v.f.Servers[i], byName: map[string]*toolView{}}
		if v.text {
			sv.raw = &s.Bundle.Servers[i]
		}
		for j := range sv.rep.Tools {
			tv := &toolView{rep: &sv.rep.Tools[j], h: sv.rep.Tools[j].Hashes}
			if sv.raw != nil && j < len(sv.raw.Tools) {
				tv.raw = sv.raw.Tools[j]
			}
			sv.tools = append(sv.tools, tv)
			if _, dup := sv.byName[tv.rep.Name]; !dup {
				sv.byName[tv.rep.Name] = tv
			}
		}
		v.servers = append(v.servers, sv)
	}
	return v, nil
}

// tierNum parses "R0".."R5"; anything else is -1.
func tierNum(t string) int {
	if len(t) != 2 || (t[0] != 'R' && t[0] != 'r') {
		return -1
	}
	n, err := strconv.Atoi(t[1:])
	if err != nil || n < 0 || n > 5 {
		return -1
	}
	return n
}

// differ accumulates findings for one comparison.
type differ struct {
	old, new *view
	ceiling  int
	out      []model.Finding
	meta     []editMeta
	notRun   map[string]bool
	noted    bool // DRIFT-027 was raised
	// identity maps a new server identity to its paired old identity, and
	// renamed maps "identity\x00newTool" to the old tool name.
	identity map[string]string
	renamed  map[string]string
	// foreign indexes the newer side's tool names for cross-server
	// mention checks (built on first use; see foreignIndex).
	foreign *foreignIndex
}

// editMeta lets identical edits across tools be grouped into one finding.
type editMeta struct {
	key      string // empty: never grouped
	element  string // element relative to the tool, e.g. "description"
	evidence string // evidence shared by the whole group
}

func (d *differ) add(id, server, tool, element, evidence string) *model.Finding {
	f := catalog.New(id)
	f.Server, f.Tool, f.Element, f.Evidence = server, tool, element, evidence
	d.out = append(d.out, f)
	d.meta = append(d.meta, editMeta{})
	return &d.out[len(d.out)-1]
}

// addEdit adds a per-tool finding that may be grouped with identical
// edits to other tools of the same server.
func (d *differ) addEdit(id, server, tool, rel, evidence, key, shared string) *model.Finding {
	f := d.add(id, server, tool, "tool:"+tool+"/"+rel, evidence)
	d.meta[len(d.meta)-1] = editMeta{key: key, element: rel, evidence: shared}
	return f
}

// skip records a rule that could not run. Most reasons only matter when
// something changed: identical hashes mean identical surfaces, which no
// rule would report. must marks reasons that hide changes themselves
// (no hashes to compare) and are always said.
func (d *differ) skip(why string) { d.notRun[why] = d.notRun[why] || false }

func (d *differ) skipMust(why string) { d.notRun[why] = true }

func (d *differ) findings() []model.Finding {
	must := false
	for _, m := range d.notRun {
		must = must || m
	}
	if len(d.notRun) > 0 && (must || len(d.out) > 0) {
		var l []string
		for k := range d.notRun {
			l = append(l, k)
		}
		sort.Strings(l)
		d.noted = true
		f := catalog.New("DRIFT-027")
		f.Item = "rules-not-run"
		f.Evidence = strings.Join(l, "; ")
		d.out = append(d.out, f)
	}
	if d.out == nil {
		return []model.Finding{}
	}
	return d.out
}

func (d *differ) run() {
	for _, v := range []*view{d.old, d.new} {
		if !v.text {
			d.skip(v.name + " holds hashes only: hint revocation, breaking-schema grading, sentence evidence and hidden-character checks on its text could not run")
		}
		if !v.classOK {
			d.skip(fmt.Sprintf("%s was analysed under ruleset %q (current %q) and holds no surface: capability, router and new-injection rules could not run", v.name, v.f.Generator.Ruleset, catalog.Ruleset))
		}
	}
	pairs, gone, added := pairServers(d.old.servers, d.new.servers)
	d.identity = map[string]string{}
	d.renamed = map[string]string{}
	for _, p := range pairs {
		d.identity[p[1].rep.Identity] = p[0].rep.Identity
	}
	for _, s := range gone {
		d.add("DRIFT-025", s.rep.Identity, "", "server", fmt.Sprintf("%s with %d tools", quote(s.rep.Name), len(s.rep.Tools)))
	}
	for _, s := range added {
		f := d.add("DRIFT-024", s.rep.Identity, "", "server", fmt.Sprintf("%s with %d tools", quote(s.rep.Name), len(s.rep.Tools)))
		for _, t := range s.tools {
			if t.raw != nil {
				for _, tx := range hashes.ToolTexts(t.raw) {
					d.checkText(s, s.rep.Identity, t.rep.Name, "tool:"+t.rep.Name+"/"+tx.Path, "", tx.Value)
				}
			}
		}
		if s.raw != nil && s.raw.Instructions != nil {
			d.checkText(s, s.rep.Identity, "", "server:instructions", "", *s.raw.Instructions)
		}
		if d.new.classOK {
			if top := d.topTier(s); top >= d.ceiling {
				f.Severity = model.SevHigh
				f.Evidence += fmt.Sprintf("; highest tier R%d at or above ceiling R%d", top, d.ceiling)
			}
		}
	}
	for _, p := range pairs {
		d.server(p[0], p[1])
	}
	d.newInjection()
}

func (d *differ) topTier(s *serverView) int {
	top := -1
	for _, t := range s.tools {
		if n := tierNum(t.rep.Tier); n > top {
			top = n
		}
	}
	return top
}

// pairServers pairs by identity, then by name, then — when each side holds
// exactly one server — the two servers, so two captures of one server
// under different names still compare.
func pairServers(old, new []*serverView) (pairs [][2]*serverView, gone, added []*serverView) {
	usedO, usedN := map[int]bool{}, map[int]bool{}
	match := func(key func(*serverView) string) {
		idx := map[string][]int{}
		for i, s := range old {
			if !usedO[i] {
				idx[key(s)] = append(idx[key(s)], i)
			}
		}
		for j, s := range new {
			if usedN[j] {
				continue
			}
			if l := idx[key(s)]; len(l) > 0 {
				i := l[0]
				idx[key(s)] = l[1:]
				usedO[i], usedN[j] = true, true
				pairs = append(pairs, [2]*serverView{old[i], s})
			}
		}
	}
	match(func(s *serverView) string { return s.rep.Identity })
	match(func(s *serverView) string { return s.rep.Name })
	if len(old) == 1 && len(new) == 1 && !usedO[0] {
		usedO[0], usedN[0] = true, true
		pairs = append(pairs, [2]*serverView{old[0], new[0]})
	}
	for i, s := range old {
		if !usedO[i] {
			gone = append(gone, s)
		}
	}
	for j, s := range new {
		if !usedN[j] {
			added = append(added, s)
		}
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a][1].rep.Identity < pairs[b][1].rep.Identity })
	return pairs, gone, added
}
