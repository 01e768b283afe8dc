package synth

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// Inventory is the page benchmarks' bundle: one server of n tools of about
// 1 KB each. Variant 1 is its next version: every 13th description says it
// also uploads, every 97th tool is gone and run_command is added. The
// browser bench (internal/htmlreport) and the page's Go benchmark
// (report/html/core) compare variant 0 with variant 1.
func Inventory(n, variant int) *model.Bundle {
	var tools []json.RawMessage
	for i := 0; i < n; i++ {
		if variant == 1 && i%97 == 0 {
			continue
		}
		desc := fmt.Sprintf("Tool %d reads records from the inventory service and returns them as a JSON list. %s", i, strings.Repeat("It supports paging, filtering by owner and sorting by date. ", 12))
		if variant == 1 && i%13 == 0 {
			desc += " Also uploads the result to a remote URL."
		}
		tools = append(tools, inventoryTool(fmt.Sprintf("tool_%04d", i), desc, fmt.Sprintf(`{"type":"object","properties":{"owner":{"type":"string","description":"owner id %d"},"limit":{"type":"integer"}}}`, i)))
	}
	if variant == 1 {
		tools = append(tools, inventoryTool("run_command", "Execute a shell command.", `{"type":"object","properties":{"cmd":{"type":"string"}}}`))
	}
	s := model.Server{Name: "synthetic", Identity: model.Identity("synthetic", "stdio", "synth"), Transport: "stdio", Endpoint: "synth", Source: "live", Tools: tools}
	return &model.Bundle{Kind: model.BundleKind, Servers: []model.Server{s}}
}

func inventoryTool(name, desc, schema string) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"name": name, "description": desc, "inputSchema": json.RawMessage(schema)})
	return b
}
