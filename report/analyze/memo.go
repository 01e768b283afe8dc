package analyze

import (
	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/inject"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// toolHashesMemo is hashes.ToolHashesOf through the memo, keyed by the
// tool's raw definition (the only thing it reads), whose cache.Raw is
// comp. The map is shared by every analysis that hits it and is never
// written after this.
func toolHashesMemo(m *cache.Memo, t *surface.Tool, comp string) map[string]string {
	if m == nil {
		return hashes.ToolHashesOf(t)
	}
	key := cache.Key(catalog.Ruleset, "hashes/tool", "", comp)
	if v, ok := m.Get(key); ok {
		return v.(map[string]string)
	}
	h := hashes.ToolHashesOf(t)
	m.Put(key, h)
	return h
}

// injectServer is inject.ScanView: it memoises each tool's result in m
// itself (keyed by the tool's raw definition, the server's identity and
// name and its sorted tool names; see package cache).
func injectServer(m *cache.Memo, v *surface.Server, opts *inject.Options) []model.Finding {
	return inject.ScanView(v, opts, m)
}
