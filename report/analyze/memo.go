package analyze

import (
	"encoding/json"

	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/inject"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// injectServer is inject.ScanView: it memoises each tool's result in m
// itself (keyed by the tool's raw definition, the server's identity and
// name and its sorted tool names; see package cache).
func injectServer(m *cache.Memo, v *surface.Server, opts *inject.Options) []model.Finding {
	return inject.ScanView(v, opts, m)
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
