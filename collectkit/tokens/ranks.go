package tokens

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"
)

// rankTable is an encoding's byte-pair ranks in the form a lookup needs,
// prepared by go generate (TestRanksGenerated writes ranks/*.ranks from
// the files tiktoken-go-loader ships) and embedded in the binary: loading
// it checks a header and slices the embedded bytes, with no parsing, no
// allocation and no index to build, so a process that counts one small
// server pays nothing for the two hundred thousand tokens it never looks
// at (parsing the text file and indexing it took 30 to 90 ms per scan).
//
// Layout, little-endian uint32s after a 16-byte header ("ASR1", token
// count n, log2 of the slot count, index bits b):
//
//	off   [n+1]  token i is arena[off[i]:off[i+1]]
//	rank  [n]    token i's rank
//	slots [2^k]  open-addressing index by hashString: 0 is empty,
//	             otherwise tag<<b | i+1 (tag: the hash's top 32-b bits)
//	arena        every token's bytes, back to back
//
// TestRanksMatchLibrary compares every entry with the library's own
// loader; TestRanksGenerated checks the files are what the generator
// writes from it.
type rankTable struct {
	size  int // distinct tokens
	arena []byte
	off   []byte
	rank  []byte
	slots []byte
	mask  uint64 // slot count - 1
	bits  uint   // index bits b
}

//go:generate go test -run TestRanksGenerated -write-ranks .

// The tables are embedded as strings, which live in the binary's
// read-only data: embed.FS.ReadFile would copy megabytes on every load.
var (
	//go:embed ranks/o200k_base.ranks
	o200kRanks string
	//go:embed ranks/cl100k_base.ranks
	cl100kRanks string

	rankFiles = map[string]string{O200K: o200kRanks, CL100K: cl100kRanks}
)

const ranksMagic = "ASR1"

// noRank marks a byte sequence that is not a token.
const noRank = ^uint32(0)

// loadRanks maps the embedded table of an encoding.
func loadRanks(encoding string) (*rankTable, error) {
	s, ok := rankFiles[encoding]
	if !ok {
		return nil, fmt.Errorf("no rank table for %s", encoding)
	}
	// A read-only view of the string's bytes, never written through.
	return mapRanks(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// mapRanks checks the header and sizes of a table and slices it.
func mapRanks(data []byte) (*rankTable, error) {
	if len(data) < 16 || string(data[:4]) != ranksMagic {
		return nil, errors.New("rank table: bad header")
	}
	n := uint64(binary.LittleEndian.Uint32(data[4:]))
	k := uint64(binary.LittleEndian.Uint32(data[8:]))
	b := uint64(binary.LittleEndian.Uint32(data[12:]))
	if k > 30 || b == 0 || b >= 32 || n+1 >= 1<<b || n > 1<<k {
		return nil, errors.New("rank table: bad sizes")
	}
	offEnd := 16 + 4*(n+1)
	rankEnd := offEnd + 4*n
	slotEnd := rankEnd + 4<<k
	if uint64(len(data)) < slotEnd {
		return nil, errors.New("rank table: truncated")
	}
	t := &rankTable{
		size:  int(n),
		off:   data[16:offEnd],
		rank:  data[offEnd:rankEnd],
		slots: data[rankEnd:slotEnd],
		arena: data[slotEnd:],
		mask:  1<<k - 1,
		bits:  uint(b),
	}
	if last := binary.LittleEndian.Uint32(t.off[4*n:]); uint64(last) != uint64(len(t.arena)) {
		return nil, fmt.Errorf("rank table: arena is %d bytes, offsets say %d", len(t.arena), last)
	}
	return t, nil
}

func (t *rankTable) token(i uint32) []byte {
	return t.arena[binary.LittleEndian.Uint32(t.off[4*i:]):binary.LittleEndian.Uint32(t.off[4*i+4:])]
}

// hashString is the index's hash: fixed (the index is prepared at build
// time), eight bytes per step, finished with MurmurHash3's fmix64.
func hashString(s string) uint64 {
	h := uint64(len(s)) * 0x9e3779b97f4a7c15
	for len(s) >= 8 {
		v := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		h = (h ^ v) * 0xff51afd7ed558ccd
		h ^= h >> 29
		s = s[8:]
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		v |= uint64(s[i]) << (8 * i)
	}
	h ^= v
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// get is the rank of b, or noRank.
func (t *rankTable) get(b string) uint32 {
	h := hashString(b)
	idx := uint32(1)<<t.bits - 1
	tag := uint32(h>>(32+t.bits)) << t.bits
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		s := binary.LittleEndian.Uint32(t.slots[4*i:])
		if s == 0 {
			return noRank
		}
		if s&^idx == tag {
			if k := s&idx - 1; string(t.token(k)) == b {
				return binary.LittleEndian.Uint32(t.rank[4*k:])
			}
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
