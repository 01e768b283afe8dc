package tokens

import (
	"strings"
	"testing"
	"unicode/utf8"

	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
)

// TestRanksMatchLibrary: the rank table holds exactly the library loader's
// map, entry for entry, in both encodings.
func TestRanksMatchLibrary(t *testing.T) {
	for _, enc := range Encodings {
		want, err := tiktoken_loader.NewOfflineLoader().LoadTiktokenBpe(enc + ".tiktoken")
		if err != nil {
			t.Fatal(err)
		}
		got, err := loadRanks(enc)
		if err != nil {
			t.Fatal(err)
		}
		if got.size != len(want) {
			t.Fatalf("%s: %d tokens, library has %d", enc, got.size, len(want))
		}
		for tok, r := range want {
			if g := got.get(tok); g != uint32(r) {
				t.Fatalf("%s: rank of %q is %d, library says %d", enc, tok, g, r)
			}
		}
		for _, s := range []string{"", "\x00\xff\xfe", "not-a-token-at-all-xyzzy"} {
			if _, ok := want[s]; !ok && got.get(s) != noRank {
				t.Errorf("%s: %q has a rank but is no token", enc, s)
			}
		}
	}
}

// TestLongPieceMatchesLibraryChunks: a piece over maxPiece bytes counts as
// tiktoken-go counts each chunk, chunks cut at rune boundaries.
func TestLongPieceMatchesLibraryChunks(t *testing.T) {
	words := []string{
		strings.Repeat("aB3/", 700),
		strings.Repeat("é", 1500) + "x",
		strings.Repeat("QmFzZTY0", 400),
		strings.Repeat("!?-", 900),
	}
	for _, enc := range Encodings {
		c, err := New(enc)
		if err != nil {
			t.Fatal(err)
		}
		tk := library(t, enc)
		for _, w := range words {
			want := 0
			c.split(w, func(p string) {
				for len(p) > 0 {
					end := min(maxPiece, len(p))
					for end < len(p) && !utf8.RuneStart(p[end]) {
						end--
					}
					want += len(tk.EncodeOrdinary(p[:end]))
					p = p[end:]
				}
			})
			if got := c.Count(w); got != want {
				t.Errorf("%s: Count of a %d-byte word = %d, library by chunks %d", enc, len(w), got, want)
			}
		}
	}
}
