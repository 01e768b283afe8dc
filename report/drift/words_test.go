package drift

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// wordEditsFull is wordEdits as first written: the whole LCS table, no
// prefix skipped. The alignment must not depend on the shortcut.
func wordEditsFull(old, new string) (removed, added []string) {
	a, b := strings.Fields(old), strings.Fields(new)
	lcs := make([][]int32, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var del, ins []string
	flush := func() {
		if len(del) > 0 {
			removed = append(removed, strings.Join(del, " "))
			del = nil
		}
		if len(ins) > 0 {
			added = append(added, strings.Join(ins, " "))
			ins = nil
		}
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			flush()
			i++
			j++
		case j < len(b) && (i == len(a) || lcs[i][j+1] >= lcs[i+1][j]):
			ins = append(ins, b[j])
			j++
		default:
			del = append(del, a[i])
			i++
		}
	}
	flush()
	return removed, added
}

// TestWordEditsMatchesFullTable: on texts sharing a prefix and on
// unrelated ones, from a small vocabulary so words repeat, wordEdits
// gives the runs the full table gives.
func TestWordEditsMatchesFullTable(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	words := []string{"a", "b", "c", "x", "y"}
	text := func(n int) []string {
		var w []string
		for range n {
			w = append(w, words[rng.Intn(len(words))])
		}
		return w
	}
	for k := 0; k < 3000; k++ {
		prefix := text(rng.Intn(6))
		old := strings.Join(append(slices.Clone(prefix), text(rng.Intn(8))...), " ")
		nw := strings.Join(append(slices.Clone(prefix), text(rng.Intn(8))...), " ")
		r, a, ok := wordEdits(old, nw)
		wr, wa := wordEditsFull(old, nw)
		if !ok || !slices.Equal(r, wr) || !slices.Equal(a, wa) {
			t.Fatalf("wordEdits(%q, %q) = %q %q, want %q %q", old, nw, r, a, wr, wa)
		}
	}
}

// TestPlainASCIIIsNeverSuspicious: the premise of suspicious's shortcut.
// Every byte plainASCII accepts is not hidden, and no word made of them
// mixes scripts; every byte it refuses is hidden or not ASCII.
func TestPlainASCIIIsNeverSuspicious(t *testing.T) {
	var all []byte
	for c := 0; c < 0x80; c++ {
		ok := plainASCII(string(rune(c)))
		if ok {
			all = append(all, byte(c))
		}
		if ok == hidden(rune(c)) {
			t.Errorf("byte %#x: plainASCII %v, hidden %v", c, ok, hidden(rune(c)))
		}
	}
	if w := mixedWords(string(all)); len(w) > 0 {
		t.Errorf("mixed-script words in printable ASCII: %q", w)
	}
	if plainASCII("caf\u00e9") || plainASCII("a\u200bb") {
		t.Error("plainASCII accepted text beyond ASCII")
	}
}
