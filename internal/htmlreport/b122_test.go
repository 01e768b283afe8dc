package htmlreport

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/assay-mcp/assay/assets"
)

// TestBase122RoundTrip: every length and byte pattern decodes back, and
// the text is valid UTF-8 with none of the characters a script element's
// raw text cannot hold.
func TestBase122RoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var cases [][]byte
	for n := 0; n < 64; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.UintN(256))
		}
		cases = append(cases, b, bytes.Repeat([]byte{0}, n), bytes.Repeat([]byte{0xff}, n), bytes.Repeat([]byte{0x3c, 0x0d, 0x1e, 0x78}, n))
	}
	cases = append(cases, assets.CoreGz)
	for _, c := range cases {
		enc := base122(c)
		if !utf8.Valid(enc) {
			t.Fatalf("not UTF-8 for %x", c[:min(len(c), 16)])
		}
		if bytes.ContainsAny(enc, "\x00\r<") {
			t.Fatalf("raw-text-unsafe character for %x", c[:min(len(c), 16)])
		}
		if got := unbase122(string(enc)); !bytes.Equal(got, c) {
			t.Fatalf("round trip of %d bytes gave %d bytes", len(c), len(got))
		}
	}
}
