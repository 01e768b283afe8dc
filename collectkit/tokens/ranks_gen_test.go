package tokens

import (
	"bytes"
	"encoding/binary"
	"flag"
	"math/bits"
	"os"
	"path/filepath"
	"sort"
	"testing"

	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
)

var writeRanks = flag.Bool("write-ranks", false, "rewrite ranks/*.ranks from tiktoken-go-loader's files (go generate)")

// buildRanks is the generator: the library loader's map (a token listed
// twice keeps its last rank, as there), tokens in rank order, indexed in
// that order, in the layout rankTable documents.
func buildRanks(t testing.TB, enc string) []byte {
	m, err := tiktoken_loader.NewOfflineLoader().LoadTiktokenBpe(enc + ".tiktoken")
	if err != nil {
		t.Fatal(err)
	}
	toks := make([]string, 0, len(m))
	for tok := range m {
		toks = append(toks, tok)
	}
	sort.Slice(toks, func(i, j int) bool {
		if m[toks[i]] != m[toks[j]] {
			return m[toks[i]] < m[toks[j]]
		}
		return toks[i] < toks[j]
	})
	n := uint32(len(toks))
	k := uint(1)
	for 1<<k < 2*n {
		k++
	}
	b := uint(bits.Len32(n + 1))
	off := make([]uint32, 0, n+1)
	rank := make([]uint32, 0, n)
	slots := make([]uint32, 1<<k)
	var arena []byte
	off = append(off, 0)
	mask := uint64(1)<<k - 1
	for i, tok := range toks {
		if m[tok] < 0 || m[tok] >= 1<<32-1 {
			t.Fatalf("%s: rank %d of %q out of range", enc, m[tok], tok)
		}
		arena = append(arena, tok...)
		off = append(off, uint32(len(arena)))
		rank = append(rank, uint32(m[tok]))
		h := hashString(tok)
		j := h & mask
		for slots[j] != 0 {
			j = (j + 1) & mask
		}
		slots[j] = uint32(h>>(32+b))<<b | uint32(i+1)
	}
	var out bytes.Buffer
	out.WriteString(ranksMagic)
	for _, v := range []uint32{n, uint32(k), uint32(b)} {
		out.Write(binary.LittleEndian.AppendUint32(nil, v))
	}
	for _, s := range [][]uint32{off, rank, slots} {
		for _, v := range s {
			out.Write(binary.LittleEndian.AppendUint32(nil, v))
		}
	}
	out.Write(arena)
	return out.Bytes()
}

// TestRanksGenerated: the embedded tables are byte for byte what the
// generator makes from the library's files; with -write-ranks it rewrites
// them instead.
func TestRanksGenerated(t *testing.T) {
	for _, enc := range Encodings {
		want := buildRanks(t, enc)
		path := filepath.Join("ranks", enc+".ranks")
		if *writeRanks {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if got := rankFiles[enc]; got != string(want) {
			t.Errorf("%s: embedded table differs from the generator's: run go generate ./collectkit/tokens", enc)
		}
	}
}

// TestRanksRejectDamage: a truncated or mislabelled table is an error,
// not a panic or a wrong count.
func TestRanksRejectDamage(t *testing.T) {
	data := []byte(rankFiles[O200K])
	for name, d := range map[string][]byte{
		"empty":     nil,
		"magic":     append([]byte("XXXX"), data[4:]...),
		"truncated": data[:len(data)/2],
		"arena":     data[:len(data)-1],
	} {
		if _, err := mapRanks(d); err == nil {
			t.Errorf("%s: damaged table accepted", name)
		}
	}
	if _, err := mapRanks(data); err != nil {
		t.Fatal(err)
	}
}
