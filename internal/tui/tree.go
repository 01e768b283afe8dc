package tui

import (
	"cmp"
	"encoding/json"
	"slices"
	"strings"
	"sync"

	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/textsafe"
)

type nodeKind uint8

const (
	kindContext nodeKind = iota
	kindServer
	kindTool
	kindOther // findings tied to no server or context
)

// node is one row of the left tree. The tree is flattened in pre-order
// once per audit; filters only recompute which rows are visible.
type node struct {
	kind   nodeKind
	depth  int
	parent int // index of the parent node, -1 at the top
	end    int // one past the last descendant (pre-order)
	label  string
	sev    int // worst unsuppressed severity rank, -1 for none
	tier   int // 0..5, -1 for none
	nFind  int // findings on this node and below
	nTools int
	ctx    int // index into Findings.Contexts, -1
	srv    int // index into Findings.Servers, -1
	tool   int // index into the server's tools, -1
	key    string
	cats   uint16 // categories of the findings on this node and below
	own    []int  // findings shown in this node's details
}

var categories = []string{model.CatCapability, model.CatChain, model.CatInjection, model.CatAuth, model.CatHygiene, model.CatCost, model.CatDrift, model.CatCollection}

var effects = []string{model.EffectIrreversible, model.EffectExternal, model.EffectWrite, model.EffectRead, model.EffectUnknown}

func catBit(c string) uint16 {
	for i, x := range categories {
		if x == c {
			return 1 << i
		}
	}
	return 0
}

func tierRank(t string) int {
	if len(t) == 2 && t[0] == 'R' && t[1] >= '0' && t[1] <= '5' {
		return int(t[1] - '0')
	}
	return -1
}

// index is the audit reorganised for the tree: findings by server and
// tool, bundle servers by identity. Raw tool definitions are found when
// a tool is shown, not up front (see rawTool).
type index struct {
	f        *model.Findings
	all      []model.Finding // analysis findings then gate drift
	byServer map[string][]int
	byTool   map[string]map[string][]int
	byCtx    map[string][]int
	loose    []int
	bsrv     map[string]*model.Server

	mu  sync.Mutex                            // raw is filled from the UI and the search-text worker
	raw map[string]map[string]json.RawMessage // by identity and name, built only for a server whose order differs
}

func buildIndex(d *Data) *index {
	ix := &index{f: d.Findings, byServer: map[string][]int{}, byTool: map[string]map[string][]int{}, byCtx: map[string][]int{},
		raw: map[string]map[string]json.RawMessage{}, bsrv: map[string]*model.Server{}}
	ix.all = append(append(ix.all, d.Findings.Findings...), gateDrift(d)...)
	for i, fd := range ix.all {
		switch {
		case fd.Server != "" && (fd.Tool != "" || len(fd.Tools) > 0):
			m := ix.byTool[fd.Server]
			if m == nil {
				m = map[string][]int{}
				ix.byTool[fd.Server] = m
			}
			tools := fd.Tools
			if len(tools) == 0 {
				tools = []string{fd.Tool}
			}
			for _, t := range tools {
				m[t] = append(m[t], i)
			}
		case fd.Server != "":
			ix.byServer[fd.Server] = append(ix.byServer[fd.Server], i)
		case fd.Context != "":
			ix.byCtx[fd.Context] = append(ix.byCtx[fd.Context], i)
		default:
			ix.loose = append(ix.loose, i)
		}
	}
	if d.Bundle != nil {
		for i := range d.Bundle.Servers {
			s := &d.Bundle.Servers[i]
			ix.bsrv[s.Identity] = s
		}
	}
	return ix
}

// rawTool is the raw definition of tool ti of server si and its head,
// nil when the input has none (a findings file). The analysis reports a
// server's tools in the bundle's order, so the definition at the same
// position is tried first; only when its name differs is the server's
// name table built.
func (ix *index) rawTool(si, ti int) (json.RawMessage, toolHead) {
	var h toolHead
	s := &ix.f.Servers[si]
	bs := ix.bsrv[s.Identity]
	if bs == nil {
		return nil, h
	}
	name := s.Tools[ti].Name
	if ti < len(bs.Tools) {
		if h = readHead(bs.Tools[ti]); h.Name == name {
			return bs.Tools[ti], h
		}
	}
	raw := ix.rawByName(s.Identity, bs, name)
	h = toolHead{}
	if raw != nil {
		h = readHead(raw)
	}
	return raw, h
}

func (ix *index) rawByName(id string, bs *model.Server, name string) json.RawMessage {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	m := ix.raw[id]
	if m == nil {
		m = make(map[string]json.RawMessage, len(bs.Tools))
		for _, raw := range bs.Tools {
			m[readHead(raw).Name] = raw
		}
		ix.raw[id] = m
	}
	return m[name]
}

