// Package cache is how the analysis reuses a result it has already
// computed: an unchanged tool or server is judged once across the two sides
// of `assay diff`, `assay check`, the fleet report and the page.
//
// # The key contract
//
// A cached result is keyed by everything it depends on, and by nothing it
// does not (so unrelated edits elsewhere keep it valid):
//
//		key = SHA-256( "assay-cache/1", ruleset, pass, options, component, facts... )
//
//	  - ruleset is catalog.Ruleset: a rules upgrade invalidates everything.
//	  - pass names the producer ("inject", "classify", "hashes", ...), so two
//	    passes never read each other's entries.
//	  - options is a digest of the pass's options ([Digest] of the options
//	    struct, or "" for defaults): a rules file or a limit changes results.
//	  - component is the hash of the input the result is computed from. For
//	    a per-tool result it is the tool's raw definition ([Raw] of
//	    surface.Tool.Raw), not the Tool composite hash, because the composite
//	    covers only model-facing members and a pass may read others; for a
//	    per-server result it is [Raw] over the server's whole raw surface.
//	  - facts are the server-level facts the result also depends on, each as
//	    a string: the server's identity and name (findings carry them), and
//	    for a per-tool result of a pass that looks across tools (sibling
//	    names, shadowing, cross-tool references) a digest of exactly what it
//	    reads, e.g. [Digest] of the sorted sibling names. A pass that reads a
//	    fact and leaves it out of the key is wrong; one that puts in more than
//	    it reads only reuses less.
//
// Values are stored as produced and must be treated as read-only by every
// reader: the same value may be handed to several analyses at once.
//
// # Who uses it
//
// analyze.Options.Memo carries one [Memo] through an analysis; drift gives
// both sides of a diff the same Memo, so every server whose raw surface is
// unchanged is scanned for injection and hashed once. The rewritten
// injection and classification passes (which take a *surface.Server) key
// their per-tool results the same way, with their own facts.
package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"sync"
)

// Key builds a cache key from its parts (see the package comment). The key
// starts with the pass name and a colon, so [Memo.PassStats] can count
// each pass's reuse apart.
func Key(ruleset, pass, options, component string, facts ...string) string {
	h := sha256.New()
	for _, p := range append([]string{"assay-cache/1", ruleset, pass, options, component}, facts...) {
		// Length-prefixed, so no two part lists collide.
		var n [8]byte
		l := len(p)
		for i := range n {
			n[i] = byte(l >> (8 * i))
		}
		h.Write(n[:])
		h.Write([]byte(p))
	}
	return pass + ":" + hex.EncodeToString(h.Sum(nil))
}

// Raw hashes raw bytes (a definition, a listing) for use as a component.
func Raw(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		var n [8]byte
		l := len(p)
		for i := range n {
			n[i] = byte(l >> (8 * i))
		}
		h.Write(n[:])
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Digest hashes any value by its JSON encoding (options, a list of sibling
// names). nil and values that do not encode digest to "".
func Digest(v any) string {
	if v == nil {
		return ""
	}
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return Raw(b)
}

// Memo is an in-memory cache, safe for concurrent use. The zero value is
// not usable; build one with [New]. A nil *Memo caches nothing, so callers
// need not check.
type Memo struct {
	mu           sync.Mutex
	m            map[string]any
	hits, misses int
	byPass       map[string]*[2]int
}

// New returns an empty Memo.
func New() *Memo { return &Memo{m: map[string]any{}, byPass: map[string]*[2]int{}} }

// Get returns the value stored under key.
func (c *Memo) Get(key string) (any, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[key]
	pass, _, _ := strings.Cut(key, ":")
	n := c.byPass[pass]
	if n == nil {
		n = new([2]int)
		c.byPass[pass] = n
	}
	if ok {
		c.hits++
		n[0]++
	} else {
		c.misses++
		n[1]++
	}
	return v, ok
}

// Put stores v under key.
func (c *Memo) Put(key string, v any) {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.m[key] = v
	c.mu.Unlock()
}

// Len is the number of stored results.
func (c *Memo) Len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// PassStats returns how many lookups of one pass's keys hit and missed.
func (c *Memo) PassStats(pass string) (hits, misses int) {
	if c == nil {
		return 0, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if n := c.byPass[pass]; n != nil {
		return n[0], n[1]
	}
	return 0, 0
}

// Stats returns how many lookups hit and missed.
func (c *Memo) Stats() (hits, misses int) {
	if c == nil {
		return 0, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses
}
