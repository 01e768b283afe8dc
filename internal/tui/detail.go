package tui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/textsafe"
)

// schemaFoldLines is the size above which a schema is folded until 's'.
const schemaFoldLines = 14

// page accumulates the wrapped lines of the details pane.
type page struct {
	st    *styles
	w     int
	lines []string
}

// text adds server text, neutralised and wrapped, after indent.
func (p *page) text(indent int, s string) {
	s = strings.ReplaceAll(textsafe.Text(s), "\t", "    ")
	w := max(p.w-indent, 8)
	pad := strings.Repeat(" ", indent)
	for _, para := range strings.Split(s, "\n") {
		for _, l := range strings.Split(ansi.Wrap(para, w, ""), "\n") {
			p.lines = append(p.lines, pad+l)
		}
	}
}

// bullet adds "• s" with continuation lines under the text, not the dot.
func (p *page) bullet(indent int, s string) {
	s = strings.ReplaceAll(textsafe.Text(s), "\t", "    ")
	w := max(p.w-indent-2, 8)
	for i, l := range strings.Split(ansi.Wrap(strings.ReplaceAll(s, "\n", " "), w, ""), "\n") {
		lead := "• "
		if i > 0 {
			lead = "  "
		}
		p.lines = append(p.lines, strings.Repeat(" ", indent)+lead+l)
	}
}

// kv adds "label: value" with the value neutralised and wrapped.
func (p *page) kv(label, value string) {
	if value == "" {
		return
	}
	head := label + ": "
	v := textsafe.Line(value)
	w := max(p.w-len(head), 8)
	for i, l := range strings.Split(ansi.Wrap(v, w, ""), "\n") {
		if i == 0 {
			p.lines = append(p.lines, p.st.dim.Render(head)+l)
		} else {
			p.lines = append(p.lines, strings.Repeat(" ", len(head))+l)
		}
	}
}

func (p *page) heading(s string) {
	p.lines = append(p.lines, "", p.st.bold.Render(ansi.Truncate(s, p.w, "…")))
}

func (p *page) raw(styled string) {
	p.lines = append(p.lines, ansi.Hardwrap(styled, p.w, true))
	if strings.Contains(p.lines[len(p.lines)-1], "\n") {
		last := p.lines[len(p.lines)-1]
		p.lines = append(p.lines[:len(p.lines)-1], strings.Split(last, "\n")...)
	}
}

// finding adds one finding with its evidence and remediation.
func (p *page) finding(fd *model.Finding) {
	rank := model.SeverityRank(fd.Severity)
	mark := p.st.sevStyle(rank).Render(fmt.Sprintf("[%s]", strings.ToUpper(sevLetter(rank))))
	head := fd.ID + " " + textsafe.Line(fd.Title)
	if fd.Suppressed != "" {
		head += " (suppressed: " + textsafe.Line(fd.Suppressed) + ")"
	}
	lines := strings.Split(ansi.Wrap(head, max(p.w-4, 8), ""), "\n")
	for i, l := range lines {
		if i == 0 {
			p.lines = append(p.lines, mark+" "+l)
		} else {
			p.lines = append(p.lines, "    "+l)
		}
	}
	sub := page{st: p.st, w: p.w - 4}
	sub.kv("severity", fd.Severity+" · "+fd.Category)
	sub.kv("element", fd.Element)
	sub.kv("context", fd.Context)
	if fd.File != "" {
		sub.kv("file", fmt.Sprintf("%s:%d", fd.File, fd.Line))
	}
	if len(fd.Tools) > 1 {
		sub.kv("tools", strings.Join(fd.Tools, ", "))
	}
	sub.kv("evidence", fd.Evidence)
	sub.kv("fix", fd.Remediation)
	for _, l := range sub.lines {
		p.lines = append(p.lines, "    "+l)
	}
}

func (p *page) findings(ix *index, title string, fs []int) {
	if len(fs) == 0 {
		p.heading(title + ": none")
		return
	}
	sorted := slices.Clone(fs)
	slices.SortStableFunc(sorted, func(a, b int) int {
		return model.SeverityRank(ix.all[b].Severity) - model.SeverityRank(ix.all[a].Severity)
	})
	p.heading(fmt.Sprintf("%s (%d)", title, len(fs)))
	for _, i := range sorted {
		p.finding(&ix.all[i])
	}
}

// details renders the right pane for node n at width w.
func (m *Model) details(n *node, w int) []string {
	p := &page{st: &m.st, w: max(w, 16)}
	switch n.kind {
	case kindTool:
		m.toolDetails(p, n)
	case kindServer:
		m.serverDetails(p, n)
	case kindContext:
		m.contextDetails(p, n)
	default:
		p.raw(p.st.bold.Render("Findings across servers or tied to no server"))
		m.findings(p, "Findings", n.own)
	}
	return p.lines
}

