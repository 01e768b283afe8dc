package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/numfmt"
	"github.com/assay-mcp/assay/report/textsafe"
)

// Markdown is written for GitHub PR comments and Actions step summaries.
// Server text is hostile: it could inject markdown links, HTML, images
// that call home, @-mentions that ping people or "#123" references. So
// every server string is first neutralised by textsafe.Line and then put
// in a code span (mentions, autolinks, HTML and emphasis are all inert
// inside code), with table pipes escaped. Catalogue text (titles, help)
// is Assay's own and written as prose, still markdown-escaped.

// maxMarkdownFindings caps the findings table so a huge fleet stays under
// GitHub's step-summary and comment size limits; the rest is counted.
const maxMarkdownFindings = 200

// maxMarkdownEvidence caps one evidence cell, in runes.
const maxMarkdownEvidence = 160

func writeMarkdown(w io.Writer, f *model.Findings, opts *Options) error {
	var b strings.Builder
	s := f.Summary
	fmt.Fprintf(&b, "## Assay: %s, %s, %s\n\n", numfmt.Count(len(f.Servers), "server"), numfmt.Count(s.Tools, "tool"), numfmt.Count(s.Findings, "finding"))
	fmt.Fprintf(&b, "**Findings:** %s  \n", countList(s.BySeverity, severityOrder))
	fmt.Fprintf(&b, "**Tools by effect:** %s", countList(s.ByEffect, effectOrder))
	if t := s.Tokens; t != nil {
		fmt.Fprintf(&b, "  \n**Tokens:** %s (%s)", thousands(t.Total), escapeMarkdown(t.Encoding))
		if t.Window > 0 {
			fmt.Fprintf(&b, ", %s of a %s window", percent(t.Total, t.Window), thousands(t.Window))
		}
		if t.Estimated {
			b.WriteString(", estimated")
		}
	}
	b.WriteString("\n\n")
	if s.Incomplete {
		b.WriteString("> [!WARNING]\n> Incomplete: at least one server or file could not be fully read, so these results may miss something.\n\n")
	}
	servers := serverIndex(f)
	markdownAlerts(&b, f, servers)
	markdownFindings(&b, f, servers)
	markdownContexts(&b, f)
	markdownServers(&b, f)
	_, err := io.WriteString(w, b.String())
	return err
}

