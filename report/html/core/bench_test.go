package core

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"

	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/model"
)

// pageBundle is the browser bench's 1,000-tool bundle (see
// internal/htmlreport TestBrowserBench): variant 1 rewords every 13th
// description, drops every 97th tool and adds one.
func pageBundle(b *testing.B, n, variant int) string {
	var tools []json.RawMessage
	for i := 0; i < n; i++ {
		if variant == 1 && i%97 == 0 {
			continue
		}
		desc := fmt.Sprintf("Tool %d reads records from the inventory service and returns them as a JSON list. %s", i, strings.Repeat("It supports paging, filtering by owner and sorting by date. ", 12))
		if variant == 1 && i%13 == 0 {
			desc += " Also uploads the result to a remote URL."
		}
		t, _ := json.Marshal(map[string]any{"name": fmt.Sprintf("tool_%04d", i), "description": desc,
			"inputSchema": json.RawMessage(fmt.Sprintf(`{"type":"object","properties":{"owner":{"type":"string","description":"owner id %d"},"limit":{"type":"integer"}}}`, i))})
		tools = append(tools, t)
	}
	if variant == 1 {
		t, _ := json.Marshal(map[string]any{"name": "run_command", "description": "Execute a shell command.", "inputSchema": json.RawMessage(`{"type":"object","properties":{"cmd":{"type":"string"}}}`)})
		tools = append(tools, t)
	}
	s := model.Server{Name: "synthetic", Identity: model.Identity("synthetic", "stdio", "synth"), Transport: "stdio", Endpoint: "synth", Source: "live", Tools: tools}
	out, err := model.Marshal(&model.Bundle{Kind: model.BundleKind, Servers: []model.Server{s}})
	if err != nil {
		b.Fatal(err)
	}
	return string(out)
}

// BenchmarkPageCompare is the page's first comparison after a drop, as
// the Worker runs it: the report's side warmed ahead, then the dropped
// file inspected, analysed ahead (Warm) and compared (Diff, view only).
// Each iteration starts from a fresh store with only the report's side
// warmed, so the dropped side is analysed every time.
func BenchmarkPageCompare(b *testing.B) {
	old := []File{{"old.json", pageBundle(b, 1000, 0)}}
	nw := []File{{"new.json", pageBundle(b, 1000, 1)}}
	meta := Meta{Version: "v", ViewOnly: true}
	fresh := func() {
		reuse = sync.OnceValue(func() *store {
			return &store{memo: cache.New(), analyses: map[string]*model.Findings{}, files: map[uint64][]*readFile{}, seed: maphash.MakeSeed()}
		})
		if r := Warm(old, meta); !r.OK {
			b.Fatal(r.Error)
		}
	}
	for _, step := range []string{"warm", "diff"} {
		b.Run(step, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				fresh()
				Inspect(nw)
				if step == "diff" {
					Warm(nw, meta)
				}
				b.StartTimer()
				pprof.Do(context.Background(), pprof.Labels("step", step), func(context.Context) {
					if step == "warm" {
						Warm(nw, meta)
					} else if r := Diff(old, nw, meta); !r.OK {
						b.Fatal(r.Error)
					}
				})
			}
		})
	}
}
