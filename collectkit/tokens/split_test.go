package tokens

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/dlclark/regexp2"
	"github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
)

// library is tiktoken-go's own encoder for enc, over the same embedded
// ranks: the oracle for this package's splitter, rank table and merge.
func library(t testing.TB, enc string) *tiktoken.Tiktoken {
	t.Helper()
	tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader())
	tk, err := tiktoken.GetEncoding(enc)
	if err != nil {
		t.Fatal(err)
	}
	return tk
}

// The encodings' split patterns exactly as tiktoken-go compiles them
// (encoding.go of tiktoken-go v0.1.8).
var patterns = map[string]string{
	O200K: strings.Join([]string{
		`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?`,
		`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?`,
		`\p{N}{1,3}`,
		` ?[^\s\p{L}\p{N}]+[\r\n/]*`,
		`\s*[\r\n]+`,
		`\s+(?!\S)`,
		`\s+`,
	}, "|"),
	CL100K: `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
}

func regexPieces(t testing.TB, re *regexp2.Regexp, s string) []string {
	var out []string
	m, err := re.FindStringMatch(s)
	for ; m != nil && err == nil; m, err = re.FindNextMatch(m) {
		out = append(out, m.String())
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// splitTexts are the fixed reference strings, every tool of the corpus
// (when present) and random strings over runes chosen to sit on every
// class boundary of the patterns: letter categories (Lu, Ll, Lt, Lm, Lo),
// combining marks, number categories (Nd, Nl, No), each kind of space and
// line break, case-folding look-alikes of the contraction letters (ſ, K),
// apostrophes, slashes and punctuation.
//
// Counts of the corpus texts are compared with js-tiktoken elsewhere
// (TestCorpusMatchesReference), so here only their splits are compared;
// every text is also counted against the library.
func splitTexts(t *testing.T) (texts, corpus []string) {
	var inputs map[string]string
	readJSON(t, "testdata/strings.json", &inputs)
	for _, s := range inputs {
		texts = append(texts, s)
	}
	if !testing.Short() {
		if _, ok := corpusPath(); ok {
			_, servers := corpusServers(t)
			for _, s := range servers {
				for _, raw := range s.Tools {
					corpus = append(corpus, string(canon.CountText(raw, canon.ToolFields)))
				}
				if s.Instructions != nil {
					corpus = append(corpus, *s.Instructions)
				}
			}
		}
	}
	alphabet := []rune("aZé\u0301\u0300'sStTrReEvVmMlLdDſ\u212a0٣Ⅻ½/.-:\"{}日ーǅʰ\u00a0\u2028\u0085\ufeff😀\u3000 \t\n\r\v\f_<>&Ωπ\u200b")
	rng := rand.New(rand.NewPCG(6, 2026))
	for i := 0; i < 8000; i++ {
		var b strings.Builder
		for n := 1 + rng.IntN(24); n > 0; n-- {
			b.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		texts = append(texts, b.String())
	}
	return texts, corpus
}

// TestSplitMatchesRegexp checks that the hand-written splitters cut every
// text exactly where tiktoken-go's regular expression does, and that Count
// equals the library's own count of the whole text.
func TestSplitMatchesRegexp(t *testing.T) {
	texts, corpus := splitTexts(t)
	for _, enc := range Encodings {
		re := regexp2.MustCompile(patterns[enc], regexp2.None)
		c, err := New(enc)
		if err != nil {
			t.Fatal(err)
		}
		tk := library(t, enc)
		bad := 0
		for _, s := range append(texts, corpus...) {
			want := regexPieces(t, re, s)
			var got []string
			c.split(s, func(p string) { got = append(got, p) })
			if !slices.Equal(got, want) {
				bad++
				if bad <= 5 {
					t.Errorf("%s: split of %+q\n got %+q\nwant %+q", enc, s, got, want)
				}
				continue
			}
			if n, lib := c.Count(s), len(tk.EncodeOrdinary(s)); n != lib {
				bad++
				if bad <= 5 {
					t.Errorf("%s: Count(%+q) = %d, tiktoken-go %d", enc, s, n, lib)
				}
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d texts differ", enc, bad, len(texts)+len(corpus))
		}
	}
}
