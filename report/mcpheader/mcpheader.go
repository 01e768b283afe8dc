// Package mcpheader judges the x-mcp-header schema annotation of MCP
// 2026-07-28: a tool parameter annotated with it is mirrored by the
// client into an HTTP header of the request (Mcp-Param-…), where proxies,
// load balancers and access logs see it. A parameter that carries a
// secret or personal data there leaks it to every hop (HYG-030). Pure:
// it walks the recorded inputSchema under depth and node bounds.
package mcpheader

import (
	"bytes"
	"encoding/json"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// Bounds of one schema walk.
const (
	maxDepth = 32
	maxNodes = 5000
)

type pattern struct {
	what string
	re   *regexp.Regexp
}

// sensitive names what a parameter or header name suggests it carries;
// compiled on first use, never at process start.
var sensitive = sync.OnceValue(func() []pattern {
	return []pattern{
		{"a secret", regexp.MustCompile(`(?i)(token|secret|passw(or)?d|passwd|api[-_]?key|apikey|credential|bearer|authorization|cookie|session[-_]?id|private[-_]?key)`)},
		{"personal data", regexp.MustCompile(`(?i)(e[-_]?mail|phone|ssn|social[-_]?security|birth|passport|iban|card[-_]?number|home[-_]?address)`)},
	}
})

// mayAnnotate says whether a raw definition can hold an x-mcp-header
// member: the name spelled out, or a \u escape that could spell it (none of
// its characters has a short escape). Without either the tool is skipped
// undecoded: nearly every tool, and a decode per tool was most of this
// pass's time.
func mayAnnotate(raw []byte) bool {
	return bytes.Contains(raw, []byte("x-mcp-header")) || bytes.Contains(raw, []byte(`\u`))
}

// Apply appends one HYG-030 per tool parameter that mirrors sensitive
// data into a header.
func Apply(b *model.Bundle, f *model.Findings) {
	if b == nil || f == nil {
		return
	}
	for i := range b.Servers {
		s := &b.Servers[i]
		for _, raw := range s.Tools {
			if !mayAnnotate(raw) {
				continue
			}
			var t struct {
				Name        string `json:"name"`
				InputSchema any    `json:"inputSchema"`
			}
			if json.Unmarshal(raw, &t) != nil {
				continue
			}
			w := &walker{}
			w.walk(t.InputSchema, "inputSchema", "", 0)
			sort.Slice(w.hits, func(a, b int) bool { return w.hits[a].path < w.hits[b].path })
			for _, h := range w.hits {
				fd := catalog.New("HYG-030")
				fd.Server, fd.Tool = s.Identity, t.Name
				fd.Element = "tool:" + t.Name + "/" + h.path
				fd.Evidence = "parameter " + h.param + " looks like " + h.what + " and is mirrored into header " + h.header
				f.Findings = append(f.Findings, fd)
			}
		}
	}
}

type hit struct{ path, param, header, what string }

type walker struct {
	nodes int
	hits  []hit
}

// walk visits properties and items; param is the enclosing property.
func (w *walker) walk(v any, path, param string, depth int) {
	w.nodes++
	m, ok := v.(map[string]any)
	if !ok || depth > maxDepth || w.nodes > maxNodes {
		return
	}
	if h, ok := m["x-mcp-header"].(string); ok && param != "" {
		desc, _ := m["description"].(string)
		for _, s := range sensitive() {
			if s.re.MatchString(param) || s.re.MatchString(h) || s.re.MatchString(desc) {
				w.hits = append(w.hits, hit{path: path, param: quote(param), header: quote(h), what: s.what})
				break
			}
		}
	}
	if props, ok := m["properties"].(map[string]any); ok {
		names := make([]string, 0, len(props))
		for k := range props {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			w.walk(props[k], path+"/properties/"+k, k, depth+1)
		}
	}
	if items, ok := m["items"]; ok {
		w.walk(items, path+"/items", param, depth+1)
	}
}

func quote(s string) string {
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	b, _ := json.Marshal(s)
	return strings.ReplaceAll(string(b), `\u0026`, "&")
}
