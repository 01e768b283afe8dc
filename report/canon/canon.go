// Package canon produces canonical JSON (RFC 8785, JSON Canonicalization
// Scheme) and SHA-256 hashes over it. Hashes are always computed over the
// bytes as served: never over normalised Unicode, so a Cyrillic look-alike
// or a zero-width insertion changes the hash.
package canon

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/gowebpki/jcs"
)

// JSON returns the RFC 8785 canonical form of raw JSON: the fast writer
// when it can, the JCS library otherwise (the two agree wherever both
// succeed; see writer.go).
func JSON(raw []byte) ([]byte, error) {
	if out, err := appendCanonical(make([]byte, 0, len(raw)), raw); err == nil {
		return out, nil
	}
	if hasInexactInteger(raw) {
		return nil, errInexact
	}
	out, err := jcs.Transform(raw)
	if err != nil {
		return nil, fmt.Errorf("canonicalising JSON: %w", err)
	}
	return out, nil
}

// Marshal encodes v as canonical JSON.
func Marshal(v any) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return JSON(raw)
}

// Hash returns "sha256:<hex>" of the canonical form of raw. Absent input
// (nil or empty) hashes as JSON null so that absence is stable too.
func Hash(raw []byte) string {
	if len(raw) == 0 {
		raw = []byte("null")
	}
	// Hashing runs on every component of every tool: the writer's per-depth
	// buffers and the output are reused from call to call.
	st := hashStates.Get().(*hashState)
	st.w = writer{in: raw, levels: st.w.levels}
	out, err := st.w.canonical(st.out[:0])
	st.w.in = nil
	if err == nil {
		h := Sum(out)
		if cap(out) <= maxKept {
			st.out = out[:0]
		}
		hashStates.Put(st)
		return h
	}
	hashStates.Put(st)
	c, err := JSON(raw)
	if err != nil {
		// Not JSON: hash the bytes themselves, so tampering still shows.
		c = raw
	}
	return Sum(c)
}

// HashValue hashes the canonical JSON of any Go value. Strings and maps
// of strings (text and composite hashes, the bulk of all hashing) take a
// direct canonical writer; everything else goes through JCS.
func HashValue(v any) string {
	switch t := v.(type) {
	case string:
		var buf [256]byte // most texts fit: no allocation but the result
		return Sum(appendString(buf[:0], t))
	case map[string]string:
		return Sum(appendStringMap(nil, t))
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return Sum([]byte(fmt.Sprint(v)))
	}
	return Hash(raw)
}

type hashState struct {
	w   writer
	out []byte
}

var hashStates = sync.Pool{New: func() any { return new(hashState) }}

// Sum is "sha256:" + hex SHA-256 of b.
func Sum(b []byte) string {
	h := sha256.Sum256(b)
	var out [7 + 2*sha256.Size]byte
	copy(out[:], "sha256:")
	hex.Encode(out[7:], h[:])
	return string(out[:])
}
