package inject

import (
	"testing"

	"github.com/assay-mcp/assay/internal/testenv"
	"github.com/assay-mcp/assay/report/surface"
)

// BenchmarkCorpusScan judges every model-facing string of the real corpus
// (testdata/corpus) per iteration; MB/s is over the strings' bytes and
// µs/tool over the corpus's tools, both in wall time. On a shared machine
// the CPU figures are the ones to compare: cpu-µs/tool, and cpu-MB/s (the
// strings' bytes per CPU second of the process, GC included; the scan runs
// on one goroutine, so this is one core's rate). `make bench` runs it.
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
	c0 := testenv.CPUNanos()
	for i := 0; i < b.N; i++ {
		for _, v := range views {
			ScanView(v, nil, nil)
		}
	}
	cpu := testenv.CPUNanos() - c0
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*tools), "µs/tool")
	if c0 > 0 && cpu > 0 {
		b.ReportMetric(float64(cpu)/1e3/float64(b.N*tools), "cpu-µs/tool")
		b.ReportMetric(float64(n)*float64(b.N)/(float64(cpu)/1e9)/1e6, "cpu-MB/s")
	}
}
