package fleet

import (
	"fmt"
	"io"
	"strings"
)

// WriteMarkdown renders the fleet view for a PR comment or a report.
func WriteMarkdown(w io.Writer, f *Fleet) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Assay fleet report\n\n%d machines, %d distinct servers, %d tools; %d literal secrets, %d unpinned servers.\n\n",
		f.Totals["machines"], f.Totals["servers"], f.Totals["tools"], f.Totals["literalSecrets"], f.Totals["unpinned"])
	if len(f.Duplicates) > 0 {
		b.WriteString("## Duplicate bundles (counted once)\n\n")
		for _, d := range f.Duplicates {
			fmt.Fprintf(&b, "- %s: %s (identical: %t)\n", md(d.Label), md(strings.Join(d.Sources, ", ")), d.Identical)
		}
		b.WriteString("\n")
	}
	b.WriteString("## Machines\n\n| machine | servers | tools | literal secrets | unpinned | critical | high | signed |\n|---|---:|---:|---:|---:|---:|---:|---|\n")
	for _, m := range f.Machines {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d | %t |\n", md(m.Label), m.Servers, m.Tools, m.LiteralSecrets, m.Unpinned,
			m.BySeverity["critical"], m.BySeverity["high"], m.Signed)
	}
	b.WriteString("\n## Servers × machines\n\n| server | machines | versions |\n|---|---|---|\n")
	for _, s := range f.Servers {
		fmt.Fprintf(&b, "| %s | %s | %s |\n", md(s.Identity), md(strings.Join(s.Machines, ", ")), md(strings.Join(s.Versions, ", ")))
	}
	b.WriteString("\n## Riskiest tools across the fleet\n\n| tier | effect | server | tool | kinds | machines |\n|---|---|---|---|---|---:|\n")
	for i, t := range f.RiskyTools {
		if i == 50 {
			fmt.Fprintf(&b, "\n… and %d more.\n", len(f.RiskyTools)-50)
			break
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %d |\n", t.Tier, t.Effect, md(t.Server), md(t.Tool), strings.Join(t.Kinds, ", "), len(t.Machines))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// md escapes text for a markdown table cell: pipes, HTML and markdown
// punctuation from server-controlled names.
func md(s string) string {
	r := strings.NewReplacer("|", "\\|", "<", "&lt;", ">", "&gt;", "&", "&amp;", "`", "\\`", "*", "\\*", "_", "\\_", "[", "\\[", "]", "\\]", "\n", " ", "\r", " ")
	return r.Replace(s)
}