// gateDrift are the gate's drift findings not already in the analysis.
func gateDrift(d *Data) []model.Finding {
	if d.Gate == nil {
		return nil
	}
	seen := make(map[string]bool, len(d.Findings.Findings))
	for _, fd := range d.Findings.Findings {
		seen[fd.Fingerprint] = true
	}
	var out []model.Finding
	for _, fd := range d.Gate.Drift {
		if fd.Fingerprint == "" || !seen[fd.Fingerprint] {
			out = append(out, fd)
		}
	}
	return out
}

// scoreFindings folds findings into a node's severity, count and
// categories.
func (ix *index) score(n *node, fs []int) {
	for _, i := range fs {
		fd := &ix.all[i]
		if fd.Suppressed != "" {
			continue
		}
		n.nFind++
		n.cats |= catBit(fd.Category)
		n.sev = max(n.sev, model.SeverityRank(fd.Severity))
	}
}

// subtree is a node with its children before flattening.
type subtree struct {
	n    node
	kids []*subtree
}

func (t *subtree) absorb(c *subtree) {
	t.n.sev = max(t.n.sev, c.n.sev)
	t.n.tier = max(t.n.tier, c.n.tier)
	t.n.nFind += c.n.nFind
	t.n.nTools += c.n.nTools
	t.n.cats |= c.n.cats
}

// riskier orders riskiest first: severity, then tier, then name.
func riskier(a, b *subtree) int {
	if c := cmp.Compare(b.n.sev, a.n.sev); c != 0 {
		return c
	}
	if c := cmp.Compare(b.n.tier, a.n.tier); c != 0 {
		return c
	}
	return cmp.Compare(a.n.label, b.n.label)
}

func (ix *index) toolTree(si, ti int) *subtree {
	s := &ix.f.Servers[si]
	t := &s.Tools[ti]
	n := node{kind: kindTool, label: textsafe.Line(t.Name), sev: -1, tier: tierRank(t.Tier), nTools: 1, ctx: -1, srv: si, tool: ti,
		key: s.Identity + "\x00" + t.Name}
	n.own = ix.byTool[s.Identity][t.Name]
	ix.score(&n, n.own)
	return &subtree{n: n}
}

func (ix *index) serverTree(si int) *subtree {
	s := &ix.f.Servers[si]
	n := node{kind: kindServer, label: textsafe.Line(s.Name), sev: -1, tier: -1, ctx: -1, srv: si, tool: -1, key: s.Identity}
	n.own = ix.byServer[s.Identity]
	ix.score(&n, n.own)
	t := &subtree{n: n}
	for ti := range s.Tools {
		c := ix.toolTree(si, ti)
		t.kids = append(t.kids, c)
		t.absorb(c)
	}
	slices.SortStableFunc(t.kids, riskier)
	ix.uniqueCount(t)
	return t
}

// uniqueCount recounts a group's findings once each: one finding can
// cover several tools (a grouped hint or drift finding).
func (ix *index) uniqueCount(t *subtree) {
	seen := map[int]bool{}
	var walk func(*subtree)
	walk = func(s *subtree) {
		for _, i := range s.n.own {
			if ix.all[i].Suppressed == "" {
				seen[i] = true
			}
		}
		for _, k := range s.kids {
			walk(k)
		}
	}
	walk(t)
	t.n.nFind = len(seen)
}

// build flattens the audit into the pre-order node list.
func (ix *index) build() []node {
	servers := make(map[string]int, len(ix.f.Servers))
	for i, s := range ix.f.Servers {
		servers[s.Identity] = i
	}
	var top []*subtree
	used := map[int]bool{}
	for ci, c := range ix.f.Contexts {
		n := node{kind: kindContext, label: textsafe.Line(c.ID), sev: -1, tier: -1, ctx: ci, srv: -1, tool: -1, key: "ctx\x00" + c.ID}
		n.own = ix.byCtx[c.ID]
		ix.score(&n, n.own)
		t := &subtree{n: n}
		for _, cs := range c.Servers {
			si, ok := servers[cs.Identity]
			if !ok {
				continue
			}
			used[si] = true
			k := ix.serverTree(si)
			k.n.key = c.ID + "\x00" + k.n.key
			for _, g := range k.kids {
				g.n.key = c.ID + "\x00" + g.n.key
			}
			t.kids = append(t.kids, k)
			t.absorb(k)
		}
		slices.SortStableFunc(t.kids, riskier)
		ix.uniqueCount(t)
		top = append(top, t)
	}
	var loose []*subtree
	for si := range ix.f.Servers {
		if !used[si] {
			loose = append(loose, ix.serverTree(si))
		}
	}
	slices.SortStableFunc(loose, riskier)
	slices.SortStableFunc(top, riskier)
	top = append(top, loose...)
	known := map[string]bool{}
	for _, c := range ix.f.Contexts {
		known[c.ID] = true
	}
	for id, fs := range ix.byCtx {
		if !known[id] {
			ix.loose = append(ix.loose, fs...) // "all": chains across every server
		}
	}
	slices.Sort(ix.loose)
	if len(ix.loose) > 0 {
		n := node{kind: kindOther, label: "chains and other findings", sev: -1, tier: -1, ctx: -1, srv: -1, tool: -1, key: "other", own: ix.loose}
		ix.score(&n, n.own)
		top = append(top, &subtree{n: n})
	}
	var out []node
	var walk func(t *subtree, depth, parent int)
	walk = func(t *subtree, depth, parent int) {
		i := len(out)
		t.n.depth, t.n.parent = depth, parent
		out = append(out, t.n)
		for _, k := range t.kids {
			walk(k, depth+1, i)
		}
		out[i].end = len(out)
	}
	for _, t := range top {
		walk(t, 0, -1)
	}
	return out
}

