package bench

import (
	"testing"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/classify"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/inject"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// The passes of the pipeline one by one, so a regression in Analyze can
// be traced to its package. Injection also has a corpus benchmark of its
// own (report/inject BenchmarkCorpusScan, MB/s over real text); these run
// the same code at fleet sizes.

// BenchmarkCanonTool canonicalises every tool definition (the form all
// per-tool hashes and token counts are taken over).
func BenchmarkCanonTool(b *testing.B) {
	perSize(b, 0, func(b *testing.B, n int) {
		g := fleet(b, n, false)
		b.SetBytes(toolBytes(g))
		timed(b, n, func() {
			for i := range g.Servers {
				for _, raw := range g.Servers[i].Tools {
					if _, err := canon.ToolJSON(raw); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	})
}

// BenchmarkHashTools computes every tool's component and text hashes and
// the per-server hashes, as the analysis does.
func BenchmarkHashTools(b *testing.B) {
	perSize(b, 0, func(b *testing.B, n int) {
		g := fleet(b, n, false)
		b.SetBytes(toolBytes(g))
		timed(b, n, func() { hashes.Bundle(g) })
	})
}

// BenchmarkHashFindings computes the surface and analysis hashes of a
// finished analysis and its document hash (canonical JSON of the whole).
func BenchmarkHashFindings(b *testing.B) {
	perSize(b, 0, func(b *testing.B, n int) {
		f := findings(b, n)
		timed(b, n, func() {
			hashes.FindingsHashes(f)
			if _, err := hashes.DocumentHash(f); err != nil {
				b.Fatal(err)
			}
		})
	})
}

// BenchmarkClassify runs classification (per-tool effect, tier, kinds and
// the cross-server chain rules) over the decoded views, as the analysis
// does, with no memo (every tool judged afresh), over a fresh skeleton
// each round (its construction is outside the wall time, inside the CPU
// time).
func BenchmarkClassify(b *testing.B) {
	perSize(b, 0, func(b *testing.B, n int) {
		timeClassify(b, fleet(b, n, false), findings(b, n), n)
	})
}

// timeClassify times classify.ApplyViews over g's decoded views, each
// round on a fresh skeleton of base built with the timer stopped.
func timeClassify(b *testing.B, g *model.Bundle, base *model.Findings, n int) {
	views := make([]*surface.Server, len(g.Servers))
	for i := range g.Servers {
		views[i] = surface.New(&g.Servers[i])
	}
	timed(b, n, func() {
		b.StopTimer()
		f := skeleton(base)
		b.StartTimer()
		classify.ApplyViews(g, views, f, nil, nil)
	})
}

// BenchmarkClassifyShapes is BenchmarkClassify in both shapes of
// BenchmarkShapes (one server of N tools, N/100 servers of 100), with the
// allocations per tool of classification alone (the skeleton each round
// starts from is built with the timer stopped, so it is not counted).
func BenchmarkClassifyShapes(b *testing.B) {
	perShape(b, func(b *testing.B, g *model.Bundle, n int) {
		timeClassify(b, g, analyze.Analyze(g, nil), n)
	})
}

// BenchmarkInject normalises and matches every model-facing string of the
// fleet (descriptions, parameter texts, instructions, cross-tool checks).
func BenchmarkInject(b *testing.B) {
	perSize(b, 0, func(b *testing.B, n int) {
		g := fleet(b, n, false)
		timed(b, n, func() { inject.Apply(g, &model.Findings{}, nil) })
	})
}

// BenchmarkNormalize is the normalisation step alone (hidden characters,
// confusables, decoding) over every tool description.
func BenchmarkNormalize(b *testing.B) {
	perSize(b, 0, func(b *testing.B, n int) {
		texts := descriptions(fleet(b, n, false))
		size := 0
		for _, t := range texts {
			size += len(t)
		}
		b.SetBytes(int64(size))
		timed(b, n, func() {
			for _, t := range texts {
				inject.Normalize(t)
			}
		})
	})
}

// BenchmarkDecode builds every server's decoded view (report/surface), the
// analysis's first step, which every later pass reads.
func BenchmarkDecode(b *testing.B) {
	perSize(b, 0, func(b *testing.B, n int) {
		g := fleet(b, n, false)
		b.SetBytes(toolBytes(g))
		timed(b, n, func() {
			for i := range g.Servers {
				surface.New(&g.Servers[i])
			}
		})
	})
}