// findings adds a node's findings, or says they are being analysed: an
// audit still pending has none yet, which is not the same as none.
func (m *Model) findings(p *page, title string, fs []int) {
	if m.pending() {
		p.heading(title + ": " + m.pendingText() + "…")
		return
	}
	p.findings(m.ix, title, fs)
}

func (m *Model) toolDetails(p *page, n *node) {
	s := &m.data.Findings.Servers[n.srv]
	t := &s.Tools[n.tool]
	p.raw(p.st.sevStyle(n.sev).Render("TOOL ") + p.st.bold.Render(textsafe.Line(t.Name)))
	p.kv("server", s.Name)
	p.kv("title", t.Title)
	if m.pending() {
		p.kv("effect", m.pendingText())
		if s.Tokens != nil {
			p.kv("tokens", fmt.Sprint(t.Tokens))
		} else {
			p.kv("tokens", "estimated by the analysis, "+m.pendingText())
		}
		p.heading("Classification signals: " + m.pendingText() + "…")
		m.findings(p, "Findings", n.own)
		m.definition(p, n)
		return
	}
	p.kv("effect", t.Effect+"   tier: "+t.Tier)
	p.kv("kinds", strings.Join(t.Kinds, ", "))
	if len(t.Kinds) == 0 {
		p.kv("kinds", "none")
	}
	p.kv("tokens", fmt.Sprint(t.Tokens))
	if t.Router {
		p.kv("router", "yes: dispatches to other actions by argument")
	}
	if o := t.Override; o != nil {
		p.kv("override", fmt.Sprintf("%s → %s by %s: %s", o.From, o.To, o.By, o.Reason))
	}
	p.heading(fmt.Sprintf("Classification signals (%d)", len(t.Evidence)))
	for _, ev := range t.Evidence {
		line := ev.Signal
		if ev.Pointer != "" {
			line += " " + ev.Pointer
		}
		if len(ev.Sets) > 0 {
			line += " → " + strings.Join(ev.Sets, ", ")
		}
		p.bullet(2, line)
		if ev.Detail != "" {
			p.text(4, ev.Detail)
		}
	}
	m.findings(p, "Findings", n.own)
	m.definition(p, n)
}

