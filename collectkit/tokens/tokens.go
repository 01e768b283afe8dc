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
package tokens

import (
	"fmt"
	"sort"
	"sync"

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

func init() { useOfflineLoader() }

// useOfflineLoader points tiktoken-go at the ranks embedded in the binary.
func useOfflineLoader() { tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader()) }

// Counter counts tokens in one encoding. It is safe for concurrent use.
type Counter struct {
	name string
	tk   *tiktoken.Tiktoken
}

var (
	mu       sync.Mutex
	counters = map[string]*Counter{}
)

// Get returns the counter for an encoding ("" means [Default]). Building an
// encoding parses its embedded ranks once (a few hundred milliseconds);
// later calls reuse it.
func Get(encoding string) (*Counter, error) {
	if encoding == "" {
		encoding = Default
	}
	if i := sort.SearchStrings(Encodings, encoding); i == len(Encodings) || Encodings[i] != encoding {
		return nil, fmt.Errorf("unknown token encoding %q (want one of %v)", encoding, Encodings)
	}
	mu.Lock()
	defer mu.Unlock()
	if c, ok := counters[encoding]; ok {
		return c, nil
	}
	useOfflineLoader()
	tk, err := tiktoken.GetEncoding(encoding)
	if err != nil {
		return nil, fmt.Errorf("loading token encoding %s: %w", encoding, err)
	}
	c := &Counter{name: encoding, tk: tk}
	counters[encoding] = c
	return c, nil
}

// Encoding names the counter's encoding.
func (c *Counter) Encoding() string { return c.name }

// Count returns the number of tokens in s. Special-token text such as
// "<|endoftext|>" is counted as ordinary text: a server's strings are data
// and never control the tokenizer.
func (c *Counter) Count(s string) int {
	if s == "" {
		return 0
	}
	return len(c.tk.EncodeOrdinary(s))
}
