// Package apps judges MCP Apps: ui:// resources a server lists whose
// HTML the host renders for the user (the io.modelcontextprotocol/ui
// extension). Their declared Content Security Policy is egress: every
// origin in _meta.ui.csp is a place the app's script may send what it
// shows. Requested device permissions (_meta.ui.permissions) are
// reported, and any text a listing carries is scanned as model-facing
// text. Nothing is fetched: the resource is never read.
//
// Per the MCP Apps specification (McpUiResourceMeta): "csp":
// {connectDomains, resourceDomains, frameDomains, baseUriDomains} map to
// the connect-src, img/script/style/font/media-src, frame-src and
// base-uri directives; "permissions": {camera, microphone, geolocation,
// clipboardWrite} map to Permission Policy features.
package apps

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/textscan"
)

// cspLists are the CSP fields of _meta.ui.csp, in report order.
var cspLists = []string{"connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"}

// devicePermissions are the permissions of _meta.ui.permissions.
var devicePermissions = []string{"camera", "microphone", "geolocation", "clipboardWrite"}

type uiMeta struct {
	CSP         map[string]json.RawMessage `json:"csp"`
	Permissions map[string]json.RawMessage `json:"permissions"`
}

type resource struct {
	URI      string `json:"uri"`
	MimeType string `json:"mimeType"`
	Text     string `json:"text"`
	Meta     struct {
		UI *uiMeta `json:"ui"`
	} `json:"_meta"`
}

// maxOrigins caps the origins listed in one finding.
const maxOrigins = 20

// Apply appends MCP App findings for every ui:// resource of every server.
func Apply(b *model.Bundle, f *model.Findings) {
	if b == nil || f == nil {
		return
	}
	for i := range b.Servers {
		s := &b.Servers[i]
		for _, raw := range s.Resources {
			var r resource
			if json.Unmarshal(raw, &r) != nil || !isApp(r) {
				continue
			}
			f.Findings = append(f.Findings, judge(s, r)...)
		}
	}
}

func isApp(r resource) bool {
	return strings.HasPrefix(strings.ToLower(r.URI), "ui://") || strings.Contains(strings.ToLower(r.MimeType), "profile=mcp-app")
}

func judge(s *model.Server, r resource) []model.Finding {
	var out []model.Finding
	base := "resource:" + r.URI
	newFd := func(id, element, ev string) model.Finding {
		fd := catalog.New(id)
		fd.Server = s.Identity
		fd.Element = element
		fd.Item = r.URI
		fd.Evidence = ev
		if s.Config != nil {
			fd.File, fd.Line = s.Config.File, s.Config.Line
		}
		return fd
	}
	if ui := r.Meta.UI; ui != nil {
		var all, wide []string
		firstWide := ""
		for _, list := range cspLists {
			var origins []string
			if json.Unmarshal(ui.CSP[list], &origins) != nil {
				continue
			}
			for i, o := range origins {
				o = strings.TrimSpace(o)
				if o == "" {
					continue
				}
				all = append(all, list+": "+o)
				if isWide(o) {
					wide = append(wide, list+": "+o)
					if firstWide == "" {
						firstWide = base + "/_meta/ui/csp/" + list + "/" + itoa(i)
					}
				}
			}
		}
		if len(wide) > 0 {
			out = append(out, newFd("CAP-010", firstWide, r.URI+" allows "+join(wide)))
		}
		if len(all) > 0 {
			out = append(out, newFd("CAP-011", base+"/_meta/ui/csp", r.URI+" may reach "+join(all)))
		}
		var perms []string
		for _, p := range devicePermissions {
			if v, ok := ui.Permissions[p]; ok && string(v) != "null" && string(v) != "false" {
				perms = append(perms, p)
			}
		}
		if len(perms) > 0 {
			fd := newFd("CAP-012", base+"/_meta/ui/permissions", r.URI+" requests "+strings.Join(perms, ", "))
			if len(perms) == 1 && perms[0] == "clipboardWrite" {
				fd.Severity = model.SevLow
			}
			out = append(out, fd)
		}
	}
	if strings.TrimSpace(r.Text) != "" {
		for _, h := range textscan.Scan(textscan.Blocks(visibleText(r.Text))) {
			fd := h.Finding
			fd.Server = s.Identity
			fd.Element = base + "/text"
			fd.Item = r.URI
			if h.Line > 0 {
				fd.Evidence = "line " + itoa(h.Line) + ": " + fd.Evidence
			}
			out = append(out, fd)
		}
	}
	return out
}

// isWide reports a CSP source that admits any origin or a whole top-level
// domain: "*", a scheme alone ("https:", "data:"), "https://*", "*.com".
func isWide(o string) bool {
	l := strings.ToLower(o)
	if l == "*" || l == "'unsafe-eval'" || l == "'unsafe-inline'" {
		return true
	}
	if strings.HasSuffix(l, ":") && !strings.Contains(l, "/") {
		return true // scheme source
	}
	host := l
	if i := strings.Index(host, "://"); i >= 0 {
		host = host[i+3:]
	}
	host, _, _ = strings.Cut(host, "/")
	if h, _, ok := strings.Cut(host, ":"); ok {
		host = h
	}
	if host == "*" {
		return true
	}
	if rest, ok := strings.CutPrefix(host, "*."); ok {
		return !strings.Contains(rest, ".") // *.com, *.io
	}
	return false
}

// visibleText is HTML with its tags (and their attributes) removed and
// everything else kept: text, script bodies and comments, where hidden
// instructions live.
func visibleText(html string) string {
	var b strings.Builder
	in := false
	for i := 0; i < len(html); i++ {
		c := html[i]
		switch {
		case !in && c == '<' && !strings.HasPrefix(html[i:], "<!--"):
			in = true
			b.WriteByte(' ')
		case in && c == '>':
			in = false
		case !in:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func join(items []string) string {
	sort.Strings(items)
	if len(items) > maxOrigins {
		items = append(items[:maxOrigins], "and "+itoa(len(items)-maxOrigins)+" more")
	}
	return strings.Join(items, "; ")
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