// definition adds the tool's description and input schema from the raw
// definition.
func (m *Model) definition(p *page, n *node) {
	raw, _ := m.ix.rawTool(n.srv, n.tool)
	if raw == nil {
		p.heading("Definition")
		p.text(2, "not in this input (a findings file holds the analysis, not the definitions)")
		return
	}
	var def struct {
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"inputSchema"`
	}
	_ = json.Unmarshal(raw, &def)
	p.heading("Description")
	if def.Description == "" {
		p.text(2, "(none)")
	} else {
		p.text(2, def.Description)
	}
	m.schema(p, def.InputSchema)
}

// schema adds the highlighted input schema, folded when it is large and
// the user has not opened it.
func (m *Model) schema(p *page, raw json.RawMessage) {
	if len(raw) == 0 {
		p.heading("Input schema: none")
		return
	}
	lines := m.st.jsonLines(raw)
	switch {
	case m.schemaOpen:
		p.heading(fmt.Sprintf("Input schema (%d lines, open; s folds)", len(lines)))
	case len(lines) > schemaFoldLines:
		p.heading(fmt.Sprintf("Input schema (%d lines, folded; s opens)", len(lines)))
		lines = append(lines[:schemaFoldLines/2:schemaFoldLines/2], p.st.dim.Render(fmt.Sprintf("  … %d more lines (s opens)", len(lines)-schemaFoldLines/2)))
	default:
		p.heading(fmt.Sprintf("Input schema (%d lines)", len(lines)))
	}
	for _, l := range lines {
		p.raw(l)
	}
}

func (m *Model) serverDetails(p *page, n *node) {
	s := &m.data.Findings.Servers[n.srv]
	p.raw(p.st.sevStyle(n.sev).Render("SERVER ") + p.st.bold.Render(textsafe.Line(s.Name)))
	p.kv("identity", s.Identity)
	p.kv("transport", s.Transport+"   source: "+s.Source)
	p.kv("endpoint", s.Endpoint)
	impl := s.Implementation
	if s.Version != "" {
		impl += " " + s.Version
	}
	p.kv("implementation", impl)
	p.kv("protocol", s.ProtocolVersion)
	p.kv("tools", fmt.Sprintf("%d   prompts: %d   resources: %d   templates: %d", len(s.Tools), s.Prompts, s.Resources, s.Templates))
	if tk := s.Tokens; tk != nil {
		est := ""
		if tk.Estimated {
			est = " (estimated)"
		}
		p.kv("tokens", fmt.Sprintf("tools %d, tools/list %d, instructions %d (%s)%s", tk.ToolsSum, tk.ToolsList, tk.Instructions, tk.Encoding, est))
	}
	if note := m.data.Notes[s.Identity]; note != "" {
		p.kv("note", note)
	}
	m.launch(p, s)
	m.gateStatus(p, n, s)
	m.findings(p, "Server findings", n.own)
	if len(s.Errors) > 0 {
		p.heading(fmt.Sprintf("Collection errors (%d)", len(s.Errors)))
		for _, e := range s.Errors {
			p.bullet(2, e.Phase+" "+e.Code+": "+e.Message)
		}
	}
	if bs := m.ix.bsrv[s.Identity]; bs != nil && bs.Instructions != nil {
		p.heading("Instructions")
		p.text(2, *bs.Instructions)
	}
}

// launch adds the redacted launch spec exactly as the bundle records it.
func (m *Model) launch(p *page, s *model.ServerReport) {
	p.heading("Launch spec (redacted, as recorded)")
	c := s.Config
	if c == nil {
		p.text(2, "no config entry (a stored surface or --server)")
		p.kv("auth", orNone(s.Auth))
		return
	}
	p.kv("config", fmt.Sprintf("%s %s %s", c.Client, c.Scope, fileLine(c.File, c.Line)))
	p.kv("command", c.Command)
	if len(c.Args) > 0 {
		p.kv("args", strings.Join(c.Args, " "))
	}
	p.kv("url host", c.URLHost)
	p.kv("env names", strings.Join(c.EnvNames, ", "))
	p.kv("header names", strings.Join(c.HeaderNames, ", "))
	if c.Package != nil {
		b, _ := json.Marshal(c.Package)
		p.kv("package", string(b))
	}
	if c.Disabled {
		p.kv("disabled", "yes")
	}
	auth := c.Auth
	if auth == "" {
		auth = s.Auth
	}
	p.kv("auth", orNone(auth))
	for _, f := range c.Facts {
		p.bullet(2, f.Kind+" "+f.Location+" "+f.Detail)
	}
	if len(c.Also) > 0 {
		p.kv("also declared", fmt.Sprintf("%d other place(s)", len(c.Also)))
	}
}

func fileLine(f string, l int) string {
	if l > 0 {
		return fmt.Sprintf("%s:%d", f, l)
	}
	return f
}

func orNone(s string) string {
	if s == "" {
		return "none recorded"
	}
	return s
}

// gateStatus adds the lock or baseline status of a server and its drift.
func (m *Model) gateStatus(p *page, n *node, s *model.ServerReport) {
	g := m.data.Gate
	if g == nil {
		p.heading("Lock / baseline: none given (--lock FILE or --baseline FILE)")
		return
	}
	p.heading(fmt.Sprintf("%s %s", strings.ToUpper(g.Kind[:1])+g.Kind[1:], textsafe.Line(g.Path)))
	if m.pending() {
		p.text(2, "compared after the analysis: "+m.pendingText())
		return
	}
	if g.Err != "" {
		p.text(2, "not compared: "+g.Err)
		return
	}
	var drift []int
	for _, i := range m.ix.byServer[s.Identity] {
		if m.ix.all[i].Category == model.CatDrift {
			drift = append(drift, i)
		}
	}
	for _, fs := range m.ix.byTool[s.Identity] {
		for _, i := range fs {
			if m.ix.all[i].Category == model.CatDrift {
				drift = append(drift, i)
			}
		}
	}
	slices.Sort(drift)
	drift = slices.Compact(drift)
	if len(drift) == 0 {
		p.text(2, "unchanged since the "+g.Kind)
		return
	}
	p.findings(m.ix, "Drift since the "+g.Kind, drift)
	if g.Kind == "baseline" && m.opts.Actions.Approve != nil {
		p.text(2, "a approves this server's changes into the baseline")
	}
}

func (m *Model) contextDetails(p *page, n *node) {
	c := &m.data.Findings.Contexts[n.ctx]
	p.raw(p.st.sevStyle(n.sev).Render("CONTEXT ") + p.st.bold.Render(textsafe.Line(c.ID)))
	p.kv("client", c.Client)
	p.kv("root", c.Root)
	if m.pending() {
		p.kv("tokens", "totalled by the analysis, "+m.pendingText())
	}
	if tk := m.data.Findings.Summary.Tokens; tk != nil {
		for _, pc := range tk.PerContext {
			if pc.ID == c.ID {
				p.kv("tokens", fmt.Sprintf("%d per request before the user types (%.1f%% of a %d window, %s)", pc.Tokens, pc.Share*100, tk.Window, tk.Encoding))
			}
		}
		if len(tk.PerContext) == 0 {
			p.kv("tokens", fmt.Sprint(tk.Contexts[c.ID]))
		}
	}
	p.heading(fmt.Sprintf("Servers (%d)", len(c.Servers)))
	for _, cs := range c.Servers {
		state := "enabled"
		if !cs.Enabled {
			state = "disabled"
		}
		if cs.ShadowedBy != "" {
			state += ", shadowed by " + cs.ShadowedBy
		}
		p.bullet(2, cs.Name+" ("+cs.Scope+", "+state+")")
	}
	m.findings(p, "Chain and context findings", n.own)
}
