//go:build linux || js

package core

import (
	"context"
	"encoding/json"
	"runtime"
	"runtime/pprof"
	"slices"
	"sync"
	"testing"
	"time"
)

// BenchmarkPageAfterDrop is what the page's Worker does once a 1,000-tool
// bundle is dropped on a 1,000-tool report whose own side it has already
// analysed: recognise the file, analyse it as a comparison's side (Warm),
// compare (Diff, view only) and encode the answer as wasm/ does
// (view.PageJSON and the small result). Each step reports its process
// CPU in ms per operation; run with GOMAXPROCS=1 to match the
// single-threaded WebAssembly core, and with -cpuprofile for where it
// goes (each step is a pprof label "step"). Compiled to WebAssembly and
// run under Node (GOOS=js GOARCH=wasm go test -exec go_js_wasm_exec) it
// measures the page's own core, with Node's process CPU.
func BenchmarkPageAfterDrop(b *testing.B) {
	old := []File{{"old.json", pageBundle(b, 1000, 0)}}
	nw := []File{{"new.json", pageBundle(b, 1000, 1)}}
	spent := map[string]time.Duration{}
	// Within a step, the core's own progress steps (analysis passes,
	// "compare", "view") split the time further.
	var at time.Duration
	sub := ""
	mark := func(next string) {
		now := cpuNow()
		if sub != "" {
			spent[sub] += now - at
		}
		at, sub = now, next
	}
	meta := Meta{Version: "v", ViewOnly: true}
	traced := meta
	traced.Progress = func(s string) { mark(s) }
	var subSteps []string
	seen := map[string]bool{}
	steps := []string{"inspect", "warm", "diff", "encode"}
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		reuse = sync.OnceValue(newStore)
		if r := Warm(old, meta); !r.OK {
			b.Fatal(r.Error)
		}
		runtime.GC()
		b.StartTimer()
		var r *Result
		for _, step := range steps {
			sub = ""
			c0 := cpuNow()
			pprof.Do(context.Background(), pprof.Labels("step", step), func(context.Context) {
				switch step {
				case "inspect":
					Inspect(nw)
				case "warm":
					mark("warm:start")
					Warm(nw, traced)
				case "diff":
					mark("diff:start")
					if r = Diff(old, nw, traced); !r.OK {
						b.Fatal(r.Error)
					}
				case "encode":
					root, parts := r.View.PageJSON()
					r.View = nil
					if _, err := json.Marshal(r); err != nil || root == "" || len(parts) == 0 {
						b.Fatal("encoding the answer", err)
					}
				}
			})
			mark("")
			spent[step] += cpuNow() - c0
		}
		if i == 0 {
			for k := range spent {
				if !seen[k] && !slices.Contains(steps, k) {
					seen[k] = true
					subSteps = append(subSteps, k)
				}
			}
		}
	}
	for _, k := range subSteps {
		b.ReportMetric(float64(spent[k].Microseconds())/1000/float64(b.N), k+"-cpu-ms/op")
	}
	var total time.Duration
	for _, step := range steps {
		b.ReportMetric(float64(spent[step].Microseconds())/1000/float64(b.N), step+"-cpu-ms/op")
		if step != "inspect" {
			total += spent[step]
		}
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "click-cpu-ms/op")
}
