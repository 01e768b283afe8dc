package bench

import (
	"fmt"
	"io"
	"sync"
	"testing"

	"github.com/assay-mcp/assay/internal/synth"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/render"
)

// Sizes are the tool counts every benchmark runs at. Each bundle has
// tools/100 servers (at least one), like a fleet of mid-sized servers.
var sizes = []int{100, 1000, 10000, 100000}

var (
	shapesOnce sync.Once
	shapes     synth.Shapes
	shapesErr  error
	cache      = map[string]*model.Bundle{}
	cacheMu    sync.Mutex
)

func bundle(b *testing.B, tools int, mutate bool) *model.Bundle {
	b.Helper()
	shapesOnce.Do(func() {
		shapes, shapesErr = synth.LoadShapes("../../../shared/corpus/surfaces")
		if shapesErr != nil {
			shapes, shapesErr = synth.LoadShapes("../../testdata/surfaces")
		}
	})
	if shapesErr != nil {
		b.Fatal(shapesErr)
	}
	key := fmt.Sprint(tools, mutate)
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if g, ok := cache[key]; ok {
		return g
	}
	servers := max(tools/100, 1)
	g := synth.Generate(shapes, synth.Options{Servers: servers, Tools: tools / servers, Seed: 1, Mutate: mutate})
	cache[key] = g
	return g
}

func BenchmarkAnalyze(b *testing.B) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			g := bundle(b, n, false)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				analyze.Analyze(g, nil)
			}
		})
	}
}

func BenchmarkRenderJSON(b *testing.B) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			f := analyze.Analyze(bundle(b, n, false), nil)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if err := render.Write(io.Discard, "json", f, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
