package config

import (
	"fmt"
	"strings"
)

// PlanItem is one file discovery looked at.
type PlanItem struct {
	Client  string
	Variant string
	Scope   string
	// Root is the project root label for project and local scopes.
	Root string
	// File is the redacted label of the file.
	File string
	// Status is read, absent or error.
	Status string
	// Servers is the number of server declarations read from it.
	Servers int
	// What is "" for an MCP config, PlanSettings for an agent settings
	// file, PlanInstructions for an instruction file or skill.
	What string
	// Count is the settings facts found (PlanSettings) or the scripts a
	// skill ships (PlanInstructions).
	Count int
}

// Kinds of files in the plan besides MCP configs.
const (
	PlanSettings     = "settings"
	PlanInstructions = "instructions"
)

// PlanText renders the plan for --dry-run: one line per file, files
// that were read first. Labels only; no absolute paths.
func (inv *Inventory) PlanText(showAbsent bool) string {
	var b strings.Builder
	for _, pass := range []string{"read", "error", "absent"} {
		if pass == "absent" && !showAbsent {
			continue
		}
		for _, p := range inv.Plan {
			if p.Status != pass {
				continue
			}
			client := p.Client
			if p.Variant != "" {
				client += "#" + p.Variant
			}
			scope := p.Scope
			if p.Root != "" {
				scope += "@" + p.Root
			}
			fmt.Fprintf(&b, "%-7s %-28s %-18s %s", p.Status, client, scope, p.File)
			if p.Status == "read" {
				switch p.What {
				case PlanSettings:
					fmt.Fprintf(&b, " (agent settings; trust-changing: %d)", p.Count)
				case PlanInstructions:
					b.WriteString(" (instructions the model reads")
					if p.Count > 0 {
						fmt.Fprintf(&b, "; %s listed, not kept", plural(p.Count, "script"))
					}
					b.WriteString(")")
				default:
					fmt.Fprintf(&b, " (%d server", p.Servers)
					if p.Servers != 1 {
						b.WriteString("s")
					}
					b.WriteString(")")
				}
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}
