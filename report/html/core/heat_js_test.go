//go:build js

package core

import (
	"encoding/json"
	"os"
	"sync"
	"testing"

	"github.com/assay-mcp/assay/internal/testenv"
)

// TestFirstComparisonCPU measures the page's first comparison in a fresh
// WebAssembly instance, as each newly opened report runs it: the report's
// side warmed, the dropped side inspected and warmed, then the comparison
// and its encoding, in Node's process CPU. HEAT=0 turns off [heat].
// Run it in a fresh process each time (make bench-html's note in
// docs/performance.md gives the command): it measures unoptimised code.
func TestFirstComparisonCPU(t *testing.T) {
	if os.Getenv("ASSAY_BENCH") == "" {
		testenv.Skip(t, "bench-only", "set ASSAY_BENCH=1 to measure")
	}
	heatCode = os.Getenv("HEAT") != "0"
	defer func() { heatCode = true }()
	reuse, heatOnce = sync.OnceValue(newStore), sync.Once{}
	old := []File{{"old.json", pageBundle(t, 1000, 0)}}
	nw := []File{{"new.json", pageBundle(t, 1000, 1)}}
	meta := Meta{Version: "v", ViewOnly: true}
	c0 := cpuNow()
	Warm(old, meta)
	c1 := cpuNow()
	Inspect(nw)
	c2 := cpuNow()
	Warm(nw, meta)
	c3 := cpuNow()
	r := Diff(old, nw, meta)
	if !r.OK {
		t.Fatal(r.Error)
	}
	root, parts := r.View.PageJSON()
	r.View = nil
	if _, err := json.Marshal(r); err != nil || root == "" || len(parts) == 0 {
		t.Fatal("encoding", err)
	}
	c4 := cpuNow()
	t.Logf("heat=%v: report's side warmed %v; drop inspected %v; after the click: dropped side warmed %v, comparison and encoding %v, total %v",
		heatCode, c1-c0, c2-c1, c3-c2, c4-c3, c4-c2)
}