func markdownAlerts(b *strings.Builder, f *model.Findings, servers map[string]*model.ServerReport) {
	inj := injectionAlerts(f)
	if len(inj) == 0 {
		return
	}
	fmt.Fprintf(b, "> [!CAUTION]\n> **%s of prompt injection** in text the model reads:\n", numfmt.Count(len(inj), "sign"))
	for i, fd := range inj {
		if i == maxMarkdownFindings {
			fmt.Fprintf(b, "> - and %d more\n", len(inj)-i)
			break
		}
		fmt.Fprintf(b, "> - **%s** %s: %s", fd.ID, escapeMarkdown(fd.Title), markdownWhere(fd, servers[fd.Server]))
		if fd.Evidence != "" {
			b.WriteString(" — ")
			b.WriteString(codeSpan(textsafe.Clip(textsafe.Line(fd.Evidence), maxMarkdownEvidence), false))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

func markdownFindings(b *strings.Builder, f *model.Findings, servers map[string]*model.ServerReport) {
	var active []model.Finding
	suppressed := 0
	for _, fd := range f.Findings {
		if fd.Suppressed != "" {
			suppressed++
			continue
		}
		active = append(active, fd)
	}
	b.WriteString("### Findings\n\n")
	if len(active) == 0 {
		b.WriteString("No findings.\n\n")
	} else {
		b.WriteString("| Severity | Rule | Finding | Where | Evidence |\n|---|---|---|---|---|\n")
		for i, fd := range active {
			if i == maxMarkdownFindings {
				fmt.Fprintf(b, "\n…and %d more findings; see the SARIF or findings JSON.\n", len(active)-i)
				break
			}
			ev := ""
			if fd.Evidence != "" {
				ev = codeSpan(textsafe.Clip(textsafe.Line(fd.Evidence), maxMarkdownEvidence), true)
			}
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", severityBadge(fd.Severity), ruleCell(fd),
				tableCell(escapeMarkdown(fd.Title)), markdownWhereCell(fd, servers[fd.Server]), ev)
		}
		b.WriteString("\n")
	}
	if suppressed > 0 {
		fmt.Fprintf(b, "%s suppressed by exceptions.\n\n", numfmt.Count(suppressed, "finding"))
	}
}

// ruleCell is the rule id with its OWASP MCP Top 10 category.
func ruleCell(fd model.Finding) string {
	if o := catalog.OWASPFor(fd.ID, fd.Element); o != "" {
		return escapeMarkdown(fd.ID) + " (" + escapeMarkdown(strings.TrimSuffix(o, ":2025")) + ")"
	}
	return escapeMarkdown(fd.ID)
}

func markdownServers(b *strings.Builder, f *model.Findings) {
	if len(f.Servers) == 0 {
		return
	}
	b.WriteString("### Servers\n\n")
	for _, s := range f.Servers {
		status := numfmt.Count(len(s.Tools), "tool")
		if model.HasGap(s.Errors) {
			status += ", incomplete"
		}
		fmt.Fprintf(b, "<details><summary><code>%s</code> — %s</summary>\n\n", escapeHTML(textsafe.Line(s.Name)), status)
		if len(s.Tools) == 0 {
			b.WriteString("No tools.\n\n</details>\n\n")
			continue
		}
		b.WriteString("| Tool | Effect | Tier | Kinds | Tokens |\n|---|---|---|---|---:|\n")
		for _, t := range s.Tools {
			kinds := strings.Join(t.Kinds, ", ")
			if t.Router {
				kinds = strings.TrimPrefix(kinds+", router", ", ")
			}
			if kinds == "" {
				kinds = "—"
			}
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", codeSpan(textsafe.Line(t.Name), true),
				escapeMarkdown(t.Effect), escapeMarkdown(t.Tier), escapeMarkdown(kinds), strconv.Itoa(t.Tokens))
		}
		b.WriteString("\n</details>\n\n")
	}
}

// markdownWhere names server and tool as code spans (not for tables).
func markdownWhere(fd model.Finding, sv *model.ServerReport) string {
	return whereParts(fd, sv, false)
}

func markdownWhereCell(fd model.Finding, sv *model.ServerReport) string {
	return whereParts(fd, sv, true)
}

func whereParts(fd model.Finding, sv *model.ServerReport, inTable bool) string {
	var parts []string
	switch {
	case sv != nil:
		parts = append(parts, "server "+codeSpan(textsafe.Line(sv.Name), inTable))
	case fd.Server != "":
		parts = append(parts, "server "+codeSpan(textsafe.Line(fd.Server), inTable))
	case fd.Context != "":
		parts = append(parts, "context "+codeSpan(textsafe.Line(fd.Context), inTable))
	}
	if fd.Tool != "" {
		parts = append(parts, "tool "+codeSpan(textsafe.Line(fd.Tool), inTable))
	} else if len(fd.Tools) > 0 {
		parts = append(parts, "tools "+strings.Join(toolList(fd.Tools, func(t string) string { return codeSpan(textsafe.Line(t), inTable) }), ", "))
	}
	if fd.Element != "" && !elementIsTool(fd.Element, fd.Tool) {
		parts = append(parts, codeSpan(textsafe.Line(fd.Element), inTable))
	}
	if fd.File != "" && fd.Server == "" {
		at := fd.File
		if fd.Line > 0 {
			at += ":" + strconv.Itoa(fd.Line)
		}
		parts = append(parts, codeSpan(textsafe.Line(at), inTable))
	}
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, ", ")
}

func severityBadge(sev string) string {
	switch sev {
	case model.SevCritical:
		return "🟥 critical"
	case model.SevHigh:
		return "🟧 high"
	case model.SevMedium:
		return "🟨 medium"
	case model.SevLow:
		return "🟦 low"
	case model.SevInfo:
		return "⬜ info"
	}
	return escapeMarkdown(sev)
}

// codeSpan wraps already-neutralised text in a code span whose fence is
// longer than any backtick run inside, padding with spaces when the text
// starts or ends with a backtick. In a table cell, pipes are escaped
// (GFM splits cells before it parses code spans).
func codeSpan(s string, inTable bool) string {
	if s == "" {
		return "—"
	}
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || (strings.HasPrefix(s, " ") && strings.HasSuffix(s, " ")) {
		s = " " + s + " "
	}
	if inTable {
		s = strings.ReplaceAll(s, "|", `\|`)
	}
	return fence + s + fence
}

// tableCell makes prose safe inside a GFM table cell.
func tableCell(s string) string {
	return strings.ReplaceAll(s, "|", `\|`)
}

// escapeMarkdown makes prose literal in GFM: it backslash-escapes the
// inline punctuation markdown acts on anywhere (\ ` * _ [ ] | ~ #), the
// block markers it acts on at the start of a line (- + = !), and
// writes <, > and & as entities so no HTML survives. Server text goes in
// code spans instead; this is for Assay's own words and enum values.
func escapeMarkdown(s string) string {
	s = textsafe.Text(s)
	var b strings.Builder
	lineStart := true
	for _, r := range s {
		switch {
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '&':
			b.WriteString("&amp;")
		case strings.ContainsRune("\\`*_[]|~#", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		case lineStart && strings.ContainsRune("-+=!", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
		lineStart = r == '\n'
	}
	return b.String()
}

// escapeHTML escapes text for an HTML element body or attribute.
func escapeHTML(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;", "@", "&#64;")
	return r.Replace(s)
}
