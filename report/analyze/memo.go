package analyze

import (
	"encoding/json"

	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/inject"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// toolHashesMemo is hashes.ToolHashesOf through the memo, keyed by the
// tool's raw definition (the only thing it reads). The map is shared by
// every analysis that hits it and is never written after this.
func toolHashesMemo(m *cache.Memo, t *surface.Tool) map[string]string {
	if m == nil {
		return hashes.ToolHashesOf(t)
	}
	key := cache.Key(catalog.Ruleset, "hashes/tool", "", cache.Raw(t.Raw))
	if v, ok := m.Get(key); ok {
		return v.(map[string]string)
	}
	h := hashes.ToolHashesOf(t)
	m.Put(key, h)
	return h
}

// injectServer is inject.ScanServer through the memo: a server whose raw
// surface, identity and name are unchanged is scanned once per process
// (both sides of a diff, a check against its baseline). The key covers
// every field ScanServer reads (see package cache for the contract).
func injectServer(m *cache.Memo, s *model.Server, opts *inject.Options) []model.Finding {
	if m == nil {
		return inject.ScanServer(s, opts)
	}
	key := cache.Key(catalog.Ruleset, "inject/server", cache.Digest(opts), serverRaw(s), s.Identity, s.Name)
	if v, ok := m.Get(key); ok {
		return append([]model.Finding(nil), v.([]model.Finding)...)
	}
	out := inject.ScanServer(s, opts)
	m.Put(key, append([]model.Finding(nil), out...))
	return out
}

// serverRaw digests the raw parts of a server's surface a per-server pass
// reads: instructions, serverInfo and every listing, each item apart.
func serverRaw(s *model.Server) string {
	parts := [][]byte{s.ServerInfo}
	if s.Instructions != nil {
		parts = append(parts, []byte{1}, []byte(*s.Instructions))
	} else {
		parts = append(parts, []byte{0}, nil)
	}
	for _, list := range [][]json.RawMessage{s.Tools, s.Prompts, s.Resources, s.ResourceTemplates} {
		parts = append(parts, []byte{byte(len(list)), byte(len(list) >> 8), byte(len(list) >> 16), byte(len(list) >> 24)})
		for _, raw := range list {
			parts = append(parts, raw)
		}
	}
	return cache.Raw(parts...)
}
