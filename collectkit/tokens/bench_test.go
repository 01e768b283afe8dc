package tokens

import (
	"testing"

	"github.com/assay-mcp/assay/report/canon"
)

// BenchmarkCountCorpus counts every tool definition of the corpus one by
// one, as a scan does, in o200k_base, with a cold piece cache each round (a
// fresh counter), so repeated rounds do not flatter the figure. Throughput
// (b.SetBytes) is in bytes of canonical tool JSON;
// scripts/bench-tokens.sh compares it with js-tiktoken on the same text.
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
	if _, err := Get(O200K); err != nil { // parse the ranks outside the timing
		b.Fatal(err)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		c, err := New(O200K)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, t := range texts {
			n += c.Count(t)
		}
		if n == 0 {
			b.Fatal("no tokens")
		}
	}
}
