package tokens

import (
	"testing"

	"github.com/assay-mcp/assay/report/canon"
)

// BenchmarkCountCorpus counts every tool definition of the corpus one by
// one, as a scan does, in o200k_base. Throughput (b.SetBytes) is in bytes of
// canonical tool JSON; scripts/bench-tokens.sh compares it with js-tiktoken
// on the same text.
func BenchmarkCountCorpus(b *testing.B) {
	_, servers := corpusServers(b)
	var texts []string
	size := 0
	for _, s := range servers {
		for _, raw := range s.Tools {
			t := string(canon.CountText(raw, canon.ToolFields))
			texts = append(texts, t)
			size += len(t)
		}
	}
	c, err := Get(O200K)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		n := 0
		for _, t := range texts {
			n += c.Count(t)
		}
		if n == 0 {
			b.Fatal("no tokens")
		}
	}
}
