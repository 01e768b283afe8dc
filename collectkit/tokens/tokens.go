// Package tokens counts the tokens of a server's model-facing surface with
// a real BPE tokenizer (tiktoken-go), fully offline.
//
// The tokenizer's default loader downloads the encoding files over HTTPS and
// caches them under TIKTOKEN_CACHE_DIR. Assay must never reach the network
// while counting, so this package replaces that loader with the offline one,
// whose ranks are embedded in the binary, in its init function (before any
// encoding can be obtained) and again, defensively, before every first load.
// Only the encodings listed in [Encodings] are accepted; any other name is
// refused before the tokenizer library sees it.
//
// Counting cuts text into the encoding's pieces with a hand-written
// splitter (split.go) instead of the library's backtracking regular
// expression, and asks tiktoken-go for the tokens of each distinct piece
// once, remembering the answer. The result is identical (tested against the
// library and against js-tiktoken) and several times faster.
package tokens

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
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

func init() { useOfflineLoader() }

// useOfflineLoader points tiktoken-go at the ranks embedded in the binary.
func useOfflineLoader() { tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader()) }

// maxCached bounds the piece cache of one counter (about 10 MB at most);
// pieces met after it is full are still counted, just not remembered.
const maxCached = 1 << 17

// Counter counts tokens in one encoding. It is safe for concurrent use.
type Counter struct {
	name  string
	tk    *tiktoken.Tiktoken
	split splitter

	mu    sync.Mutex
	cache map[string]int
}

var (
	mu       sync.Mutex
	encoders = map[string]*tiktoken.Tiktoken{}
	shared   = map[string]*Counter{}
)

// Get returns the shared counter for an encoding ("" means [Default]).
// Building an encoding parses its embedded ranks once (a few hundred
// milliseconds); later calls reuse it.
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
	tk, ok := encoders[encoding]
	if !ok {
		useOfflineLoader()
		var err error
		if tk, err = tiktoken.GetEncoding(encoding); err != nil {
			return nil, fmt.Errorf("loading token encoding %s: %w", encoding, err)
		}
		encoders[encoding] = tk
	}
	return &Counter{name: encoding, tk: tk, split: splitters[encoding], cache: map[string]int{}}, nil
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
	c.split(s, func(p string) { n += c.piece(p) })
	return n
}

// maxPiece bounds the bytes byte-pair-encoded at once. tiktoken-go's merge
// loop is quadratic in the piece length, so one hostile 256 KB word without
// spaces would take minutes. A longer piece (a run of letters or symbols
// with no space: base64, minified blobs; no tool in the corpus has one) is
// counted in chunks of this size cut at rune boundaries, which keeps
// counting linear and can only differ from the exact count by the few
// merges lost at each cut.
const maxPiece = 1024

// piece counts one pre-token with tiktoken-go, remembering the answer.
func (c *Counter) piece(p string) int {
	if len(p) > maxPiece {
		return c.long(p)
	}
	c.mu.Lock()
	v, ok := c.cache[p]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = len(c.tk.EncodeOrdinary(p))
	c.mu.Lock()
	if len(c.cache) < maxCached {
		c.cache[strings.Clone(p)] = v
	}
	c.mu.Unlock()
	return v
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
		n += len(c.tk.EncodeOrdinary(p[:end]))
		p = p[end:]
	}
	return n
}
