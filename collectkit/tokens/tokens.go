// Package tokens counts the tokens of a server's model-facing surface with
// the real BPE encodings of OpenAI's tokenizers, fully offline.
//
// The ranks are tiktoken-go-loader's files, prepared at build time (go
// generate) into an indexed table embedded in the binary; nothing is ever
// downloaded. Only the encodings listed in [Encodings] are
// accepted.
//
// Counting cuts text into the encoding's pieces with a hand-written
// splitter (split.go) instead of tiktoken-go's backtracking regular
// expression, and byte-pair-encodes each distinct piece once over that
// rank table (ranks.go), remembering the answer. The result is identical
// to tiktoken-go's (tested against it and against js-tiktoken), the ranks
// need no loading instead of a fifth of a second, and counting is several
// times faster.
package tokens

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// Encoding names.
const (
	O200K  = "o200k_base"
	CL100K = "cl100k_base"
	// Default is used when no encoding is named.
	Default = O200K
)

// Encodings lists the accepted encoding names, sorted.
var Encodings = []string{CL100K, O200K}

var splitters = map[string]splitter{O200K: splitO200K, CL100K: splitCL100K}

// maxCached bounds the piece cache of one counter (about 10 MB at most);
// pieces met after it is full are still counted, just not remembered.
const maxCached = 1 << 17

// Counter counts tokens in one encoding. It is safe for concurrent use.
type Counter struct {
	name  string
	ranks *rankTable
	split splitter

	mu    sync.Mutex
	cache map[string]int
}

var (
	mu       sync.Mutex
	encoders = map[string]*rankTable{}
	shared   = map[string]*Counter{}
)

// Get returns the shared counter for an encoding ("" means [Default]).
// Building an encoding maps its embedded table (no parsing); later
// calls reuse it.
func Get(encoding string) (*Counter, error) {
	if encoding == "" {
		encoding = Default
	}
	mu.Lock()
	defer mu.Unlock()
	if c, ok := shared[encoding]; ok {
		return c, nil
	}
	c, err := newLocked(encoding)
	if err != nil {
		return nil, err
	}
	shared[encoding] = c
	return c, nil
}

// New returns a counter with an empty piece cache that shares the parsed
// encoding with every other counter; benchmarks use it to measure cold
// counting.
func New(encoding string) (*Counter, error) {
	if encoding == "" {
		encoding = Default
	}
	mu.Lock()
	defer mu.Unlock()
	return newLocked(encoding)
}

func newLocked(encoding string) (*Counter, error) {
	if i := sort.SearchStrings(Encodings, encoding); i == len(Encodings) || Encodings[i] != encoding {
		return nil, fmt.Errorf("unknown token encoding %q (want one of %v)", encoding, Encodings)
	}
	rt, ok := encoders[encoding]
	if !ok {
		var err error
		if rt, err = loadRanks(encoding); err != nil {
			return nil, fmt.Errorf("loading token encoding %s: %w", encoding, err)
		}
		encoders[encoding] = rt
	}
	return &Counter{name: encoding, ranks: rt, split: splitters[encoding], cache: map[string]int{}}, nil
}

// Encoding names the counter's encoding.
func (c *Counter) Encoding() string { return c.name }

// Count returns the number of tokens in s. Special-token text such as
// "<|endoftext|>" is counted as ordinary text: a server's strings are data
// and never control the tokenizer. Invalid UTF-8 counts as U+FFFD per bad
// byte, as tiktoken-go does.
func (c *Counter) Count(s string) int {
	if s == "" {
		return 0
	}
	if !utf8.ValidString(s) {
		s = string([]rune(s))
	}
	n := 0
	// One lock per text, not per piece: a tool definition has hundreds of
	// pieces and nearly all of them are already remembered.
	c.mu.Lock()
	defer c.mu.Unlock()
	c.split(s, func(p string) { n += c.piece(p) })
	return n
}

// maxPiece bounds the bytes byte-pair-encoded at once. The merge loop is
// quadratic in the piece length, so one hostile 256 KB word without
// spaces would take minutes. A longer piece (a run of letters or symbols
// with no space: base64, minified blobs; no tool in the corpus has one) is
// counted in chunks of this size cut at rune boundaries, which keeps
// counting linear and can only differ from the exact count by the few
// merges lost at each cut.
const maxPiece = 1024

// piece counts one pre-token, remembering the answer; c.mu is held.
func (c *Counter) piece(p string) int {
	if len(p) > maxPiece {
		return c.long(p)
	}
	if v, ok := c.cache[p]; ok {
		return v
	}
	v := c.encode(p)
	if len(c.cache) < maxCached {
		c.cache[strings.Clone(p)] = v
	}
	return v
}

// encode counts text of at most maxPiece bytes as tiktoken-go's
// EncodeOrdinary does: split into the encoding's pieces, each piece
// byte-pair encoded on its own. A piece handed over by Count splits into
// itself; a chunk of a long piece may not.
func (c *Counter) encode(text string) int {
	n := 0
	c.split(text, func(p string) { n += c.ranks.count(p) })
	return n
}

// long counts a piece over maxPiece bytes chunk by chunk.
func (c *Counter) long(p string) int {
	n := 0
	for len(p) > 0 {
		end := min(maxPiece, len(p))
		for end < len(p) && !utf8.RuneStart(p[end]) {
			end--
		}
		if end == 0 { // no rune start in reach: never for valid UTF-8
			end = min(maxPiece, len(p))
		}
		n += c.encode(p[:end])
		p = p[end:]
	}
	return n
}
