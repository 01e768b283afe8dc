package canon

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
)

// slowHash is the reference path: json.Marshal then RFC 8785 via jcs.
func slowHash(v any) string {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return Hash(raw)
}

var awkward = []string{"", "plain", "quote\" back\\slash", "ctl\x00\x01\x1f\x7f", "\b\f\n\r\t", "<script>&amp;</script>",
	"line\u2028para\u2029", "é 中文 emoji 😀 \U0001F600", "zero\u200bwidth", "bad\xffutf8\xc3", "tag\U000E0041", "\ufeffbom"}

// TestFastPathEqualsJCS: the direct writer and json.Marshal+JCS give the
// same hash for awkward strings, random strings and maps, and every
// string in the corpus.
func TestFastPathEqualsJCS(t *testing.T) {
	check := func(v any) {
		t.Helper()
		if got, want := HashValue(v), slowHash(v); got != want {
			t.Fatalf("HashValue(%q) = %s, JCS gives %s", v, got, want)
		}
	}
	for _, s := range awkward {
		check(s)
		check(map[string]string{s: s, "a": s, "\U0001F600k": "x", "\uff61k": "y"})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	pool := []rune{'a', '"', '\\', 0, 0x1f, 0x7f, 'é', 0x2028, 0xfeff, 0xffff, 0x10000, 0x1f600, 0xe000, '<'}
	for i := 0; i < 3000; i++ {
		r := make([]rune, rng.IntN(12))
		for j := range r {
			r[j] = pool[rng.IntN(len(pool))]
		}
		s := string(r)
		if rng.IntN(5) == 0 {
			s += "\xff"
		}
		check(s)
		check(map[string]string{s: "v", string(r[:len(r)/2]): s})
	}
	files := testcorpus.Files()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var walk func(any)
		walk = func(v any) {
			switch x := v.(type) {
			case string:
				check(x)
			case map[string]any:
				for k, e := range x {
					check(k)
					walk(e)
				}
			case []any:
				for _, e := range x {
					walk(e)
				}
			}
		}
		var v any
		_ = json.Unmarshal(data, &v)
		walk(v)
	}
}
