// Package hygiene turns redacted config facts into auth and hygiene
// findings. It sees only what collection recorded: names, locations,
// labels and short details, never a secret value.
package hygiene

import (
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// Fact kinds as recorded by collectkit/config (the list is in report/model).
const (
	factLiteralSecret   = model.FactLiteralSecret
	factEscalation      = model.FactEscalation
	factShellLauncher   = model.FactShellLauncher
	factShellDownload   = model.FactShellDownload
	factCodeLoadingEnv  = model.FactCodeLoadingEnv
	factUnpinned        = model.FactUnpinned
	factVersionMismatch = model.FactVersionMismatch
	factPlainHTTP       = model.FactPlainHTTP
	factGitSource       = model.FactGitSource
)

// factRules maps a fact kind to the rule it raises. plain_http is
// handled apart: it is AUTH-004 when a credential travels with it.
var factRules = map[string]string{
	factLiteralSecret:   "AUTH-001",
	factEscalation:      "HYG-001",
	factShellLauncher:   "HYG-002",
	factShellDownload:   "HYG-003",
	factCodeLoadingEnv:  "HYG-004",
	factUnpinned:        "HYG-005",
	factVersionMismatch: "HYG-006",
	factGitSource:       "HYG-012",
}

// Apply appends auth and hygiene findings for every configured server,
// and shadowing findings for every context. f must already hold the
// classification (tool effects) for the critical unauthenticated-remote
// rule; without it that rule falls back to the plain no-auth finding.
func Apply(b *model.Bundle, f *model.Findings) {
	if b == nil || f == nil {
		return
	}
	seen := map[string]bool{}
	emit := func(fd model.Finding) {
		key := fd.ID + "\x00" + fd.Server + "\x00" + fd.Item + "\x00" + fd.Element + "\x00" + fd.Context
		if seen[key] {
			return
		}
		seen[key] = true
		f.Findings = append(f.Findings, fd)
	}
	for i := range b.Servers {
		s := &b.Servers[i]
		if s.Config == nil {
			continue
		}
		decls := declarations(s.Config)
		for _, c := range decls {
			for _, fc := range c.Facts {
				factFinding(s, c, fc, emit)
			}
		}
		authFinding(s, decls, report(f, s.Identity), emit)
	}
	shadowFindings(b.Contexts, emit)
}

// declarations lists a server's primary config and the others of the
// same identity, in a stable order.
func declarations(c *model.ServerConfig) []*model.ServerConfig {
	out := []*model.ServerConfig{c}
	for i := range c.Also {
		out = append(out, &c.Also[i])
	}
	return out
}

func report(f *model.Findings, identity string) *model.ServerReport {
	for i := range f.Servers {
		if f.Servers[i].Identity == identity {
			return &f.Servers[i]
		}
	}
	return nil
}

// declItem names one declaration stably: client, scope, root and file
// label. Line numbers are left out so an edit above it keeps the
// fingerprint.
func declItem(c *model.ServerConfig) string {
	return c.Client + "|" + c.Scope + "|" + c.Root + "|" + c.File
}

func where(c *model.ServerConfig) string {
	w := c.File
	if w == "" {
		w = c.Client + " " + c.Scope
	}
	if c.Line > 0 {
		w += ":" + strconv.Itoa(c.Line)
	}
	return w
}

func factFinding(s *model.Server, c *model.ServerConfig, fc model.ConfigFact, emit func(model.Finding)) {
	id, ok := factRules[fc.Kind]
	if fc.Kind == factPlainHTTP {
		id, ok = "HYG-009", true
		if c.Auth == "literal_secret" || c.Auth == "env_ref" || len(c.HeaderNames) > 0 {
			id = "AUTH-004"
		}
	}
	if !ok {
		return
	}
	fd := catalog.New(id)
	fd.Server = s.Identity
	fd.Item = declItem(c)
	fd.Element = "config:" + fc.Location
	fd.File, fd.Line = c.File, c.Line
	ev := where(c) + " " + fc.Location
	if fc.Detail != "" {
		ev += ": " + fc.Detail
	}
	if c.Disabled {
		ev += " (entry disabled)"
	}
	fd.Evidence = ev
	emit(fd)
}

// stateChanging are the effects that make an unauthenticated remote
// server critical.
var stateChanging = map[string]bool{model.EffectWrite: true, model.EffectExternal: true, model.EffectIrreversible: true}

func authFinding(s *model.Server, decls []*model.ServerConfig, r *model.ServerReport, emit func(model.Finding)) {
	var open []*model.ServerConfig
	for _, c := range decls {
		// A disabled entry exposes nothing; the others decide.
		if !c.Disabled && (c.Transport == "http" || c.Transport == "sse") && (c.Auth == "none" || c.Auth == "") && !isLoopback(c.URLHost) {
			open = append(open, c)
		}
	}
	if len(open) == 0 {
		return
	}
	var risky []string
	if r != nil {
		for _, t := range r.Tools {
			if stateChanging[t.Effect] {
				risky = append(risky, t.Name+" ("+t.Effect+")")
			}
		}
	}
	sort.Strings(risky)
	var places []string
	for _, c := range open {
		places = append(places, where(c))
	}
	id := "AUTH-002"
	ev := "no credential, reference or OAuth declared in " + strings.Join(places, ", ")
	if len(risky) > 0 {
		id = "AUTH-003"
		shown := risky
		if len(shown) > 5 {
			shown = append(append([]string{}, shown[:5]...), "+"+strconv.Itoa(len(risky)-5)+" more")
		}
		ev += "; state-changing tools: " + strings.Join(shown, ", ")
	}
	fd := catalog.New(id)
	fd.Server = s.Identity
	fd.Element = "config:auth"
	fd.Item = "auth"
	fd.Evidence = ev
	emit(fd)
}

func isLoopback(host string) bool {
	h := host
	if i := strings.LastIndex(h, ":"); i >= 0 && !strings.HasSuffix(h, "]") {
		h = h[:i]
	}
	h = strings.Trim(h, "[]")
	return h == "localhost" || strings.HasPrefix(h, "127.") || h == "::1" || strings.HasSuffix(h, ".localhost")
}

// shadowFindings reports every entry a higher-precedence entry of the
// same name hides, split by whether both point at the same endpoint.
func shadowFindings(ctxs []model.Context, emit func(model.Finding)) {
	for _, ctx := range ctxs {
		winners := map[string]model.ContextServer{}
		for _, cs := range ctx.Servers {
			if cs.ShadowedBy == "" {
				if _, ok := winners[cs.Name]; !ok {
					winners[cs.Name] = cs
				}
			}
		}
		for _, cs := range ctx.Servers {
			if cs.ShadowedBy == "" {
				continue
			}
			w, ok := winners[cs.Name]
			id := "HYG-008"
			if ok && sameEndpoint(w.Identity, cs.Identity) {
				id = "HYG-007"
			}
			fd := catalog.New(id)
			fd.Server = cs.Identity
			fd.Context = ctx.ID
			fd.Item = ctx.ID + "|" + cs.Name + "|" + cs.Scope
			fd.Element = "context:" + ctx.ID
			fd.Evidence = "in " + ctx.ID + ", the " + cs.Scope + " entry " + strconv.Quote(cs.Name) + " is hidden by the " + cs.ShadowedBy + " entry"
			if ok && w.Identity != cs.Identity {
				fd.Evidence += " (" + w.Identity + " instead of " + cs.Identity + ")"
			}
			emit(fd)
		}
	}
}

// sameEndpoint compares identities: equal name, transport and endpoint.
func sameEndpoint(a, b string) bool { return a == b }
