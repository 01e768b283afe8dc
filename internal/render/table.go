package render

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/numfmt"
	"github.com/assay-mcp/assay/report/textsafe"
)

// The table is for a person at a terminal: one row per tool, then alerts
// for injection findings, then every finding, then counts. All server
// text goes through textsafe.Line first, so escape sequences, bidi
// overrides and zero-width characters show as \u001b, \u202e, \u200b.
// Colour (ANSI SGR) is added only when Options.Color is set and only to
// risk words, after padding, so widths never depend on it.

const defaultWidth = 100

const (
	sgrReset  = "\x1b[0m"
	sgrBold   = "\x1b[1m"
	sgrRed    = "\x1b[31m"
	sgrBRed   = "\x1b[1;31m"
	sgrYellow = "\x1b[33m"
	sgrCyan   = "\x1b[36m"
	sgrDim    = "\x1b[2m"
)

type tablePrinter struct {
	w     io.Writer
	color bool
	width int
	err   error
}

func (p *tablePrinter) line(s string) {
	if p.err != nil {
		return
	}
	_, p.err = io.WriteString(p.w, strings.TrimRight(s, " ")+"\n")
}

// paint colours s, leaving leading and trailing spaces outside the SGR
// codes so padding and line trimming behave the same with and without
// colour.
func (p *tablePrinter) paint(sgr, s string) string {
	core := strings.TrimSpace(s)
	if !p.color || sgr == "" || core == "" {
		return s
	}
	i := strings.Index(s, core)
	return s[:i] + sgr + core + sgrReset + s[i+len(core):]
}

func writeTable(w io.Writer, f *model.Findings, opts *Options) error {
	p := &tablePrinter{w: w, color: opts.Color, width: opts.Width}
	if p.width <= 0 {
		p.width = defaultWidth
	}
	if p.width < 40 {
		p.width = 40
	}
	p.headline(f)
	p.contexts(f)
	p.tools(f)
	p.alerts(f)
	p.findings(f)
	p.summary(f)
	return p.err
}

func (p *tablePrinter) headline(f *model.Findings) {
	title := fmt.Sprintf("Assay: %s, %s, %s", numfmt.Count(len(f.Servers), "server"), numfmt.Count(f.Summary.Tools, "tool"), numfmt.Count(f.Summary.Findings, "finding"))
	title = p.paint(sgrBold, title)
	if f.Summary.Incomplete {
		title += " " + p.paint(sgrYellow, "(incomplete)")
	}
	p.line(title)
	p.line("")
}

// column layout of the tool table
type column struct {
	head  string
	right bool
	min   int // the narrowest it may be squeezed to
}

var toolColumns = []column{
	{head: "SERVER", min: 8},
	{head: "TOOL", min: 8},
	{head: "EFFECT", min: 12},
	{head: "TIER", min: 4},
	{head: "KINDS", min: 12},
	{head: "TOKENS", right: true, min: 6},
}

type toolRow struct {
	cells []string
	tier  string
	eff   string
}

func (p *tablePrinter) tools(f *model.Findings) {
	var rows []toolRow
	for _, s := range f.Servers {
		name := textsafe.Line(s.Name)
		if model.HasGap(s.Errors) {
			name += " (incomplete)"
		}
		if len(s.Tools) == 0 {
			empty := "(no tools)"
			if s.Source == "config" {
				empty = "(not contacted: --connect lists its tools)"
			}
			rows = append(rows, toolRow{cells: []string{name, empty, "", "", "", ""}})
			continue
		}
		for i, t := range s.Tools {
			server := ""
			if i == 0 {
				server = name
			}
			kinds := strings.Join(t.Kinds, ", ")
			if t.Router {
				if kinds != "" {
					kinds += ", "
				}
				kinds += "router"
			}
			if kinds == "" {
				kinds = "-"
			}
			rows = append(rows, toolRow{
				cells: []string{server, textsafe.Line(t.Name), t.Effect, t.Tier, kinds, strconv.Itoa(t.Tokens)},
				tier:  t.Tier, eff: t.Effect,
			})
		}
	}
	if len(rows) == 0 {
		p.line("No servers.")
		p.line("")
		return
	}
	widths := make([]int, len(toolColumns))
	for i, c := range toolColumns {
		widths[i] = width(c.head)
	}
	for _, r := range rows {
		for i, c := range r.cells {
			widths[i] = max(widths[i], width(c))
		}
	}
	fitColumns(widths, p.width)

	head := make([]string, len(toolColumns))
	for i, c := range toolColumns {
		head[i] = pad(c.head, widths[i], c.right)
	}
	p.line(p.paint(sgrBold, strings.TrimRight(strings.Join(head, "  "), " ")))
	for _, r := range rows {
		wrapped := make([][]string, len(r.cells))
		height := 1
		for i, c := range r.cells {
			wrapped[i] = wrap(c, widths[i])
			height = max(height, len(wrapped[i]))
		}
		for ln := 0; ln < height; ln++ {
			parts := make([]string, len(r.cells))
			for i := range r.cells {
				cell := ""
				if ln < len(wrapped[i]) {
					cell = wrapped[i][ln]
				}
				cell = pad(cell, widths[i], toolColumns[i].right)
				switch i {
				case 2:
					cell = p.paint(effectColor(r.eff), cell)
				case 3:
					cell = p.paint(tierColor(r.tier), cell)
				}
				parts[i] = cell
			}
			p.line(strings.Join(parts, "  "))
		}
	}
	p.line("")
}

