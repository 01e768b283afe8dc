package tui

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/assay-mcp/assay/internal/render"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/numfmt"
	"github.com/assay-mcp/assay/report/textsafe"
)

// helpLines is the '?' screen.
var helpLines = []string{
	"Keys",
	"  ↑/k ↓/j      move (left pane) or scroll (right pane)",
	"  PgUp PgDn    a page; g/Home G/End first/last",
	"  ←/h →/l      fold / unfold; ← on a leaf goes to its parent",
	"  enter, tab   switch between the tree and the details",
	"  /            search names and text as you type; enter keeps, esc clears",
	"  S            minimum severity: any, critical, high, medium, low, info",
	"  C            category: capability, chain, injection, auth, ...",
	"  E            tool effect: irreversible, external, write, read, unknown",
	"  0            clear every filter",
	"  s            open / fold the input schema",
	"  e            export the current view as markdown",
	"  a            approve the selected drift into the baseline (asks a note)",
	"  r            refresh: re-collect the servers confirmed at launch",
	"  ?            this help; esc or ? closes it",
	"  q, Ctrl-C    quit",
	"",
	"Rows: severity letter (C critical, H high, M medium, l low, i info,",
	"· none, … analysis pending), name, then tools (t) and unsuppressed",
	"findings (f).",
	"Server text is shown neutralised: control, bidi and zero-width",
	"characters appear as escapes such as \\u202e or \\x1b.",
}

// View renders the screen: header, the two panes over the visible window
// only, and the status line. Its cost depends on the window, not on the
// size of the tree.
func (m *Model) View() string {
	var b strings.Builder
	b.Grow(m.w * m.h * 2)
	b.WriteString(m.st.header.Render(fit(m.headerText(), m.w)))
	b.WriteByte('\n')
	lw, rw, bh := m.leftWidth(), m.rightWidth(), m.bodyHeight()
	right := m.rightLines(rw, bh)
	sep := m.st.dim.Render("│")
	if m.focusRight {
		sep = m.st.bold.Render("┃")
	}
	for r := 0; r < bh; r++ {
		b.WriteString(m.row(m.top+r, lw))
		b.WriteString(sep)
		if r < len(right) {
			b.WriteString(ansi.Truncate(right[r], rw, "…"))
		}
		b.WriteByte('\n')
	}
	b.WriteString(m.footer())
	return b.String()
}

