package policy

import (
	"fmt"

	"github.com/assay-mcp/assay/report/model"
)

// Unused lists the entries of p that had no effect on f: overrides and
// exceptions naming a tool no server has, overrides that are not lower
// than the tool's tier, and ignore entries that matched no finding. The
// CLI prints them as warnings, so a misspelt tool name in a reviewed
// rules file is noticed rather than silently doing nothing. Call it after
// [Apply].
func Unused(p *Policy, f *model.Findings) []string {
	if p == nil || f == nil {
		return nil
	}
	var out []string
	src := p.File
	if src == "" {
		src = "rules file"
	}
	type loc struct{ name, identity string }
	tools := map[string][]loc{}
	for _, s := range f.Servers {
		for _, t := range s.Tools {
			tools[t.Name] = append(tools[t.Name], loc{s.Name, s.Identity})
		}
	}
	onServer := func(tool, server string) bool {
		for _, l := range tools[tool] {
			if server == "" || server == l.name || server == l.identity {
				return true
			}
		}
		return false
	}
	for i, o := range p.Overrides {
		if !onServer(o.Tool, o.Server) {
			out = append(out, fmt.Sprintf("%s: overrides[%d]: no tool %q%s in this analysis", src, i, o.Tool, onText(o.Server)))
			continue
		}
		applied := false
		for _, s := range f.Servers {
			for _, t := range s.Tools {
				if t.Name == o.Tool && (o.Server == "" || o.Server == s.Name || o.Server == s.Identity) && t.Override != nil && t.Override.To == o.Tier {
					applied = true
				}
			}
		}
		if !applied {
			out = append(out, fmt.Sprintf("%s: overrides[%d]: %s is not below the tier of %q: inert (overrides only lower)", src, i, o.Tier, o.Tool))
		}
	}
	for i, e := range p.Exceptions {
		if e.Tool != "" && !onServer(e.Tool, e.Server) {
			out = append(out, fmt.Sprintf("%s: exceptions[%d]: no tool %q%s in this analysis", src, i, e.Tool, onText(e.Server)))
		}
	}
	for i, ig := range p.Ignore {
		hit := false
		for j := range f.Findings {
			fd := &f.Findings[j]
			fd.SetFingerprint()
			if ig.matches(fd, serverName(f, fd.Server)) {
				hit = true
				break
			}
		}
		if !hit {
			out = append(out, fmt.Sprintf("%s: ignore[%d]: matched no finding", src, i))
		}
	}
	return out
}

func onText(server string) string {
	if server == "" {
		return ""
	}
	return " on server " + fmt.Sprintf("%q", server)
}

func serverName(f *model.Findings, identity string) string {
	for _, s := range f.Servers {
		if s.Identity == identity {
			return s.Name
		}
	}
	return ""
}
