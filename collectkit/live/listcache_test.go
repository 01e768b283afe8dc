package live

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/assay-mcp/assay/internal/demoserver"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestListCacheRecorded: the ttlMs and cacheScope a 2026-07-28 server
// puts on its list results are recorded per list, as served.
func TestListCacheRecorded(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "cache", Version: "1"}, &mcp.ServerOptions{
		SetCacheable: func(_ context.Context, req mcp.Request, c *mcp.Cacheable) {
			if _, ok := req.(*mcp.ListToolsRequest); ok {
				c.TTLMs, c.CacheScope = 60000, "private"
			}
		},
	})
	srv.AddTool(demoserver.Tools()[0], func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil })
	ts := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{Stateless: true}))
	defer ts.Close()
	r := runHTTPSpec(t, Spec{URL: ts.URL + "/mcp"})
	if len(r.Errors) > 0 || len(r.Tools) != 1 {
		t.Fatalf("collection: %d tools, errors %+v", len(r.Tools), r.Errors)
	}
	if r.ProtocolVersion != "2026-07-28" {
		t.Fatalf("negotiated %s; a stateless go-sdk server speaks 2026-07-28", r.ProtocolVersion)
	}
	if len(r.ListCache) != 1 {
		t.Fatalf("list cache %+v, want the tools list only", r.ListCache)
	}
	c := r.ListCache[0]
	if c.List != "tools" || c.TTLMs == nil || *c.TTLMs != 60000 || c.CacheScope != "private" || len(c.Malformed) != 0 {
		t.Errorf("tools hint %+v, want 60000 ms private", c)
	}
}