// fitColumns shrinks the widest squeezable columns until the table fits
// total cells (two spaces between columns). Columns never go below min.
func fitColumns(widths []int, total int) {
	sep := 2 * (len(widths) - 1)
	for {
		sum := sep
		for _, w := range widths {
			sum += w
		}
		if sum <= total {
			return
		}
		best := -1
		for i, w := range widths {
			if w > toolColumns[i].min && (best < 0 || w > widths[best]) {
				best = i
			}
		}
		if best < 0 {
			return
		}
		widths[best]--
	}
}

func (p *tablePrinter) alerts(f *model.Findings) {
	inj := injectionAlerts(f)
	if len(inj) == 0 {
		return
	}
	p.line(p.paint(sgrBRed, fmt.Sprintf("ALERT: %s of prompt injection in text the model reads", numfmt.Count(len(inj), "sign"))))
	servers := serverIndex(f)
	for _, fd := range inj {
		p.line(p.paint(sgrBRed, "  ! ") + fd.ID + " " + p.paint(severityColor(fd.Severity), strings.ToUpper(fd.Severity)))
		p.block("    ", fd.Title)
		p.block("    ", findingWhere(fd, servers[fd.Server]))
		if fd.Evidence != "" {
			p.block("    ", "evidence: "+textsafe.Line(fd.Evidence))
		}
	}
	p.line("")
}

func (p *tablePrinter) findings(f *model.Findings) {
	var shown, suppressed int
	servers := serverIndex(f)
	for _, fd := range f.Findings {
		if fd.Suppressed != "" {
			suppressed++
			continue
		}
		if shown == 0 {
			p.line(p.paint(sgrBold, "FINDINGS"))
		}
		shown++
		sev := pad(strings.ToUpper(fd.Severity), 8, false)
		indent := strings.Repeat(" ", 2+8+2+9+1)
		for i, l := range wrap(fd.Title, p.width-width(indent)) {
			if i == 0 {
				p.line("  " + p.paint(severityColor(fd.Severity), sev) + "  " + pad(fd.ID, 9, false) + " " + l)
			} else {
				p.line(indent + l)
			}
		}
		if where := findingWhere(fd, servers[fd.Server]); where != "" {
			p.block(indent, where)
		}
		if fd.Evidence != "" {
			p.block(indent, "evidence: "+textsafe.Line(fd.Evidence))
		}
		if fd.Remediation != "" {
			p.blockStyled(indent, "fix:", sgrDim, fd.Remediation)
		}
	}
	if shown == 0 {
		p.line("No findings.")
	}
	if suppressed > 0 {
		p.line(fmt.Sprintf("(%s suppressed by exceptions)", numfmt.Count(suppressed, "finding")))
	}
	p.line("")
}

// block writes text wrapped to the terminal width under indent.
func (p *tablePrinter) block(indent, text string) {
	for _, l := range wrap(text, p.width-width(indent)) {
		p.line(indent + l)
	}
}

