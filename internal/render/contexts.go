package render

import (
	"fmt"
	"strings"

	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/numfmt"
	"github.com/assay-mcp/assay/report/textsafe"
)

// contextLine describes one server entry of a context the way a user
// asks "what does my agent load here": name, scope, and whether it is
// loaded, disabled or shadowed by another scope's entry of the same name.
func contextLine(cs model.ContextServer) string {
	state := "loaded"
	switch {
	case cs.ShadowedBy != "":
		state = "shadowed by " + textsafe.Line(cs.ShadowedBy)
	case !cs.Enabled:
		state = "disabled"
	}
	return fmt.Sprintf("%s (%s, %s)", textsafe.Line(cs.Name), textsafe.Line(cs.Scope), state)
}

func contextTitle(c model.Context) string {
	t := textsafe.Line(c.Client)
	if c.Root != "" {
		t += " in " + textsafe.Line(c.Root)
	} else {
		t += " (user scope)"
	}
	return t
}

// contexts prints what each agent loads, per client and project root.
func (p *tablePrinter) contexts(f *model.Findings) {
	if len(f.Contexts) == 0 {
		return
	}
	p.line(p.paint(sgrBold, "CONTEXTS") + " (what each client loads, per project root)")
	for _, c := range f.Contexts {
		loaded := 0
		for _, cs := range c.Servers {
			if cs.Enabled && cs.ShadowedBy == "" {
				loaded++
			}
		}
		p.line(fmt.Sprintf("  %s: %s loaded", contextTitle(c), numfmt.Count(loaded, "server")))
		parts := make([]string, 0, len(c.Servers))
		for _, cs := range c.Servers {
			parts = append(parts, contextLine(cs))
		}
		if len(parts) > 0 {
			p.block("    ", strings.Join(parts, "; "))
		}
	}
	p.line("")
}

// markdownContexts lists each context's servers in a collapsed block.
func markdownContexts(b *strings.Builder, f *model.Findings) {
	if len(f.Contexts) == 0 {
		return
	}
	fmt.Fprintf(b, "<details><summary>Contexts: %s</summary>\n\n", numfmt.Count(len(f.Contexts), "context"))
	for _, c := range f.Contexts {
		fmt.Fprintf(b, "- %s: ", escapeMarkdown(contextTitle(c)))
		parts := make([]string, 0, len(c.Servers))
		for _, cs := range c.Servers {
			parts = append(parts, escapeMarkdown(contextLine(cs)))
		}
		b.WriteString(strings.Join(parts, "; "))
		b.WriteString("\n")
	}
	b.WriteString("\n</details>\n\n")
}
