package tokens

import (
	"encoding/base64"
	"fmt"
	"hash/maphash"

	"github.com/pkoukk/tiktoken-go-loader/assets"
)

// rankTable is an encoding's byte-pair ranks, read straight from the ranks
// file embedded by tiktoken-go-loader (the same file tiktoken-go parses).
//
// tiktoken-go turns the file into a map[string]int, a reverse map and a
// sorted token list: 200,000 string allocations and about a fifth of a
// second of CPU before the first count, which made a scan of one stored
// surface take half a second. Counting needs only "what is the rank of
// these bytes", so the table keeps every token in one byte arena and looks
// them up through an open-addressing index: one pass over the file, three
// allocations, a few milliseconds. TestRanksMatchLibrary compares every
// entry with the library's own loader.
type rankTable struct {
	size  int      // distinct tokens
	arena []byte   // every token's bytes, back to back
	off   []uint32 // token i is arena[off[i]:off[i+1]]
	rank  []uint32 // token i's rank
	slots []uint64 // index: 0 is empty, otherwise hash>>32<<32 | token i+1
	mask  uint64
	seed  maphash.Seed
}

// noRank marks a byte sequence that is not a token.
const noRank = ^uint32(0)

// loadRanks parses the embedded ranks file of an encoding: one token per
// line, "BASE64 RANK".
func loadRanks(encoding string) (*rankTable, error) {
	data, err := assets.Assets.ReadFile(encoding + ".tiktoken")
	if err != nil {
		return nil, err
	}
	lines := 0
	for _, c := range data {
		if c == '\n' {
			lines++
		}
	}
	t := &rankTable{
		arena: make([]byte, 0, len(data)*3/4),
		off:   make([]uint32, 1, lines+2),
		rank:  make([]uint32, 0, lines+1),
		seed:  maphash.MakeSeed(),
	}
	size := 1
	for size < 2*(lines+1) {
		size <<= 1
	}
	t.slots, t.mask = make([]uint64, size), uint64(size-1)
	for pos, n := 0, 1; pos < len(data); n++ {
		end := pos
		for end < len(data) && data[end] != '\n' {
			end++
		}
		line := data[pos:end]
		pos = end + 1
		if len(line) == 0 {
			continue
		}
		sp := len(line) - 1
		for sp >= 0 && line[sp] != ' ' {
			sp--
		}
		if sp <= 0 || sp == len(line)-1 {
			return nil, fmt.Errorf("%s ranks, line %d: no rank", encoding, n)
		}
		r := uint64(0)
		for _, c := range line[sp+1:] {
			if c < '0' || c > '9' || r > 1<<31 {
				return nil, fmt.Errorf("%s ranks, line %d: bad rank", encoding, n)
			}
			r = r*10 + uint64(c-'0')
		}
		start := len(t.arena)
		t.arena = t.arena[:start+base64.StdEncoding.DecodedLen(sp)]
		m, err := base64.StdEncoding.Decode(t.arena[start:], line[:sp])
		if err != nil {
			return nil, fmt.Errorf("%s ranks, line %d: %w", encoding, n, err)
		}
		t.arena = t.arena[:start+m]
		t.off = append(t.off, uint32(len(t.arena)))
		t.rank = append(t.rank, uint32(r))
	}
	t.index()
	return t, nil
}

// index fills the open-addressing index. Inserting tokens in file order
// writes to random slots of a table of several MB, one cache miss each;
// so the tokens are first ordered by the region of the table their hash
// falls in (a stable counting sort, which keeps a repeated token's lines in
// file order, so the last one's rank wins as in the library's map), and
// inserted region by region.
func (t *rankTable) index() {
	n := len(t.rank)
	hs := make([]uint64, n)
	for i := range hs {
		hs[i] = maphash.Bytes(t.seed, t.token(uint32(i)))
	}
	shift := uint(0)
	for (t.mask >> shift) >= 1<<16 {
		shift++
	}
	var count [1<<16 + 1]uint32
	for _, h := range hs {
		count[(h&t.mask)>>shift+1]++
	}
	for b := 1; b < len(count); b++ {
		count[b] += count[b-1]
	}
	order := make([]uint32, n)
	for i, h := range hs {
		b := (h & t.mask) >> shift
		order[count[b]] = uint32(i)
		count[b]++
	}
	for _, i := range order {
		t.insert(i, hs[i])
	}
}

// insert indexes token i with hash h; a token listed twice keeps its
// last rank, as the library's map does.
func (t *rankTable) insert(i uint32, h uint64) {
	tok := t.token(i)
	tag := h >> 32 << 32
	for j := h & t.mask; ; j = (j + 1) & t.mask {
		s := t.slots[j]
		if s == 0 {
			t.slots[j] = tag | uint64(i+1)
			t.size++
			return
		}
		if s&^0xffffffff == tag && string(t.token(uint32(s)-1)) == string(tok) {
			t.rank[uint32(s)-1] = t.rank[i]
			return
		}
	}
}

func (t *rankTable) token(i uint32) []byte { return t.arena[t.off[i]:t.off[i+1]] }

// get is the rank of b, or noRank.
func (t *rankTable) get(b string) uint32 {
	h := maphash.String(t.seed, b)
	tag := h >> 32 << 32
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		s := t.slots[i]
		if s == 0 {
			return noRank
		}
		if s&^0xffffffff == tag && string(t.token(uint32(s)-1)) == b {
			return t.rank[uint32(s)-1]
		}
	}
}

// count is the number of tokens byte-pair encoding gives piece: one when
// the piece is itself a token, otherwise the parts left when no adjacent
// pair has a rank, merging the lowest-ranked pair first (the leftmost on a
// tie). It is tiktoken-go's bytePairMerge step for step, counting instead
// of collecting; like it, it is quadratic in the piece, whose length the
// caller bounds.
func (t *rankTable) count(piece string) int {
	if len(piece) <= 1 || t.get(piece) != noRank {
		return min(len(piece), 1)
	}
	const none = ^uint64(0)
	type part struct {
		start int
		rank  uint64
	}
	var buf [64]part
	parts := buf[:0]
	for i := 0; i <= len(piece); i++ {
		parts = append(parts, part{i, none})
	}
	// rankAt is the rank of the bytes from part i to part i+skip+2.
	rankAt := func(i, skip int) uint64 {
		if i+skip+2 < len(parts) {
			if r := t.get(piece[parts[i].start:parts[i+skip+2].start]); r != noRank {
				return uint64(r)
			}
		}
		return none
	}
	for i := 0; i < len(parts)-2; i++ {
		parts[i].rank = rankAt(i, 0)
	}
	for len(parts) > 1 {
		minRank, minIdx := none, -1
		for i := 0; i < len(parts)-1; i++ {
			if parts[i].rank < minRank {
				minRank, minIdx = parts[i].rank, i
			}
		}
		if minIdx < 0 {
			break
		}
		i := minIdx
		parts[i].rank = rankAt(i, 1)
		if i > 0 {
			parts[i-1].rank = rankAt(i-1, 1)
		}
		parts = append(parts[:i+1], parts[i+2:]...)
	}
	return len(parts) - 1
}