// blockStyled is block for "label text" with the label coloured; it wraps
// the plain text first so colour never changes the layout.
func (p *tablePrinter) blockStyled(indent, label, sgr, text string) {
	for i, l := range wrap(label+" "+text, p.width-width(indent)) {
		if i == 0 && strings.HasPrefix(l, label) {
			l = p.paint(sgr, label) + l[len(label):]
		}
		p.line(indent + l)
	}
}

func (p *tablePrinter) summary(f *model.Findings) {
	s := f.Summary
	p.line(p.paint(sgrBold, "SUMMARY"))
	const label = 22
	item := func(name, value string) {
		for i, l := range wrap(value, p.width-label) {
			if i == 0 {
				p.line(pad("  "+name+":", label, false) + l)
			} else {
				p.line(strings.Repeat(" ", label) + l)
			}
		}
	}
	item("tools by effect", countList(s.ByEffect, effectOrder))
	item("findings", countList(s.BySeverity, severityOrder))
	if len(s.ByCategory) > 0 {
		item("by category", countList(s.ByCategory, categoryOrder))
	}
	if t := s.Tokens; t != nil {
		v := fmt.Sprintf("%s (%s)", thousands(t.Total), textsafe.Line(t.Encoding))
		if t.Window > 0 {
			v += fmt.Sprintf(", %s of a %s window", percent(t.Total, t.Window), thousands(t.Window))
		}
		if t.Estimated {
			v += ", estimated"
		}
		item("tokens", v)
	}
	if s.Incomplete {
		p.blockStyled("  ", "incomplete:", sgrYellow, "at least one server or file could not be fully read")
	}
}

var (
	effectOrder   = []string{model.EffectIrreversible, model.EffectExternal, model.EffectWrite, model.EffectRead, model.EffectUnknown}
	severityOrder = []string{model.SevCritical, model.SevHigh, model.SevMedium, model.SevLow, model.SevInfo}
	categoryOrder = []string{model.CatInjection, model.CatCapability, model.CatChain, model.CatAuth, model.CatHygiene, model.CatCost, model.CatDrift, model.CatCollection}
)

// countList prints "3 high, 1 low" in the given order, then any other keys
// sorted, skipping zeros; "none" when empty.
func countList(m map[string]int, order []string) string {
	var parts []string
	seen := map[string]bool{}
	for _, k := range order {
		seen[k] = true
		if m[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", m[k], k))
		}
	}
	var rest []string
	for k := range m {
		if !seen[k] && m[k] > 0 {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	for _, k := range rest {
		parts = append(parts, fmt.Sprintf("%d %s", m[k], textsafe.Line(k)))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// injectionAlerts are the injection findings no policy suppressed: the
// alert block both the table and markdown put first.
func injectionAlerts(f *model.Findings) []model.Finding {
	var inj []model.Finding
	for _, fd := range f.Findings {
		if fd.Category == model.CatInjection && fd.Suppressed == "" {
			inj = append(inj, fd)
		}
	}
	return inj
}

func serverIndex(f *model.Findings) map[string]*model.ServerReport {
	m := make(map[string]*model.ServerReport, len(f.Servers))
	for i := range f.Servers {
		m[f.Servers[i].Identity] = &f.Servers[i]
	}
	return m
}

// percent formats part/whole with one decimal, computed in integers so
// every platform prints the same digits.
func percent(part, whole int) string {
	if whole <= 0 {
		return "0.0%"
	}
	tenths := (part*1000 + whole/2) / whole
	return fmt.Sprintf("%d.%d%%", tenths/10, tenths%10)
}

func severityColor(sev string) string {
	switch sev {
	case model.SevCritical:
		return sgrBRed
	case model.SevHigh:
		return sgrRed
	case model.SevMedium:
		return sgrYellow
	case model.SevLow:
		return sgrCyan
	}
	return sgrDim
}

func tierColor(tier string) string {
	switch tier {
	case "R5":
		return sgrBRed
	case "R4":
		return sgrRed
	case "R3":
		return sgrYellow
	}
	return ""
}

func effectColor(effect string) string {
	switch effect {
	case model.EffectIrreversible:
		return sgrBRed
	case model.EffectExternal:
		return sgrYellow
	case model.EffectUnknown:
		return sgrDim
	}
	return ""
}

func thousands(n int) string { return numfmt.Thousands(n) }
