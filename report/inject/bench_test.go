package inject

import "testing"

// BenchmarkCorpusScan analyses every model-facing string of the real
// corpus (all servers, with concatenation checks) per iteration; the
// reported MB/s is over the raw string bytes.
func BenchmarkCorpusScan(b *testing.B) {
	servers := loadCorpus(b)
	n := 0
	for i := range servers {
		elems, _ := surfaceOf(&servers[i])
		for _, e := range elems {
			n += len(e.Text)
		}
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range servers {
			ScanServer(&servers[k], nil)
		}
	}
}
