package hashes

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/model"
)

// Keys of a server's hash map.
const (
	Instructions = "instructions"
	Capabilities = "capabilities"
	ServerInfo   = "serverInfo"
	Prompts      = "prompts"
	Resources    = "resources"
	Templates    = "templates"
	// Tools is the composite over every tool's name and Tool hash.
	Tools = "tools"
	// Surface is the composite over every other key of the server map.
	Surface = "surface"

	// Per-item prefixes: "tool:NAME" (the tool's composite, so a bundle
	// names the tool an edit touched), "prompt:NAME", "resource:URI",
	// "template:URITEMPLATE".
	ToolPrefix     = "tool:"
	PromptPrefix   = "prompt:"
	ResourcePrefix = "resource:"
	TemplatePrefix = "template:"
)

// Model-facing members of prompts, resources and templates. Client
// plumbing (_meta, icons, annotations on resources) is left out so that a
// change there is not reported as a text change.
var (
	promptFields   = []string{"name", "title", "description", "arguments"}
	resourceFields = []string{"uri", "name", "title", "description", "mimeType"}
	templateFields = []string{"uriTemplate", "name", "title", "description", "mimeType"}
)

// ServerHashes returns the hash map of one server's surface. tools are the
// servers' tool hash maps in served order (as from [ToolHashes]); names
// are the matching tool names.
func ServerHashes(s *model.Server, names []string, tools []map[string]string) map[string]string {
	h := map[string]string{
		Capabilities: canon.Hash(s.Capabilities),
		ServerInfo:   canon.Hash(s.ServerInfo),
	}
	if s.Instructions != nil {
		h[Instructions] = TextHash(*s.Instructions)
	} else {
		h[Instructions] = canon.Hash(nil)
	}
	h[Prompts] = items(h, s.Prompts, "name", PromptPrefix, promptFields)
	h[Resources] = items(h, s.Resources, "uri", ResourcePrefix, resourceFields)
	h[Templates] = items(h, s.ResourceTemplates, "uriTemplate", TemplatePrefix, templateFields)
	toolMap, next := map[string]string{}, map[string]int{}
	for i, n := range names {
		k := uniqueKey(toolMap, next, n)
		toolMap[k] = tools[i][Tool]
		h[ToolPrefix+k] = tools[i][Tool]
	}
	h[Tools] = canon.HashValue(toolMap)
	h[Surface] = SurfaceComposite(h)
	return h
}

// ToolsComposite recomputes the Tools hash from tool reports.
func ToolsComposite(tools []model.ToolReport) string {
	m, next := map[string]string{}, map[string]int{}
	for _, t := range tools {
		m[uniqueKey(m, next, t.Name)] = t.Hashes[Tool]
	}
	return canon.HashValue(m)
}

// SurfaceComposite recomputes the Surface hash from the other entries of a
// server hash map.
func SurfaceComposite(h map[string]string) string {
	c := make(map[string]string, len(h))
	for k, v := range h {
		if k != Surface {
			c[k] = v
		}
	}
	return canon.HashValue(c)
}

// items hashes a list of prompts, resources or templates: each item under
// prefix+its key, and the list as the map of those (so order is ignored).
func items(h map[string]string, list []json.RawMessage, keyField, prefix string, fields []string) string {
	m, next := map[string]string{}, map[string]int{}
	for _, raw := range list {
		var all map[string]json.RawMessage
		_ = json.Unmarshal(raw, &all)
		var key string
		_ = json.Unmarshal(all[keyField], &key)
		k := uniqueKey(m, next, key)
		m[k] = canon.Hash(canon.Pick(all, fields...))
		h[prefix+k] = m[k]
	}
	return canon.HashValue(m)
}

// uniqueKey returns k, or k#2, k#3... when k is already taken, so
// duplicate names (which hostile servers send) still hash deterministically.
// The caller adds the returned key to m before the next call. next
// remembers, per name, the last suffix handed out: every smaller one is
// taken, since m only grows, so the search resumes there instead of at 2,
// and 10,000 tools of one name cost 10,000 steps, not 50 million.
func uniqueKey[V any](m map[string]V, next map[string]int, k string) string {
	if _, ok := m[k]; !ok {
		return k
	}
	for i := max(next[k], 1) + 1; ; i++ {
		c := k + "#" + strconv.Itoa(i)
		if _, ok := m[c]; !ok {
			next[k] = i
			return c
		}
	}
}

// ItemKeys returns the per-item entries of a server hash map that start
// with prefix, keyed by the item's name or URI.
func ItemKeys(h map[string]string, prefix string) map[string]string {
	out := map[string]string{}
	for k, v := range h {
		if n, ok := strings.CutPrefix(k, prefix); ok {
			out[n] = v
		}
	}
	return out
}

// Bundle hashes every server of a bundle: per server its ServerHashes and
// per tool its ToolHashes. It never mutates b.
func Bundle(b *model.Bundle) (servers []map[string]string, tools [][]map[string]string) {
	servers = make([]map[string]string, len(b.Servers))
	tools = make([][]map[string]string, len(b.Servers))
	for i := range b.Servers {
		s := &b.Servers[i]
		names := make([]string, len(s.Tools))
		th := make([]map[string]string, len(s.Tools))
		for j, raw := range s.Tools {
			var n struct{ Name string }
			_ = json.Unmarshal(raw, &n)
			names[j] = n.Name
			th[j] = ToolHashes(raw)
		}
		tools[i] = th
		servers[i] = ServerHashes(s, names, th)
	}
	return servers, tools
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Recompose recomputes the composite entries of an analysed server's hash
// map (tool:NAME, tools, surface) from its tool reports, keeping every
// component entry. A baseline that accepts one tool's change without the
// full definitions uses it.
func Recompose(s *model.ServerReport) {
	h := map[string]string{}
	for k, v := range s.Hashes {
		if !strings.HasPrefix(k, ToolPrefix) && k != Tools && k != Surface {
			h[k] = v
		}
	}
	seen, next := map[string]bool{}, map[string]int{}
	for _, t := range s.Tools {
		k := uniqueKey(seen, next, t.Name)
		seen[k] = true
		h[ToolPrefix+k] = t.Hashes[Tool]
	}
	h[Tools] = ToolsComposite(s.Tools)
	h[Surface] = SurfaceComposite(h)
	s.Hashes = h
}