// hays is the lowercased search text of every node: names, titles,
// effect and kinds, descriptions and instructions, and the titles and
// evidence of the node's findings. It reads the raw definitions, so it is
// computed off the UI loop after the first frame (or on the first search
// if that comes sooner), never while building the tree.
func (ix *index) hays(nodes []node) []string {
	out := make([]string, len(nodes))
	var b strings.Builder
	for i := range nodes {
		n := &nodes[i]
		b.Reset()
		switch n.kind {
		case kindTool:
			t := &ix.f.Servers[n.srv].Tools[n.tool]
			b.WriteString(t.Name + " " + t.Title + " " + t.Effect + " " + strings.Join(t.Kinds, " "))
			if _, h := ix.rawTool(n.srv, n.tool); h.Description != "" {
				b.WriteString(" " + h.Description)
			}
		case kindServer:
			s := &ix.f.Servers[n.srv]
			b.WriteString(s.Name + " " + s.Identity + " " + s.Implementation)
			if bs := ix.bsrv[s.Identity]; bs != nil && bs.Instructions != nil {
				b.WriteString(" " + *bs.Instructions)
			}
		case kindContext:
			c := &ix.f.Contexts[n.ctx]
			b.WriteString(c.ID + " " + c.Client)
		default:
			out[i] = "other"
			continue
		}
		for _, fi := range n.own {
			b.WriteString(" " + ix.all[fi].Title + " " + ix.all[fi].Evidence)
		}
		out[i] = strings.ToLower(b.String())
	}
	return out
}

// filter is the active search and filters.
type filter struct {
	query    string
	minSev   int    // -1: any
	category string // "": any
	effect   string // "": any
}

func (f filter) active() bool {
	return f.query != "" || f.minSev >= 0 || f.category != "" || f.effect != ""
}

// matches reports whether node i itself passes the filter.
func (m *Model) matches(i int, f filter) bool {
	n := &m.nodes[i]
	if f.query != "" && !strings.Contains(m.hay[i], f.query) {
		return false
	}
	if f.minSev >= 0 && n.sev < f.minSev {
		return false
	}
	if f.category != "" && n.cats&catBit(f.category) == 0 {
		return false
	}
	if f.effect != "" {
		if n.kind != kindTool {
			return false
		}
		return m.data.Findings.Servers[n.srv].Tools[n.tool].Effect == f.effect
	}
	return true
}

// visible recomputes the visible rows: a row shows when it or one of its
// descendants matches, and no ancestor is folded. O(rows), run only when
// the filter, folding or data change, never per frame.
func (m *Model) visible() []int {
	out := m.vis[:0]
	if !m.filter.active() {
		for i := 0; i < len(m.nodes); {
			out = append(out, i)
			if m.folded[i] {
				i = m.nodes[i].end
			} else {
				i++
			}
		}
		return out
	}
	if m.filter.query != "" && m.hay == nil {
		m.hay = m.ix.hays(m.nodes) // the search came before the worker
	}
	keep := make([]bool, len(m.nodes))
	for i := len(m.nodes) - 1; i >= 0; i-- {
		n := &m.nodes[i]
		if keep[i] || m.matches(i, m.filter) {
			keep[i] = true
			if n.parent >= 0 {
				keep[n.parent] = true
			}
		}
	}
	for i := 0; i < len(m.nodes); {
		if !keep[i] {
			i++
			continue
		}
		out = append(out, i)
		if m.folded[i] {
			i = m.nodes[i].end
		} else {
			i++
		}
	}
	return out
}
