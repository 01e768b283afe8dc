package inject

import (
	"testing"

	"github.com/assay-mcp/assay/report/surface"
)

// BenchmarkCorpusScan judges every model-facing string of the real corpus
// (testdata/corpus) per iteration; MB/s is over the strings' bytes and
// µs/tool over the corpus's tools. `make bench` runs it.
func BenchmarkCorpusScan(b *testing.B) {
	servers := loadCorpus(b)
	views := make([]*surface.Server, len(servers))
	n, tools := 0, 0
	for i := range servers {
		views[i] = surface.New(&servers[i])
		tools += len(views[i].Tools)
		for _, t := range views[i].Texts {
			n += len(t.Value)
		}
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, v := range views {
			ScanView(v, nil, nil)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*tools), "µs/tool")
}
