package supply

import (
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// Options configure the supply-chain pass. Nil means defaults.
type Options struct {
	// Advisories are extra OSV records (from --advisories), matched with
	// the built-in set.
	Advisories []Record
	// NoBuiltin leaves the built-in advisory set out.
	NoBuiltin bool
}

func (o *Options) records() []Record {
	var out []Record
	if o == nil || !o.NoBuiltin {
		out = append(out, Builtin()...)
	}
	if o != nil {
		out = append(out, o.Advisories...)
	}
	return out
}

// Apply appends advisory (HYG-010) and typosquat (HYG-011) findings for
// every declaration of every configured server.
func Apply(b *model.Bundle, f *model.Findings, opts *Options) {
	if b == nil || f == nil {
		return
	}
	recs := opts.records()
	seen := map[string]bool{}
	for i := range b.Servers {
		s := &b.Servers[i]
		if s.Config == nil {
			continue
		}
		decls := append([]*model.ServerConfig{s.Config}, alsoOf(s.Config)...)
		for _, c := range decls {
			if c.Package == nil || c.Package.Source != "registry" {
				continue
			}
			for _, fd := range judge(s, c, recs) {
				key := fd.ID + "\x00" + fd.Server + "\x00" + fd.Item
				if !seen[key] {
					seen[key] = true
					f.Findings = append(f.Findings, fd)
				}
			}
		}
	}
}

func alsoOf(c *model.ServerConfig) []*model.ServerConfig {
	out := make([]*model.ServerConfig, len(c.Also))
	for i := range c.Also {
		out[i] = &c.Also[i]
	}
	return out
}

// candidate is one version that may run: the pin, or a copy on disk.
type candidate struct{ version, how string }

// candidates lists the versions a declaration may run: the pinned one
// (npx and uvx fetch exactly that), and every copy found on disk.
func candidates(p *model.PackageRef) []candidate {
	var out []candidate
	seen := map[string]bool{}
	if p.Pinned && p.Version != "" && !strings.HasPrefix(p.Version, "sha256:") {
		v := strings.TrimPrefix(p.Version, "v")
		out = append(out, candidate{v, "pinned"})
		seen[v] = true
	}
	for _, in := range p.Installed {
		if !seen[in.Version] {
			seen[in.Version] = true
			out = append(out, candidate{in.Version, "installed in " + in.Where})
		}
	}
	return out
}

func judge(s *model.Server, c *model.ServerConfig, recs []Record) []model.Finding {
	p := c.Package
	var out []model.Finding
	eco := ecosystemOf(p.Ecosystem)
	for ri := range recs {
		r := &recs[ri]
		var hit []string
		var ver, fixed string
		for _, cand := range candidates(p) {
			if ok, fx := r.Affects(eco, p.Name, cand.version); ok {
				hit = append(hit, cand.version+" ("+cand.how+")")
				if ver == "" {
					ver, fixed = cand.version, fx
				}
			}
		}
		if len(hit) == 0 {
			continue
		}
		fd := finding("HYG-010", s, c)
		fd.Item = r.ID + "|" + declItem(c)
		if sev := severityOf(r); sev != "" {
			fd.Severity = sev
		}
		ev := p.Name + " " + strings.Join(hit, ", ") + " is affected by " + r.ID
		if len(r.Aliases) > 0 {
			ev += " (" + strings.Join(r.Aliases, ", ") + ")"
		}
		if r.Summary != "" {
			ev += ": " + r.Summary
		}
		if fixed != "" {
			ev += "; fixed in " + fixed
		}
		fd.Evidence = ev
		fd.Advisory = &model.Advisory{ID: r.ID, Aliases: append([]string(nil), r.Aliases...), Summary: r.Summary,
			Ecosystem: eco, Package: p.Name, Version: ver, Fixed: fixed, URL: r.URL(), Source: r.Source}
		out = append(out, fd)
	}
	if p.Ecosystem == "npm" || p.Ecosystem == "pypi" {
		if why, ok := Typosquat(p.Ecosystem, p.Name); ok {
			fd := finding("HYG-011", s, c)
			fd.Item = "typosquat|" + declItem(c)
			fd.Evidence = p.Name + ": " + why
			out = append(out, fd)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Item < out[j].Item })
	return out
}

// finding starts a finding about one declaration's package argument.
func finding(id string, s *model.Server, c *model.ServerConfig) model.Finding {
	fd := catalog.New(id)
	fd.Server = s.Identity
	fd.Element = "config:" + c.Package.Location
	fd.File, fd.Line = c.File, c.Line
	return fd
}

// declItem names one declaration stably (as report/hygiene does).
func declItem(c *model.ServerConfig) string {
	return c.Client + "|" + c.Scope + "|" + c.Root + "|" + c.File
}

// severityOf maps an advisory's severity (GitHub's database_specific
// word, else a CVSS base score band) to Assay's; "" keeps the rule's.
func severityOf(r *Record) string {
	switch strings.ToUpper(r.DatabaseSpecific.Severity) {
	case "CRITICAL":
		return model.SevCritical
	case "HIGH":
		return model.SevHigh
	case "MODERATE", "MEDIUM":
		return model.SevMedium
	case "LOW":
		return model.SevLow
	}
	return ""
}
