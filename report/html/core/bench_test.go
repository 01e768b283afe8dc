package core

import (
	"context"
	"runtime/pprof"
	"sync"
	"testing"

	"github.com/assay-mcp/assay/internal/synth"
	"github.com/assay-mcp/assay/report/model"
)

// pageBundle is the browser bench's 1,000-tool bundle (synth.Inventory),
// as the file the page reads.
func pageBundle(b testing.TB, n, variant int) string {
	out, err := model.Marshal(synth.Inventory(n, variant))
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
		reuse = sync.OnceValue(newStore)
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
