package classify

import (
	"testing"

	"github.com/assay-mcp/assay/report/surface"
)

// BenchmarkApplyViews classifies every tool of the corpus from its decoded
// view, with no memo (every tool judged afresh); ns/tool is the figure the
// issue-16 budget (≤ 20 µs per tool) is about. make bench runs it.
func BenchmarkApplyViews(b *testing.B) {
	bd := loadCorpus(b)
	views := make([]*surface.Server, len(bd.Servers))
	tools := 0
	for i := range bd.Servers {
		views[i] = surface.New(&bd.Servers[i])
		tools += len(views[i].Tools)
	}
	base := skeleton(bd)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		f := skeleton(bd)
		f.Servers = append(f.Servers[:0:0], base.Servers...)
		for i := range f.Servers {
			f.Servers[i].Tools = append(f.Servers[i].Tools[:0:0], base.Servers[i].Tools...)
		}
		b.StartTimer()
		ApplyViews(bd, views, f, nil, nil)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(tools), "ns/tool")
}