// fit truncates or pads plain s to exactly w cells.
func fit(s string, w int) string {
	s = ansi.Truncate(s, w, "…")
	if n := ansi.StringWidth(s); n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

func (m *Model) headerText() string {
	f := m.data.Findings
	s := " assay ui · " + numfmt.Count(len(f.Servers), "server") + " · " + numfmt.Count(f.Summary.Tools, "tool") + " · "
	if m.pending() {
		s += "findings pending"
	} else {
		s += numfmt.Count(f.Summary.Findings, "finding")
	}
	var fl []string
	if m.filter.query != "" {
		fl = append(fl, "/"+textsafe.Line(m.filter.query))
	}
	if m.filter.minSev >= 0 {
		fl = append(fl, "sev≥"+sevNames[m.filter.minSev])
	}
	if m.filter.category != "" {
		fl = append(fl, "cat="+m.filter.category)
	}
	if m.filter.effect != "" {
		fl = append(fl, "effect="+m.filter.effect)
	}
	if len(fl) > 0 {
		s += fmt.Sprintf(" · [%s] %d shown", strings.Join(fl, " "), len(m.vis))
	}
	if m.data.Source != "" {
		s += " · " + textsafe.Line(m.data.Source)
	}
	return s
}

// row renders visible position p of the tree, exactly w cells wide.
func (m *Model) row(p, w int) string {
	if p >= len(m.vis) {
		if p == 0 {
			return fit("  nothing matches (esc / 0 clears)", w)
		}
		return strings.Repeat(" ", w)
	}
	i := m.vis[p]
	n := &m.nodes[i]
	cur := " "
	if p == m.cur {
		cur = ">"
	}
	mark := " "
	if n.end > i+1 {
		mark = "▾"
		if m.folded[i] {
			mark = "▸"
		}
	}
	var counts string
	switch {
	case m.pending():
		if n.kind != kindTool && n.kind != kindOther {
			counts = fmt.Sprintf("%dt", n.nTools)
		}
	case n.kind == kindTool:
		if n.nFind > 0 {
			counts = fmt.Sprintf("%df", n.nFind)
		}
	case n.kind == kindOther:
		counts = fmt.Sprintf("%df", n.nFind)
	default:
		counts = fmt.Sprintf("%dt %df", n.nTools, n.nFind)
	}
	letter := sevLetter(n.sev)
	if m.pending() {
		letter = pendingLetter
	}
	indent := strings.Repeat(" ", min(n.depth*2, w/3))
	prefix := cur + letter + " " + indent + mark
	room := w - ansi.StringWidth(prefix) - len(counts) - 1
	label := ansi.Truncate(n.label, max(room, 1), "…")
	gap := max(w-ansi.StringWidth(prefix)-ansi.StringWidth(label)-len(counts), 0)
	st := m.st.sevStyle(n.sev)
	body := st.Render(letter) + " " + indent + mark + st.Render(label) + strings.Repeat(" ", gap) + m.st.dim.Render(counts)
	if p == m.cur && !m.focusRight {
		return m.st.sel.Render(cur + ansi.Strip(body))
	}
	return cur + body
}

// rightLines is the visible window of the details (or help) pane.
func (m *Model) rightLines(w, h int) []string {
	var lines []string
	if m.help {
		lines = helpLines
	} else if n := m.selected(); n != nil {
		i := m.vis[m.cur]
		if m.cache.node != i || m.cache.w != w || m.cache.open != m.schemaOpen || m.cache.lines == nil {
			m.cache.node, m.cache.w, m.cache.open = i, w, m.schemaOpen
			m.cache.lines = m.details(n, w)
		}
		lines = m.cache.lines
	}
	m.dtop = min(m.dtop, max(len(lines)-h, 0))
	lines = lines[m.dtop:]
	if len(lines) > h {
		lines = lines[:h]
	}
	return lines
}

func (m *Model) footer() string {
	switch m.mode {
	case modeSearch:
		return fit("/"+m.input.View(), m.w)
	case modeExport:
		return fit("export markdown to: "+m.input.View(), m.w)
	case modeApprove:
		sel := m.approveSel.ServerName
		if m.approveSel.Tool != "" {
			sel += "/" + m.approveSel.Tool
		}
		return fit("approve "+textsafe.Line(sel)+" — note: "+m.input.View(), m.w)
	}
	var s string
	switch {
	case m.analysing && m.status == "":
		s = fmt.Sprintf("%s analysing %s…%s · ? help  / search  q quit", m.spin.View(), numfmt.Count(m.data.Findings.Summary.Tools, "tool"), m.stepText())
	case m.refreshing:
		s = fmt.Sprintf("%s refreshing %d/%d", m.spin.View(), m.prog.Done, m.prog.Total)
		if m.prog.Server != "" {
			s += " · " + textsafe.Line(m.prog.Server)
		}
	case m.status != "":
		s = m.status
	default:
		s = "? help  / search  S C E filter  s schema  e export  r refresh  q quit"
	}
	pos := fmt.Sprintf(" %d/%d", min(m.cur+1, len(m.vis)), len(m.vis))
	return m.st.dim.Render(fit(s, max(m.w-len(pos), 1)) + pos)
}

// viewMarkdown renders the selected node and what is visible below it as
// the markdown report, through the same renderer as 'assay scan'.
func (m *Model) viewMarkdown() ([]byte, error) {
	n := m.selected()
	if n == nil {
		return nil, fmt.Errorf("nothing selected")
	}
	f := m.data.Findings
	sub := &model.Findings{Kind: f.Kind, Generator: f.Generator, Findings: []model.Finding{}, Summary: model.Summary{
		BySeverity: map[string]int{}, ByCategory: map[string]int{}, ByEffect: map[string]int{}}}
	seenF := map[int]bool{}
	srvPos := map[int]int{}
	lo := m.vis[m.cur]
	for p := m.cur; p < len(m.vis) && m.vis[p] < n.end; p++ {
		v := &m.nodes[m.vis[p]]
		for _, i := range v.own {
			if !seenF[i] {
				seenF[i] = true
				fd := m.ix.all[i]
				sub.Findings = append(sub.Findings, fd)
				if fd.Suppressed == "" {
					sub.Summary.BySeverity[fd.Severity]++
					sub.Summary.ByCategory[fd.Category]++
					sub.Summary.Findings++
				}
			}
		}
		if v.srv < 0 {
			continue
		}
		pos, ok := srvPos[v.srv]
		if !ok {
			s := f.Servers[v.srv]
			s.Tools = nil
			pos = len(sub.Servers)
			srvPos[v.srv] = pos
			sub.Servers = append(sub.Servers, s)
		}
		if v.kind == kindTool && (lo == m.vis[p] || n.kind != kindTool) {
			t := f.Servers[v.srv].Tools[v.tool]
			sub.Servers[pos].Tools = append(sub.Servers[pos].Tools, t)
			sub.Summary.Tools++
			sub.Summary.ByEffect[t.Effect]++
		}
	}
	if n.kind == kindContext {
		sub.Contexts = []model.Context{f.Contexts[n.ctx]}
	}
	sub.Summary.Servers = len(sub.Servers)
	var buf bytes.Buffer
	if err := render.Write(&buf, "markdown", sub, nil); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
